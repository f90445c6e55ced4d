import { describe, expect, it } from 'vitest';
import {
  eloFromScore,
  erf,
  estimateElo,
  estimateEloPentanomial,
  likelihoodOfSuperiority,
  normalQuantile,
  parseSprtSpec,
  scoreFromElo,
  sprtBounds,
  sprtLlr,
  sprtState,
} from './elo.js';
import { MatchError } from './errors.js';

// Reference values were worked out independently (pen and paper, checked with Python's statistics.NormalDist):
// W=60 D=20 L=20: s = 0.7, σ² = .6·.3² + .2·.2² + .2·.7² = 0.16, σ/√n = 0.04, z = 1.959964,
// bounds 0.7 ± 0.0784 → Elo 86.225 … 218.252, Elo(0.7) = 400·log10(7/3) = 147.191.
describe('elo', () => {
  it('erf and the normal quantile agree with tables', () => {
    expect(erf(0)).toBe(0);
    expect(erf(0.3)).toBeCloseTo(0.328626759, 6);
    expect(erf(1)).toBeCloseTo(0.842700793, 6);
    expect(erf(-2)).toBeCloseTo(-0.995322265, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 7);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326347874, 7);
    expect(normalQuantile(0)).toBe(-Infinity);
  });

  it('converts score and Elo both ways', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 3);
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(scoreFromElo(eloFromScore(0.6))).toBeCloseTo(0.6, 12);
  });

  it('estimates Elo with the trinomial 95% interval', () => {
    const e = estimateElo({ wins: 60, draws: 20, losses: 20 });
    expect(e.games).toBe(100);
    expect(e.score).toBeCloseTo(0.7, 12);
    expect(e.elo).toBeCloseTo(147.1907, 3);
    expect(e.eloLow).toBeCloseTo(86.225, 3);
    expect(e.eloHigh).toBeCloseTo(218.2518, 3);
    expect(e.margin).toBeCloseTo(66.0134, 3);
    expect(e.drawRatio).toBeCloseTo(0.2, 12);

    const f = estimateElo({ wins: 30, draws: 50, losses: 20 });
    expect(f.elo).toBeCloseTo(34.8601, 3);
    expect(f.eloLow).toBeCloseTo(-12.9297, 3);
    expect(f.eloHigh).toBeCloseTo(84.0108, 3);

    const g = estimateElo({ wins: 7, draws: 10, losses: 3 });
    expect(g.margin).toBeCloseTo(111.7333, 3);
  });

  it('is symmetric when the engines swap sides', () => {
    const a = estimateElo({ wins: 13, draws: 9, losses: 5 });
    const b = estimateElo({ wins: 5, draws: 9, losses: 13 });
    expect(b.elo).toBeCloseTo(-a.elo, 9);
    expect(b.eloLow).toBeCloseTo(-a.eloHigh, 9);
  });

  it('handles no games and one-sided results without throwing', () => {
    const none = estimateElo({ wins: 0, draws: 0, losses: 0 });
    expect(none.games).toBe(0);
    expect(Number.isNaN(none.elo)).toBe(true);
    const allWins = estimateElo({ wins: 4, draws: 0, losses: 0 });
    expect(allWins.elo).toBe(Infinity);
    const allDraws = estimateElo({ wins: 0, draws: 6, losses: 0 });
    expect(allDraws.elo).toBe(0);
    expect(allDraws.margin).toBe(0);
  });

  it('estimates Elo from game pairs (pentanomial)', () => {
    // [1,2,5,3,1]: s = (0.5 + 2.5 + 2.25 + 1)/12 = 0.520833, σ² = 0.067274, σ/√12 = 0.074874 → bounds by hand.
    const e = estimateEloPentanomial([1, 2, 5, 3, 1]);
    expect(e.games).toBe(24);
    expect(e.score).toBeCloseTo(0.520833, 5);
    expect(e.elo).toBeCloseTo(14.4849, 3);
    expect(e.eloLow).toBeCloseTo(-89.4203, 3);
    expect(e.eloHigh).toBeCloseTo(121.1301, 3);
    expect(estimateEloPentanomial([0, 3, 10, 6, 1]).margin).toBeCloseTo(59.8959, 3);
    expect(Number.isNaN(estimateEloPentanomial([0, 0, 0, 0, 0]).elo)).toBe(true);
  });

  it('computes the likelihood of superiority from decisive games', () => {
    expect(likelihoodOfSuperiority({ wins: 30, draws: 50, losses: 20 })).toBeCloseTo(0.92135, 4);
    expect(likelihoodOfSuperiority({ wins: 7, draws: 10, losses: 3 })).toBeCloseTo(0.89705, 4);
    expect(likelihoodOfSuperiority({ wins: 0, draws: 5, losses: 0 })).toBe(0.5);
  });
});

describe('sprt', () => {
  const params = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

  it('has Wald bounds ±2.944 for alpha = beta = 0.05', () => {
    const { lowerBound, upperBound } = sprtBounds(params);
    expect(lowerBound).toBeCloseTo(-2.94444, 5);
    expect(upperBound).toBeCloseTo(2.94444, 5);
  });

  it('computes the log-likelihood ratio', () => {
    // n·(s1−s0)·(2s−s0−s1)/(2σ²) with s0 = 0.5, s1 = 1/(1+10^(−5/400)).
    expect(sprtLlr({ wins: 60, draws: 20, losses: 20 }, params)).toBeCloseTo(0.883207, 5);
    expect(sprtLlr({ wins: 30, draws: 50, losses: 20 }, params)).toBeCloseTo(0.272547, 5);
    expect(sprtLlr({ wins: 20, draws: 50, losses: 30 }, params)).toBeLessThan(0);
    expect(sprtLlr({ wins: 0, draws: 0, losses: 0 }, params)).toBe(0);
    // A zero count is taken as half a game. By hand for 10 draws: W = L = 0.5, n = 11, s = 0.5,
    // σ² = 2·(0.5/11)·0.25 = 0.0227273, LLR = 11·0.0071942·(1 − 1.0071942)/(2·0.0227273) = −0.012528.
    expect(sprtLlr({ wins: 0, draws: 10, losses: 0 }, params)).toBeCloseTo(-0.012528, 5);
    // Straight losses: 20 are not yet enough (LLR −2.4817), 22 are (H0); two straight wins prove nothing.
    expect(sprtLlr({ wins: 0, draws: 0, losses: 20 }, params)).toBeCloseTo(-2.4817, 3);
    expect(sprtState({ wins: 0, draws: 0, losses: 21 }, params).decision).toBeUndefined();
    expect(sprtState({ wins: 0, draws: 0, losses: 22 }, params).decision).toBe('H0');
    expect(sprtLlr({ wins: 2, draws: 0, losses: 0 }, params)).toBeCloseTo(0.03647, 4);
    expect(sprtState({ wins: 22, draws: 0, losses: 0 }, params).decision).toBeUndefined(); // LLR 2.9395
    expect(sprtState({ wins: 23, draws: 0, losses: 0 }, params).decision).toBe('H1');
  });

  it('decides H1 for a clearly stronger engine and H0 for a weaker one', () => {
    expect(sprtState({ wins: 600, draws: 200, losses: 200 }, params).decision).toBe('H1');
    expect(sprtState({ wins: 200, draws: 300, losses: 500 }, params).decision).toBe('H0');
    expect(sprtState({ wins: 30, draws: 50, losses: 20 }, params).decision).toBeUndefined();
  });

  it('parses the spec and rejects bad input with ERR_SPRT_SPEC', () => {
    expect(parseSprtSpec('elo0=0 elo1=5 alpha=0.05 beta=0.1')).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.1 });
    expect(parseSprtSpec('elo1=10,elo0=-2')).toEqual({ elo0: -2, elo1: 10, alpha: 0.05, beta: 0.05 });
    for (const bad of ['', 'elo0=0', 'elo0=5 elo1=0', 'elo0=0 elo1=x', 'elo0=0 elo1=5 alpha=0.7', 'gamma=1']) {
      expect(() => parseSprtSpec(bad)).toThrow(MatchError);
      try {
        parseSprtSpec(bad);
      } catch (e) {
        expect((e as MatchError).code).toBe('ERR_SPRT_SPEC');
      }
    }
  });
});
