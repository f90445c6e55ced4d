// Loading a position into a wasm engine instance (CONTRIBUTING.md Contract 1): the FEN is written as ASCII into the
// instance's input buffer and parsed there. The worker's full engine and the synchronous perft instance both use it.

/** The wasm exports that loading a position needs (the worker's full engine and perft's both have them). */
export interface WasmFenLoader {
  memory: { readonly buffer: ArrayBuffer };
  inputBuffer(): number;
  setFen(length: number): number;
}

/** Bytes of the wasm input buffer (Contract 1). */
export const WASM_INPUT_BYTES = 1024;

/** Writes `fen` (ASCII) into the engine's input buffer and parses it: setFen's status (0 = ok), -1 when too long. */
export function loadWasmFen(wasm: WasmFenLoader, fen: string): number {
  const bytes = new TextEncoder().encode(fen);
  if (bytes.length > WASM_INPUT_BYTES) return -1;
  new Uint8Array(wasm.memory.buffer, wasm.inputBuffer(), bytes.length).set(bytes);
  return wasm.setFen(bytes.length);
}
