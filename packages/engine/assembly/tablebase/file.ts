// A table's bytes (issue 18): export a generated table as a file, load a file back as a table, so that tables can be
// kept on disk instead of generated again. The file is the table's block itself (generate.ts): a header, then the S
// and W bytes, so exporting writes the header in place and loading adopts the buffer the host copied the file into.
// Bad bytes are a status code, never a trap: every field is checked before a byte of the table is trusted.
import { LONGEST, TABLE_BLOCK, TABLE_SIZE, allocBlock, freeBlock, installTable } from './generate';
import {
  NO_PIECE_ROLE,
  TB_BYTES_CHECKSUM,
  TB_BYTES_LENGTH,
  TB_BYTES_MAGIC,
  TB_BYTES_MATERIAL,
  TB_BYTES_VERSION,
  TB_ERR_BYTES,
  TB_ERR_MATERIAL,
  TB_ERR_MEMORY,
  TB_ERR_NOT_GENERATED,
  TB_FORMAT_VERSION,
  TB_HEADER_BYTES,
  TB_MAGIC,
  TB_OK,
  deadRoles,
  hasKhon,
  isTableRole,
  tableKey,
} from './material';

const MAX_STORED_PLIES: i32 = 0xee; // generate.ts MAX_STORED - 1

/** Entries per side of a table with this key (generate.ts: kings × 64 × 64 (× 64 with a second piece)). */
function entriesOf(key: i32): i32 {
  return (hasKhon(key) ? 32 : 16) * 64 * 64 * ((key & 7) != NO_PIECE_ROLE ? 64 : 1);
}

/** A key that has a table: roles the tables hold, the larger first, not dead material. */
function isTableKey(key: i32): bool {
  const a = key >> 3;
  const b = key & 7;
  if (<u32>key > 63 || !isTableRole(a) || (b != NO_PIECE_ROLE && !isTableRole(b)) || b > a) return false;
  return !deadRoles(a, b);
}

/** 64-bit FNV-1a over the 8-byte words of [from, to) (both multiples of 8 from an aligned block), from `hash`. */
function fnv(hash: u64, from: usize, to: usize): u64 {
  for (let p = from; p < to; p += 8) hash = (hash ^ load<u64>(p)) * 0x100000001b3;
  return hash;
}

/** The checksum of a table file at `block` of `length` bytes: every byte but the checksum's own eight. */
function checksum(block: usize, length: usize): u64 {
  return fnv(fnv(0xcbf29ce484222325, block, block + 24), block + TB_HEADER_BYTES, block + length);
}

/** The file's length of a table with this key. */
function fileLength(key: i32): i32 {
  return <i32>TB_HEADER_BYTES + 2 * entriesOf(key);
}

/**
 * Writes the file header of K+first(+second) v K into its block: the file's length (> 0), or -1 - code: bad or dead
 * material (-2, TB_ERR_MATERIAL), not generated (-4). The bytes are then at tbTablePointer(first, second).
 */
export function tbExport(first: i32, second: i32): i32 {
  if (!isTableRole(first) || (second != NO_PIECE_ROLE && !isTableRole(second))) return -1 - TB_ERR_MATERIAL;
  const key = tableKey(first, second);
  if (deadRoles(key >> 3, key & 7)) return -1 - TB_ERR_MATERIAL; // always a draw: there is no table
  const block = unchecked(TABLE_BLOCK[key]);
  if (block == 0) return -1 - TB_ERR_NOT_GENERATED;
  const length = fileLength(key);
  store<u32>(block, TB_MAGIC);
  store<u32>(block, TB_FORMAT_VERSION, 4);
  store<u32>(block, <u32>key, 8);
  store<u32>(block, <u32>unchecked(TABLE_SIZE[key]), 12);
  store<i32>(block, unchecked(LONGEST[key]), 16);
  store<u32>(block, 0, 20);
  store<u64>(block, checksum(block, <usize>length), 24);
  return length;
}

/** Where the bytes of a generated (or loaded) table start, 0 when there is none. */
export function tbTablePointer(first: i32, second: i32): usize {
  if (!isTableRole(first) || (second != NO_PIECE_ROLE && !isTableRole(second))) return 0;
  return unchecked(TABLE_BLOCK[tableKey(first, second)]);
}

let loadBlock: usize = 0;
let loadLength: i32 = 0;
let problem: i32 = 0;

/** Why the last tbLoadBuffer or tbLoad gave TB_ERR_BYTES (TB_BYTES_*), 0 when it did not. */
export function tbBytesProblem(): i32 {
  return problem;
}

/**
 * Makes room for a file of `length` bytes, to be copied to tbLoadPointer() and then given to tbLoad: 0 ok, or
 * TB_ERR_BYTES (no table has this length) or TB_ERR_MEMORY. A buffer not yet given to tbLoad is given back first.
 */
export function tbLoadBuffer(length: i32): i32 {
  problem = 0;
  if (loadBlock != 0) {
    freeBlock(loadBlock);
    loadBlock = 0;
  }
  let fits = false;
  for (let key = 0; key < 64; key++) if (isTableKey(key) && fileLength(key) == length) fits = true;
  if (!fits) {
    problem = TB_BYTES_LENGTH;
    return TB_ERR_BYTES;
  }
  const block = allocBlock(<usize>length);
  if (block == 0) return TB_ERR_MEMORY;
  loadBlock = block;
  loadLength = length;
  return TB_OK;
}

/** Where tbLoadBuffer's room starts (0: none). */
export function tbLoadPointer(): usize {
  return loadBlock;
}

/**
 * Checks the file copied to tbLoadPointer() and makes it the table of its material: 0 ok, TB_ERR_BYTES
 * (tbBytesProblem says why), TB_ERR_MATERIAL (bad expected roles), TB_ERR_NOT_GENERATED (no tbLoadBuffer before).
 * expectFirst = 0: any material; else the file must hold K+expectFirst(+expectSecond) v K. A table already there
 * is kept (the file's bytes then only checked). Either way the buffer is used up.
 */
export function tbLoad(expectFirst: i32, expectSecond: i32): i32 {
  problem = 0;
  const block = loadBlock;
  if (block == 0) return TB_ERR_NOT_GENERATED;
  const length = loadLength;
  loadBlock = 0;
  let expected = -1;
  if (expectFirst != NO_PIECE_ROLE) {
    if (!isTableRole(expectFirst) || (expectSecond != NO_PIECE_ROLE && !isTableRole(expectSecond))) {
      freeBlock(block);
      return TB_ERR_MATERIAL;
    }
    expected = tableKey(expectFirst, expectSecond);
  }
  const key = <i32>load<u32>(block, 8);
  const longest = load<i32>(block, 16);
  if (load<u32>(block) != TB_MAGIC) problem = TB_BYTES_MAGIC;
  else if (load<u32>(block, 4) != TB_FORMAT_VERSION) problem = TB_BYTES_VERSION;
  else if (!isTableKey(key) || (expected >= 0 && key != expected)) problem = TB_BYTES_MATERIAL;
  else if (<u32>load<u32>(block, 12) != <u32>entriesOf(key) || fileLength(key) != length) problem = TB_BYTES_LENGTH;
  else if (longest < -1 || longest > MAX_STORED_PLIES || load<u32>(block, 20) != 0) problem = TB_BYTES_CHECKSUM;
  else if (load<u64>(block, 24) != checksum(block, <usize>length)) problem = TB_BYTES_CHECKSUM;
  if (problem != 0) {
    freeBlock(block);
    return TB_ERR_BYTES;
  }
  if (unchecked(TABLE_BLOCK[key]) != 0) {
    freeBlock(block);
    return TB_OK;
  }
  installTable(key, block, entriesOf(key), longest);
  return TB_OK;
}
