import type { Color, Count, Material, MoveFacts } from './types.js';
import { opposite } from './types.js';
import { BOARDS_HONOUR_LIMIT, countMayRunFor, isBare, pieceCount, piecesHonourLimit } from './material.js';

/**
 * The count that starts for `side` (the side to move) in a position with `after` material: pieces' honour at ply 2N
 * when that side is bare, else board's honour at ply 0. The caller has checked `countMayRunFor(side, after)`.
 */
export function countStartingFor(side: Color, after: Material): Count {
  if (isBare(after[side])) {
    return {
      kind: 'pieces',
      side,
      limitPlies: 2 * piecesHonourLimit(after[opposite(side)]),
      plies: 2 * pieceCount(after),
    };
  }
  return { kind: 'board', side, limitPlies: 2 * BOARDS_HONOUR_LIMIT, plies: 0 };
}

/** The bare king (the mover) has just captured the last unpromoted pawn: pieces' honour starts at ply 2N−1. */
export function bareKingTookLastPawn(move: MoveFacts, after: Material): boolean {
  return move.capturedPawn && isBare(after[move.mover]) && countMayRunFor(move.mover, after);
}

/** The pieces'-honour count that starts when the bare king (the mover) captures the last unpromoted pawn. */
export function countAfterBareKingTookLastPawn(mover: Color, after: Material): Count {
  return {
    kind: 'pieces',
    side: mover,
    limitPlies: 2 * piecesHonourLimit(after[opposite(mover)]),
    plies: 2 * pieceCount(after) - 1,
  };
}

/** One more ply on a running count. */
export function advanceCount(count: Count): Count {
  return { ...count, plies: count.plies + 1 };
}

/**
 * Automatic mode (engines, FENs; docs/rules.md "Automatic mode, precisely", which matches Fairy-Stockfish): the count
 * after a move, given the count before it and the material after it. Board's honour starts as soon as it may, for
 * the side to move; there is no stopping.
 */
export function automaticCountAfterMove(before: Count | null, move: MoveFacts, after: Material): Count | null {
  const advanced = before === null ? null : advanceCount(before);
  const toMove = opposite(move.mover);
  // 1. the bare king took the last pawn
  if (bareKingTookLastPawn(move, after)) return countAfterBareKingTookLastPawn(move.mover, after);
  // 2. no count yet, or a capture / promotion just left the side to move with a bare king
  const justBared = (move.capture || move.promotion) && isBare(after[toMove]);
  if ((advanced === null || justBared) && countMayRunFor(toMove, after)) return countStartingFor(toMove, after);
  // 3. a running count goes on (captures by the bare king change nothing)
  return advanced;
}
