// '@makruk/engine/release': the same API as '@makruk/engine' with only the release build embedded (half the bytes),
// for bundles such as a browser's engine worker. The compat build (no SIMD) and the network are imported only when
// an engine needs them; asking for the debug build throws a TypeError.
import { makeLoader } from './loader.js';
import { WASM_BASE64 as RELEASE_WASM_BASE64 } from './wasm-release.js';

export * from './entry-exports.js';

/**
 * engineWasmBytes (the compat build only after an async instantiation fetched it), instantiateEngine (no network
 * without options.network: use instantiateEngineAsync for the compiled-in one) and instantiateEngineAsync (the
 * compiled-in network fetched on first use).
 */
export const { engineWasmBytes, instantiateEngine, instantiateEngineAsync } = makeLoader<'release' | 'compat'>(
  { release: RELEASE_WASM_BASE64, compat: () => import('./wasm-compat.js').then((m) => m.WASM_BASE64) },
  '@makruk/engine/release',
);
