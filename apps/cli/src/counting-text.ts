// Counting and game ends as players say them: "Black counts pieces' honour: 6 of 8; White must mate within 3 moves",
// "draw: the count ran out (…)". The numbers are the library's (spokenCount); this module only words them.
import { spokenCount, type Color, type CountingState } from '@makruk/makruk';

/** A running count as a player says it, with the FEN's plies beside it. */
export interface CountAsSaid {
  kind: 'board' | 'pieces';
  /** The counting side (the bare side under pieces' honour). */
  side: Color;
  /** The side that must mate before the count runs out. */
  mating: Color;
  /** The number the counting side said with its last move (null before its first). */
  said: number | null;
  /** The number the counting side announces with its next move (pieces' honour starts at N+1, board's at 1). */
  next: number;
  /** The limit in moves: announcing limit + 1 draws. */
  limit: number;
  /** Moves `mating` has left to mate, its move now included when it is to move. */
  movesToMate: number;
  /** The count has run out (a draw, unless the side to move is mated). */
  expired: boolean;
  /** FEN field 5: the count in plies. */
  plies: number;
  /** FEN field 4: the limit in plies. */
  limitPlies: number;
}

/** The count as a player says it, or null when none runs: a Position's (automatic mode) or a Game's (game mode). */
export function countAsSaid(source: { readonly countingState: CountingState }): CountAsSaid | null {
  const spoken = spokenCount(source.countingState);
  if (!spoken) return null;
  const { kind, side, mating, said, next, limit, movesToMate, expired, plies, limitPlies } = spoken;
  return { kind, side, mating, said, next, limit, movesToMate, expired, plies, limitPlies };
}

const KIND_NAMES = { board: "board's honour", pieces: "pieces' honour" } as const;
const cap = (color: Color): string => (color === 'white' ? 'White' : 'Black');
const moves = (n: number): string => `${n} move${n === 1 ? '' : 's'}`;

/**
 * The count as players say it: who counts, the number just said (never past the limit) and how long the other side
 * has to mate — "Black counts pieces' honour: 6 of 8; White must mate within 3 moves" — or "none".
 */
export function describeCount(count: CountAsSaid | null): string {
  if (!count) return 'none';
  const side = cap(count.side);
  const mating = cap(count.mating);
  const kind = KIND_NAMES[count.kind];
  if (count.expired) return `${side} counted ${kind} to ${count.limit}, the limit: the count has run out`;
  const said =
    count.said === null
      ? `${side} counts ${kind} from ${count.next}, up to ${count.limit}`
      : `${side} counts ${kind}: ${count.said} of ${count.limit}`;
  const mate =
    count.movesToMate > 0
      ? `${mating} must mate within ${moves(count.movesToMate)}`
      : `${mating} has no move left to mate: ${side}'s next move ends the count, a draw`;
  return `${said}; ${mate}`;
}

const END_NAMES: Record<string, string> = {
  checkmate: 'checkmate',
  stalemate: 'draw: stalemate',
  'insufficient-material': 'draw: dead position, neither side can mate',
  'dead-position': 'draw: dead position, neither side can mate',
  'counting-limit': 'draw: the count ran out',
  repetition: 'draw: threefold repetition',
};

/** The reason a game ended, for people; a count that ran out says whose count and who did not mate. */
export function describeEnd(reason: string, count: CountAsSaid | null = null): string {
  if (reason === 'counting-limit' && count) {
    return `draw: the count ran out — ${cap(count.side)} counted ${KIND_NAMES[count.kind]} to ${count.limit} and ${cap(count.mating)} did not mate`;
  }
  return END_NAMES[reason] ?? reason;
}
