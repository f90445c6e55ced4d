// The tablebase module (issue 18, first layer): K+X v K and K+X+Y v K by retrograde analysis, a wasm build of its
// own (assembly/tablebase/, its own memory, so tables never meet the engine's hash table). Loaded on demand: the
// bytes are a data module of their own, fetched by the first instantiateTablebase().
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
