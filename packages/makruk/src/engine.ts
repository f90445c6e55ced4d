// The facade Engine: an asynchronous, cancellable search that runs the wasm engine in a worker (Node
// `worker_threads`, browser module `Worker`) and streams info lines (CONTRIBUTING.md, Contract 4).
//
// Stopping: with SharedArrayBuffer (Node; browsers when crossOriginIsolated) the worker's search polls a shared
// Int32Array flag and returns within milliseconds. Without it — or if the worker does not answer soon after a stop —
// the worker is terminated and started again, and the run resolves with the best move of the last reported iteration.
import { MakrukError, describeValue, isMakrukErrorCode } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { Position } from './position.js';
import { makeSan } from './san.js';
import { makeUci, parseUci } from './uci.js';
import type { Move, Result } from './types.js';
import { checkSearchLimits, guardDeadlineMs, MAX_MULTI_PV, type SearchLimits } from './engine-limits.js';
import { checkSkill, MAX_SKILL } from './engine-strength.js';
import type {
  WorkerCapabilities,
  WorkerGame,
  WorkerInfo,
  WorkerLimits,
  WorkerReply,
  WorkerRequest,
} from './engine-protocol.js';

export type { SearchLimits } from './engine-limits.js';

/** A score from the side to move: centipawns, or mate in `mate` moves (negative: getting mated). */
export type Score = { cp: number } | { mate: number };

export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1-based line number when searching several lines (MultiPV). */
  multiPv: number;
  score: Score;
  nodes: number;
  /** Nodes per second over the whole search so far. */
  nps: number;
  timeMs: number;
  /** Transposition table use in permille. */
  hashfull: number;
  /** Principal variation in UCI ('c5c6m' for a promotion). */
  pv: string[];
  /** The same line in SAN (cut short if the engine's line ever disagrees with the facade's rules). */
  pvSan: string[];
}

export interface AnalysisResult {
  /** undefined when the side to move has no legal move (checkmate or stalemate). */
  bestMove: Move | undefined;
  bestMoveUci: string | undefined;
  ponder?: Move;
  ponderUci?: string;
  /** The last reported score of the first line (undefined if no iteration completed). */
  score: Score | undefined;
  pv: string[];
  pvSan: string[];
  depth: number;
  seldepth: number;
  nodes: number;
  timeMs: number;
  /** True when `stop()` or the front end's time guard ended the search. */
  stopped: boolean;
}

export interface AnalysisRun {
  /** Resolves with the best move; rejects with a MakrukError for bad input or a broken engine. */
  readonly result: Promise<AnalysisResult>;
  /** Ends the search; `result` resolves promptly with the best move found so far. Safe to call at any time. */
  stop(): void;
}

export interface EngineOptions {
  /** Transposition table size in MB (default 16). */
  hashMb?: number;
  /** 0 (beginner) .. 20 (full strength, default); see engine-strength.ts for named levels and the Elo mapping. */
  skill?: number;
  /** Default number of lines for analyse() when its limits do not say (default 1). */
  multiPv?: number;
}

export interface EngineStartOptions extends EngineOptions {
  /** Where engine-worker.js is; by default next to this module (dist/engine-worker.js). */
  workerUrl?: URL | string;
  /** Set false to stop by terminating the worker even where SharedArrayBuffer exists. */
  sharedStop?: boolean;
}

/** A game to analyse from: a start FEN (default: the initial position) and the moves played (UCI or Move). */
export interface GameInput {
  fen?: string;
  moves?: ReadonlyArray<Move | string>;
}

/** What analyse() accepts: a position (no history), a game as start FEN + moves, or anything with `engineInput()`. */
export type AnalysisTarget = Position | GameInput | { engineInput(): GameInput };

export const DEFAULT_HASH_MB = 16;
export const MAX_HASH_MB = 2048;
/** How long a stopped search may take to answer before the worker is terminated instead. */
const STOP_ANSWER_MS = 250;

interface WorkerHandle {
  post(message: WorkerRequest): void;
  terminate(): Promise<void>;
  /** Node: keep the process alive only while the engine is busy (a forgotten engine never hangs a script). */
  keepAlive(active: boolean): void;
}

interface WorkerEvents {
  message(reply: WorkerReply): void;
  failure(error: Error): void;
}

/** Minimal typing of the browser Worker (this package builds without the DOM lib). */
interface BrowserWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: WorkerReply }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}
declare const Worker: new (url: URL | string, options: { type: 'module' }) => BrowserWorker;

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

async function spawnWorker(url: URL | string | undefined, events: WorkerEvents): Promise<WorkerHandle> {
  if (isNode) {
    // A variable specifier keeps browser bundlers from trying to resolve the Node built-in.
    const specifier = 'node:worker_threads';
    const threads = (await import(/* @vite-ignore */ specifier)) as typeof import('node:worker_threads');
    // Workers inherit the parent's Node flags; --input-type (node -e scripts) is refused for a worker file.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
    const worker = new threads.Worker(url ?? new URL('./engine-worker.js', import.meta.url), { execArgv });
    let terminating = false;
    worker.on('message', (reply: WorkerReply) => events.message(reply));
    worker.on('error', (error: Error) => events.failure(error));
    worker.on('exit', (code: number) => {
      if (!terminating) events.failure(new Error(`the engine worker exited (code ${code})`));
    });
    return {
      post: (message) => worker.postMessage(message),
      terminate: async () => {
        terminating = true;
        await worker.terminate();
      },
      keepAlive: (active) => (active ? worker.ref() : worker.unref()),
    };
  }
  // Written out literally so bundlers (Vite, webpack, esbuild) find and bundle the worker.
  const worker = url
    ? new Worker(url, { type: 'module' })
    : new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event) => events.message(event.data));
  worker.addEventListener('error', (event) => events.failure(new Error(event.message ?? 'the engine worker failed')));
  return {
    post: (message) => worker.postMessage(message),
    terminate: async () => worker.terminate(),
    keepAlive: () => undefined,
  };
}

function sharedStopAvailable(): boolean {
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return false;
  if (isNode) return true;
  return (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

function engineError(code: string, message: string): MakrukError {
  return new MakrukError(isMakrukErrorCode(code) ? code : 'ERR_ENGINE', message);
}

/** The start FEN + UCI moves for the worker, and the position they lead to (for turn, legality, SAN). */
export function resolveAnalysisTarget(target: AnalysisTarget): Result<{ game: WorkerGame; position: Position }, MakrukError> {
  if (target instanceof Position) return { ok: true, value: { game: { fen: target.fen(), moves: [] }, position: target } };
  if (typeof target !== 'object' || target === null) {
    return { ok: false, error: engineError('ERR_ENGINE_TARGET', 'analyse() needs a Position, a Game or { fen, moves }') };
  }
  const input: GameInput = 'engineInput' in target && typeof target.engineInput === 'function' ? target.engineInput() : (target as GameInput);
  const start = Position.fromFen(input.fen ?? INITIAL_FEN);
  if (!start.ok) return start;
  let position = start.value;
  const moves: string[] = [];
  for (const [index, entry] of (input.moves ?? []).entries()) {
    const move = typeof entry === 'string' ? parseUci(entry) : entry;
    if (!move) {
      return { ok: false, error: engineError('ERR_UCI_SYNTAX', `move ${index + 1} ("${String(entry)}") is not a UCI move`) };
    }
    if (!position.isLegal(move)) {
      return { ok: false, error: engineError('ERR_ILLEGAL_MOVE', `move ${index + 1} (${makeUci(move)}) is not legal in ${position.fen()}`) };
    }
    position = position.play(move);
    moves.push(makeUci(move));
  }
  return { ok: true, value: { game: { fen: start.value.fen(), moves }, position } };
}

/** The legal move the engine means by a UCI string (with the promotion mark the facade's generator sets). */
function legalMoveOf(position: Position, uci: string | null | undefined): Move | undefined {
  const parsed = uci ? parseUci(uci) : undefined;
  if (!parsed) return undefined;
  return position.legalMoves().find((move) => move.from === parsed.from && move.to === parsed.to);
}

/** SAN of a UCI line from `position`; stops at the first move the facade does not find legal. */
export function sanLine(position: Position, pv: readonly string[]): string[] {
  const out: string[] = [];
  let current = position;
  for (const uci of pv) {
    const move = legalMoveOf(current, uci);
    if (!move) break;
    out.push(makeSan(current, move));
    current = current.play(move);
  }
  return out;
}

/** pvSan is worked out on first read: UCI front ends never read it, and it costs the main thread time. */
function toSearchInfo(info: WorkerInfo, position: Position): SearchInfo {
  let pvSan: string[] | undefined;
  // The wasm reports f64 milliseconds; UCI wants whole numbers everywhere.
  const timeMs = Math.round(info.timeMs);
  const nodes = Math.round(info.nodes);
  return {
    depth: info.depth,
    seldepth: info.seldepth,
    multiPv: info.multiPv,
    score: info.scoreKind === 'mate' ? { mate: Math.round(info.score) } : { cp: Math.round(info.score) },
    nodes,
    nps: info.timeMs > 0 ? Math.round((info.nodes * 1000) / info.timeMs) : 0,
    timeMs,
    hashfull: Math.round(info.hashfull),
    pv: info.pv,
    get pvSan(): string[] {
      pvSan ??= sanLine(position, info.pv);
      return pvSan;
    },
  };
}

interface ActiveRun {
  id: number;
  position: Position;
  /** Latest first-line info: the best move of the last reported iteration. */
  best: SearchInfo | undefined;
  nodes: number;
  startedAt: number;
  stopped: boolean;
  posted: boolean;
  onInfo: ((info: SearchInfo) => void) | undefined;
  resolve(result: AnalysisResult): void;
  reject(error: MakrukError): void;
  timers: Array<ReturnType<typeof setTimeout>>;
}

interface PendingRequest {
  resolve(value: number | string[] | null): void;
  reject(error: MakrukError): void;
}

export class Engine {
  readonly #workerUrl: URL | string | undefined;
  readonly #stopFlag: Int32Array | undefined;
  #settings: Required<EngineOptions>;
  #worker: WorkerHandle | undefined;
  #booting: Promise<void> | undefined;
  #capabilities: WorkerCapabilities = { search: false, sharedStop: false };
  #hashMbInUse = 0;
  #nextId = 1;
  #pending = new Map<number, PendingRequest>();
  #run: ActiveRun | undefined;
  #quit = false;
  #bootWaiter: { resolve(): void; reject(error: MakrukError): void } | undefined;

  private constructor(options: EngineStartOptions, settings: Required<EngineOptions>) {
    this.#workerUrl = options.workerUrl;
    this.#stopFlag =
      options.sharedStop !== false && sharedStopAvailable() ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    this.#settings = settings;
  }

  /** Starts the worker and loads the wasm engine. Rejects with MakrukError (ERR_ENGINE_OPTIONS, ERR_ENGINE_START). */
  static async start(options: EngineStartOptions = {}): Promise<Engine> {
    if (typeof options !== 'object' || options === null) {
      throw engineError('ERR_ENGINE_OPTIONS', `Engine.start takes an options object, not ${describeValue(options)}.`);
    }
    const settings = checkEngineOptions(options, { hashMb: DEFAULT_HASH_MB, skill: MAX_SKILL, multiPv: 1 });
    if (!settings.ok) throw settings.error;
    const engine = new Engine(options, settings.value);
    await engine.#boot();
    return engine;
  }

  /** What the loaded wasm can do: `search` is false for a movegen-only build. */
  get capabilities(): WorkerCapabilities {
    return { ...this.#capabilities };
  }

  /** The options in force; `hashMb` is what the engine actually allocated. */
  get options(): Required<EngineOptions> {
    return { ...this.#settings, hashMb: this.#hashMbInUse || this.#settings.hashMb };
  }

  get searching(): boolean {
    return this.#run !== undefined;
  }

  /**
   * Searches `target` within `limits` (nothing set = until stop()), calling `onInfo` for every info line.
   * One search at a time: a second analyse() while one runs rejects with ERR_ENGINE_BUSY.
   */
  analyse(target: AnalysisTarget, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): AnalysisRun {
    const resolved = resolveAnalysisTarget(target);
    const checked = checkSearchLimits(limits);
    if (!resolved.ok || !checked.ok || this.#quit || this.#run) {
      const error = !resolved.ok
        ? resolved.error
        : !checked.ok
          ? checked.error
          : this.#quit
            ? engineError('ERR_ENGINE_QUIT', 'the engine has quit')
            : engineError('ERR_ENGINE_BUSY', 'a search is already running; stop it first');
      return { result: Promise.reject(error), stop: () => undefined };
    }
    const { game, position } = resolved.value;
    const workerLimits = checked.value;
    if (limits.multiPv === undefined) workerLimits.multiPv = this.#settings.multiPv;
    let resolveResult!: (result: AnalysisResult) => void;
    let rejectResult!: (error: MakrukError) => void;
    const result = new Promise<AnalysisResult>((resolve, reject) => {
      resolveResult = resolve;
      rejectResult = reject;
    });
    const run: ActiveRun = {
      id: this.#nextId++,
      position,
      best: undefined,
      nodes: 0,
      startedAt: performance.now(),
      stopped: false,
      posted: false,
      onInfo,
      resolve: resolveResult,
      reject: rejectResult,
      timers: [],
    };
    if (position.legalMoves().length === 0) {
      // Checkmate or stalemate: nothing to search.
      resolveResult(emptyResult(position.isCheck() ? { mate: 0 } : { cp: 0 }));
      return { result, stop: () => undefined };
    }
    this.#run = run;
    this.#updateKeepAlive();
    void this.#startRun(run, game, workerLimits).catch((error: unknown) => {
      this.#endRun(run);
      rejectResult(error instanceof MakrukError ? error : engineError('ERR_ENGINE', String(error)));
    });
    return { result, stop: () => this.#stopRun(run) };
  }

  /** Perft through the worker's wasm (does not block the calling thread). */
  async perft(target: AnalysisTarget, depth: number): Promise<number> {
    if (!Number.isInteger(depth) || depth < 0 || depth > 20) {
      throw engineError('ERR_PERFT_DEPTH', `perft depth must be a whole number 0..20, got ${String(depth)}`);
    }
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) throw resolved.error;
    return (await this.#request((id) => ({ type: 'perft', id, game: resolved.value.game, depth }))) as number;
  }

  /** The legal moves (UCI) as the wasm engine generates them, after the target's moves. */
  async legalMoves(target: AnalysisTarget): Promise<string[]> {
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) throw resolved.error;
    return (await this.#request((id) => ({ type: 'legalMoves', id, game: resolved.value.game }))) as string[];
  }

  /** Forgets everything learnt (hash table, history): call between unrelated games. */
  async newGame(): Promise<void> {
    await this.#request((id) => ({ type: 'newGame', id }));
  }

  /** Changes hash size, skill or default MultiPV. Rejects with ERR_ENGINE_OPTIONS for bad values. */
  async setOption(options: EngineOptions): Promise<void> {
    const checked = checkEngineOptions(options, this.#settings);
    if (!checked.ok) throw checked.error;
    this.#settings = checked.value;
    const { hashMb, skill, multiPv } = options;
    const hashMbInUse = await this.#request((id) => ({ type: 'configure', id, hashMb, skill, multiPv }));
    if (hashMb !== undefined && typeof hashMbInUse === 'number' && hashMbInUse > 0) this.#hashMbInUse = hashMbInUse;
  }

  /** Stops any search and ends the worker; the engine cannot be used afterwards. Leaves no handles open. */
  async quit(): Promise<void> {
    if (this.#quit) return;
    this.#quit = true;
    const run = this.#run;
    if (run) this.#finishFromLastIteration(run);
    this.#failPending(engineError('ERR_ENGINE_QUIT', 'the engine has quit'));
    this.#bootWaiter?.reject(engineError('ERR_ENGINE_QUIT', 'the engine has quit'));
    this.#bootWaiter = undefined;
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }

  async #boot(): Promise<void> {
    if (this.#quit) throw engineError('ERR_ENGINE_QUIT', 'the engine has quit');
    if (this.#booting) return this.#booting;
    const booting = new Promise<void>((resolve, reject) => {
      this.#bootWaiter = { resolve, reject };
    });
    booting.catch(() => undefined); // handled where it is awaited; may reject before that (quit, crash)
    this.#booting = booting;
    let spawned: WorkerHandle | undefined;
    try {
      const worker = await spawnWorker(this.#workerUrl, {
        message: (reply) => this.#onReply(worker, reply),
        failure: (error) => this.#onFailure(worker, error),
      });
      spawned = worker;
      if (this.#quit) throw engineError('ERR_ENGINE_QUIT', 'the engine has quit');
      this.#worker = worker;
      worker.post({
        type: 'init',
        stop: this.#stopFlag?.buffer as SharedArrayBuffer | undefined,
        hashMb: this.#settings.hashMb,
        skill: this.#settings.skill,
        multiPv: this.#settings.multiPv,
      });
      this.#updateKeepAlive();
      await booting;
      if (this.#quit) throw engineError('ERR_ENGINE_QUIT', 'the engine has quit');
    } catch (error) {
      if (this.#booting === booting) this.#booting = undefined;
      // A worker that failed to start, or started after quit(), must not outlive this call.
      if (spawned) {
        if (this.#worker === spawned) this.#worker = undefined;
        await spawned.terminate().catch(() => undefined);
      }
      throw error instanceof MakrukError ? error : engineError('ERR_ENGINE_START', `the engine worker could not start: ${String(error)}`);
    }
    this.#updateKeepAlive();
  }

  async #ready(): Promise<WorkerHandle> {
    if (!this.#worker || this.#booting === undefined) await this.#boot();
    else await this.#booting;
    const worker = this.#worker;
    if (!worker || this.#quit) throw engineError('ERR_ENGINE_QUIT', 'the engine has quit');
    return worker;
  }

  async #request(build: (id: number) => WorkerRequest): Promise<number | string[] | null> {
    const worker = await this.#ready();
    const id = this.#nextId++;
    const reply = new Promise<number | string[] | null>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.#updateKeepAlive();
    worker.post(build(id));
    try {
      return await reply;
    } finally {
      this.#updateKeepAlive();
    }
  }

  async #startRun(run: ActiveRun, game: WorkerGame, limits: WorkerLimits & { multiPv: number }): Promise<void> {
    const worker = await this.#ready();
    if (this.#run !== run) return; // stopped (and resolved) while the worker was starting
    if (!this.#capabilities.search) {
      throw engineError('ERR_ENGINE_NO_SEARCH', 'this build of @makruk/engine has no search (movegen only)');
    }
    if (this.#stopFlag) Atomics.store(this.#stopFlag, 0, 0);
    run.startedAt = performance.now();
    run.posted = true;
    worker.post({ type: 'search', id: run.id, game, limits, multiPv: Math.min(limits.multiPv, MAX_MULTI_PV) });
    const deadline = guardDeadlineMs(limits, run.position.turn);
    if (deadline !== undefined) run.timers.push(setTimeout(() => this.#stopRun(run), deadline));
  }

  #stopRun(run: ActiveRun): void {
    if (this.#run !== run || run.stopped) return;
    run.stopped = true;
    if (!run.posted) {
      this.#finishFromLastIteration(run);
      return;
    }
    if (this.#stopFlag && this.#capabilities.sharedStop) {
      Atomics.store(this.#stopFlag, 0, 1);
      // A search that does not poll the flag in time is cut off the hard way.
      run.timers.push(setTimeout(() => this.#abortRun(run), STOP_ANSWER_MS));
      return;
    }
    this.#abortRun(run);
  }

  /** Terminates the worker (it cannot be interrupted otherwise), resolves from the last iteration, restarts. */
  #abortRun(run: ActiveRun): void {
    if (this.#run !== run) return;
    this.#finishFromLastIteration(run);
    void this.#restartWorker();
  }

  async #restartWorker(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#booting = undefined;
    this.#failPending(engineError('ERR_ENGINE', 'the engine worker was restarted'));
    if (worker) await worker.terminate();
    if (this.#quit) return;
    // Boot again now so the next call finds the engine ready; a failure shows up on that call.
    await this.#boot().catch(() => undefined);
  }

  #finishFromLastIteration(run: ActiveRun): void {
    const bestUci = run.best?.pv[0];
    this.#finishRun(run, bestUci ?? null, run.best?.pv[1] ?? null);
  }

  #finishRun(run: ActiveRun, bestUci: string | null, ponderUci: string | null): void {
    if (this.#run !== run) return;
    this.#endRun(run);
    // Never resolve without a move while one exists (e.g. stopped before the first iteration finished).
    const bestMove = legalMoveOf(run.position, bestUci) ?? run.position.legalMoves()[0];
    const best = run.best;
    const pv = best && bestMove && best.pv[0] === makeUci(bestMove) ? best.pv : bestMove ? [makeUci(bestMove)] : [];
    const ponder = bestMove && ponderUci ? legalMoveOf(run.position.play(bestMove), ponderUci) : undefined;
    run.resolve({
      bestMove,
      bestMoveUci: bestMove ? makeUci(bestMove) : undefined,
      ...(ponder ? { ponder, ponderUci: makeUci(ponder) } : {}),
      score: best?.score,
      pv,
      pvSan: sanLine(run.position, pv),
      depth: best?.depth ?? 0,
      seldepth: best?.seldepth ?? 0,
      nodes: Math.max(run.nodes, best?.nodes ?? 0),
      timeMs: Math.round(performance.now() - run.startedAt),
      stopped: run.stopped,
    });
  }

  #endRun(run: ActiveRun): void {
    for (const timer of run.timers) clearTimeout(timer);
    run.timers = [];
    if (this.#run === run) this.#run = undefined;
    this.#updateKeepAlive();
  }

  #onReply(worker: WorkerHandle, reply: WorkerReply): void {
    if (worker !== this.#worker) return; // a terminated worker's last words
    switch (reply.type) {
      case 'ready':
        this.#capabilities = reply.capabilities;
        if (reply.hashMb > 0) this.#hashMbInUse = reply.hashMb;
        this.#bootWaiter?.resolve();
        this.#bootWaiter = undefined;
        return;
      case 'info': {
        const run = this.#run;
        if (!run || run.id !== reply.id) return;
        const info = toSearchInfo(reply.info, run.position);
        run.nodes = Math.max(run.nodes, info.nodes);
        if (info.multiPv === 1 && info.pv.length > 0) run.best = info;
        run.onInfo?.(info);
        return;
      }
      case 'bestmove': {
        const run = this.#run;
        if (run && run.id === reply.id) this.#finishRun(run, reply.bestMove, reply.ponder);
        return;
      }
      case 'value':
      case 'error': {
        if (reply.type === 'error' && reply.id === -1) {
          this.#bootWaiter?.reject(engineError(reply.code, reply.message));
          this.#bootWaiter = undefined;
          return;
        }
        const run = this.#run;
        if (reply.type === 'error' && run && run.id === reply.id) {
          this.#endRun(run);
          run.reject(engineError(reply.code, reply.message));
          return;
        }
        const pending = this.#pending.get(reply.id);
        if (!pending) return;
        this.#pending.delete(reply.id);
        if (reply.type === 'value') pending.resolve(reply.value);
        else pending.reject(engineError(reply.code, reply.message));
        return;
      }
    }
  }

  #onFailure(worker: WorkerHandle, error: Error): void {
    if (worker !== this.#worker) return;
    const failure = engineError('ERR_ENGINE', `the engine worker failed: ${error.message}`);
    this.#bootWaiter?.reject(failure);
    this.#bootWaiter = undefined;
    const run = this.#run;
    if (run) {
      this.#endRun(run);
      run.reject(failure);
    }
    this.#failPending(failure);
    this.#worker = undefined;
    this.#booting = undefined;
    void worker.terminate().catch(() => undefined);
  }

  #failPending(error: MakrukError): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#updateKeepAlive();
  }

  #updateKeepAlive(): void {
    this.#worker?.keepAlive(this.#bootWaiter !== undefined || this.#pending.size > 0 || this.#run !== undefined);
  }
}

function emptyResult(score: Score): AnalysisResult {
  return {
    bestMove: undefined,
    bestMoveUci: undefined,
    score,
    pv: [],
    pvSan: [],
    depth: 0,
    seldepth: 0,
    nodes: 0,
    timeMs: 0,
    stopped: false,
  };
}

/** Checks hashMb (1..2048), skill (0..20) and multiPv (1..256) on top of `base`. */
export function checkEngineOptions(
  options: EngineOptions,
  base: Required<EngineOptions>,
): Result<Required<EngineOptions>, MakrukError> {
  const out = { ...base };
  const fail = (message: string): Result<never, MakrukError> => ({
    ok: false,
    error: engineError('ERR_ENGINE_OPTIONS', message),
  });
  if (options.hashMb !== undefined) {
    if (!Number.isInteger(options.hashMb) || options.hashMb < 1 || options.hashMb > MAX_HASH_MB) {
      return fail(`hashMb must be a whole number 1..${MAX_HASH_MB}`);
    }
    out.hashMb = options.hashMb;
  }
  if (options.skill !== undefined) {
    const skill = checkSkill(options.skill);
    if (skill === undefined) return fail('skill must be a whole number 0..20');
    out.skill = skill;
  }
  if (options.multiPv !== undefined) {
    if (!Number.isInteger(options.multiPv) || options.multiPv < 1 || options.multiPv > MAX_MULTI_PV) {
      return fail(`multiPv must be a whole number 1..${MAX_MULTI_PV}`);
    }
    out.multiPv = options.multiPv;
  }
  return { ok: true, value: out };
}
