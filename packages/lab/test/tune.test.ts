// The tuning pipeline (tune/): seeded data generation, the quiet filter and Texel tuning (the generator that compiles
// tuned weights back in is the engine's, tested there: gen-weights.test.ts). Tiny data sets, a few seconds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHTS } from '@makruk/engine';
import { enginePath } from '../engine-files.mjs';
import {
  createEngine,
  createRandom,
  evaluations,
  formatSamples,
  isQuiet,
  parseSamples,
  prepare,
  selectTrainingPositions,
  selfPlay,
  SCORE_LIMIT,
  sigmoid,
  tune,
  tunePrepared,
} from '../tune/lib.mjs';

const IN_CHECK = '4k3/8/8/8/8/8/8/R3K2r w - - 0 1'; // the h1 rook checks the white king
const HANGING = '4k3/8/8/n7/8/8/8/R3K3 w - - 0 1'; // Rxa5 wins a knight for nothing
const DEFENDED = '4k3/8/1p6/n7/8/8/8/R3K3 w - - 0 1'; // Rxa5 bxa5 loses the exchange: quiet
const ABOUT_TO_PROMOTE = '4k3/8/8/P7/8/8/8/4K3 w - - 0 1'; // a5-a6 promotes unopposed
const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

describe('datagen', () => {
  const options = { seed: 7, games: 2, nodes: 300, randomPlies: 6, maxPlies: 80 };

  it('self-play is deterministic for a seed and differs between seeds', () => {
    const first = selfPlay(options);
    expect(first.length).toBeGreaterThan(20);
    expect(selfPlay(options)).toEqual(first);
    expect(selfPlay({ ...options, seed: 8 })).not.toEqual(first);
    for (const s of first) expect(['1-0', '0-1', '1/2-1/2']).toContain(s.result);
  });

  it('the data file format round-trips', () => {
    const samples = selfPlay({ ...options, games: 1 });
    expect(parseSamples(formatSamples(samples))).toEqual(samples);
    expect(parseSamples(`${START} ; result 1-0\n`)).toEqual([{ fen: START, result: '1-0' }]);
    expect(() => parseSamples(`${START} ; result 2-0\n`)).toThrow(/line 1/);
    expect(() => parseSamples(`${START} ; result 1-0 ; score 1.5\n`)).toThrow(/line 1: the score/);
    expect(() => parseSamples(`${START} ; result 1-0 ; score 99999\n`)).toThrow(/line 1: the score/);
  });

  it("labels every position with the search score of the move played, from White's side", () => {
    const samples = selfPlay({ ...options, games: 1 });
    for (const s of samples) expect(Number.isInteger(s.score) && Math.abs(s.score ?? 1e9) <= SCORE_LIMIT).toBe(true);
    // Black to move, a rook down: the search's score is negative for Black, so White's label is positive.
    const rookUp = '4k3/8/8/8/8/8/PPP5/R3K3 b - - 0 1';
    const [first] = selfPlay({ seed: 1, games: 1, nodes: 2000, randomPlies: 0, maxPlies: 1, openings: [rookUp] });
    expect(first?.fen).toBe(rookUp);
    expect(first?.score).toBeGreaterThan(300);
  });

  it('the quiet filter drops positions in check, with a winning capture or promotion, and duplicates', () => {
    const e = createEngine();
    expect(isQuiet(e, IN_CHECK)).toBe(false);
    expect(isQuiet(e, HANGING)).toBe(false);
    expect(isQuiet(e, ABOUT_TO_PROMOTE)).toBe(false);
    expect(isQuiet(e, DEFENDED)).toBe(true);
    expect(isQuiet(e, START)).toBe(true);
    const kept = selectTrainingPositions(
      e,
      [
        { fen: IN_CHECK, result: '0-1' },
        { fen: HANGING, result: '1-0' },
        { fen: START, result: '1/2-1/2' },
        { fen: START.replace(/ 1$/, ' 9'), result: '1-0' }, // same position, later move number
        { fen: DEFENDED, result: '1/2-1/2' },
      ],
      { perBucket: 10 },
    );
    expect(kept.map((s) => s.fen)).toEqual([START, DEFENDED]);
  });

  it('balancing caps each phase bucket and keeps every pawnless position', () => {
    const e = createEngine();
    const samples = selfPlay({ ...options, games: 3, maxPlies: 120 });
    const kept = selectTrainingPositions(e, samples, { seed: 1, perBucket: 5 });
    const pawnless = kept.filter((s) => !/p/i.test(s.fen.split(' ')[0] ?? ''));
    expect(kept.length - pawnless.length).toBeLessThanOrEqual(4 * 5);
    const allPawnlessQuiet = new Set(
      samples
        .filter((s) => !/p/i.test(s.fen.split(' ')[0] ?? '') && isQuiet(e, s.fen))
        .map((s) => s.fen.split(' ').slice(0, 5).join(' ')),
    );
    expect(pawnless.length).toBe(allPawnlessQuiet.size);
  });
});

describe('tune', () => {
  it('recovers the direction of a known weight change and lowers the held-out loss', () => {
    // Positions: the recorded evaluation fixture (seeded random games). Labels: sigmoid of the evaluation under a
    // "true" weight vector = defaults with the middlegame knight worth 80 more and the endgame rook 80 less.
    const fixture = JSON.parse(readFileSync(enginePath('test', 'fixtures', 'eval-baseline.json'), 'utf8')) as {
      positions: { fen: string }[];
    };
    const samples = fixture.positions.slice(0, 500).map((p) => ({ fen: p.fen, result: '1/2-1/2' as const }));
    const data = prepare(samples);
    const e = createEngine();
    const valueMg = WEIGHTS.find((w) => w.name === 'value.mg');
    const valueEg = WEIGHTS.find((w) => w.name === 'value.eg');
    if (!valueMg || !valueEg) throw new Error('value weights missing');
    const knightMg = valueMg.index + 3;
    const rookEg = valueEg.index + 4;
    const w = e.weights();
    w[knightMg] = (w[knightMg] ?? 0) + 80;
    w[rookEg] = (w[rookEg] ?? 0) - 80;
    e.engine.applyWeights();
    const truth = evaluations(e, data);
    const labelled = data.map((d, i) => ({ ...d, target: sigmoid(truth[i] ?? 0, 1) }));

    const result = tunePrepared(labelled, {
      method: 'local',
      seed: 3,
      heldOut: 0.3,
      passes: 1,
      maxChange: 20,
      only: ['value.'],
    });
    expect(result.loss.heldOutAfter).toBeLessThan(result.loss.heldOutBefore * 0.8);
    expect(result.loss.trainAfter).toBeLessThan(result.loss.trainBefore);
    const tunedMg = result.weights['value.mg'] ?? [];
    const tunedEg = result.weights['value.eg'] ?? [];
    expect(tunedMg[3]).toBeGreaterThan(valueMg.defaults[3] ?? 0);
    expect(tunedEg[4]).toBeLessThan(valueEg.defaults[4] ?? 0);
  });

  it('fits search-score labels (lambda 0: the score alone is the target)', () => {
    // Scores: the evaluation under defaults with the middlegame knight worth 80 more; every result a draw, so only
    // the scores can pull the knight up.
    const fixture = JSON.parse(readFileSync(enginePath('test', 'fixtures', 'eval-baseline.json'), 'utf8')) as {
      positions: { fen: string }[];
    };
    const e = createEngine();
    const valueMg = WEIGHTS.find((w) => w.name === 'value.mg');
    if (!valueMg) throw new Error('value weights missing');
    const knightMg = valueMg.index + 3;
    const w = e.weights();
    w[knightMg] = (w[knightMg] ?? 0) + 80;
    e.engine.applyWeights();
    const positions = fixture.positions.slice(0, 400).map((p) => ({ fen: p.fen, result: '1/2-1/2' as const }));
    const truth = evaluations(e, prepare(positions));
    const samples = positions.map((p, i) => ({ ...p, score: Math.round(truth[i] ?? 0) }));
    const options = { method: 'local' as const, seed: 3, heldOut: 0.3, passes: 1, maxChange: 20, only: ['value.mg'] };
    const fitted = tune(samples, { ...options, lambda: 0, k: 1 });
    expect(fitted.k).toBe(1);
    expect(fitted.weights['value.mg']?.[3]).toBeGreaterThan((valueMg.defaults[3] ?? 0) + 10);
    expect(fitted.loss.heldOutAfter).toBeLessThan(fitted.loss.heldOutBefore);
    // With the results alone (lambda 1, the default) the draws pull nothing toward the knight's true value.
    expect(tune(samples, options).weights['value.mg']?.[3]).toBeLessThanOrEqual(valueMg.defaults[3] ?? 0);
    expect(() => tune([{ fen: START, result: '1-0' }, ...samples], { ...options, lambda: 0.5 })).toThrow(/score/);
  });

  it('is deterministic for a seed', () => {
    const samples = selfPlay({ seed: 5, games: 2, nodes: 200, randomPlies: 6, maxPlies: 60 });
    const options = { method: 'local' as const, seed: 2, passes: 1, only: ['mobility.'] };
    const data = prepare(samples);
    expect(tunePrepared(data, options)).toEqual(tunePrepared(data, options));
  });
});

describe('seeded random source', () => {
  it('gives the same sequence for the same seed', () => {
    const a = createRandom(9);
    const b = createRandom(9);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
