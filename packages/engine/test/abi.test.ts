// The ABI surface (CONTRIBUTING.md, Contract 1) and the loader in dist/index.js.
import { describe, expect, it } from 'vitest';
import { engineWasmBytes, instantiateEngine, instantiateEngineAsync } from '../dist/index.js';
import { START_FEN, getFen } from './engine-helpers.js';

const CONTRACT_EXPORTS = [
  'memory',
  'inputBuffer',
  'setFen',
  'moveBuffer',
  'generateMoves',
  'makeMove',
  'unmakeMove',
  'inCheck',
  'perft',
  // additions listed in Contract 1
  'getFen',
  'hashLow',
  'hashHigh',
  'hashFromScratchLow',
  'hashFromScratchHigh',
  // Contract 4 (search)
  'setHashSize',
  'setMultiPv',
  'setSkill',
  'newGame',
  'search',
  'ponderMove',
  'evaluatePosition',
  'isDeadPosition',
  'repetitionCount',
  // evaluation weights for tuning (README "Evaluation weights")
  'weightsBuffer',
  'weightsCount',
  'applyWeights',
  'resetWeights',
  'isQuietPosition',
  // search parameters for tuning (search-params.json, tune/SPSA.md)
  'searchParamsBuffer',
  'searchParamsCount',
  'applySearchParams',
  'resetSearchParams',
  // threads: lazy SMP over one shared table (README "Threads"; used by the thread builds)
  'setThreadIndex',
  'shareHashTable',
  'hashTableBase',
  'hashGeneration',
  'heapEnd',
  'searchedNodes',
  // the evaluation network (README "Evaluation network")
  'networkBuffer',
  'networkBufferSize',
  'loadNetwork',
  'networkHidden',
  'setUseNetwork',
  'evaluateNetwork',
];
const HOST_IMPORTS = ['host.now', 'host.stopRequested', 'host.info'];

describe('engine ABI', () => {
  for (const kind of ['release', 'debug', 'compat'] as const) {
    it(`${kind}: exports exactly the contract`, () => {
      const module = new WebAssembly.Module(engineWasmBytes(kind));
      expect(
        WebAssembly.Module.exports(module)
          .map((entry) => entry.name)
          .sort(),
      ).toEqual([...CONTRACT_EXPORTS].sort());
    });
  }

  it('release imports only the Contract 4 host functions; debug also env.abort (the loader provides all)', () => {
    const names = (kind: 'release' | 'debug') =>
      WebAssembly.Module.imports(new WebAssembly.Module(engineWasmBytes(kind)))
        .map((e) => `${e.module}.${e.name}`)
        .sort();
    expect(names('release')).toEqual([...HOST_IMPORTS].sort());
    expect(names('debug')).toEqual(['env.abort', ...HOST_IMPORTS].sort());
  });

  it('release instantiates with only a host import object', () => {
    const host = { now: () => 0, stopRequested: () => 0, info: () => undefined };
    const instance = new WebAssembly.Instance(new WebAssembly.Module(engineWasmBytes('release')), { host });
    const perft = instance.exports.perft as (depth: number) => number;
    expect(perft(2)).toBe(529);
  });

  it('instantiateEngine fills in a partial host and rejects a malformed one', () => {
    let calls = 0;
    const engine = instantiateEngine('release', {
      stopRequested: () => {
        calls++;
        return 0;
      },
    });
    expect(engine.search(3, -1, -1, -1, -1, -1, -1, 0, 0)).toBeGreaterThan(0);
    expect(() => instantiateEngine('release', { now: 5 as unknown as () => number })).toThrow(TypeError);
    expect(() => instantiateEngine('release', null as unknown as undefined)).toThrow(TypeError);
    expect(calls).toBeGreaterThanOrEqual(0);
  });

  it('engineWasmBytes returns valid wasm, a fresh copy each time, and rejects unknown kinds', () => {
    const bytes = engineWasmBytes();
    expect(WebAssembly.validate(bytes)).toBe(true);
    bytes[0] = 0;
    expect(engineWasmBytes()[0]).toBe(0);
    expect(() => engineWasmBytes('fast' as 'release')).toThrow(TypeError);
  });

  it('instantiateEngineAsync gives a working engine on the start position', async () => {
    const engine = await instantiateEngineAsync('debug');
    expect(getFen(engine)).toBe(START_FEN);
    expect(engine.generateMoves()).toBe(23);
    expect(engine.inCheck()).toBe(0);
  });

  it('instances are independent', () => {
    const a = instantiateEngine();
    const b = instantiateEngine();
    a.makeMove(a.generateMoves() > 0 ? (new Uint32Array(a.memory.buffer, a.moveBuffer(), 1)[0] ?? 0) : 0);
    expect(getFen(b)).toBe(START_FEN);
    expect(getFen(a)).not.toBe(START_FEN);
  });
});
