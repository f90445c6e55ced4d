// The tablebase module (issue 18, first layer): K+X v K and K+X+Y v K by retrograde analysis, a wasm build of its
// own (assembly/tablebase/, its own memory, so tables never meet the engine's hash table). Loaded on demand: the
// bytes are a data module of their own, fetched by the first instantiateTablebase(). A generated table can be
// exported as bytes (a file: header, then its two byte arrays) and loaded into another instance (exportTablebase,
// loadTablebase), so that tables can be kept on disk instead of generated again.
import { TABLEBASE_BYTES_PROBLEMS, TABLEBASE_ERRORS, TABLEBASE_FILE } from './abi.js';
import { decodeBase64 } from './base64.js';

/** The exports of build/tablebase.wasm. Squares a1 = 0 … h8 = 63; roles TABLEBASE_ROLES; the strong side White. */
export interface TablebaseExports {
  memory: WebAssembly.Memory;
  /** Generates K+first(+second) v K and the smaller tables it needs (second 0 = none): 0 ok, else TABLEBASE_ERRORS. */
  tbGenerate(first: number, second: number): number;
  /** 1 the table is there (or none is needed: K+N v K, K+M v K), 0 not generated, -1 bad material. */
  tbReady(first: number, second: number): number;
  /**
   * Plies to mate under best play (≥ 0); -1 no forced mate (a draw); -1 - code for bad input (TABLEBASE_ERRORS).
   * The strong side is White (mirror the ranks of a position where Black is strong); second = -1 without a second
   * piece; strongToMove 1 or 0.
   */
  tbProbe(
    firstRole: number,
    secondRole: number,
    king: number,
    bareKing: number,
    first: number,
    second: number,
    strongToMove: number,
  ): number;
  /** The longest mate of a generated table in plies (-1: no win at all, or not generated). */
  tbLongest(first: number, second: number): number;
  /** Positions per side to move a generated table holds (0 when none). */
  tbEntries(first: number, second: number): number;
  /** Bytes of memory the module holds now (it only grows). */
  tbMemoryBytes(): number;
  /** Writes a generated table's file header in place: the file's length, or -1 - code (exportTablebase wraps it). */
  tbExport(first: number, second: number): number;
  /** Where a generated or loaded table's bytes start (0: none). */
  tbTablePointer(first: number, second: number): number;
  /** Room for a file of `length` bytes at tbLoadPointer(): 0 ok, else a code (loadTablebase wraps it). */
  tbLoadBuffer(length: number): number;
  /** Where tbLoadBuffer's room starts (0: none). */
  tbLoadPointer(): number;
  /** Checks the copied file and makes it a table (expectFirst 0: any material): 0 ok, else a code. */
  tbLoad(expectFirst: number, expectSecond: number): number;
  /** Why the last tbLoadBuffer or tbLoad gave ERR_TABLEBASE_BYTES: a key of TABLEBASE_BYTES_PROBLEMS, 0 none. */
  tbBytesProblem(): number;
}

/** The codes of TABLEBASE_ERRORS. */
export type TablebaseErrorCode =
  | 'ERR_TABLEBASE_MATERIAL'
  | 'ERR_TABLEBASE_SQUARES'
  | 'ERR_TABLEBASE_NOT_GENERATED'
  | 'ERR_TABLEBASE_MEMORY'
  | 'ERR_TABLEBASE_TOO_LONG'
  | 'ERR_TABLEBASE_BYTES';

/** Why bytes are not a table (with ERR_TABLEBASE_BYTES): the values of TABLEBASE_BYTES_PROBLEMS. */
export type TablebaseBytesProblem = 'length' | 'magic' | 'version' | 'material' | 'checksum';

/**
 * A failure of exportTablebase or loadTablebase: a stable code, `problem` with ERR_TABLEBASE_BYTES, a message (for
 * bad bytes, what is wrong with them: "the bytes do not match their checksum (a damaged file)").
 */
export interface TablebaseFailure {
  code: TablebaseErrorCode;
  problem?: TablebaseBytesProblem;
  message: string;
}

/** What exportTablebase and loadTablebase return: never a throw for bad input. */
export type TablebaseResult<T> = { ok: true; value: T } | { ok: false; error: TablebaseFailure };

/** A table loaded from bytes: its roles (TABLEBASE_ROLES, the larger first; second 0 for none) and size. */
export interface TablebaseTableInfo {
  first: number;
  second: number;
  /** Positions per side to move. */
  entries: number;
  /** The longest mate in plies (-1: none). */
  longest: number;
}

const PROBLEM_WORDS: Readonly<Record<TablebaseBytesProblem, string>> = {
  length: 'not the length of a table file, or not the one its header says',
  magic: 'not a table file',
  version: 'a table file of another format version',
  material: 'not a table of the material asked for (or of any material the tables hold)',
  checksum: 'the bytes do not match their checksum (a damaged file)',
};

function failure(code: number, what: string, tb?: TablebaseExports): { ok: false; error: TablebaseFailure } {
  const name = (TABLEBASE_ERRORS[code] ?? 'ERR_TABLEBASE_MEMORY') as TablebaseErrorCode;
  if (name !== 'ERR_TABLEBASE_BYTES' || !tb) return { ok: false, error: { code: name, message: what } };
  const problem = (TABLEBASE_BYTES_PROBLEMS[tb.tbBytesProblem()] ?? 'length') as TablebaseBytesProblem;
  return { ok: false, error: { code: name, problem, message: PROBLEM_WORDS[problem] } };
}

/**
 * The bytes of K+first(+second) v K, generated (or loaded) in `tb` already: a copy, which loadTablebase takes in any
 * instance. ERR_TABLEBASE_MATERIAL for roles with no table (K+N v K and K+M v K are always draws: none is made),
 * ERR_TABLEBASE_NOT_GENERATED when it is not there yet.
 */
export function exportTablebase(tb: TablebaseExports, first: number, second: number): TablebaseResult<Uint8Array> {
  const length = tb.tbExport(first, second);
  if (length < 0) return failure(-1 - length, 'no table to export');
  const pointer = tb.tbTablePointer(first, second) >>> 0;
  return { ok: true, value: new Uint8Array(tb.memory.buffer, pointer, length).slice() };
}

/**
 * Loads a table from the bytes exportTablebase gave (from any instance of the same format version): every field
 * and a checksum are checked first; bad bytes are ERR_TABLEBASE_BYTES with the `problem`. With `expected`, the
 * bytes must hold that material (roles in either order). A table already in `tb` is kept (the bytes only checked).
 */
export function loadTablebase(
  tb: TablebaseExports,
  bytes: Uint8Array,
  expected?: { first: number; second: number },
): TablebaseResult<TablebaseTableInfo> {
  if (!(bytes instanceof Uint8Array)) {
    return { ok: false, error: { code: 'ERR_TABLEBASE_BYTES', problem: 'length', message: 'not a Uint8Array' } };
  }
  const room = tb.tbLoadBuffer(bytes.length);
  if (room !== 0) return failure(room, `no room for ${bytes.length} bytes`, tb);
  new Uint8Array(tb.memory.buffer, tb.tbLoadPointer() >>> 0, bytes.length).set(bytes);
  const loaded = tb.tbLoad(expected?.first ?? 0, expected?.second ?? 0);
  if (loaded !== 0) return failure(loaded, 'bad expected roles', tb);
  const header = new DataView(bytes.buffer, bytes.byteOffset, TABLEBASE_FILE.headerBytes);
  const key = header.getUint32(8, true);
  return {
    ok: true,
    value: {
      first: key >> 3,
      second: key & 7,
      entries: header.getUint32(12, true),
      longest: header.getInt32(16, true),
    },
  };
}

let module: Promise<WebAssembly.Module> | undefined;

/** A fresh tablebase instance (its own memory, no tables yet). Node, browsers and workers. */
export async function instantiateTablebase(): Promise<TablebaseExports> {
  module ??= import('./wasm-tablebase.js').then(({ WASM_BASE64 }) => WebAssembly.compile(decodeBase64(WASM_BASE64)));
  const instance = await WebAssembly.instantiate(await module, {
    env: {
      abort() {
        throw new Error('tablebase module aborted');
      },
    },
  });
  return instance.exports as unknown as TablebaseExports;
}
