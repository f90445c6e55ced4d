// Counting and game ends as players say them: "Black counts: next 6, limit 8", "draw: the count ran out".
import { limitMoves, nextCountNumber } from '@makruk/counting';
import type { Color, Position } from '@makruk/makruk';

/** A running count as a player says it, with the FEN's plies beside it. */
export interface CountAsSaid {
  kind: 'board' | 'pieces';
  /** The counting side (the bare side under pieces' honour). */
  side: Color;
  /** The number the counting side announces with its next move (pieces' honour starts at N+1, board's at 1). */
  next: number;
  /** The limit in moves: announcing limit + 1 draws. */
  limit: number;
  /** FEN field 5: the count in plies. */
  plies: number;
  /** FEN field 4: the limit in plies. */
  limitPlies: number;
}

/** The count as a player says it, or null when none runs: a Position's (automatic mode) or a Game's (game mode). */
export function countAsSaid(position: Pick<Position, 'counting' | 'turn'>): CountAsSaid | null {
  const count = position.counting;
  if (!count) return null;
  // nextCountNumber is the number of the counting side's move from this ply; when the other side is to move, the
  // counting side's next move comes one ply later and is the one after.
  const next = nextCountNumber(count) + (position.turn === count.side ? 0 : 1);
  return {
    kind: count.kind,
    side: count.side,
    next,
    limit: limitMoves(count),
    plies: count.plies,
    limitPlies: count.limitPlies,
  };
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
