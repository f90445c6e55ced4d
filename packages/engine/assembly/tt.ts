// Transposition table: buckets of four 16-byte entries (one 64-byte cache line) in raw linear memory that this
// module grows itself, so resizing never goes through the allocator and nothing is allocated while searching.
// Wasm memory never shrinks: a host that wants memory back after a smaller size starts a fresh instance (the
// facade's worker does).
//
// Entry layout (16 bytes): key u64 | move u16 | score i16 | eval i16 | depth u8 | generation << 2 | bound (u8).
// The key stored and probed is the Zobrist key xor countKey(): the counting state (plies left before the count
// expires) is part of the key, so a score found under one count is never reused under another.
import { countLimit, countPly, key } from './position';

export const BOUND_NONE: i32 = 0;
export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

const ENTRY_BYTES: usize = 16;
const BUCKET_ENTRIES: usize = 4;
const BUCKET_BYTES: usize = ENTRY_BYTES * BUCKET_ENTRIES;
export const MAX_HASH_MB: i32 = 1024;

let base: usize = 0; // start of the table (fixed once chosen: everything the allocator hands out lies below)
let capacityBytes: usize = 0; // bytes of memory reserved for the table
let bucketMask: usize = 0; // bucket count - 1 (a power of two)
let sizeMb: i32 = 0;
let generation: i32 = 0; // 0..63, bumped per search; older entries are replaced first

// Keys per "plies left on the count" (0..255) so that the same placement under different counts never shares
// entries. No count running = 0.
const COUNT_KEYS = new StaticArray<u64>(257);
let prng: u64 = 0x9e3779b97f4a7c15;
function nextRandom(): u64 {
  prng ^= prng >> 12;
  prng ^= prng << 25;
  prng ^= prng >> 27;
  return prng * 0x2545f4914f6cdd1d;
}
for (let i = 0; i < 257; i++) COUNT_KEYS[i] = nextRandom();

// @ts-ignore: decorator
@inline export function countKey(): u64 {
  if (countLimit == 0) return 0;
  let left = countLimit - countPly;
  if (left < 0) left = 0;
  if (left > 255) left = 256;
  return unchecked(COUNT_KEYS[left]);
}

// @ts-ignore: decorator
@inline export function searchKey(): u64 {
  return key ^ countKey();
}

export function hashSizeMb(): i32 {
  return sizeMb;
}

// (Re)sizes the table to the largest power of two of megabytes <= mb that memory can hold; returns the MB in use.
export function resize(mb: i32): i32 {
  if (mb < 1) mb = 1;
  if (mb > MAX_HASH_MB) mb = MAX_HASH_MB;
  let pow: i32 = 1;
  while (pow * 2 <= mb) pow *= 2;
  if (base == 0) base = ((<usize>memory.size()) << 16);
  while (pow >= 1) {
    const bytes = (<usize>pow) << 20;
    if (bytes <= capacityBytes || growTo(base + bytes)) {
      // Only bytes an earlier table used need clearing: memory the module has just grown is zero already, and
      // left untouched it costs no resident memory until the search writes there (a fast resize).
      memory.fill(base, 0, bytes < capacityBytes ? bytes : capacityBytes);
      if (bytes > capacityBytes) capacityBytes = bytes;
      bucketMask = bytes / BUCKET_BYTES - 1;
      sizeMb = pow;
      generation = 0;
      return pow;
    }
    pow >>= 1;
  }
  // Not even 1 MB: keep whatever there was (possibly nothing).
  return sizeMb;
}

function growTo(end: usize): bool {
  const have = (<usize>memory.size()) << 16;
  if (end <= have) return true;
  const pages = <i32>((end - have + 0xffff) >> 16);
  return memory.grow(pages) >= 0;
}

export function ensureAllocated(): void {
  if (sizeMb == 0) resize(16);
}

export function clear(): void {
  if (sizeMb == 0) return;
  memory.fill(base, 0, (bucketMask + 1) * BUCKET_BYTES);
  generation = 0;
}

export function newSearch(): void {
  generation = (generation + 1) & 63;
}

// Probe results (globals: no allocation).
export let hitMove: u32 = 0;
export let hitScore: i32 = 0;
export let hitEval: i32 = 0;
export let hitDepth: i32 = 0;
export let hitBound: i32 = 0;

// @ts-ignore: decorator
@inline function bucketOf(k: u64): usize {
  return base + ((<usize>(k >> 32) ^ <usize>k) & bucketMask) * BUCKET_BYTES;
}

export function probe(k: u64): bool {
  if (sizeMb == 0) return false;
  const bucket = bucketOf(k);
  for (let i: usize = 0; i < BUCKET_ENTRIES; i++) {
    const e = bucket + i * ENTRY_BYTES;
    if (load<u64>(e) == k && load<u8>(e, 15) != 0) {
      hitMove = <u32>load<u16>(e, 8);
      hitScore = <i32>load<i16>(e, 10);
      hitEval = <i32>load<i16>(e, 12);
      hitDepth = <i32>load<u8>(e, 14) - 1;
      hitBound = <i32>load<u8>(e, 15) & 3;
      // refresh the age so a useful entry survives
      store<u8>(e, <u8>((generation << 2) | hitBound), 15);
      return true;
    }
  }
  return false;
}

// depth is stored + 1 so that qsearch entries (depth 0 or -1 → stored 0..) fit a u8; bound 0 never stored.
export function save(k: u64, move: u32, score: i32, evalScore: i32, depth: i32, bound: i32): void {
  if (sizeMb == 0) return;
  const bucket = bucketOf(k);
  let target: usize = bucket;
  let worst: i32 = 0x7fffffff;
  for (let i: usize = 0; i < BUCKET_ENTRIES; i++) {
    const e = bucket + i * ENTRY_BYTES;
    const info = <i32>load<u8>(e, 15);
    if (load<u64>(e) == k || info == 0) {
      target = e;
      // keep the old move when the new result has none
      if (move == 0 && load<u64>(e) == k) move = <u32>load<u16>(e, 8);
      // do not overwrite a deeper exact entry of the same position with a shallow bound
      if (load<u64>(e) == k && info != 0 && bound != BOUND_EXACT && depth + 3 < <i32>load<u8>(e, 14) - 1
        && (info >> 2) == generation) return;
      break;
    }
    const age = (generation - (info >> 2)) & 63;
    const value = <i32>load<u8>(e, 14) - 8 * age;
    if (value < worst) {
      worst = value;
      target = e;
    }
  }
  let d = depth + 1;
  if (d < 0) d = 0;
  if (d > 255) d = 255;
  store<u64>(target, k);
  store<u16>(target, <u16>move, 8);
  store<i16>(target, <i16>score, 10);
  store<i16>(target, <i16>evalScore, 12);
  store<u8>(target, <u8>d, 14);
  store<u8>(target, <u8>((generation << 2) | bound), 15);
}

// Permille of the first 1000 entries written in this search (UCI hashfull).
export function hashfull(): i32 {
  if (sizeMb == 0) return 0;
  let used = 0;
  for (let i: usize = 0; i < 1000; i++) {
    const info = <i32>load<u8>(base + i * ENTRY_BYTES, 15);
    if (info != 0 && (info >> 2) == generation) used++;
  }
  return used;
}
