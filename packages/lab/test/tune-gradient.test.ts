// The gradient tuner (tune/gradient.mjs): its sparse Jacobian agrees with dense finite differences through the
// engine, and Adam on the linearised evaluation recovers a known weight change. Tiny data, a few seconds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHTS } from '@makruk/engine';
import { enginePath } from '../engine-files.mjs';
import { jacobian, pieceSquares } from '../tune/gradient.mjs';
import { createEngine, evaluations, prepare, sigmoid, tunePrepared } from '../tune/lib.mjs';

const fixture = JSON.parse(readFileSync(enginePath('test', 'fixtures', 'eval-baseline.json'), 'utf8')) as {
  positions: { fen: string }[];
};
const samples = fixture.positions.slice(0, 300).map((p) => ({ fen: p.fen, result: '1/2-1/2' as const }));

function group(name: string) {
  const g = WEIGHTS.find((w) => w.name === name);
  if (!g) throw new Error(`no weight group ${name}`);
  return g;
}

describe('sparse Jacobian', () => {
  it('reads pieces and squares from a FEN (Black mirrored)', () => {
    // white pawn a3 (16), black pawn h6 → mirrored h3 (23), white king e1 (4), black khon c8 → c1 (2)
    expect(pieceSquares('2s5/8/7p/8/8/P7/8/4K3 w - - 0 1').sort((a, b) => a - b)).toEqual(
      [3 * 64 + 2, 1 * 64 + 16, 1 * 64 + 23, 6 * 64 + 4].sort((a, b) => a - b),
    );
  });

  it('matches dense central differences for a piece value, piece-square entries and a scalar weight', () => {
    const e = createEngine();
    const data = prepare(samples);
    const indices = [
      group('value.mg').index + 3, // knight
      group('pst.mg.knight').index + 21, // f3
      group('pst.eg.pawn').index + 28, // e4
      group('mobility.rook').index,
      group('king.danger').index,
    ];
    const columns = jacobian(e, data, indices, 4);
    const w = e.weights();
    for (const column of columns) {
      const start = w[column.index] ?? 0;
      const linear = column.index < group('tempo').index;
      const step = linear ? 4 : Math.max(1, Math.min(4, Math.round(Math.abs(start) / 4)));
      w[column.index] = start + step;
      e.engine.applyWeights();
      const plus = evaluations(e, data);
      w[column.index] = start - step;
      e.engine.applyWeights();
      const minus = evaluations(e, data);
      w[column.index] = start;
      e.engine.applyWeights();
      const dense = Array.from(plus, (p, i) => (p - (minus[i] ?? 0)) / (2 * step));
      const sparse = new Array<number>(data.length).fill(0);
      column.positions.forEach((p, t) => (sparse[p] = column.slopes[t] ?? 0));
      expect(sparse).toEqual(dense.map((d) => Math.fround(d)));
      expect(column.positions.length).toBeGreaterThan(0);
    }
  });
});

describe('adam', () => {
  it('recovers the direction of a known weight change and lowers the held-out loss', () => {
    const data = prepare(samples);
    const e = createEngine();
    const knightMg = group('value.mg').index + 3;
    const rookEg = group('value.eg').index + 4;
    const w = e.weights();
    w[knightMg] = (w[knightMg] ?? 0) + 80;
    w[rookEg] = (w[rookEg] ?? 0) - 80;
    e.engine.applyWeights();
    const truth = evaluations(e, data);
    const labelled = data.map((d, i) => ({ ...d, target: sigmoid(truth[i] ?? 0, 1) }));
    const options = { seed: 3, heldOut: 0.3, epochs: 150, lr: 2, maxChange: 120, only: ['value.'] };
    const result = tunePrepared(labelled, options);
    expect(result.loss.heldOutAfter).toBeLessThan(result.loss.heldOutBefore * 0.5);
    expect(result.loss.trainAfter).toBeLessThan(result.loss.trainBefore);
    expect(result.weights['value.mg']?.[3]).toBeGreaterThan((group('value.mg').defaults[3] ?? 0) + 40);
    expect(result.weights['value.eg']?.[4]).toBeLessThan((group('value.eg').defaults[4] ?? 0) - 40);
    expect(tunePrepared(labelled, options)).toEqual(result); // deterministic
  });
});
