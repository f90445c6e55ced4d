// The messages between the facade Engine (main thread) and its worker (not UCI: plain objects through postMessage).
// Moves cross as UCI text (../rules/move-code.ts turns the wasm's move codes into it). Only plain data crosses
// (structured clone): strings for moves, numbers for limits; no BigInt, no handles (but the compiled module and the
// shared memory a helper thread needs).
import type { ThreadMemory, ThreadModule } from '@makruk/engine/threads';

/** Search limits as the worker passes them to the wasm `search` (Contract 4): -1 (0 for movestogo) = not set. */
export interface WorkerLimits {
  depth: number;
  nodes: number;
  movetime: number;
  wtime: number;
  btime: number;
  winc: number;
  binc: number;
  movestogo: number;
  infinite: boolean;
}

/** Where the worker sets the game up: a start FEN and the UCI moves played from it (so history reaches the engine). */
export interface WorkerGame {
  fen: string;
  moves: string[];
}

export type WorkerRequest =
  | {
      type: 'init';
      stop: SharedArrayBuffer | undefined;
      hashMb: number;
      skill: number;
      multiPv: number;
      threads: number;
    }
  | { type: 'configure'; id: number; hashMb?: number; skill?: number; multiPv?: number; threads?: number }
  | { type: 'newGame'; id: number }
  | {
      type: 'search';
      id: number;
      game: WorkerGame;
      limits: WorkerLimits;
      multiPv: number;
      /** The position reached, with its count, when the tablebases may hold it (tablebase-search.ts). */
      tablebaseFen?: string;
    }
  | { type: 'perft'; id: number; game: WorkerGame; depth: number }
  | { type: 'legalMoves'; id: number; game: WorkerGame };

/**
 * Threads > 1 (lazy SMP): the engine worker starts helper workers (the same script) and talks to them with these.
 * A helper instantiates its thread build on the shared memory, searches what the main thread searches until the
 * stop flag leaves the token of its search, and reports nothing but that it is done.
 */
export type HelperRequest =
  | {
      type: 'helperInit';
      index: number;
      module: ThreadModule;
      memory: ThreadMemory;
      stop: SharedArrayBuffer;
    }
  | { type: 'helperSearch'; token: number; game: WorkerGame; base: number; hashMb: number; generation: number }
  | { type: 'helperNewGame'; token: number };

export type HelperReply =
  | { type: 'helperReady' }
  | { type: 'helperDone'; token: number; nodes: number }
  | { type: 'helperError'; message: string };

/** One line of search output, as the wasm `info` import reports it; `pv` in UCI. */
export interface WorkerInfo {
  depth: number;
  seldepth: number;
  multiPv: number;
  scoreKind: 'cp' | 'mate';
  score: number;
  nodes: number;
  timeMs: number;
  hashfull: number;
  pv: string[];
}

/**
 * What the worker runs with after a start or a configure: the hash it allocated (0 when none was set) and the threads
 * it searches with — fewer than asked when the helpers could not start (`threadsFailure` says why), as when a page
 * offline has no thread build or the host refuses another worker. The search goes on with the main thread.
 */
export interface WorkerInUse {
  hashMb: number;
  threads: number;
  threadsFailure: string | null;
}

export interface WorkerCapabilities {
  /** The wasm module has the Contract 4 search exports. */
  search: boolean;
  /** The worker can see the shared stop flag (SharedArrayBuffer + Atomics). */
  sharedStop: boolean;
}

export type WorkerReply =
  | ({ type: 'ready'; capabilities: WorkerCapabilities } & WorkerInUse)
  | { type: 'info'; id: number; info: WorkerInfo }
  /** The search's root is in the tablebases and the worker is making its table first (up to about 2.5 s). */
  | { type: 'tables'; id: number }
  | { type: 'bestmove'; id: number; bestMove: string | null; ponder: string | null }
  | { type: 'value'; id: number; value: number | string[] | WorkerInUse | null }
  | { type: 'error'; id: number; code: string; message: string };

/** Limits with nothing set: the wasm searches until told to stop unless a limit is given. */
export function emptyWorkerLimits(): WorkerLimits {
  return {
    depth: -1,
    nodes: -1,
    movetime: -1,
    wtime: -1,
    btime: -1,
    winc: -1,
    binc: -1,
    movestogo: 0,
    infinite: false,
  };
}
