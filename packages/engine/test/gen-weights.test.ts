// The generator that compiles tuned weights back in (scripts/gen-weights.mjs, run by the build): weights.json and
// assembly/weights.ts are what it writes, and a tuner file's values go in rounded, with unknown names refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHTS } from '../dist/index.js';
import { applyTuned, formatWeightsJson, generateAssembly } from '../scripts/gen-weights.mjs';

interface WeightsTable {
  note: string;
  weights: { name: string; doc: string; labels?: string[]; defaults: number[] }[];
}

describe('compiling tuned weights back in', () => {
  const table = JSON.parse(readFileSync(new URL('../weights.json', import.meta.url), 'utf8')) as WeightsTable;

  it('assembly/weights.ts and weights.json are what the generator writes', () => {
    expect(readFileSync(new URL('../weights.json', import.meta.url), 'utf8')).toBe(formatWeightsJson(table));
    expect(readFileSync(new URL('../assembly/weights.ts', import.meta.url), 'utf8')).toBe(generateAssembly(table));
    expect(table.weights.map((w) => w.defaults)).toEqual(WEIGHTS.map((w) => w.defaults));
  });

  it('takes rounded values from a tuner file and rejects unknown names or wrong counts', () => {
    const tuned = applyTuned(table, { weights: { tempo: [14.6], 'mobility.rook': [4, 4] } });
    expect(tuned.weights.find((w: { name: string }) => w.name === 'tempo')?.defaults).toEqual([15]);
    expect(tuned.weights.find((w: { name: string }) => w.name === 'mobility.rook')?.defaults).toEqual([4, 4]);
    expect(generateAssembly(tuned)).toContain('// tempo\n  15,');
    expect(() => applyTuned(table, { weights: { nope: [1] } })).toThrow(/unknown weight nope/);
    expect(() => applyTuned(table, { weights: { tempo: [1, 2] } })).toThrow(/expected 1/);
  });
});
