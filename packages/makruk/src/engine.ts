// The facade Engine: an asynchronous, cancellable search that runs the wasm engine in a worker and streams info
// lines (CONTRIBUTING.md, Contract 4). This file holds the Engine's public API and the life of a search run; the
// worker host is engine-host.ts, the analysis target engine-target.ts, options engine-options.ts, limits
// engine-limits.ts, reported data engine-info.ts, the worker's messages engine-protocol.ts.
//
// Stopping: with SharedArrayBuffer (Node; browsers when crossOriginIsolated) the worker's search polls a shared
// Int32Array flag and returns within milliseconds. Without it — or if the worker does not answer soon after a stop —
// the worker is terminated and started again, and the run resolves with the best move of the last reported iteration.
// The search always completes its first iteration, so even a search stopped at once answers with a scored move.
import { MakrukError, describeValue, isMakrukErrorCode } from './errors.js';
import { makeUci } from './uci.js';
import { checkSearchLimits, emptyLimitsForQuickAnswer, guardDeadlineMs, type SearchLimits } from './engine-limits.js';
import { checkEngineOptions, DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './engine-options.js';
import { spawnWorker, sharedStopAvailable, type WorkerHandle } from './engine-host.js';
import { legalMoveOf, resolveAnalysisTarget, sanLine, type AnalysisTarget } from './engine-target.js';
import { emptyResult, toSearchInfo, type AnalysisResult, type SearchInfo } from './engine-info.js';
import type { Position } from './position.js';
import type { WorkerCapabilities, WorkerGame, WorkerLimits, WorkerReply, WorkerRequest } from './engine-protocol.js';

export type { SearchLimits } from './engine-limits.js';
export type { AnalysisResult, Score, SearchInfo } from './engine-info.js';
export type { AnalysisTarget, GameInput } from './engine-target.js';
export { resolveAnalysisTarget, sanLine } from './engine-target.js';
export { checkEngineOptions, DEFAULT_HASH_MB, MAX_HASH_MB, type EngineOptions } from './engine-options.js';

export interface AnalysisRun {
  /**
   * Resolves with the best move; rejects with a MakrukError for bad input or a broken engine. A rejection nobody
   * awaits is not reported as unhandled.
   */
  readonly result: Promise<AnalysisResult>;
  /** Ends the search; `result` resolves promptly with the best move found so far. Safe to call at any time. */
  stop(): void;
}

export interface EngineStartOptions extends EngineOptions {
  /** Where engine-worker.js is; by default next to this module (dist/engine-worker.js). */
  workerUrl?: URL | string;
  /** Set false to stop by terminating the worker even where SharedArrayBuffer exists. */
  sharedStop?: boolean;
}

/** How long a stopped search may take to answer before the worker is terminated instead. */
const STOP_ANSWER_MS = 250;

function engineError(code: string, message: string): MakrukError {
  return new MakrukError(isMakrukErrorCode(code) ? code : 'ERR_ENGINE', message);
}

/** A result promise whose rejection counts as handled: the caller may never await it. */
function settledQuietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
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
  /** Stopped without a shared flag before any iteration was reported: terminate as soon as one is. */
  abortOnInfo: boolean;
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
    const settings = checkEngineOptions(options, { ...DEFAULT_ENGINE_OPTIONS });
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
    const refused = (error: MakrukError): AnalysisRun => ({ result: settledQuietly(Promise.reject(error)), stop: () => undefined });
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) return refused(resolved.error);
    const checked = checkSearchLimits(limits);
    if (!checked.ok) return refused(checked.error);
    if (onInfo !== undefined && typeof onInfo !== 'function') {
      return refused(engineError('ERR_ARGUMENT', `analyse()'s onInfo must be a function, not ${describeValue(onInfo)}.`));
    }
    if (this.#quit) return refused(engineError('ERR_ENGINE_QUIT', 'the engine has quit'));
    if (this.#run) return refused(engineError('ERR_ENGINE_BUSY', 'a search is already running; stop it first'));
    const { game, position } = resolved.value;
    const workerLimits = checked.value;
    if (limits.multiPv === undefined) workerLimits.multiPv = this.#settings.multiPv;
    let resolveResult!: (result: AnalysisResult) => void;
    let rejectResult!: (error: MakrukError) => void;
    const result = settledQuietly(
      new Promise<AnalysisResult>((resolve, reject) => {
        resolveResult = resolve;
        rejectResult = reject;
      }),
    );
    const run: ActiveRun = {
      id: this.#nextId++,
      position,
      best: undefined,
      nodes: 0,
      startedAt: performance.now(),
      stopped: false,
      posted: false,
      abortOnInfo: false,
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
    if (hashMb !== undefined && this.#worker && !this.#run && this.#pending.size === 0 && !this.#bootWaiter) {
      // Wasm memory never shrinks, and a dropped instance is only freed when its thread collects garbage: a new
      // worker (started with the new settings) is what gives a big table's memory back at once.
      await this.#replaceWorker();
      return;
    }
    const hashMbInUse = await this.#request((id) => ({ type: 'configure', id, hashMb, skill, multiPv }));
    if (hashMb !== undefined && typeof hashMbInUse === 'number' && hashMbInUse > 0) this.#hashMbInUse = hashMbInUse;
  }

  /** Stops any search and ends the worker; the engine cannot be used afterwards. Leaves no handles open. */
  async quit(): Promise<void> {
    if (this.#quit) return;
    this.#quit = true;
    const run = this.#run;
    if (run) {
      run.stopped = true;
      this.#finishFromLastIteration(run);
    }
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
    // Stopped before the worker was ready: search one iteration, which answers with a scored move at once.
    const searchLimits: WorkerLimits = run.stopped ? emptyLimitsForQuickAnswer() : limits;
    run.startedAt = performance.now();
    run.posted = true;
    worker.post({ type: 'search', id: run.id, game, limits: searchLimits, multiPv: limits.multiPv });
    const deadline = guardDeadlineMs(searchLimits, run.position.turn);
    if (deadline !== undefined) run.timers.push(setTimeout(() => this.#stopRun(run), deadline));
  }

  #stopRun(run: ActiveRun): void {
    if (this.#run !== run || run.stopped) return;
    run.stopped = true;
    if (!run.posted) return; // #startRun posts a one-iteration search instead
    if (this.#stopFlag && this.#capabilities.sharedStop) {
      Atomics.store(this.#stopFlag, 0, 1);
      // A search that does not poll the flag in time is cut off the hard way.
      run.timers.push(setTimeout(() => this.#abortRun(run), STOP_ANSWER_MS));
      return;
    }
    if (run.best) {
      this.#abortRun(run);
      return;
    }
    // No iteration reported yet: the first one comes within milliseconds and brings a scored move.
    run.abortOnInfo = true;
    run.timers.push(setTimeout(() => this.#abortRun(run), STOP_ANSWER_MS));
  }

  /** Terminates the worker (it cannot be interrupted otherwise), resolves from the last iteration, restarts. */
  #abortRun(run: ActiveRun): void {
    if (this.#run !== run) return;
    this.#finishFromLastIteration(run);
    void this.#restartWorker();
  }

  /** Ends the idle worker and starts one with the current settings; failures reject (ERR_ENGINE_START). */
  async #replaceWorker(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#booting = undefined;
    if (worker) await worker.terminate();
    await this.#boot();
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
        if (run.abortOnInfo && run.best) this.#abortRun(run);
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

