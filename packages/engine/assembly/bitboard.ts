// Bitboards (u64, bit i = square i) and the attack tables, all built once when the module starts.
// The rook is Makruk's only slider; its attacks come from "fancy" magic bitboards: one multiply, one shift and
// one load from a shared table. The multipliers were found by scripts/find-magics.mjs.
import { Color, Square, WHITE } from './types';

export const FILE_A: u64 = 0x0101010101010101;
export const FILE_H: u64 = FILE_A << 7;
export const NOT_FILE_A: u64 = ~FILE_A;
export const NOT_FILE_H: u64 = ~FILE_H;
export const RANK_1: u64 = 0xff;
export const RANK_3: u64 = RANK_1 << 16;
export const RANK_6: u64 = RANK_1 << 40;

// @ts-ignore: decorator
@inline export function squareBB(sq: Square): u64 {
  return (<u64>1) << (<u64>sq);
}
// @ts-ignore: decorator
@inline export function lsb(b: u64): Square {
  return <i32>ctz(b);
}
// @ts-ignore: decorator
@inline export function popcount(b: u64): i32 {
  return <i32>popcnt(b);
}
// @ts-ignore: decorator
@inline export function moreThanOne(b: u64): bool {
  return (b & (b - 1)) != 0;
}

// Shifts of a whole set by one step, dropping what falls off the board edge.
// @ts-ignore: decorator
@inline export function shiftNorth(b: u64): u64 {
  return b << 8;
}
// @ts-ignore: decorator
@inline export function shiftSouth(b: u64): u64 {
  return b >> 8;
}
// @ts-ignore: decorator
@inline export function shiftEast(b: u64): u64 {
  return (b & NOT_FILE_H) << 1;
}
// @ts-ignore: decorator
@inline export function shiftWest(b: u64): u64 {
  return (b & NOT_FILE_A) >> 1;
}
// @ts-ignore: decorator
@inline export function shiftNorthEast(b: u64): u64 {
  return (b & NOT_FILE_H) << 9;
}
// @ts-ignore: decorator
@inline export function shiftNorthWest(b: u64): u64 {
  return (b & NOT_FILE_A) << 7;
}
// @ts-ignore: decorator
@inline export function shiftSouthEast(b: u64): u64 {
  return (b & NOT_FILE_H) >> 7;
}
// @ts-ignore: decorator
@inline export function shiftSouthWest(b: u64): u64 {
  return (b & NOT_FILE_A) >> 9;
}

// @ts-ignore: decorator
@inline export function diagonalNeighbours(b: u64): u64 {
  const east = b & NOT_FILE_H;
  const west = b & NOT_FILE_A;
  return (east << 9) | (east >> 7) | (west << 7) | (west >> 9);
}
// @ts-ignore: decorator
@inline export function kingNeighbours(b: u64): u64 {
  const sideways = shiftEast(b) | shiftWest(b) | b;
  return (sideways << 8) | (sideways >> 8) | (sideways ^ b);
}
// @ts-ignore: decorator
@inline export function knightJumps(b: u64): u64 {
  const e1 = (b & NOT_FILE_H) << 1;
  const w1 = (b & NOT_FILE_A) >> 1;
  const e2 = (e1 & NOT_FILE_H) << 1;
  const w2 = (w1 & NOT_FILE_A) >> 1;
  const one = e1 | w1;
  const two = e2 | w2;
  return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}
// Forward one step for a colour.
// @ts-ignore: decorator
@inline export function pawnPush(color: Color, b: u64): u64 {
  return color == WHITE ? b << 8 : b >> 8;
}
// Squares attacked (diagonally forward) by a set of pawns of a colour.
// @ts-ignore: decorator
@inline export function pawnCaptures(color: Color, b: u64): u64 {
  const east = b & NOT_FILE_H;
  const west = b & NOT_FILE_A;
  return color == WHITE ? (east << 9) | (west << 7) : (east >> 7) | (west >> 9);
}

// Per-square step tables. Colour-dependent tables are indexed [color * 64 + sq].
export const KNIGHT_ATTACKS = new StaticArray<u64>(64);
export const KING_ATTACKS = new StaticArray<u64>(64);
export const MET_ATTACKS = new StaticArray<u64>(64);
export const KHON_ATTACKS = new StaticArray<u64>(128);
export const PAWN_ATTACKS = new StaticArray<u64>(128);
// Rook attacks on an empty board, and the squares strictly between / the whole line through two squares on a
// common rank or file (0 when they share none). Indexed [a * 64 + b].
export const ROOK_PSEUDO = new StaticArray<u64>(64);
export const BETWEEN = new StaticArray<u64>(64 * 64);
export const LINE = new StaticArray<u64>(64 * 64);

const ROOK_MAGICS: StaticArray<u64> = [
  0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480, 0x4200100420080200,
  0x8100020100080400, 0x0200040110886200, 0x0200008040220411, 0x0404800084400220, 0x0000401000402000,
  0x0086001081220440, 0x0408800800100280, 0x000a001201040820, 0x8848800200840080, 0x4001000100040200,
  0x0442000102105084, 0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
  0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104, 0x0000800080204009,
  0x2010004140002001, 0x9800200280100080, 0x1000100080080080, 0x0442000a00049020, 0x2100040080020080,
  0x0800120400900148, 0x0010040a00128541, 0x2800804000800030, 0x1010002000400041, 0x4000200011004100,
  0x0610008410800800, 0x0400802402800800, 0xc100020080800400, 0x0002000802000401, 0x0182085882000401,
  0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000a0020, 0x0004080004008080,
  0x0010040002008080, 0x2012004881020004, 0x8300842444820011, 0x0088403882010200, 0x0820400080210100,
  0x0110910040a00300, 0x0801100280080480, 0x0242009008200600, 0x1002000489500200, 0x0040800200010080,
  0x0091800041000080, 0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
  0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
];
const ROOK_MASKS = new StaticArray<u64>(64);
const ROOK_SHIFTS = new StaticArray<u32>(64);
const ROOK_OFFSETS = new StaticArray<i32>(64);
const ROOK_TABLE_SIZE: i32 = 102400;
const ROOK_TABLE = new StaticArray<u64>(ROOK_TABLE_SIZE);

// @ts-ignore: decorator
@inline export function knightAttacks(sq: Square): u64 {
  return unchecked(KNIGHT_ATTACKS[sq]);
}
// @ts-ignore: decorator
@inline export function kingAttacks(sq: Square): u64 {
  return unchecked(KING_ATTACKS[sq]);
}
// @ts-ignore: decorator
@inline export function metAttacks(sq: Square): u64 {
  return unchecked(MET_ATTACKS[sq]);
}
// @ts-ignore: decorator
@inline export function khonAttacks(color: Color, sq: Square): u64 {
  return unchecked(KHON_ATTACKS[(color << 6) | sq]);
}
// @ts-ignore: decorator
@inline export function pawnAttacks(color: Color, sq: Square): u64 {
  return unchecked(PAWN_ATTACKS[(color << 6) | sq]);
}
// @ts-ignore: decorator
@inline export function between(a: Square, b: Square): u64 {
  return unchecked(BETWEEN[(a << 6) | b]);
}
// @ts-ignore: decorator
@inline export function line(a: Square, b: Square): u64 {
  return unchecked(LINE[(a << 6) | b]);
}
// @ts-ignore: decorator
@inline export function rookPseudoAttacks(sq: Square): u64 {
  return unchecked(ROOK_PSEUDO[sq]);
}

// @ts-ignore: decorator
@inline export function rookAttacks(sq: Square, occupied: u64): u64 {
  const index = <i32>(
    (((occupied & unchecked(ROOK_MASKS[sq])) * unchecked(ROOK_MAGICS[sq])) >> unchecked(ROOK_SHIFTS[sq]))
  );
  return unchecked(ROOK_TABLE[unchecked(ROOK_OFFSETS[sq]) + index]);
}

function slowRookAttacks(sq: Square, occupied: u64): u64 {
  let attacks: u64 = 0;
  const rank = sq >> 3;
  const file = sq & 7;
  for (let dir = 0; dir < 4; dir++) {
    const dr = dir == 0 ? 1 : dir == 1 ? -1 : 0;
    const df = dir == 2 ? 1 : dir == 3 ? -1 : 0;
    let r = rank + dr;
    let f = file + df;
    while (r >= 0 && r < 8 && f >= 0 && f < 8) {
      const b = squareBB(r * 8 + f);
      attacks |= b;
      if (occupied & b) break;
      r += dr;
      f += df;
    }
  }
  return attacks;
}

function initRookMagics(): void {
  let offset = 0;
  for (let sq = 0; sq < 64; sq++) {
    const rank = sq >> 3;
    const file = sq & 7;
    // Edge squares never change the attack set, so they are left out of the mask.
    const edges: u64 =
      ((RANK_1 | (RANK_1 << 56)) & ~(RANK_1 << (<u64>(rank * 8)))) | ((FILE_A | FILE_H) & ~(FILE_A << (<u64>file)));
    const mask = slowRookAttacks(sq, 0) & ~edges;
    const bits = popcount(mask);
    ROOK_MASKS[sq] = mask;
    ROOK_SHIFTS[sq] = <u32>(64 - bits);
    ROOK_OFFSETS[sq] = offset;
    const magic = ROOK_MAGICS[sq];
    // Enumerate every subset of the mask (Carry-Rippler) and store its attacks.
    let subset: u64 = 0;
    do {
      const index = <i32>((subset * magic) >> <u64>(64 - bits));
      ROOK_TABLE[offset + index] = slowRookAttacks(sq, subset);
      subset = (subset - mask) & mask;
    } while (subset != 0);
    offset += 1 << bits;
  }
}

function initStepTables(): void {
  for (let sq = 0; sq < 64; sq++) {
    const b = squareBB(sq);
    KNIGHT_ATTACKS[sq] = knightJumps(b);
    KING_ATTACKS[sq] = kingNeighbours(b);
    MET_ATTACKS[sq] = diagonalNeighbours(b);
    KHON_ATTACKS[sq] = diagonalNeighbours(b) | shiftNorth(b);
    KHON_ATTACKS[64 + sq] = diagonalNeighbours(b) | shiftSouth(b);
    PAWN_ATTACKS[sq] = pawnCaptures(0, b);
    PAWN_ATTACKS[64 + sq] = pawnCaptures(1, b);
    ROOK_PSEUDO[sq] = slowRookAttacks(sq, 0);
  }
  for (let a = 0; a < 64; a++) {
    for (let b = 0; b < 64; b++) {
      if (a == b) continue;
      if (a >> 3 != b >> 3 && (a & 7) != (b & 7)) continue;
      const bbA = squareBB(a);
      const bbB = squareBB(b);
      BETWEEN[(a << 6) | b] = slowRookAttacks(a, bbB) & slowRookAttacks(b, bbA);
      LINE[(a << 6) | b] = (slowRookAttacks(a, 0) & slowRookAttacks(b, 0)) | bbA | bbB;
    }
  }
}

let initialized = false;
export function initBitboards(): void {
  if (initialized) return;
  initialized = true;
  initStepTables();
  initRookMagics();
}
