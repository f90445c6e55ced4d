// '@makruk/engine': every build embedded as base64 (no fetch, no fs in any host), and the network, so that the
// synchronous instantiateEngine has it too. The Node API; bundles for a page import '@makruk/engine/release'.
import { makeLoader } from './loader.js';
import { NETWORK_BASE64 } from './network.js';
import type { EngineExports, EngineHost, EngineKind, EngineOptions } from './types.js';
import { WASM_BASE64 as COMPAT_WASM_BASE64 } from './wasm-compat.js';
import { WASM_BASE64 as DEBUG_WASM_BASE64 } from './wasm-debug.js';
import { WASM_BASE64 as RELEASE_WASM_BASE64 } from './wasm-release.js';

export { FEN_ERRORS, MOVE_PROMOTION, NETWORK_ERRORS } from './abi.js';
export { EngineAbortError, EngineNetworkError } from './errors.js';
export { SEARCH_PARAMS, WEIGHT_COUNT, WEIGHTS } from './layout.js';
export { NETWORK, engineNetworkBytes, loadEngineNetwork } from './network-file.js';
export { simdSupported } from './simd.js';
export type {
  EngineExports,
  EngineHost,
  EngineKind,
  EngineOptions,
  NetworkInfo,
  SearchLimits,
  SearchParam,
  WeightGroup,
} from './types.js';

const loader = makeLoader<EngineKind>(
  { release: RELEASE_WASM_BASE64, debug: DEBUG_WASM_BASE64, compat: COMPAT_WASM_BASE64 },
  '@makruk/engine',
  NETWORK_BASE64,
);

/** The wasm bytes of a build ('release' is the compat build where SIMD is missing). */
export function engineWasmBytes(kind: EngineKind = 'release'): Uint8Array<ArrayBuffer> {
  return loader.engineWasmBytes(kind);
}

/** Instantiates a build synchronously, with the compiled-in network unless options.network says otherwise. */
export function instantiateEngine(
  kind: EngineKind = 'release',
  host?: Partial<EngineHost>,
  options?: EngineOptions,
): EngineExports {
  return loader.instantiateEngine(kind, host, options);
}

/** Instantiates a build asynchronously (what a page's main thread must use for modules this size). */
export async function instantiateEngineAsync(
  kind: EngineKind = 'release',
  host?: Partial<EngineHost>,
  options?: EngineOptions,
): Promise<EngineExports> {
  return loader.instantiateEngineAsync(kind, host, options);
}
