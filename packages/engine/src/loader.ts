// The functions both entries export, over the builds each embeds: index.ts (every build, the network embedded) and
// release.ts (the release build; the compat build and the network loaded on demand).
import { decodeBase64 } from './base64.js';
import { makeImports } from './imports.js';
import { NETWORK, applyNetwork, decodedNetwork, defaultNetwork } from './network-file.js';
import { simdSupported } from './simd.js';
import type { EngineExports, EngineHost, EngineKind, EngineOptions } from './types.js';

/** A build's bytes as base64, or a function that imports them (loaded by the async instantiation only). */
export type BuildSource = string | (() => Promise<string>);

/** The functions an entry exports over its builds (K: the kinds it has; 'release' when none is named). */
export interface EngineLoader<K extends EngineKind> {
  /** The wasm bytes of a build ('release' is the compat build where SIMD is missing). */
  engineWasmBytes(kind?: K): Uint8Array<ArrayBuffer>;
  /**
   * Instantiates a build synchronously, with the network of options.network, else the compiled-in network where
   * the entry embeds it ('@makruk/engine'; '@makruk/engine/release' loads it only in instantiateEngineAsync).
   */
  instantiateEngine(kind?: K, host?: Partial<EngineHost>, options?: EngineOptions): EngineExports;
  /** Instantiates a build asynchronously (what a page's main thread must use for modules this size). */
  instantiateEngineAsync(kind?: K, host?: Partial<EngineHost>, options?: EngineOptions): Promise<EngineExports>;
}

function checkOptions(options: EngineOptions | undefined): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') throw new TypeError('engine options must be an object');
  const { network } = options;
  if (network !== undefined && network !== false && !(network instanceof Uint8Array)) {
    throw new TypeError('options.network must be a Uint8Array, false or undefined');
  }
}

function buildKind(kind: unknown): EngineKind {
  if (kind !== 'release' && kind !== 'debug' && kind !== 'compat') {
    throw new TypeError(`unknown engine build: ${String(kind)}`);
  }
  // Without SIMD the release build cannot compile: the compat build is the same engine in scalar code.
  return kind === 'release' && !simdSupported() ? 'compat' : kind;
}

/**
 * The public functions over the builds in `sources`; `entry` names the module in errors. `networkBase64`: the
 * compiled-in network when the entry embeds it (then the synchronous instantiation loads it too).
 */
export function makeLoader<K extends EngineKind>(
  sources: Partial<Record<EngineKind, BuildSource>>,
  entry: string,
  networkBase64?: string,
): EngineLoader<K> {
  const bytesCache: Partial<Record<EngineKind, Uint8Array<ArrayBuffer>>> = {};
  const texts: Partial<Record<EngineKind, string>> = {};

  async function fetchSource(kind: unknown): Promise<void> {
    const resolved = buildKind(kind);
    const source = sources[resolved];
    if (typeof source === 'function') texts[resolved] ??= await source();
  }

  function engineWasmBytes(kind: K = 'release' as K): Uint8Array<ArrayBuffer> {
    const resolved = buildKind(kind);
    const source = sources[resolved];
    if (typeof source === 'function' && texts[resolved] === undefined) {
      throw new TypeError(`the ${resolved} engine build of ${entry} is loaded on demand: use instantiateEngineAsync`);
    }
    const text = typeof source === 'function' ? texts[resolved] : source;
    if (text === undefined) {
      throw new TypeError(`the ${resolved} engine build is not in ${entry}: import it from @makruk/engine`);
    }
    bytesCache[resolved] ??= decodeBase64(text);
    return bytesCache[resolved].slice();
  }

  function instantiateEngine(
    kind: K = 'release' as K,
    host?: Partial<EngineHost>,
    options?: EngineOptions,
  ): EngineExports {
    checkOptions(options);
    let memory: WebAssembly.Memory | undefined;
    const module = new WebAssembly.Module(engineWasmBytes(kind));
    const instance = new WebAssembly.Instance(
      module,
      makeImports(() => memory, host),
    );
    const engine = instance.exports as unknown as EngineExports;
    memory = engine.memory;
    // Synchronously only an entry that embeds the network (index.js) has it: release.js needs the async form.
    let network = options?.network;
    if (network === undefined && networkBase64 !== undefined && NETWORK !== null) {
      network = decodedNetwork(networkBase64);
    }
    applyNetwork(engine, network);
    return engine;
  }

  async function instantiateEngineAsync(
    kind: K = 'release' as K,
    host?: Partial<EngineHost>,
    options?: EngineOptions,
  ): Promise<EngineExports> {
    checkOptions(options);
    await fetchSource(kind);
    let memory: WebAssembly.Memory | undefined;
    const { instance } = await WebAssembly.instantiate(
      engineWasmBytes(kind),
      makeImports(() => memory, host),
    );
    const engine = instance.exports as unknown as EngineExports;
    memory = engine.memory;
    applyNetwork(engine, options?.network === undefined ? await defaultNetwork() : options.network);
    return engine;
  }

  return { engineWasmBytes, instantiateEngine, instantiateEngineAsync };
}
