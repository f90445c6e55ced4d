// The search parameters live in one run-time table (search-params.json → assembly/search-params.ts,
// searchParamsBuffer()). Set to the numbers the search had before the table (the fixture's `params`, which were the
// table's first defaults), the search must be exactly what the build before the table gave:
// fixtures/search-params-baseline.json holds fixed-depth node counts and best moves on the bench positions,
// recorded by the lab's scripts/record-search-params-baseline.mjs from that build (f658653), and re-recorded with the
// same params whenever the search itself changes on purpose (issue 16: the search fixes of ENGINE-REVIEW.md, the
// correction history).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type EngineExports, type EngineKind, instantiateEngine, SEARCH_PARAMS } from '../dist/index.js';
import { applyTuned, generateAssembly } from '../scripts/gen-search-params.mjs';
import { setFen } from './engine-helpers.js';

interface Baseline {
  params: Record<string, number>;
  searches: { name: string; fen: string; depth: number; nodes: number; best: number }[];
}
const baseline = JSON.parse(
  readFileSync(new URL('./fixtures/search-params-baseline.json', import.meta.url), 'utf8'),
) as Baseline;

function params(engine: EngineExports): Int32Array {
  return new Int32Array(engine.memory.buffer, engine.searchParamsBuffer(), engine.searchParamsCount());
}
function index(name: string): number {
  const found = SEARCH_PARAMS.find((p) => p.name === name);
  if (!found) throw new Error(`no search parameter ${name}`);
  return found.index;
}
function searchAll(kind: EngineKind, before?: (engine: EngineExports) => void) {
  let nodes = 0;
  const engine = instantiateEngine(kind, {
    info(_d, _s, multipv, _k, _sc, n) {
      if (multipv === 1) nodes = n;
    },
  });
  before?.(engine);
  return baseline.searches.map((s) => {
    expect(setFen(engine, s.fen)).toBe(0);
    engine.newGame();
    const best = engine.search(s.depth, -1, -1, -1, -1, -1, -1, 0, 0);
    return { name: s.name, nodes, best };
  });
}
const expected = baseline.searches.map((s) => ({ name: s.name, nodes: s.nodes, best: s.best }));

describe('search parameters table', () => {
  it('lists named parameters in buffer order whose defaults fill the buffer, each inside its bounds', () => {
    const engine = instantiateEngine('release');
    expect(engine.searchParamsCount()).toBe(SEARCH_PARAMS.length);
    SEARCH_PARAMS.forEach((p, i) => {
      expect(p.index).toBe(i);
      expect(p.min).toBeLessThanOrEqual(p.default);
      expect(p.default).toBeLessThanOrEqual(p.max);
      expect(p.step).toBeGreaterThan(0);
    });
    expect(new Set(SEARCH_PARAMS.map((p) => p.name)).size).toBe(SEARCH_PARAMS.length);
    expect(Array.from(params(engine))).toEqual(SEARCH_PARAMS.map((p) => p.default));
    // time use cannot be measured by node-limited games: those stay out of SPSA
    expect(SEARCH_PARAMS.filter((p) => !p.tune).map((p) => p.name)).toEqual([
      'timeSoftShare',
      'timeInstability',
      'timeMovesLeft',
      'timeIncShare',
      'timeMaxRatio',
    ]);
  });

  it.each(['release', 'debug'] as const)(
    "the previous numbers, written into the table, give the previous build's node counts and best moves (%s)",
    (kind) => {
      expect(baseline.searches.length).toBe(10);
      expect(Object.keys(baseline.params).sort()).toEqual(SEARCH_PARAMS.map((p) => p.name).sort());
      const got = searchAll(kind, (engine) => {
        const p = params(engine);
        for (const [name, value] of Object.entries(baseline.params)) p[index(name)] = value;
        engine.applySearchParams();
      });
      expect(got).toEqual(expected);
      // while the defaults are those numbers, the untouched table gives the same searches
      if (SEARCH_PARAMS.every((p) => p.default === baseline.params[p.name])) expect(searchAll(kind)).toEqual(expected);
    },
  );

  it('a parameter written at run time changes the search, and resetSearchParams restores the defaults', () => {
    const defaults = searchAll('release');
    const changed = searchAll('release', (engine) => {
      const p = params(engine);
      p[index('lmrBase')] = (p[index('lmrBase')] ?? 0) + 100; // reduce every late move by one more ply
      engine.applySearchParams();
    });
    const total = (rows: { nodes: number }[]) => rows.reduce((sum, r) => sum + r.nodes, 0);
    expect(total(changed)).toBeLessThan(total(defaults));
    const restored = searchAll('release', (engine) => {
      const p = params(engine);
      p[index('lmrBase')] = 200;
      p[index('nmpBase')] = 5;
      engine.applySearchParams();
      engine.resetSearchParams();
    });
    expect(restored).toEqual(defaults);
  });

  it('gen-search-params: the generated file matches the table; tuned values are rounded, clamped and checked', () => {
    const table = JSON.parse(readFileSync(new URL('../search-params.json', import.meta.url), 'utf8'));
    const generated = readFileSync(new URL('../assembly/search-params.ts', import.meta.url), 'utf8');
    expect(generateAssembly(table)).toBe(generated);
    const tuned = applyTuned(table, { theta: { lmrBase: 81.6, razorMargin: 10_000 } });
    const byName = (t: typeof table, name: string) =>
      t.params.find((p: { name: string }) => p.name === name).default as number;
    expect(byName(tuned, 'lmrBase')).toBe(82);
    expect(byName(tuned, 'razorMargin')).toBe(600);
    expect(byName(tuned, 'nmpBase')).toBe(3);
    expect(() => applyTuned(table, { theta: { noSuchThing: 1 } })).toThrow(/unknown search parameter/);
  });
});
