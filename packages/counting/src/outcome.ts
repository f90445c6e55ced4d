import type { Color, Count } from './types.js';
import { opposite } from './types.js';

/** The count ply has passed the limit: a draw, unless the side to move is checkmated. */
export function isCountExpired(count: Count): boolean {
  return count.plies > count.limitPlies;
}

/** The limit in moves, as players say it. */
export function limitMoves(count: Count): number {
  return Math.floor(count.limitPlies / 2);
}

/**
 * The number the counting side announces with its next move (pieces' honour starts at N+1, board's honour at 1).
 * Follows the ply: counting-side move number c is made from ply 2c−2 to ply 2c−1.
 */
export function nextCountNumber(count: Count): number {
  return Math.floor(count.plies / 2) + 1;
}

/**
 * `'game'`: players chose to count; the counting side's mate is a draw. `'automatic'`: engines and FENs assume the
 * count; a mate is always a win, as in Fairy-Stockfish.
 */
export type CountingMode = 'game' | 'automatic';

export type CountingVerdict =
  | { readonly result: 'draw'; readonly reason: 'counting-limit' | 'counting-side-mate' }
  | { readonly result: 'win'; readonly winner: Color; readonly reason: 'checkmate' };

/**
 * What the counting rules say about a position: `turn` is the side to move, `checkmate` whether it is mated.
 * Returns undefined when the game goes on as far as counting (and checkmate) is concerned.
 * A mate on the ply that brings the count to the limit wins; one ply later the game is a draw.
 */
export function countingVerdict(
  count: Count | null,
  turn: Color,
  checkmate: boolean,
  mode: CountingMode,
): CountingVerdict | undefined {
  if (checkmate) {
    const winner = opposite(turn);
    if (mode === 'game' && count !== null && count.side === winner) {
      return { result: 'draw', reason: 'counting-side-mate' };
    }
    return { result: 'win', winner, reason: 'checkmate' };
  }
  if (count !== null && isCountExpired(count)) return { result: 'draw', reason: 'counting-limit' };
  return undefined;
}
