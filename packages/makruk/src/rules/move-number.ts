// Move numbers as players and PGN write them: the one owner of the arithmetic (the PGN writer, the CLI and the page
// number moves with it). A game may start with either side to move and at any full-move number.
import { argumentError } from './errors.js';
import type { Color } from './types.js';

/** The number of a move and the side that makes it. */
export interface MoveNumber {
  /** The full-move number: 12 for both `12. Nd2` and `12... Nd7`. */
  readonly number: number;
  readonly color: Color;
}

/**
 * The move that reaches ply `ply` (1: the first move) of a game starting at `start`: its full-move number and its
 * side. `start` is a Position (or anything with its side to move and full-move number).
 */
export function moveNumberAt(start: { readonly turn: Color; readonly fullmoves: number }, ply: number): MoveNumber {
  const { turn, fullmoves } = (typeof start === 'object' && start !== null ? start : {}) as Partial<typeof start>;
  if ((turn !== 'white' && turn !== 'black') || !Number.isInteger(fullmoves) || (fullmoves as number) < 1)
    throw argumentError("moveNumberAt's start", 'a Position (a side to move and a full-move number from 1)', start);
  if (!Number.isInteger(ply) || ply < 1) throw argumentError("moveNumberAt's ply", 'a whole number from 1', ply);
  const offset = ply - 1 + (start.turn === 'white' ? 0 : 1);
  return { number: start.fullmoves + Math.floor(offset / 2), color: offset % 2 === 0 ? 'white' : 'black' };
}

/** A move number as text: `12.` before White's move, `12...` before Black's. */
export function moveNumberText(move: MoveNumber): string {
  if (typeof move !== 'object' || move === null || !Number.isInteger(move.number))
    throw argumentError("moveNumberText's move", 'a MoveNumber', move);
  return move.color === 'white' ? `${move.number}.` : `${move.number}...`;
}
