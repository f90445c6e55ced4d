// The smallest module that uses a v128 (wasm-feature-detect's probe): valid only where SIMD is.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 11,
]);
let simd: boolean | undefined;

/** Whether this host runs wasm SIMD (the release, debug and thread builds need it; the compat build does not). */
export function simdSupported(): boolean {
  simd ??= WebAssembly.validate(SIMD_PROBE);
  return simd;
}
