// Transposition table: buckets of four 16-byte entries (one 64-byte cache line) in raw linear memory that this
// module grows itself, so resizing never goes through the allocator and nothing is allocated while searching.
// Wasm memory never shrinks: a host that wants memory back after a smaller size starts a fresh instance (the
// facade's worker does).
//
// Entry layout (16 bytes): check u64 | data u64, data = move u16 | score i16 | eval i16 | depth u8 |
// generation << 2 | bound (u8), check = key xor data. The key stored and probed is the Zobrist key xor countKey():
// the counting state (plies left before the count expires) is part of the key, so a score found under one count is
// never reused under another.
//
// Threads (lazy SMP, the thread builds): every thread's instance reads and writes one table in shared memory
// without locks. Storing key xor data makes an entry torn by two threads writing at once fail its check (its two
// halves come from different writes), and a probe decodes the data word it checked, never a second read; a hash
// move is only ever used when it is in the legal move list. One thread alone finds exactly what it would without
// the xor (same hits, same node counts).
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
  if (base == 0) base = (<usize>memory.size()) << 16;
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

// Thread builds: a helper uses the table the main thread's instance allocated (at `at`, `mb` megabytes, in the
// shared memory), with its generation, without touching memory. Called while no thread searches.
export function share(at: usize, mb: i32, gen: i32): void {
  if (mb < 1) return;
  base = at;
  sizeMb = mb;
  capacityBytes = (<usize>mb) << 20;
  bucketMask = capacityBytes / BUCKET_BYTES - 1;
  generation = gen & 63;
}

export function tableBase(): usize {
  return base;
}

export function currentGeneration(): i32 {
  return generation;
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
    const data = load<u64>(e, 8);
    const info = <i32>(data >> 56);
    if ((load<u64>(e) ^ data) == k && info != 0) {
      hitMove = <u32>(data & 0xffff);
      hitScore = <i32>(<i16>(data >> 16));
      hitEval = <i32>(<i16>(data >> 32));
      hitDepth = <i32>((data >> 48) & 0xff) - 1;
      hitBound = info & 3;
      // refresh the age so a useful entry survives (only when it changes: fewer writes to a shared line)
      if (info >> 2 != generation) {
        const refreshed = (data & 0x00ffffffffffffff) | ((<u64>((generation << 2) | hitBound)) << 56);
        store<u64>(e, k ^ refreshed);
        store<u64>(e, refreshed, 8);
      }
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
    const data = load<u64>(e, 8);
    const info = <i32>(data >> 56);
    const same = (load<u64>(e) ^ data) == k;
    if (same || info == 0) {
      target = e;
      // keep the old move when the new result has none
      if (move == 0 && same) move = <u32>(data & 0xffff);
      // do not overwrite a deeper exact entry of the same position with a shallow bound
      if (
        same &&
        info != 0 &&
        bound != BOUND_EXACT &&
        depth + 3 < <i32>((data >> 48) & 0xff) - 1 &&
        info >> 2 == generation
      )
        return;
      break;
    }
    const age = (generation - (info >> 2)) & 63;
    const value = <i32>((data >> 48) & 0xff) - 8 * age;
    if (value < worst) {
      worst = value;
      target = e;
    }
  }
  let d = depth + 1;
  if (d < 0) d = 0;
  if (d > 255) d = 255;
  const data =
    <u64>(move & 0xffff) |
    ((<u64>(<u16>score)) << 16) |
    ((<u64>(<u16>evalScore)) << 32) |
    ((<u64>d) << 48) |
    ((<u64>((generation << 2) | bound)) << 56);
  store<u64>(target, k ^ data);
  store<u64>(target, data, 8);
}

// Permille of the first 1000 entries written in this search (UCI hashfull).
export function hashfull(): i32 {
  if (sizeMb == 0) return 0;
  let used = 0;
  for (let i: usize = 0; i < 1000; i++) {
    const info = <i32>load<u8>(base + i * ENTRY_BYTES, 15);
    if (info != 0 && info >> 2 == generation) used++;
  }
  return used;
}
