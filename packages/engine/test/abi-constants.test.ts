// The ABI facts src/abi.ts owns on the TypeScript side, pinned to the AssemblyScript side: a probe module that
// re-exports assembly/'s own constants (and wraps its move encoding) is compiled with asc, and its exported globals
// and functions are compared with the TypeScript values. Renaming or renumbering either side fails here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FEN_ERRORS,
  INPUT_BUFFER_BYTES,
  MAX_HASH_MB,
  MOVE_BUFFER_LENGTH,
  MOVE_PROMOTION,
  MOVE_SQUARE_MASK,
  MOVE_TO_SHIFT,
  NETWORK_ERRORS,
  TABLEBASE_BYTES_PROBLEMS,
  TABLEBASE_ERRORS,
  TABLEBASE_FILE,
} from '../dist/abi.js';
import * as entry from '../dist/index.js';

const assemblyDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'assembly');

/** assembly/ constant → the stable name FEN_ERRORS gives its value. */
const FEN_NAMES: Record<string, string> = {
  FEN_ERR_LENGTH: 'ERR_FEN_LENGTH',
  FEN_ERR_BOARD: 'ERR_FEN_BOARD',
  FEN_ERR_TURN: 'ERR_FEN_TURN',
  FEN_ERR_CASTLING: 'ERR_FEN_CASTLING',
  FEN_ERR_COUNTING: 'ERR_FEN_COUNTING',
  FEN_ERR_CLOCK: 'ERR_FEN_CLOCK',
  FEN_ERR_TRAILING: 'ERR_FEN_TRAILING',
  FEN_ERR_KINGS: 'ERR_KINGS',
  FEN_ERR_PAWN_RANK: 'ERR_PAWN_ON_PROMOTION_RANK',
  FEN_ERR_TOO_MANY_PIECES: 'ERR_TOO_MANY_PIECES',
  FEN_ERR_OPPONENT_IN_CHECK: 'ERR_OPPONENT_IN_CHECK',
};
const NETWORK_NAMES: Record<string, string> = {
  NETWORK_ERR_LENGTH: 'ERR_NETWORK_LENGTH',
  NETWORK_ERR_FORMAT: 'ERR_NETWORK_FORMAT',
  NETWORK_ERR_SHAPE: 'ERR_NETWORK_SHAPE',
  NETWORK_ERR_CHECKSUM: 'ERR_NETWORK_CHECKSUM',
};
const TABLEBASE_NAMES: Record<string, string> = {
  TB_ERR_MATERIAL: 'ERR_TABLEBASE_MATERIAL',
  TB_ERR_SQUARES: 'ERR_TABLEBASE_SQUARES',
  TB_ERR_NOT_GENERATED: 'ERR_TABLEBASE_NOT_GENERATED',
  TB_ERR_MEMORY: 'ERR_TABLEBASE_MEMORY',
  TB_ERR_TOO_LONG: 'ERR_TABLEBASE_TOO_LONG',
  TB_ERR_BYTES: 'ERR_TABLEBASE_BYTES',
};
const TABLEBASE_PROBLEM_NAMES: Record<string, string> = {
  TB_BYTES_LENGTH: 'length',
  TB_BYTES_MAGIC: 'magic',
  TB_BYTES_VERSION: 'version',
  TB_BYTES_MATERIAL: 'material',
  TB_BYTES_CHECKSUM: 'checksum',
};
const TABLEBASE_CONSTANTS = [
  ...Object.keys(TABLEBASE_NAMES),
  ...Object.keys(TABLEBASE_PROBLEM_NAMES),
  'TB_OK',
  'TB_HEADER_BYTES',
  'TB_MAGIC',
  'TB_FORMAT_VERSION',
];

const PROBE = `
import { makeMove, moveFrom, moveTo } from './types';
export { MOVE_PROMOTION, MAX_MOVES, INPUT_BUFFER_SIZE, FEN_OK, ${Object.keys(FEN_NAMES).join(', ')} } from './types';
export { ${Object.keys(NETWORK_NAMES).join(', ')} } from './nnue/network';
export { MAX_HASH_MB } from './tt';
export { ${TABLEBASE_CONSTANTS.join(', ')} } from './tablebase/material';
export function encode(from: i32, to: i32): u32 { return makeMove(from, to); }
export function from(move: u32): i32 { return moveFrom(move); }
export function to(move: u32): i32 { return moveTo(move); }
`;

interface Probe {
  encode(from: number, to: number): number;
  from(move: number): number;
  to(move: number): number;
  [constant: string]: WebAssembly.Global | ((...args: number[]) => number);
}

let probe: Probe;
/** The value of the AssemblyScript constant `name`. */
const constant = (name: string): number => {
  const global = probe[name];
  if (!(global instanceof WebAssembly.Global)) throw new Error(`the probe exports no constant ${name}`);
  return global.value as number;
};

beforeAll(async () => {
  let binary: Uint8Array | undefined;
  const { error, stderr } = await asc.main(
    ['abi-probe.ts', '--baseDir', assemblyDir, '--outFile', 'abi-probe.wasm', '--runtime', 'stub', '-O0'],
    {
      readFile: async (file, baseDir) =>
        file === 'abi-probe.ts' ? PROBE : readFile(path.join(baseDir, file), 'utf8').catch(() => null),
      writeFile: (file, contents) => {
        if (file.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
      },
      listFiles: () => [],
    },
  );
  if (error || !binary) throw new Error(`asc failed: ${error?.message ?? ''}\n${stderr.toString()}`);
  const { instance } = await WebAssembly.instantiate(new Uint8Array(binary), { env: { abort: () => undefined } });
  probe = instance.exports as unknown as Probe;
});

describe('the ABI facts of src/abi.ts equal assembly/', () => {
  it('encodes moves the same way: from | to << 6 | MOVE_PROMOTION', () => {
    expect(constant('MOVE_PROMOTION') >>> 0).toBe(MOVE_PROMOTION);
    expect(entry.MOVE_PROMOTION).toBe(MOVE_PROMOTION);
    for (const [from, to] of [
      [0, 63],
      [12, 20],
      [63, 0],
      [34, 42],
    ] as const) {
      const move = from | (to << MOVE_TO_SHIFT);
      expect(probe.encode(from, to) >>> 0).toBe(move);
      expect(probe.from(move | MOVE_PROMOTION)).toBe(move & MOVE_SQUARE_MASK);
      expect(probe.to(move | MOVE_PROMOTION)).toBe((move >> MOVE_TO_SHIFT) & MOVE_SQUARE_MASK);
    }
  });

  it('has the same buffer sizes and largest table', () => {
    expect(constant('INPUT_BUFFER_SIZE')).toBe(INPUT_BUFFER_BYTES);
    expect(constant('MAX_MOVES')).toBe(MOVE_BUFFER_LENGTH);
    expect(constant('MAX_HASH_MB')).toBe(MAX_HASH_MB);
  });

  it('names every setFen and loadNetwork code the engine returns, and no other', () => {
    expect(constant('FEN_OK')).toBe(0);
    const fen = Object.fromEntries(Object.entries(FEN_NAMES).map(([name, code]) => [constant(name), code]));
    expect(fen).toEqual({ ...FEN_ERRORS });
    const network = Object.fromEntries(Object.entries(NETWORK_NAMES).map(([name, code]) => [constant(name), code]));
    expect(network).toEqual({ ...NETWORK_ERRORS });
    expect(entry.FEN_ERRORS).toBe(FEN_ERRORS);
    expect(entry.NETWORK_ERRORS).toBe(NETWORK_ERRORS);
  });

  it("names every tablebase code and bytes problem, and has the table file's header", () => {
    expect(constant('TB_OK')).toBe(0);
    const codes = Object.fromEntries(Object.entries(TABLEBASE_NAMES).map(([name, code]) => [constant(name), code]));
    expect(codes).toEqual({ ...TABLEBASE_ERRORS });
    const problems = Object.fromEntries(
      Object.entries(TABLEBASE_PROBLEM_NAMES).map(([name, problem]) => [constant(name), problem]),
    );
    expect(problems).toEqual({ ...TABLEBASE_BYTES_PROBLEMS });
    expect(constant('TB_HEADER_BYTES')).toBe(TABLEBASE_FILE.headerBytes);
    expect(constant('TB_MAGIC') >>> 0).toBe(TABLEBASE_FILE.magic);
    expect(constant('TB_FORMAT_VERSION')).toBe(TABLEBASE_FILE.version);
    expect(entry.TABLEBASE_ERRORS).toBe(TABLEBASE_ERRORS);
    expect(entry.TABLEBASE_FILE).toBe(TABLEBASE_FILE);
  });
});
