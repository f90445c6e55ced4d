// The package's two entries: '@makruk/engine' (both builds, the Node API) and '@makruk/engine/release' (the release
// build only, so a bundle such as the browser's engine worker carries half the bytes).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as full from '../dist/index.js';
import * as release from '../dist/release.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Every module file a bundler reaches from `entry` through static imports and re-exports. */
function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(path.join(dist, file), 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\b[^;]*?from\s+'\.\/([^']+)'/gms)) visit(match[1]!);
  };
  visit(entry);
  return seen;
}

/** The data modules (build bytes, network) among `files`. */
const dataModules = (files: Set<string>): string[] =>
  [...files].filter((file) => file.startsWith('wasm-') || file === 'network.js').sort();

describe('@makruk/engine/release', () => {
  it('reaches only the release build; the full entry reaches every build and the network', () => {
    expect(dataModules(moduleGraph('release.js'))).toEqual(['wasm-release.js']);
    expect(dataModules(moduleGraph('index.js'))).toEqual([
      'network.js',
      'wasm-compat.js',
      'wasm-debug.js',
      'wasm-release.js',
    ]);
    // the compat build (no SIMD) and the network are fetched only when an engine needs them
    const text = readFileSync(path.join(dist, 'release.js'), 'utf8');
    expect(text).toContain(`import('./wasm-compat.js')`);
    expect(readFileSync(path.join(dist, 'network-file.js'), 'utf8')).toContain(`import('./network.js')`);
  });

  it('the threads entry reaches no thread build statically: each is loaded when it is asked for', () => {
    expect(dataModules(moduleGraph('threads.js'))).toEqual([]);
    const text = readFileSync(path.join(dist, 'threads.js'), 'utf8');
    for (let k = 0; k < 8; k++) expect(text).toContain(`import('./wasm-thread-${k}.js')`);
  });

  it('has the same release bytes, classes and tables as the full entry', () => {
    expect(release.engineWasmBytes()).toEqual(full.engineWasmBytes('release'));
    expect(release.EngineAbortError).toBe(full.EngineAbortError);
    expect(release.WEIGHTS).toBe(full.WEIGHTS);
    expect(release.FEN_ERRORS).toBe(full.FEN_ERRORS);
    expect(release.MOVE_PROMOTION).toBe(full.MOVE_PROMOTION);
  });

  it('instantiates and searches (sync and async)', async () => {
    for (const engine of [release.instantiateEngine(), await release.instantiateEngineAsync('release')]) {
      const fen = new TextEncoder().encode('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
      new Uint8Array(engine.memory.buffer, engine.inputBuffer(), fen.length).set(fen);
      expect(engine.setFen(fen.length)).toBe(0);
      expect(engine.generateMoves()).toBe(23);
      expect(engine.search(2, -1, -1, -1, -1, -1, -1, 0, 0) >>> 0).toBeGreaterThan(0);
    }
  });

  it('refuses the debug build with a TypeError that says where it is', async () => {
    expect(() => (release.engineWasmBytes as (kind: string) => Uint8Array)('debug')).toThrow(
      /debug engine build is not in @makruk\/engine\/release/,
    );
    await expect((release.instantiateEngineAsync as (kind: string) => Promise<unknown>)('debug')).rejects.toThrow(
      TypeError,
    );
    expect(full.engineWasmBytes('debug').length).toBeGreaterThan(0);
  });
});
