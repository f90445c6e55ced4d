// '@makruk/engine': every build embedded as base64 (no fetch, no fs in any host), and the network, so that the
// synchronous instantiateEngine has it too. The Node API; bundles for a page import '@makruk/engine/release'.
import { makeLoader } from './loader.js';
import { NETWORK_BASE64 } from './network.js';
import type { EngineKind } from './types.js';
import { WASM_BASE64 as COMPAT_WASM_BASE64 } from './wasm-compat.js';
import { WASM_BASE64 as DEBUG_WASM_BASE64 } from './wasm-debug.js';
import { WASM_BASE64 as RELEASE_WASM_BASE64 } from './wasm-release.js';

export * from './entry-exports.js';

/** engineWasmBytes, instantiateEngine (with the compiled-in network) and instantiateEngineAsync over every build. */
export const { engineWasmBytes, instantiateEngine, instantiateEngineAsync } = makeLoader<EngineKind>(
  { release: RELEASE_WASM_BASE64, debug: DEBUG_WASM_BASE64, compat: COMPAT_WASM_BASE64 },
  '@makruk/engine',
  NETWORK_BASE64,
);
