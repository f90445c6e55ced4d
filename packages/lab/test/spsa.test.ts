// SPSA's mechanics (tune/spsa.mjs) on a stand-in match (test/fixtures/fake-match.mjs: the side with the larger
// lmrBase wins every game). A real run through `makruk match` is in tune/SPSA.md (the engine package does not
// depend on the CLI).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_PARAMS } from '@makruk/engine';
import { engineSetting, loadSearchParams, runSpsa, schedule, update } from '../tune/spsa.mjs';

const fake = fileURLToPath(new URL('./fixtures/fake-match.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'spsa-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const table = loadSearchParams();
const param = (name: string) => {
  const p = table.find((q) => q.name === name);
  if (!p) throw new Error(name);
  return p;
};
const quiet = () => undefined;

describe('SPSA (tune/spsa.mjs)', () => {
  it('reads the same table as the engine', () => {
    expect(table.map((p) => [p.name, p.default])).toEqual(SEARCH_PARAMS.map((p) => [p.name, p.default]));
  });

  it('schedules end at c = step and a / c² = r_end; an update moves θ along Δ by the result, within bounds', () => {
    const p = param('lmrBase');
    const last = schedule(p, 100, 100, 0.002);
    expect(last.ck).toBeCloseTo(p.step, 9);
    expect(last.ak / last.ck ** 2).toBeCloseTo(0.002, 9);
    const first = schedule(p, 1, 100, 0.002);
    expect(first.ck).toBeGreaterThan(last.ck);
    const params = [p, param('razorMargin')];
    const s = [first, schedule(params[1] as (typeof table)[number], 1, 100, 0.002)];
    const won = update({ lmrBase: 75, razorMargin: 250 }, params, [1, -1], 2, s);
    expect(won.lmrBase).toBeGreaterThan(75);
    expect(won.razorMargin).toBeLessThan(250);
    const lost = update({ lmrBase: 75, razorMargin: 250 }, params, [1, -1], -2, s);
    expect(lost.lmrBase).toBeLessThan(75);
    expect(update({ lmrBase: 199, razorMargin: 250 }, params, [1, 1], 1e6, s)).toEqual({
      lmrBase: p.max,
      razorMargin: 600,
    });
    expect(engineSetting({ lmrBase: 81.6, razorMargin: -5 }, params)).toBe('lmrBase=82,razorMargin=80');
  });

  it('moves θ toward the side that won, respects the bounds, writes its state each iteration', async () => {
    const state = path.join(dir, 'state.json');
    const trajectory = path.join(dir, 'trajectory.csv');
    const result = await runSpsa({
      iterations: 6,
      seed: 7,
      rEnd: 1,
      nodes: 100,
      rounds: 1,
      params: ['lmrBase', 'razorMargin'],
      state,
      trajectory,
      command: [process.execPath, fake],
      log: quiet,
    });
    expect(result.iteration).toBe(6);
    expect(result.totals).toMatchObject({ games: 12, draws: 0 });
    // lmrBase decides every game, so it climbs every iteration until its bound (200)
    const path_ = result.history.map((h) => h.theta[0] as number);
    for (let i = 1; i < path_.length; i++) expect(path_[i]).toBeGreaterThanOrEqual(path_[i - 1] as number);
    expect(result.theta.lmrBase).toBe(param('lmrBase').max);
    for (const h of result.history) {
      expect(h.theta[1]).toBeGreaterThanOrEqual(param('razorMargin').min);
      expect(h.theta[1]).toBeLessThanOrEqual(param('razorMargin').max);
    }
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual(result);
    expect(readFileSync(trajectory, 'utf8').trim().split('\n')).toHaveLength(7);
  });

  it('resumes from its state file after a failed match and ends where an uninterrupted run ends', async () => {
    const options = {
      iterations: 5,
      seed: 3,
      rEnd: 0.05,
      nodes: 100,
      rounds: 2,
      params: ['lmrBase', 'nmpBase', 'aspirationDelta'],
      command: [process.execPath, fake],
      log: quiet,
    };
    const whole = await runSpsa({ ...options, state: path.join(dir, 'whole.json') });
    const state = path.join(dir, 'resumed.json');
    process.env.FAKE_MATCH_COUNTER = path.join(dir, 'calls');
    process.env.FAKE_MATCH_FAIL_AT = '4';
    try {
      await expect(runSpsa({ ...options, state })).rejects.toThrow(/failing on purpose/);
      expect(JSON.parse(readFileSync(state, 'utf8')).iteration).toBe(3);
      const resumed = await runSpsa({ ...options, state });
      expect(resumed).toEqual(whole);
    } finally {
      delete process.env.FAKE_MATCH_COUNTER;
      delete process.env.FAKE_MATCH_FAIL_AT;
    }
  });
});
