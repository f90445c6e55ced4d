// '@makruk/engine/release': the same API as '@makruk/engine' with only the release build embedded (half the bytes),
// for bundles such as a browser's engine worker. The compat build (no SIMD) and the network are imported only when
// an engine needs them; asking for the debug build throws a TypeError.
import { makeLoader } from './loader.js';
import type { EngineExports, EngineHost, EngineOptions } from './types.js';
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

/** The builds this entry can give. */
type ReleaseKind = 'release' | 'compat';

const loader = makeLoader<ReleaseKind>(
  { release: RELEASE_WASM_BASE64, compat: () => import('./wasm-compat.js').then((m) => m.WASM_BASE64) },
  '@makruk/engine/release',
);

/** The wasm bytes of a build; the compat build only after an async instantiation fetched it. */
export function engineWasmBytes(kind: ReleaseKind = 'release'): Uint8Array<ArrayBuffer> {
  return loader.engineWasmBytes(kind);
}

/** Without options.network no network is loaded: use instantiateEngineAsync for the compiled-in one. */
export function instantiateEngine(
  kind: ReleaseKind = 'release',
  host?: Partial<EngineHost>,
  options?: EngineOptions,
): EngineExports {
  return loader.instantiateEngine(kind, host, options);
}

/** Instantiates a build with the compiled-in network (fetched on first use) unless options.network says otherwise. */
export async function instantiateEngineAsync(
  kind: ReleaseKind = 'release',
  host?: Partial<EngineHost>,
  options?: EngineOptions,
): Promise<EngineExports> {
  return loader.instantiateEngineAsync(kind, host, options);
}
