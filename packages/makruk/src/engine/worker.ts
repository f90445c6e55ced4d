// The search worker: owns one wasm engine instance and runs its (synchronous) search off the main thread.
// Runs as a Node `worker_threads` worker and as a browser module worker; the facade Engine (engine.ts) drives it.
// '@makruk/engine/release': only the release build is embedded, so the browser's worker bundle carries half the wasm.
import { instantiateEngineAsync, type EngineExports, type EngineHost } from '@makruk/engine/release';
import {
  type HelperReply,
  type HelperRequest,
  type WorkerGame,
  type WorkerInfo,
  type WorkerInUse,
  type WorkerLimits,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol.js';
import { encodedMoveToUci, moveFrom, moveTo } from '../rules/move-code.js';
import { squareIndex } from '../rules/squares.js';
import { parseUci } from '../rules/uci.js';
import { loadWasmFen } from './wasm-fen.js';
import { mayGenerateTable, tablebaseAnswer, tablesLoader } from './tablebase-search.js';
import { applyNetworkFromEnv, applySearchParamsFromEnv } from './tuning.js';

import type { HelperThread, ThreadPool } from './threads.js';

interface Port {
  post(message: WorkerReply | HelperReply): void;
  listen(handler: (message: WorkerRequest | HelperRequest) => void): void;
}

class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

async function connect(): Promise<Port> {
  if (isNode) {
    // A variable specifier keeps browser bundlers from trying to resolve the Node built-in.
    const specifier = 'node:worker_threads';
    const { parentPort } = (await import(/* @vite-ignore */ specifier)) as typeof import('node:worker_threads');
    if (!parentPort) throw new Error('engine/worker.js must be started as a worker');
    return {
      post: (message) => parentPort.postMessage(message),
      listen: (handler) => parentPort.on('message', handler),
    };
  }
  // Browser module worker: `self` is the worker's global scope.
  const scope = globalThis as unknown as {
    postMessage(message: unknown): void;
    addEventListener(type: 'message', listener: (event: { data: WorkerRequest | HelperRequest }) => void): void;
  };
  return {
    post: (message) => scope.postMessage(message),
    listen: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
  };
}

const port = await connect();
let engine: EngineExports | undefined;
let stopFlag: Int32Array | undefined;
let searchId = -1;
/** Threads > 1: the main thread's instance (= engine) and its helpers. */
let pool: ThreadPool | undefined;
/** In a helper worker: its thread. */
let helper: HelperThread | undefined;
/** Why fewer threads search than were asked for (the helpers could not start, or one failed); null when none. */
let threadsFailure: string | null = null;

const host: EngineHost = {
  now: () => performance.now(),
  stopRequested: () => (stopFlag ? Atomics.load(stopFlag, 0) : 0),
  info: (depth, seldepth, multipv, scoreKind, score, nodes, timeMs, pvPtr, pvLength, hashfull) => {
    if (!engine) return;
    // Read the PV straight away: memory.buffer may be replaced when the module grows its memory.
    const words = new Uint32Array(engine.memory.buffer, pvPtr, Math.max(0, Math.min(pvLength, 256)));
    const info: WorkerInfo = {
      depth,
      seldepth,
      multiPv: multipv,
      scoreKind: scoreKind === 1 ? 'mate' : 'cp',
      score,
      nodes,
      timeMs,
      hashfull,
      pv: Array.from(words, encodedMoveToUci),
    };
    port.post({ type: 'info', id: searchId, info });
  },
};

function loadGame(
  wasm: Pick<EngineExports, 'memory' | 'inputBuffer' | 'setFen' | 'generateMoves' | 'moveBuffer' | 'makeMove'>,
  game: WorkerGame,
): void {
  const status = loadWasmFen(wasm, game.fen);
  if (status === -1) throw new RequestError('ERR_FEN_BOARD', 'FEN longer than 1024 bytes');
  if (status !== 0)
    throw new RequestError('ERR_ENGINE_FEN', `the engine refused the FEN (code ${status}): ${game.fen}`);
  game.moves.forEach((text, index) => {
    const move = findLegalMove(wasm, text);
    if (move === undefined || wasm.makeMove(move) !== 1) {
      throw new RequestError('ERR_ILLEGAL_MOVE', `move ${index + 1} (${text}) is not legal`);
    }
  });
}

/** The engine's encoding of a UCI move among the legal ones (the 'm' is optional: promotion is forced). */
function findLegalMove(
  wasm: Pick<EngineExports, 'memory' | 'generateMoves' | 'moveBuffer'>,
  text: string,
): number | undefined {
  const move = parseUci(text);
  if (!move) return undefined;
  const from = squareIndex(move.from);
  const to = squareIndex(move.to);
  const count = wasm.generateMoves();
  const moves = new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count);
  return moves.find((code) => moveFrom(code) === from && moveTo(code) === to);
}

function legalMoves(wasm: EngineExports): string[] {
  const count = wasm.generateMoves();
  return Array.from(new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count), encodedMoveToUci);
}

function search(wasm: EngineExports, id: number, game: WorkerGame, limits: WorkerLimits, multiPv: number): WorkerReply {
  wasm.setMultiPv(multiPv);
  searchId = id;
  // Helpers only at full strength: a skill level limits the nodes, and more threads would not play like it.
  const helpers = pool !== undefined && current.skill === 20 ? pool : undefined;
  if (helpers && !helpers.startHelpers(game)) {
    // A helper failed since the last search: the main thread goes on alone rather than failing the search.
    threadsFailure ??= `a helper thread failed (${helpers.failure ?? 'no reason given'}); searching with 1 thread`;
  }
  try {
    const best = wasm.search(
      limits.depth,
      limits.nodes,
      limits.movetime,
      limits.wtime,
      limits.btime,
      limits.winc,
      limits.binc,
      limits.movestogo,
      limits.infinite ? 1 : 0,
    );
    const ponder = best !== 0 ? wasm.ponderMove() : 0;
    return {
      type: 'bestmove',
      id,
      bestMove: best !== 0 ? encodedMoveToUci(best) : null,
      ponder: ponder !== 0 ? encodedMoveToUci(ponder) : null,
    };
  } finally {
    helpers?.stopHelpers();
    searchId = -1;
  }
}

/** The tablebases, loaded the first time a search's root may be in them (their own wasm and memory). */
const loadTables = tablesLoader(() => import('./tablebase.js').then(({ Tablebase }) => Tablebase.create()));

/**
 * The tables' answer (tablebase-search.ts) at full strength, or undefined: search as usual. A table not generated
 * yet is made only when the limits leave time for it (mayGenerateTable); a weaker skill plays its own search.
 */
async function answerFromTables(request: Extract<WorkerRequest, { type: 'search' }>): Promise<WorkerReply | undefined> {
  if (request.tablebaseFen === undefined || (current.skill !== undefined && current.skill < 20)) return undefined;
  const startedAt = performance.now();
  const { Position } = await import('../rules/position.js');
  const parsed = Position.fromFen(request.tablebaseFen);
  if (!parsed.ok) return undefined;
  const position = parsed.value;
  const tables = await loadTables();
  if (!tables) return undefined; // the tables could not start: search (the next search tries them again)
  if (!tables.isReady(position)) {
    if (!mayGenerateTable(request.limits, position.turn)) return undefined;
    // the table is made now (not interruptible): the host waits for it instead of terminating this worker
    if (tables.materialOf(position).ok) port.post({ type: 'tables', id: request.id });
  }
  const answer = tablebaseAnswer(tables, position, request.multiPv, startedAt);
  if (!answer) return undefined;
  for (const info of answer.infos) port.post({ type: 'info', id: request.id, info });
  return { type: 'bestmove', id: request.id, bestMove: answer.bestMove, ponder: answer.ponder };
}

/** The settings in force, applied again to a fresh instance. */
const current: {
  hashMb: number | undefined;
  skill: number | undefined;
  multiPv: number | undefined;
  threads: number;
} = {
  hashMb: undefined,
  skill: undefined,
  multiPv: undefined,
  threads: 1,
};

/** Threads = 1: the single-thread build. More: the thread builds over one shared memory, helpers in workers. */
async function freshEngine(): Promise<number> {
  const hashMb = await freshInstance();
  if (engine) {
    applySearchParamsFromEnv(engine);
    await applyNetworkFromEnv(engine);
  }
  return hashMb;
}

async function freshInstance(): Promise<number> {
  await pool?.close();
  pool = undefined;
  engine = undefined;
  threadsFailure = null;
  const hashMb = current.hashMb ?? 16;
  if (current.threads > 1) {
    try {
      const { ThreadPool } = await import('./threads.js');
      pool = await ThreadPool.start(current.threads, hashMb, host, new URL(import.meta.url));
      engine = pool.main;
      return pool.hashMb;
    } catch (error) {
      // Helpers are an extra: where they cannot start (no thread build offline, too little memory for the shared
      // table, a refused worker) the single-thread build still searches.
      const reason = error instanceof Error ? error.message : String(error);
      threadsFailure = `${current.threads} threads could not start (${reason}); searching with 1 thread`;
    }
  }
  engine = await instantiateEngineAsync('release', host);
  return current.hashMb !== undefined ? engine.setHashSize(current.hashMb) : 0;
}

/** The settings the worker actually runs with, for the facade. */
function inUse(hashMb: number): WorkerInUse {
  const threads = pool !== undefined && pool.failure === undefined ? pool.threads : 1;
  return { hashMb, threads, threadsFailure };
}

/**
 * Applies settings; returns what the worker runs with (inUse). A new hash size or thread count gets
 * a fresh wasm instance: wasm memory can grow but never shrink, so only dropping the old instance gives memory
 * back, and the new table lies in freshly grown memory that is zero already (nothing to clear: the resize is
 * immediate, and pages cost resident memory only once the search writes them).
 */
async function configure(settings: {
  hashMb?: number;
  skill?: number;
  multiPv?: number;
  threads?: number;
}): Promise<WorkerInUse> {
  let hashMb = 0;
  if (settings.hashMb !== undefined) current.hashMb = settings.hashMb;
  const threadsChange = settings.threads !== undefined && settings.threads !== current.threads;
  if (settings.threads !== undefined) current.threads = settings.threads;
  if (!engine || settings.hashMb !== undefined || threadsChange) {
    await pool?.idle();
    hashMb = await freshEngine();
    if (!engine) throw new Error('the engine did not load');
    if (settings.skill === undefined && current.skill !== undefined) engine.setSkill(current.skill);
    if (settings.multiPv === undefined && current.multiPv !== undefined) engine.setMultiPv(current.multiPv);
  }
  if (!engine) throw new Error('the engine did not load');
  if (settings.skill !== undefined) {
    current.skill = settings.skill;
    engine.setSkill(settings.skill);
  }
  if (settings.multiPv !== undefined) {
    current.multiPv = settings.multiPv;
    engine.setMultiPv(settings.multiPv);
  }
  return inUse(hashMb);
}

/** A helper worker's requests (threads.ts): set up its thread, search, clear. */
async function handleHelper(request: HelperRequest): Promise<void> {
  try {
    if (request.type === 'helperInit') {
      const { HelperThread } = await import('./threads.js');
      helper = await HelperThread.start(request);
      port.post({ type: 'helperReady' });
      return;
    }
    if (!helper) throw new Error('the helper thread is not initialised');
    if (request.type === 'helperSearch') {
      const thread = helper;
      const nodes = thread.search(request, (wasm) => loadGame(wasm, request.game));
      port.post({ type: 'helperDone', token: request.token, nodes });
    } else {
      helper.newGame();
      port.post({ type: 'helperDone', token: request.token, nodes: 0 });
    }
  } catch (error) {
    port.post({ type: 'helperError', message: error instanceof Error ? error.message : String(error) });
  }
}

async function handle(request: WorkerRequest | HelperRequest): Promise<void> {
  if (request.type === 'helperInit' || request.type === 'helperSearch' || request.type === 'helperNewGame') {
    await handleHelper(request);
    return;
  }
  if (request.type === 'init') {
    try {
      stopFlag = request.stop ? new Int32Array(request.stop) : undefined;
      const settings = await configure(request);
      if (!engine) throw new Error('the engine did not load');
      port.post({
        type: 'ready',
        capabilities: { search: typeof engine.search === 'function', sharedStop: stopFlag !== undefined },
        ...settings,
      });
    } catch (error) {
      // id -1: the start itself failed; the facade rejects Engine.start with this.
      port.post({ type: 'error', id: -1, code: 'ERR_ENGINE_START', message: String(error) });
    }
    return;
  }
  const wasm = engine;
  try {
    if (!wasm) throw new RequestError('ERR_ENGINE', 'the engine is not initialised');
    switch (request.type) {
      case 'configure':
        port.post({ type: 'value', id: request.id, value: await configure(request) });
        break;
      case 'newGame':
        await pool?.idle();
        wasm.newGame();
        await pool?.newGame();
        port.post({ type: 'value', id: request.id, value: null });
        break;
      case 'search':
        await pool?.idle(); // the helpers of the last search have stopped
        loadGame(wasm, request.game);
        port.post(
          (await answerFromTables(request)) ?? search(wasm, request.id, request.game, request.limits, request.multiPv),
        );
        break;
      case 'perft':
        loadGame(wasm, request.game);
        port.post({ type: 'value', id: request.id, value: request.depth === 0 ? 1 : wasm.perft(request.depth) });
        break;
      case 'legalMoves':
        loadGame(wasm, request.game);
        port.post({ type: 'value', id: request.id, value: legalMoves(wasm) });
        break;
    }
  } catch (error) {
    const code = error instanceof RequestError ? error.code : 'ERR_ENGINE';
    const message = error instanceof Error ? error.message : String(error);
    port.post({ type: 'error', id: request.id, code, message });
  }
}

// Requests run one after another in arrival order (init is asynchronous; the rest are synchronous).
let queue: Promise<void> = Promise.resolve();
port.listen((request) => {
  queue = queue.then(() => handle(request));
});
