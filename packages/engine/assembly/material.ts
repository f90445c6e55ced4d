// Piece values: the one table everything that prices material reads — the evaluation (material, endgame edges), SEE
// and capture ordering (middlegame row), delta pruning in quiescence (endgame row). Built from the evaluation weights
// (weights.json `value.mg` / `value.eg`) by updatePieceValues(), so a tuned or run-time value moves them all.
import { KING, PAWN, Role } from './types';
import { W, W_VALUE_EG, W_VALUE_MG } from './weights';

// By role: none, pawn, met (a promoted pawn is a met), khon, knight, rook, king (no material value), spare.
export const PIECE_VALUE_MG = new StaticArray<i32>(8);
export const PIECE_VALUE_EG = new StaticArray<i32>(8);

/** Rebuilds the piece-value tables from the live weights (evaluate.ts's applyWeights calls it). */
export function updatePieceValues(): void {
  for (let role = PAWN; role < KING; role++) {
    unchecked(PIECE_VALUE_MG[role] = unchecked(W[W_VALUE_MG + role - 1]));
    unchecked(PIECE_VALUE_EG[role] = unchecked(W[W_VALUE_EG + role - 1]));
  }
}

// @ts-ignore: decorator
@inline export function valueMg(role: Role): i32 {
  return unchecked(PIECE_VALUE_MG[role]);
}

// @ts-ignore: decorator
@inline export function valueEg(role: Role): i32 {
  return unchecked(PIECE_VALUE_EG[role]);
}
