import { describe, expect, it } from 'vitest';
import { MakrukError } from '../rules/errors.js';
import {
  MOVE_JUDGMENTS,
  WINNING_CHANCES_CLAMP,
  moveJudgment,
  whiteWinningChances,
  winningChances,
} from './winning-chances.js';

describe('winningChances', () => {
  it('is 0 at an even score, odd, increasing and inside (-1, 1) for centipawns', () => {
    expect(winningChances({ cp: 0 })).toBe(0);
    let previous = -1;
    for (let cp = -1500; cp <= 1500; cp += 50) {
      const value = winningChances({ cp });
      expect(value).toBeGreaterThan(previous);
      expect(Math.abs(value)).toBeLessThan(1);
      expect(winningChances({ cp: -cp })).toBeCloseTo(-value, 12);
      previous = value;
    }
  });

  it('maps mates to ±1 and clamps huge scores', () => {
    expect(winningChances({ mate: 3 })).toBe(1);
    expect(winningChances({ mate: -2 })).toBe(-1);
    expect(winningChances({ mate: 0 })).toBe(-1);
    expect(winningChances({ cp: 10 * WINNING_CHANCES_CLAMP })).toBe(winningChances({ cp: WINNING_CHANCES_CLAMP }));
  });

  it('a one-pawn edge is a modest lead, a rook a large one', () => {
    expect(winningChances({ cp: 100 })).toBeGreaterThan(0.1);
    expect(winningChances({ cp: 100 })).toBeLessThan(0.25);
    expect(winningChances({ cp: 500 })).toBeGreaterThan(0.6);
  });

  it('turns a side-to-move score into White’s view', () => {
    expect(whiteWinningChances({ cp: 200 }, 'black')).toBeCloseTo(-winningChances({ cp: 200 }), 12);
    expect(whiteWinningChances({ mate: 1 }, 'white')).toBe(1);
  });
});

describe('moveJudgment (the one owner of the ?! ? ?? thresholds)', () => {
  it('marks by the loss of winning chances: 0.1 ?!, 0.2 ?, 0.3 ??', () => {
    expect(MOVE_JUDGMENTS.map(({ symbol, nag, minLoss }) => [symbol, nag, minLoss])).toEqual([
      ['??', 4, 0.3],
      ['?', 2, 0.2],
      ['?!', 6, 0.1],
    ]);
    expect(moveJudgment(0.09)).toBeUndefined();
    expect(moveJudgment(-0.5)).toBeUndefined();
    expect(moveJudgment(0.1)?.name).toBe('inaccuracy');
    expect(moveJudgment(0.25)?.name).toBe('mistake');
    expect(moveJudgment(0.3)?.name).toBe('blunder');
    expect(moveJudgment(2)?.symbol).toBe('??');
  });

  it('a loss that is not a number is an ERR_ARGUMENT, not "no mark"', () => {
    for (const bad of [Number.NaN, '0.4', undefined]) {
      expect(() => moveJudgment(bad as number)).toThrow(MakrukError);
      expect(() => moveJudgment(bad as number)).toThrow(/moveJudgment's loss/);
    }
  });
});
