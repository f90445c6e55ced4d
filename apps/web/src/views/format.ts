// Small display helpers shared by the views (numbers and scores as people read them).
import type { Score } from '@makruk/makruk';

/** A score from the side to move, shown from White's point of view: +1.25, -0.40, #3, #-2. */
export function formatScore(score: Score, turn: 'white' | 'black'): string {
  const sign = turn === 'white' ? 1 : -1;
  if ('mate' in score) return `#${score.mate * sign}`;
  const pawns = (score.cp * sign) / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

export function formatNps(nps: number): string {
  if (nps >= 1_000_000) return `${(nps / 1_000_000).toFixed(1)} Mn/s`;
  if (nps >= 1000) return `${Math.round(nps / 1000)} kn/s`;
  return `${Math.round(nps)} n/s`;
}

export const NAG_GLYPHS: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
