// The ABI facts the TypeScript side shares with assembly/ (CONTRIBUTING.md, Contracts 1 and 4): the one owner of
// them here. test/abi-constants.test.ts compiles the AssemblyScript constants of the same names and compares, and
// scripts/build.mjs reads the thread layout from this module's build (dist/abi.js) for the compiler flags.

/** Bits of a move: from | to << MOVE_TO_SHIFT | flags << 12 (assembly/types.ts makeMove). */
export const MOVE_TO_SHIFT = 6;
/** The square fields of a move are 6 bits each (a1 = 0 … h8 = 63). */
export const MOVE_SQUARE_MASK = 63;
/** Move flag: promotion to met (automatic). */
export const MOVE_PROMOTION = (1 << 12) as 4096;

/** Bytes at inputBuffer() (FEN in, getFen out): assembly/types.ts INPUT_BUFFER_SIZE. */
export const INPUT_BUFFER_BYTES = 1024;
/** u32 moves at moveBuffer(): assembly/types.ts MAX_MOVES. */
export const MOVE_BUFFER_LENGTH = 256;

/** setFen error codes (0 = ok): assembly/types.ts FEN_ERR_*. */
export const FEN_ERRORS: Readonly<Record<number, string>> = Object.freeze({
  1: 'ERR_FEN_LENGTH',
  2: 'ERR_FEN_BOARD',
  3: 'ERR_FEN_TURN',
  4: 'ERR_FEN_CASTLING',
  5: 'ERR_FEN_COUNTING',
  6: 'ERR_FEN_CLOCK',
  7: 'ERR_FEN_TRAILING',
  8: 'ERR_KINGS',
  9: 'ERR_PAWN_ON_PROMOTION_RANK',
  10: 'ERR_TOO_MANY_PIECES',
  11: 'ERR_OPPONENT_IN_CHECK',
});

/** loadNetwork's error codes → stable names: assembly/nnue/network.ts NETWORK_ERR_*. */
export const NETWORK_ERRORS: Readonly<Record<number, string>> = Object.freeze({
  1: 'ERR_NETWORK_LENGTH',
  2: 'ERR_NETWORK_FORMAT',
  3: 'ERR_NETWORK_SHAPE',
  4: 'ERR_NETWORK_CHECKSUM',
});

/** The tablebase module's roles (assembly/types.ts): a promoted pawn is a met. */
export const TABLEBASE_ROLES = Object.freeze({ met: 2, khon: 3, knight: 4, rook: 5 } as const);
/** tbGenerate's, tbLoad's error codes (tbProbe, tbExport return -1 - code): assembly/tablebase/material.ts TB_ERR_*. */
export const TABLEBASE_ERRORS: Readonly<Record<number, string>> = Object.freeze({
  1: 'ERR_TABLEBASE_MATERIAL',
  2: 'ERR_TABLEBASE_SQUARES',
  3: 'ERR_TABLEBASE_NOT_GENERATED',
  4: 'ERR_TABLEBASE_MEMORY',
  5: 'ERR_TABLEBASE_TOO_LONG',
  6: 'ERR_TABLEBASE_BYTES',
});
/** Why tbLoad refused a table's bytes (tbBytesProblem): assembly/tablebase/material.ts TB_BYTES_*. */
export const TABLEBASE_BYTES_PROBLEMS: Readonly<Record<number, string>> = Object.freeze({
  1: 'length',
  2: 'magic',
  3: 'version',
  4: 'material',
  5: 'checksum',
});
/** A table file (assembly/tablebase/material.ts): its header's bytes, magic ("MKTB", little-endian u32), version. */
export const TABLEBASE_FILE = Object.freeze({ headerBytes: 32, magic: 0x42544b4d, version: 1 } as const);

/** The largest transposition table setHashSize takes, in MB: assembly/tt.ts MAX_HASH_MB. */
export const MAX_HASH_MB = 1024;
/** Bytes of a wasm memory page. */
export const WASM_PAGE_BYTES = 65536;
const PAGES_PER_MB = (1024 * 1024) / WASM_PAGE_BYTES;

// Threads (lazy SMP): AssemblyScript keeps all state in module statics, so instances cannot share one memory at the
// same addresses. Thread k gets its own release build whose statics and heap start at k * THREAD_REGION_PAGES pages
// of one shared, imported memory; the transposition table lies above every region in use and is the only thing the
// threads share. The main thread (0) allocates it; helpers are told where it is (shareHashTable).

/** Most threads a search can use (one build each). */
export const MAX_THREADS = 8;
/** Pages of shared memory each thread's instance owns: 8 MiB, one instance needs about 5 MiB (build.mjs checks). */
export const THREAD_REGION_PAGES = 128;
/** The thread builds' maximum memory: every region and the largest table. */
export const THREAD_MAXIMUM_PAGES = MAX_THREADS * THREAD_REGION_PAGES + MAX_HASH_MB * PAGES_PER_MB;

/** Pages a table of `mb` megabytes takes. */
export function hashPages(mb: number): number {
  return mb * PAGES_PER_MB;
}
