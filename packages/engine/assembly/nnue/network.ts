// The evaluation network's weights (issue 17): a (768 -> N) x 2 -> 1 perspective network with SCReLU, int16
// weights quantised by QA = 255 (first layer) and QB = 64 (output layer), trained by packages/lab/train/trainer.cpp.
// The host writes a network file into networkBuffer() and calls loadNetwork(length); the engine reads the weights
// where they lie (no copy). File layout (little-endian), the trainer's encodeNetwork:
//   "MKNNUE01" · u32 version 1 · u32 inputs 768 · u32 hidden N · u32 QA · u32 QB · u32 scale (centipawns of one
//   output unit) · u32 FNV-1a of everything after the header · 28 zero bytes (64-byte header)
//   · i16 w0[768][N] (one row of N a feature) · i16 b0[N] · i16 w1[2N] (side to move's half first) · i32 b1
export const INPUTS: i32 = 768;
export const MAX_HIDDEN: i32 = 512;
export const QA: i32 = 255;
export const QB: i32 = 64;
export const HEADER_BYTES: i32 = 64;
const VERSION: u32 = 1;

/** Bytes of the largest network the buffer holds (N = MAX_HIDDEN). */
export const NETWORK_MAX_BYTES: i32 = HEADER_BYTES + 2 * (INPUTS * MAX_HIDDEN + 3 * MAX_HIDDEN) + 4;

// loadNetwork results (stable: hosts map them to messages).
export const NETWORK_OK: i32 = 0;
export const NETWORK_ERR_LENGTH: i32 = 1; // shorter than a header or longer than the buffer
export const NETWORK_ERR_FORMAT: i32 = 2; // not "MKNNUE01", or another version
export const NETWORK_ERR_SHAPE: i32 = 3; // inputs, N, QA, QB or scale unsupported, or the length does not match N
export const NETWORK_ERR_CHECKSUM: i32 = 4; // the weights are not the bytes the header's checksum describes

// One buffer for the file, allocated when the module starts (the transposition table lies above everything the
// allocator hands out), aligned so that every weight row starts on 16 bytes for v128 loads.
const bufferStart: usize = (heap.alloc(<usize>NETWORK_MAX_BYTES + 16) + 15) & ~(<usize>15);

export let hidden: i32 = 0; // N of the loaded network, 0 = none
export let scale: i32 = 0;
export let w0: usize = 0;
export let b0: usize = 0;
export let w1: usize = 0;
export let b1: i32 = 0;

export function networkBuffer(): usize {
  return bufferStart;
}

// @ts-ignore: decorator
@inline function readU32(offset: i32): u32 {
  return load<u32>(bufferStart + <usize>offset);
}

/** Checks and adopts the network file of `length` bytes in the buffer; on any error no network is loaded. */
export function loadNetwork(length: i32): i32 {
  hidden = 0;
  if (length < HEADER_BYTES || length > NETWORK_MAX_BYTES) return NETWORK_ERR_LENGTH;
  // "MKNNUE01" as two little-endian words
  if (readU32(0) != 0x4e4e4b4d || readU32(4) != 0x31304555 || readU32(8) != VERSION) return NETWORK_ERR_FORMAT;
  const n = <i32>readU32(16);
  const fileScale = <i32>readU32(28);
  if (readU32(12) != <u32>INPUTS || n < 16 || n > MAX_HIDDEN || (n & 15) != 0) return NETWORK_ERR_SHAPE;
  if (readU32(20) != <u32>QA || readU32(24) != <u32>QB || fileScale < 1 || fileScale > 10000) return NETWORK_ERR_SHAPE;
  if (length != HEADER_BYTES + 2 * (INPUTS * n + 3 * n) + 4) return NETWORK_ERR_SHAPE;
  let h: u32 = 2166136261;
  const end = bufferStart + <usize>length;
  for (let p = bufferStart + <usize>HEADER_BYTES; p < end; p++) h = (h ^ <u32>load<u8>(p)) * 16777619;
  if (h != readU32(32)) return NETWORK_ERR_CHECKSUM;
  w0 = bufferStart + <usize>HEADER_BYTES;
  b0 = w0 + <usize>(2 * INPUTS * n);
  w1 = b0 + <usize>(2 * n);
  b1 = load<i32>(w1 + <usize>(4 * n));
  scale = fileScale;
  hidden = n;
  return NETWORK_OK;
}
