// Retrograde analysis of K+X v K and K+X+Y v K (issue 18, first layer): for every position, both sides to move, the
// exact number of plies to mate under best play (the strong side mates as fast as it can, the bare king resists as
// long as it can), or no mate at all. Two bytes a position: strong to move (S) and bare king to move (W).
//   S byte: 0 = no forced mate (a draw, or no such position), else plies to mate + 1.
//   W byte: 0 = no such position, DRAW = no forced mate, UNRESOLVED | n = not decided yet with n king moves that
//           do not capture still to be proved lost (only while generating), else plies to mate + 1.
// Level by level: the W positions mated in d plies give, by unmoving a strong man, the S positions that mate in
// d + 1; the S positions that mate in d give, by unmoving the bare king, W positions whose counter drops by one, and
// a W position whose every move is proved lost is mated in 1 + the longest of them (a capture's value comes from
// the smaller table, read at once). The symmetries act without fixed points (indexing.ts), so each move of a
// position is counted once in both directions.
import { KHON, KNIGHT, MET, ROOK, WHITE, BLACK } from '../types';
import { kingAttacks, khonAttacks, knightAttacks, metAttacks, rookAttacks } from '../bitboard';
import { KING_SQUARE_OF, positionIndex } from './indexing';
import {
  NO_PIECE_ROLE,
  TB_ERR_MEMORY,
  TB_ERR_TOO_LONG,
  TB_HEADER_BYTES,
  TB_OK,
  TABLE_SLOTS,
  deadRoles,
  hasKhon,
} from './material';

export const DRAW: i32 = 0xff;
const UNRESOLVED: i32 = 0xf0;
const MAX_STORED: i32 = 0xef; // plies + 1 must stay below the counters

// A table is one block: TB_HEADER_BYTES for its file header (file.ts), then the S bytes, then the W bytes, so that
// its file is the block itself, written or read in place.
export const TABLE_BLOCK = new StaticArray<usize>(TABLE_SLOTS);
export const S_TABLE = new StaticArray<usize>(TABLE_SLOTS);
export const W_TABLE = new StaticArray<usize>(TABLE_SLOTS);
export const TABLE_SIZE = new StaticArray<i32>(TABLE_SLOTS);
export const LONGEST = new StaticArray<i32>(TABLE_SLOTS); // longest mate in plies (-1: no win at all)

// The table being generated.
let roleA: i32 = 0; // first piece's role
let roleB: i32 = 0; // second piece's role, NO_PIECE_ROLE for one piece
let khon = false;
let same = false;
let S: usize = 0;
let W: usize = 0;
let highest: i32 = 0;

// @ts-ignore: decorator
@inline function bit(sq: i32): u64 {
  return (<u64>1) << (<u64>sq);
}

/** Squares a strong piece of this role attacks (White's khon: it moves up). */
// @ts-ignore: decorator
@inline function attacks(role: i32, sq: i32, occupied: u64): u64 {
  if (role == ROOK) return rookAttacks(sq, occupied);
  if (role == KNIGHT) return knightAttacks(sq);
  if (role == KHON) return khonAttacks(WHITE, sq);
  return metAttacks(sq);
}

/** Squares a strong piece of this role can have come from (the khon's move reversed is Black's khon pattern). */
// @ts-ignore: decorator
@inline function unattacks(role: i32, sq: i32, occupied: u64): u64 {
  if (role == KHON) return khonAttacks(BLACK, sq);
  return attacks(role, sq, occupied);
}

/** Everything the strong side attacks; second < 0 for none. */
// @ts-ignore: decorator
@inline function strongAttacks(king: i32, first: i32, second: i32, occupied: u64, rA: i32, rB: i32): u64 {
  let a = kingAttacks(king) | attacks(rA, first, occupied);
  if (second >= 0) a |= attacks(rB, second, occupied);
  return a;
}

/** S value (plies + 1, 0 = no win) of a smaller table's position with the strong side to move. */
export function probeStrong(key: i32, king: i32, bare: i32, first: i32, second: i32): i32 {
  const k = hasKhon(key);
  const sameRoles = key >> 3 == (key & 7);
  return load<u8>(unchecked(S_TABLE[key]) + <usize>positionIndex(king, bare, first, second, k, sameRoles));
}

/** W value (raw byte) of a position with the bare king to move. */
export function probeWeak(key: i32, king: i32, bare: i32, first: i32, second: i32): i32 {
  const k = hasKhon(key);
  const sameRoles = key >> 3 == (key & 7);
  return load<u8>(unchecked(W_TABLE[key]) + <usize>positionIndex(king, bare, first, second, k, sameRoles));
}

/**
 * The bare king's captures from W position (king, bare, first, second): DRAW when one of them escapes (a dead
 * position, or a draw in the smaller table), else the largest S value (plies + 1) among them, 0 for none.
 */
function captureValue(king: i32, bare: i32, first: i32, second: i32, targets: u64): i32 {
  let best = 0;
  while (targets) {
    const t = <i32>ctz(targets);
    targets &= targets - 1;
    if (second < 0) return DRAW; // K v K
    const left = t == first ? second : first;
    const leftRole = t == first ? roleB : roleA;
    if (deadRoles(leftRole, NO_PIECE_ROLE)) return DRAW;
    const v = probeStrong(leftRole << 3, king, t, left, -1);
    if (v == 0) return DRAW;
    if (v > best) best = v;
  }
  return best;
}

function decode(i: i32, two: bool): StaticArray<i32> {
  const out = DECODED;
  if (two) {
    unchecked((out[3] = i & 63));
    i >>= 6;
  } else unchecked((out[3] = -1));
  unchecked((out[2] = i & 63));
  unchecked((out[1] = (i >> 6) & 63));
  unchecked((out[0] = KING_SQUARE_OF[i >> 12]));
  return out;
}
const DECODED = new StaticArray<i32>(4);

/** 0 ok, else an error code. The smaller tables must be there already (tablebase/index.ts sees to it). */
export function generateTable(key: i32): i32 {
  roleA = key >> 3;
  roleB = key & 7;
  khon = hasKhon(key);
  same = roleA == roleB;
  const two = roleB != NO_PIECE_ROLE;
  const kings = khon ? 32 : 16;
  const size = kings * 64 * 64 * (two ? 64 : 1);
  const block = allocBlock(TB_HEADER_BYTES + 2 * <usize>size);
  if (block == 0) return TB_ERR_MEMORY;
  S = block + TB_HEADER_BYTES;
  W = S + <usize>size;
  memory.fill(block, 0, TB_HEADER_BYTES + 2 * <usize>size);
  highest = -1;
  const metsOnly = roleA == MET && roleB == MET;

  // Initial pass: every legal W position gets its mate, its draw or its counter.
  for (let i = 0; i < size; i++) {
    const d = decode(i, two);
    const king = unchecked(d[0]);
    const bare = unchecked(d[1]);
    const first = unchecked(d[2]);
    const second = unchecked(d[3]);
    if (bare == king || first == king || first == bare) continue;
    if (two && (second == king || second == bare || second == first || (same && first > second))) continue;
    if (kingAttacks(king) & bit(bare)) continue;
    if (metsOnly && ((first ^ (first >> 3)) & 1) == ((second ^ (second >> 3)) & 1)) {
      store<u8>(W + <usize>i, <u8>DRAW); // same-coloured mets: a dead position
      continue;
    }
    let men = bit(first);
    if (two) men |= bit(second);
    const occupied = men | bit(king) | bit(bare);
    const attacked = strongAttacks(king, first, second, occupied & ~bit(bare), roleA, roleB);
    const moves = kingAttacks(bare) & ~attacked & ~bit(king);
    const captures = moves & men;
    const quiet = moves & ~men;
    let value: i32;
    if (moves == 0) value = (attacked & bit(bare)) != 0 ? 1 : DRAW;
    else {
      const c = captureValue(king, bare, first, second, captures);
      if (c == DRAW) value = DRAW;
      else if (quiet == 0) value = c + 1;
      else value = UNRESOLVED | <i32>popcnt(quiet);
    }
    if (value != DRAW && value < UNRESOLVED) {
      if (value > MAX_STORED) {
        freeBlock(block);
        return TB_ERR_TOO_LONG;
      }
      if (value - 1 > highest) highest = value - 1;
    }
    store<u8>(W + <usize>i, <u8>value);
  }

  for (let level = 0; level <= highest; level++) {
    const want = <u8>(level + 1);
    if ((level & 1) == 0) {
      // W mated in `level`: every strong unmove is an S position mating in level + 1.
      for (let i = nextMatch(W, 0, size, want); i < size; i = nextMatch(W, i + 1, size, want)) {
        const d = decode(i, two);
        const king = unchecked(d[0]);
        const bare = unchecked(d[1]);
        const first = unchecked(d[2]);
        const second = unchecked(d[3]);
        let occupied = bit(king) | bit(bare) | bit(first);
        if (two) occupied |= bit(second);
        unmoveStrong(kingAttacks(king) & ~occupied & ~kingAttacks(bare), 0, king, bare, first, second, occupied, level);
        unmoveStrong(unattacks(roleA, first, occupied) & ~occupied, 1, king, bare, first, second, occupied, level);
        if (two)
          unmoveStrong(unattacks(roleB, second, occupied) & ~occupied, 2, king, bare, first, second, occupied, level);
      }
    } else {
      // S mating in `level`: every bare-king unmove is a W position with one more move proved lost.
      for (let i = nextMatch(S, 0, size, want); i < size; i = nextMatch(S, i + 1, size, want)) {
        const d = decode(i, two);
        const king = unchecked(d[0]);
        const bare = unchecked(d[1]);
        const first = unchecked(d[2]);
        const second = unchecked(d[3]);
        let occupied = bit(king) | bit(bare) | bit(first);
        if (two) occupied |= bit(second);
        let from = kingAttacks(bare) & ~occupied & ~kingAttacks(king);
        while (from) {
          const f = <i32>ctz(from);
          from &= from - 1;
          const j = positionIndex(king, f, first, second, khon, same);
          const w = <i32>load<u8>(W + <usize>j);
          if (w <= UNRESOLVED || w == DRAW) continue;
          if (w > UNRESOLVED + 1) {
            store<u8>(W + <usize>j, <u8>(w - 1));
            continue;
          }
          // The last quiet move is lost: mated in 1 + the longest of level and the captures.
          let plies = level + 1;
          const dj = decodeAt(j, two);
          let men = bit(unchecked(dj[2]));
          if (two) men |= bit(unchecked(dj[3]));
          const occ = men | bit(unchecked(dj[0]));
          const attacked = strongAttacks(unchecked(dj[0]), unchecked(dj[2]), unchecked(dj[3]), occ, roleA, roleB);
          const captures = kingAttacks(unchecked(dj[1])) & men & ~attacked;
          if (captures) {
            const c = captureValue(unchecked(dj[0]), unchecked(dj[1]), unchecked(dj[2]), unchecked(dj[3]), captures);
            if (c > plies) plies = c; // c is plies + 1 of the child, so the W value c + 1 means c plies + 1
          }
          if (plies + 1 > MAX_STORED) {
            freeBlock(block);
            return TB_ERR_TOO_LONG;
          }
          store<u8>(W + <usize>j, <u8>(plies + 1));
          if (plies > highest) highest = plies;
        }
      }
    }
  }
  // What is still unresolved is a draw.
  for (let i = 0; i < size; i++) {
    const w = <i32>load<u8>(W + <usize>i);
    if (w >= UNRESOLVED && w != DRAW) store<u8>(W + <usize>i, <u8>DRAW);
  }
  installTable(key, block, size, highest);
  return TB_OK;
}

/** Makes a block (header, S, W bytes of `size` each) the table of `key`, its longest mate `longest` plies. */
export function installTable(key: i32, block: usize, size: i32, longest: i32): void {
  unchecked((TABLE_BLOCK[key] = block));
  unchecked((S_TABLE[key] = block + TB_HEADER_BYTES));
  unchecked((W_TABLE[key] = block + TB_HEADER_BYTES + <usize>size));
  unchecked((TABLE_SIZE[key] = size));
  unchecked((LONGEST[key] = longest));
}

// Where the runtime's heap ends, as far as this module knows (0: not known yet). Only allocBlock and freeBlock
// allocate after start-up, so the stub runtime's offset is theirs to follow.
let heapEnd: usize = 0;

/**
 * `bytes` of fresh memory, 16-byte aligned, or 0 when memory cannot grow: the stub runtime would trap there, so the
 * pages are asked for first (only as many as the heap lacks), which makes running out a status code.
 */
export function allocBlock(bytes: usize): usize {
  const top = (<usize>memory.size()) << 16;
  const need = (heapEnd == 0 ? top : heapEnd) + bytes + 64; // block header and alignment
  if (need > top) {
    if (memory.grow(<i32>((need - top + 0xffff) >> 16)) < 0) return 0;
  }
  const block = heap.alloc(bytes);
  heapEnd = block + ((bytes + 4 + 15) & ~15) - 4; // the stub's offset after it (rt/stub.ts computeSize)
  lastBlock = block;
  return block;
}
let lastBlock: usize = 0;

/** Gives a block back when it is the last allocBlock returned (the stub runtime reclaims only that one). */
export function freeBlock(block: usize): void {
  if (block != lastBlock) return;
  heap.free(block);
  heapEnd = block - 4; // the stub's block header
  lastBlock = 0;
}

const DECODED_AT = new StaticArray<i32>(4);
function decodeAt(i: i32, two: bool): StaticArray<i32> {
  const out = DECODED_AT;
  if (two) {
    unchecked((out[3] = i & 63));
    i >>= 6;
  } else unchecked((out[3] = -1));
  unchecked((out[2] = i & 63));
  unchecked((out[1] = (i >> 6) & 63));
  unchecked((out[0] = KING_SQUARE_OF[i >> 12]));
  return out;
}

/**
 * One strong man's unmoves from the W position (king, bare, first, second) mated in `level`: `mover` 0 the king, 1
 * the first piece, 2 the second, `from` the squares it can have come from. Each that does not leave the bare king in
 * check is an S position mating in level + 1. Inlined with `mover` a constant, so each call is the loop it replaces.
 */
// @ts-ignore: decorator
@inline function unmoveStrong(
  from: u64,
  mover: i32,
  king: i32,
  bare: i32,
  first: i32,
  second: i32,
  occupied: u64,
  level: i32,
): void {
  const rest = occupied & ~bit(mover == 0 ? king : mover == 1 ? first : second);
  while (from) {
    const f = <i32>ctz(from);
    from &= from - 1;
    const k = mover == 0 ? f : king;
    const a = mover == 1 ? f : first;
    const b = mover == 2 ? f : second;
    if (strongAttacks(k, a, b, rest | bit(f), roleA, roleB) & bit(bare)) continue;
    markStrong(positionIndex(k, bare, a, b, khon, same), level + 1);
  }
}

// @ts-ignore: decorator
@inline function markStrong(j: i32, plies: i32): void {
  if (load<u8>(S + <usize>j) == 0) {
    store<u8>(S + <usize>j, <u8>(plies + 1));
    if (plies > highest) highest = plies;
  }
}

/** The first index ≥ from whose byte is `want` (size when none): 16 bytes at a time with SIMD. */
function nextMatch(table: usize, from: i32, size: i32, want: u8): i32 {
  let i = from;
  while (i < size && (i & 15) != 0) {
    if (load<u8>(table + <usize>i) == want) return i;
    i++;
  }
  const pattern = i8x16.splat(<i8>want);
  while (i < size) {
    if (v128.any_true(i8x16.eq(v128.load(table + <usize>i), pattern))) break;
    i += 16;
  }
  while (i < size) {
    if (load<u8>(table + <usize>i) == want) return i;
    i++;
  }
  return size;
}
