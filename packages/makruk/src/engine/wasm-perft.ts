// Fast perft through the WebAssembly engine (@makruk/engine). The module is instantiated on first use: synchronously
// in Node and workers; where a host refuses synchronous compilation (a browser main thread, large modules), call
// `await loadEngine()` once first. No wasm trap escapes: failures become MakrukError ERR_ENGINE.
import { instantiateEngine, instantiateEngineAsync, type EngineExports } from '@makruk/engine';
import { MakrukError, argumentError, quoteInput } from '../rules/errors.js';
import { encodedMoveToUci } from '../rules/move-code.js';
import { MAX_PERFT_DEPTH } from './limits.js';
import { loadWasmFen } from './wasm-fen.js';
import { Position } from '../rules/position.js';

export interface PerftOptions {
  /** Also count below each legal move (UCI move, nodes), sorted by move. */
  divide?: boolean;
}

export interface PerftDivide {
  nodes: number;
  divide: Array<{ move: string; nodes: number }>;
}

/** The one synchronous wasm instance perft and evaluate share (not the Engine's: that one lives in its worker). */
let wasmInstance: EngineExports | undefined;

/** Instantiates the perft wasm asynchronously (works on any host); later `perft` calls reuse it. */
export async function loadEngine(): Promise<void> {
  if (wasmInstance) return;
  try {
    wasmInstance = (await instantiateEngineAsync('release')) as EngineExports;
  } catch (cause) {
    throw engineError('could not be loaded', cause);
  }
}

/** The perft wasm instance, instantiated synchronously on first use. */
function wasm(): EngineExports {
  if (wasmInstance) return wasmInstance;
  try {
    wasmInstance = instantiateEngine('release') as EngineExports;
  } catch (cause) {
    throw engineError('could not be instantiated synchronously here; call `await loadEngine()` first', cause);
  }
  return wasmInstance;
}

function engineError(what: string, cause: unknown): MakrukError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new MakrukError('ERR_ENGINE', `The WebAssembly engine ${what} (${detail}).`);
}

function loadPosition(wasm: EngineExports, fen: string): void {
  const status = loadWasmFen(wasm, fen);
  if (status === -1) throw new MakrukError('ERR_ENGINE', 'The FEN is too long for the engine.');
  if (status !== 0) throw new MakrukError('ERR_ENGINE', `The engine refused the FEN ${fen} (code ${status}).`);
}

/** Leaf count of the legal move tree to `depth`, counted by the WebAssembly engine. Throws MakrukError. */
export function perft(position: Position, depth: number): number;
export function perft(position: Position, depth: number, options: PerftOptions & { divide: true }): PerftDivide;
export function perft(position: Position, depth: number, options?: PerftOptions): number | PerftDivide;
export function perft(position: Position, depth: number, options: PerftOptions = {}): number | PerftDivide {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new MakrukError(
      'ERR_PERFT_DEPTH',
      `Perft depth ${typeof depth === 'number' ? depth : quoteInput(depth)} is not a whole number from 0 to ${MAX_PERFT_DEPTH}.`,
    );
  }
  const instance = wasm();
  try {
    loadPosition(instance, position.fen());
    if (!options.divide) return depth === 0 ? 1 : instance.perft(depth);
    if (depth === 0) return { nodes: 1, divide: [] };
    const count = instance.generateMoves();
    // Copy the moves out: the buffer is reused by the engine while counting below each move.
    const moves = Array.from(new Uint32Array(instance.memory.buffer, instance.moveBuffer(), count));
    const divide: Array<{ move: string; nodes: number }> = [];
    for (const move of moves) {
      if (instance.makeMove(move) !== 1)
        throw new MakrukError('ERR_ENGINE', `The engine refused its own move ${encodedMoveToUci(move)}.`);
      divide.push({ move: encodedMoveToUci(move), nodes: depth === 1 ? 1 : instance.perft(depth - 1) });
      instance.unmakeMove();
    }
    divide.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
    return { nodes: divide.reduce((sum, entry) => sum + entry.nodes, 0), divide };
  } catch (cause) {
    if (cause instanceof MakrukError) throw cause;
    // A trap may leave the instance in any state: start afresh next time.
    wasmInstance = undefined;
    throw engineError('failed', cause);
  }
}

/** The engine's static evaluation of `position` in centipawns from the side to move (no search). Throws MakrukError. */
export function evaluate(position: Position): number {
  if (!(position instanceof Position)) throw argumentError("evaluate's position", 'a Position', position);
  const instance = wasm();
  try {
    loadPosition(instance, position.fen());
    return instance.evaluatePosition();
  } catch (cause) {
    if (cause instanceof MakrukError) throw cause;
    wasmInstance = undefined;
    throw engineError('failed', cause);
  }
}
