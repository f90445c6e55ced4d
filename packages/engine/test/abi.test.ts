// The ABI surface (CONTRIBUTING.md, Contract 1) and the loader in dist/index.js.
import { describe, expect, it } from 'vitest';
import { engineWasmBytes, instantiateEngine, instantiateEngineAsync } from '../dist/index.js';
import { START_FEN, getFen } from './engine-helpers.js';

const CONTRACT_EXPORTS = [
  'memory', 'inputBuffer', 'setFen', 'moveBuffer', 'generateMoves', 'makeMove', 'unmakeMove', 'inCheck', 'perft',
  // additions listed in Contract 1
  'getFen', 'hashLow', 'hashHigh', 'hashFromScratchLow', 'hashFromScratchHigh',
];

describe('engine ABI', () => {
  for (const kind of ['release', 'debug'] as const) {
    it(`${kind}: exports exactly the contract`, () => {
      const module = new WebAssembly.Module(engineWasmBytes(kind));
      expect(WebAssembly.Module.exports(module).map((entry) => entry.name).sort()).toEqual([...CONTRACT_EXPORTS].sort());
    });
  }

  it('release needs no imports; debug imports only env.abort (provided by the loader)', () => {
    expect(WebAssembly.Module.imports(new WebAssembly.Module(engineWasmBytes('release')))).toEqual([]);
    const debugImports = WebAssembly.Module.imports(new WebAssembly.Module(engineWasmBytes('debug')));
    expect(debugImports.map((entry) => `${entry.module}.${entry.name}`)).toEqual(['env.abort']);
  });

  it('release instantiates with no import object at all', () => {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(engineWasmBytes('release')));
    const perft = instance.exports.perft as (depth: number) => number;
    expect(perft(2)).toBe(529);
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
    a.makeMove(a.generateMoves() > 0 ? new Uint32Array(a.memory.buffer, a.moveBuffer(), 1)[0] ?? 0 : 0);
    expect(getFen(b)).toBe(START_FEN);
    expect(getFen(a)).not.toBe(START_FEN);
  });
});
