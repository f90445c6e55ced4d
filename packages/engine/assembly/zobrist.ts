// Zobrist keys: one random u64 per (piece, square) and one for the side to move, from a fixed-seed PRNG so keys
// are identical in every build and run. The counting state is not hashed: search mixes it in where it matters.
import { PIECE_COUNT, Piece, Square } from './types';

export const ZOBRIST_PIECE_SQUARE = new StaticArray<u64>(PIECE_COUNT * 64);
export let ZOBRIST_SIDE: u64 = 0;

let prngState: u64 = 0x2d358dccaa6c78a5;
function nextRandom(): u64 {
  // xorshift64*
  prngState ^= prngState >> 12;
  prngState ^= prngState << 25;
  prngState ^= prngState >> 27;
  return prngState * 0x2545f4914f6cdd1d;
}

// @ts-ignore: decorator
@inline export function zobristPiece(piece: Piece, sq: Square): u64 {
  return unchecked(ZOBRIST_PIECE_SQUARE[(piece << 6) | sq]);
}

let initialized = false;
export function initZobrist(): void {
  if (initialized) return;
  initialized = true;
  for (let i = 0; i < PIECE_COUNT * 64; i++) ZOBRIST_PIECE_SQUARE[i] = nextRandom();
  ZOBRIST_SIDE = nextRandom();
}
