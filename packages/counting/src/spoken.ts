// The count as players say it (docs/rules.md "The counting rules"): who counts, the number the counting side said with
// its last move and says with its next, and how many moves the other side has left to mate. The one owner of this
// arithmetic: the CLI and the page word it, each in its own language, from these numbers.
//
// The counting side's move number c is made from ply 2c−2 to 2c−1, so with the counting side to move at ply p it
// says floor(p/2) + 1 now and said floor(p/2) before; with the other side to move it has just said floor(p/2) + 1.
// The other side's moves end on the plies after the counting side's, and a mate on the ply that brings the count to
// the limit still wins: its moves left are those ending at a ply ≤ limitPlies.
import { pieceCount } from './material.js';
import { isCountExpired } from './outcome.js';
import type { Color, Count, CountKind, Material } from './types.js';
import { opposite } from './types.js';

/** What the spoken count is read from: a CountingGame has all of it (and so have the facade's positions and games). */
export interface CountingState {
  readonly count: Count | null;
  /** The side to move. */
  readonly turn: Color;
  /** Material on the board now. */
  readonly material: Material;
}

/** A running count, as players say it. */
export interface SpokenCount {
  readonly kind: CountKind;
  /** The side that counts (the bare side under pieces' honour). */
  readonly side: Color;
  /** The side that must mate before the count runs out: the other one. */
  readonly mating: Color;
  /** The side to move. */
  readonly turn: Color;
  /**
   * The number the counting side said with its last counted move; null before its first (board's honour starts at 1,
   * pieces' honour at N + 1). It is limit + 1 once the count has run out.
   */
  readonly said: number | null;
  /** The number the counting side says with its next move (this move, when it is to move). */
  readonly next: number;
  /** The limit in moves: saying limit + 1 draws. */
  readonly limit: number;
  /**
   * How many moves `mating` has left to mate, its move now included when it is to move ("White must mate within N
   * moves"); 0 when it has none left: the counting side's next move ends the count, or it has ended.
   */
  readonly movesToMate: number;
  /** The count has passed its limit: a draw, unless the side to move is checkmated. */
  readonly expired: boolean;
  /** FEN field 5: the count in plies. */
  readonly plies: number;
  /** FEN field 4: the limit in plies. */
  readonly limitPlies: number;
}

/** Nothing said yet: the count has just started (the material now tells pieces' honour's start ply, 2N). */
function nothingSaidYet(count: Count, turn: Color, material: Material): boolean {
  if (turn === count.side) {
    // the counting side is to move at the very start: ply 0 (board's honour) or 2N (pieces' honour)
    return count.kind === 'board' ? count.plies === 0 : count.plies === 2 * pieceCount(material);
  }
  // the bare king has just taken the last pawn: pieces' honour starts at 2N − 1 with the other side to move
  return count.kind === 'pieces' && count.plies === 2 * pieceCount(material) - 1;
}

/** The count as players say it, or null when no count runs. */
export function spokenCount(state: CountingState): SpokenCount | null {
  const count = state.count;
  if (count === null) return null;
  const { plies, limitPlies } = count;
  const countingToMove = state.turn === count.side;
  const half = Math.floor(plies / 2);
  const said = nothingSaidYet(count, state.turn, state.material) ? null : countingToMove ? half : half + 1;
  const next = countingToMove ? half + 1 : half + 2;
  // the mating side's moves end at plies p + 1, p + 3, … (its turn) or p + 2, p + 4, … (the counting side's turn)
  const firstEnd = plies + (countingToMove ? 2 : 1);
  const movesToMate = firstEnd <= limitPlies ? Math.floor((limitPlies - firstEnd) / 2) + 1 : 0;
  return {
    kind: count.kind,
    side: count.side,
    mating: opposite(count.side),
    turn: state.turn,
    said,
    next,
    limit: Math.floor(limitPlies / 2),
    movesToMate,
    expired: isCountExpired(count),
    plies,
    limitPlies,
  };
}
