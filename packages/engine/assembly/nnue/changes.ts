// What make/unmake tell the network (accumulator.ts): the move that led to each position of the line, by ply, in a
// ring of SLOTS slots, and whether that position's accumulator is known. position.ts calls recordMove,
// recordNullMove and invalidateAccumulators; nothing here reads the position (no import cycle).
import { NO_PIECE, Piece, Square } from '../types';

export const SLOTS: i32 = 256;
export const SLOT_MASK: i32 = SLOTS - 1;
export const computed = new StaticArray<bool>(SLOTS);
// What the move into a slot changed: a piece removed from a square (twice at most: the mover, a captured piece)
// and one added (the mover, or the met it promoted to); packed piece << 6 | square, -1 = none. A null move: none.
export const removedA = new StaticArray<i32>(SLOTS);
export const removedB = new StaticArray<i32>(SLOTS);
export const added = new StaticArray<i32>(SLOTS);

/** Forgets every accumulator (a new position, a new network, history renumbered). */
export function invalidateAccumulators(): void {
  for (let i = 0; i < SLOTS; i++) unchecked(computed[i] = false);
}

/** makeMove's note: the move made at `ply` (the position's ply before it) took `piece` from `from` to `to`. */
export function recordMove(ply: i32, piece: Piece, from: Square, to: Square, captured: Piece, arrived: Piece): void {
  const slot = (ply + 1) & SLOT_MASK;
  unchecked(computed[slot] = false);
  unchecked(removedA[slot] = (piece << 6) | from);
  unchecked(removedB[slot] = captured != NO_PIECE ? (captured << 6) | to : -1);
  unchecked(added[slot] = (arrived << 6) | to);
}

/** makeNullMove's note: the position at `ply` + 1 has the same pieces. */
export function recordNullMove(ply: i32): void {
  const slot = (ply + 1) & SLOT_MASK;
  unchecked(computed[slot] = false);
  unchecked(removedA[slot] = -1);
  unchecked(removedB[slot] = -1);
  unchecked(added[slot] = -1);
}
