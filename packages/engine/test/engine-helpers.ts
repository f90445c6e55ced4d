// Small helpers over the raw ABI, shared by the tests (the facade has its own, richer versions).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EngineExports, MOVE_PROMOTION } from '../dist/index.js';

export const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The perft reference suite (docs/rules.md, "Reference numbers"): `FEN ; D1 n ; … ; D4 n` a line. */
export const PERFT_SUITE = path.resolve(REPO_ROOT, 'docs', 'perft', 'random-positions.epd');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function writeInput(engine: EngineExports, bytes: Uint8Array): void {
  new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
}

export function setFen(engine: EngineExports, fen: string): number {
  const bytes = encoder.encode(fen);
  if (bytes.length > 1024) throw new Error('FEN longer than the input buffer');
  writeInput(engine, bytes);
  return engine.setFen(bytes.length);
}

export function getFen(engine: EngineExports): string {
  const length = engine.getFen();
  return decoder.decode(new Uint8Array(engine.memory.buffer, engine.inputBuffer(), length));
}

export function legalMoves(engine: EngineExports): number[] {
  const count = engine.generateMoves();
  return Array.from(new Uint32Array(engine.memory.buffer, engine.moveBuffer(), count));
}

export function hash(engine: EngineExports): bigint {
  return (BigInt(engine.hashHigh() >>> 0) << 32n) | BigInt(engine.hashLow() >>> 0);
}

export function hashFromScratch(engine: EngineExports): bigint {
  return (BigInt(engine.hashFromScratchHigh() >>> 0) << 32n) | BigInt(engine.hashFromScratchLow() >>> 0);
}

const FILES = 'abcdefgh';
export function squareName(square: number): string {
  return `${FILES[square & 7]}${(square >> 3) + 1}`;
}
export function squareIndex(name: string): number {
  return FILES.indexOf(name[0] ?? '') + 8 * (Number(name[1]) - 1);
}

export function moveToUci(move: number): string {
  const uci = squareName(move & 63) + squareName((move >> 6) & 63);
  return move & MOVE_PROMOTION ? `${uci}m` : uci;
}

export function encodeMove(from: number, to: number, promotion = false): number {
  return from | (to << 6) | (promotion ? MOVE_PROMOTION : 0);
}

/** perft(depth) split by root move, keyed by UCI. */
export function divide(engine: EngineExports, depth: number): Map<string, number> {
  const result = new Map<string, number>();
  for (const move of legalMoves(engine)) {
    if (engine.makeMove(move) !== 1) throw new Error(`generated move ${moveToUci(move)} refused`);
    result.set(moveToUci(move), engine.perft(depth - 1));
    engine.unmakeMove();
  }
  return result;
}

/** Deterministic PRNG so failures reproduce: the library's one mulberry32 (a test-only path into the sibling
 * package; the engine package cannot depend on @makruk/makruk, which depends on it). */
export { mulberry32 as seededRandom } from '../../makruk/src/random.js';
