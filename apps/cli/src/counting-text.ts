// Counting and game ends as players say them: "Black counts: next 6, limit 8", "draw: the count ran out". The
// numbers are the library's (spokenCount); this module only words them.
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
  /** FEN field 5: the count in plies. */
  plies: number;
  /** FEN field 4: the limit in plies. */
  limitPlies: number;
}

/** The count as a player says it, or null when none runs: a Position's (automatic mode) or a Game's (game mode). */
export function countAsSaid(source: { readonly countingState: CountingState }): CountAsSaid | null {
  const spoken = spokenCount(source.countingState);
  if (!spoken) return null;
  const { kind, side, mating, said, next, limit, movesToMate, plies, limitPlies } = spoken;
  return { kind, side, mating, said, next, limit, movesToMate, plies, limitPlies };
}

const KIND_NAMES = { board: "board's honour", pieces: "pieces' honour" } as const;

/** "Black counts: next 6, limit 8 (pieces' honour)", or "none". */
export function describeCount(count: CountAsSaid | null): string {
  if (!count) return 'none';
  const side = count.side === 'white' ? 'White' : 'Black';
  return `${side} counts: next ${count.next}, limit ${count.limit} (${KIND_NAMES[count.kind]})`;
}

const END_NAMES: Record<string, string> = {
  checkmate: 'checkmate',
  stalemate: 'draw: stalemate',
  'insufficient-material': 'draw: dead position, neither side can mate',
  'dead-position': 'draw: dead position, neither side can mate',
  'counting-limit': 'draw: the count ran out',
  repetition: 'draw: threefold repetition',
};

/** The reason a game ended, for people. */
export function describeEnd(reason: string): string {
  return END_NAMES[reason] ?? reason;
}
