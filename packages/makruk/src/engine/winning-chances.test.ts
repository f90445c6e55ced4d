import { describe, expect, it } from 'vitest';
import { WINNING_CHANCES_CLAMP, whiteWinningChances, winningChances } from './winning-chances.js';

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
