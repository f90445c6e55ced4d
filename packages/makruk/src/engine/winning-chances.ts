// Winning chances for an evaluation bar or graph: an engine score mapped to -1 … +1 (from the side the score is
// for), so that a score's meaning does not grow with its size: +300 and +600 are both "winning", +30 and +60 nearly
// equal. A logistic curve on centipawns; a mate is ±1. The constant is this project's own: Makruk has no rule like
// chess's 50-move draw, but the counting rules and the met's weakness make material edges convert less often than in
// chess, so the curve is a little flatter than a chess one (a one-pawn edge ≈ 0.17, a rook ≈ 0.66).
import type { Score } from './info.js';
import { argumentError } from '../rules/errors.js';

/** The slope of the logistic curve, per centipawn. */
export const WINNING_CHANCES_SLOPE = 0.0033;
/** Centipawn scores are clamped to ± this before the curve (larger ones are all "won"). */
export const WINNING_CHANCES_CLAMP = 2000;

/** -1 (lost) … 0 (even) … +1 (won) for the side the score is from; a mate in n (n > 0) is +1, mated (n ≤ 0) is -1. */
export function winningChances(score: Score): number {
  if (typeof score !== 'object' || score === null)
    throw argumentError("winningChances's score", 'a Score like { cp: 30 } or { mate: 3 }', score);
  if ('mate' in score) return score.mate > 0 ? 1 : -1;
  const cp = Math.max(-WINNING_CHANCES_CLAMP, Math.min(WINNING_CHANCES_CLAMP, Number(score.cp) || 0));
  return 2 / (1 + Math.exp(-WINNING_CHANCES_SLOPE * cp)) - 1;
}

/** Winning chances for White, given a score from the side to move (`turn`). */
export function whiteWinningChances(score: Score, turn: 'white' | 'black'): number {
  const chances = winningChances(score);
  return turn === 'white' ? chances : -chances;
}

/**
 * Move judgments, worst first: a move is marked with the first whose `minLoss` the mover's drop in winning chances
 * (the -1 … +1 scale above, from the position before the move to the one after it) reaches. The thresholds are
 * lichess's (0.1, 0.2, 0.3 on the same scale): a drop from "equal" to "clearly worse" is a mistake, a drop that
 * throws away a won game a blunder. The one owner: the CLI's `pgn annotate` and the page's game analysis read these.
 */
export const MOVE_JUDGMENTS = [
  { name: 'blunder', symbol: '??', nag: 4, minLoss: 0.3 },
  { name: 'mistake', symbol: '?', nag: 2, minLoss: 0.2 },
  { name: 'inaccuracy', symbol: '?!', nag: 6, minLoss: 0.1 },
] as const;

export type MoveJudgment = (typeof MOVE_JUDGMENTS)[number];
export type MoveJudgmentName = MoveJudgment['name'];

/** The judgment of a move that lost `loss` winning chances (-2 … +2), or undefined when it lost too little. */
export function moveJudgment(loss: number): MoveJudgment | undefined {
  if (typeof loss !== 'number' || Number.isNaN(loss))
    throw argumentError("moveJudgment's loss", 'a number (a drop in winning chances, -2 … +2)', loss);
  return MOVE_JUDGMENTS.find((judgment) => loss >= judgment.minLoss);
}
