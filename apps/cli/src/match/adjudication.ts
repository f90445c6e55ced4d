/**
 * Resign and draw adjudication from the engines' own scores, as cutechess does it:
 *   --resign movecount=3 score=600 [twosided=true]  a side loses once its score has been ≤ −600 cp for 3 of its
 *       moves in a row (two-sided, the default here: and the opponent's ≥ +600 cp for its last 3 moves too);
 *   --draw movenumber=40 movecount=8 score=10       a draw once both engines scored within ±10 cp for 8 moves
 *       each in a row, from full move 40 on; a capture or pawn move restarts the streak.
 * Scores are from the moving engine's side; a move without a score breaks its streaks.
 */
import type { Side } from './clock.js';
import { MatchError } from './errors.js';

export interface ResignRule {
  moveCount: number;
  scoreCp: number;
  twoSided: boolean;
}

export interface DrawRule {
  moveNumber: number;
  moveCount: number;
  scoreCp: number;
}

export type Adjudication = { kind: 'resign'; loser: Side } | { kind: 'draw' };

function parsePairs(text: string, what: string, allowed: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const token of text
    .trim()
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)) {
    const eq = token.indexOf('=');
    const key = eq > 0 ? token.slice(0, eq) : '';
    if (!allowed.includes(key)) {
      throw new MatchError(
        'ERR_ADJUDICATION_SPEC',
        `${what}: unknown setting "${token}" (expected ${allowed.map((k) => `${k}=`).join(', ')})`,
      );
    }
    pairs.set(key, token.slice(eq + 1));
  }
  return pairs;
}

function wholeNumber(
  pairs: Map<string, string>,
  key: string,
  what: string,
  fallback: number | undefined,
  min: number,
): number {
  const raw = pairs.get(key);
  if (raw === undefined) {
    if (fallback === undefined) throw new MatchError('ERR_ADJUDICATION_SPEC', `${what} needs ${key}=`);
    return fallback;
  }
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) {
    throw new MatchError('ERR_ADJUDICATION_SPEC', `${what}: ${key} must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return value;
}

/** `movecount=3 score=600 [twosided=true|false]`. */
export function parseResignSpec(text: string): ResignRule {
  const pairs = parsePairs(text, '--resign', ['movecount', 'score', 'twosided']);
  const twoSidedText = pairs.get('twosided') ?? 'true';
  if (twoSidedText !== 'true' && twoSidedText !== 'false') {
    throw new MatchError('ERR_ADJUDICATION_SPEC', `--resign: twosided must be true or false, got "${twoSidedText}"`);
  }
  return {
    moveCount: wholeNumber(pairs, 'movecount', '--resign', 3, 1),
    scoreCp: wholeNumber(pairs, 'score', '--resign', undefined, 1),
    twoSided: twoSidedText === 'true',
  };
}

/** `movenumber=40 movecount=8 score=10`. */
export function parseDrawSpec(text: string): DrawRule {
  const pairs = parsePairs(text, '--draw', ['movenumber', 'movecount', 'score']);
  return {
    moveNumber: wholeNumber(pairs, 'movenumber', '--draw', 40, 0),
    moveCount: wholeNumber(pairs, 'movecount', '--draw', 8, 1),
    scoreCp: wholeNumber(pairs, 'score', '--draw', undefined, 0),
  };
}

const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** Follows one game's scores and says when a rule ends it. */
export class Adjudicator {
  private readonly resign: ResignRule | undefined;
  private readonly draw: DrawRule | undefined;
  private readonly losingStreak: Record<Side, number> = { white: 0, black: 0 };
  private readonly winningStreak: Record<Side, number> = { white: 0, black: 0 };
  private readonly drawStreak: Record<Side, number> = { white: 0, black: 0 };

  constructor(resign: ResignRule | undefined, draw: DrawRule | undefined) {
    this.resign = resign;
    this.draw = draw;
  }

  /**
   * Records the score `side` reported for the move it just made (undefined: none) and says whether the game
   * ends. `fullmoveNumber` is the number of the move just made; `irreversible` is true for a capture or pawn move.
   */
  afterMove(
    side: Side,
    scoreCp: number | undefined,
    fullmoveNumber: number,
    irreversible: boolean,
  ): Adjudication | undefined {
    const resign = this.resign;
    if (resign !== undefined) {
      this.losingStreak[side] = scoreCp !== undefined && scoreCp <= -resign.scoreCp ? this.losingStreak[side] + 1 : 0;
      this.winningStreak[side] = scoreCp !== undefined && scoreCp >= resign.scoreCp ? this.winningStreak[side] + 1 : 0;
      const opponent = other(side);
      for (const loser of [side, opponent]) {
        const winner = other(loser);
        const loserGivesUp = this.losingStreak[loser] >= resign.moveCount;
        const winnerAgrees = !resign.twoSided || this.winningStreak[winner] >= resign.moveCount;
        if (loserGivesUp && winnerAgrees) return { kind: 'resign', loser };
      }
    }
    const draw = this.draw;
    if (draw !== undefined) {
      if (irreversible) {
        this.drawStreak.white = 0;
        this.drawStreak.black = 0;
      }
      this.drawStreak[side] =
        scoreCp !== undefined && Math.abs(scoreCp) <= draw.scoreCp ? this.drawStreak[side] + 1 : 0;
      if (
        fullmoveNumber >= draw.moveNumber &&
        this.drawStreak.white >= draw.moveCount &&
        this.drawStreak.black >= draw.moveCount
      ) {
        return { kind: 'draw' };
      }
    }
    return undefined;
  }
}
