import { SEARCH_PARAMS } from '@makruk/engine/release';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { parseSearchParams, SEARCH_PARAMS_ENV } from './tuning.js';

// The worker runs as the built JavaScript (dist/), like engine.test.ts.
const realWorker = new URL('../../dist/engine/worker.js', import.meta.url);
const index = (name: string): number => SEARCH_PARAMS.find((p) => p.name === name)?.index ?? -1;
const MIDDLEGAME = 'r1s1ks1r/3nm3/pp1pppnp/2p3p1/4P3/PPPP1PPP/3NM1N1/R1SK1S1R w - - 0 1';

describe('MAKRUK_SEARCH_PARAMS (tuning hook)', () => {
  afterEach(() => {
    delete process.env[SEARCH_PARAMS_ENV];
  });

  it('parses name=value lists against the engine table', () => {
    const parsed = parseSearchParams('lmrBase=90, razorMargin=230,');
    expect(parsed.ok && [...parsed.value]).toEqual([
      [index('lmrBase'), 90],
      [index('razorMargin'), 230],
    ]);
    for (const bad of ['lmrBase', 'nosuch=1', 'lmrBase=1.5', 'lmrBase=100000', 'lmrBase=1=2']) {
      const result = parseSearchParams(bad);
      expect(result.ok ? 'ok' : result.error.code).toBe('ERR_ENGINE_OPTIONS');
    }
    // names are quoted as every message quotes input: control characters escaped, long text cut
    const unknown = parseSearchParams(`x\u0007${'y'.repeat(100)}=1`);
    expect(unknown.ok ? '' : unknown.error.message).toMatch(
      /unknown search parameter 'x\\u0007y+…' \(102 characters\)$/,
    );
  });

  it('an engine started with the variable searches differently; a bad value fails the start', async () => {
    const nodesAtDepth = async (): Promise<number> => {
      const engine = await Engine.start({ workerUrl: realWorker });
      try {
        return (await engine.analyse({ fen: MIDDLEGAME }, { depth: 8 }).result).nodes;
      } finally {
        await engine.quit();
      }
    };
    const plain = await nodesAtDepth();
    process.env[SEARCH_PARAMS_ENV] = 'lmrBase=200';
    const reduced = await nodesAtDepth();
    expect(reduced).not.toBe(plain);
    process.env[SEARCH_PARAMS_ENV] = 'lmrBase=100000';
    await expect(Engine.start({ workerUrl: realWorker })).rejects.toThrow(/lmrBase must be a whole number/);
  });
});
