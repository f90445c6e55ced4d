// The facade Engine: an asynchronous, cancellable search that runs the wasm engine in a worker and streams info
// lines (CONTRIBUTING.md, Contract 4). This file holds the Engine's public API and the life of a search run; the
// worker host is host.ts and connection.ts, the analysis target target.ts, options options.ts, limits limits.ts,
// reported data info.ts, the worker's messages worker-protocol.ts (all in this folder, engine/).
//
// Stopping: with SharedArrayBuffer (Node; browsers when crossOriginIsolated) the worker's search polls a shared
// Int32Array flag and returns within milliseconds. Without it — or if the worker does not answer soon after a stop —
// the worker is terminated and started again, and the run resolves with the best move of the last reported iteration.
// The search always completes its first iteration, so even a search stopped at once answers with a scored move.
import { MakrukError, describeValue } from '../rules/errors.js';
import { makeUci } from '../rules/uci.js';
import {
  checkSearchLimits,
  emptyLimitsForQuickAnswer,
  guardDeadlineMs,
  MAX_PERFT_DEPTH,
  type SearchLimits,
} from './limits.js';
import { checkEngineOptions, DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options.js';
import { availableThreads, sharedStopAvailable } from './host.js';
import { engineError, WorkerConnection, type RunReply } from './connection.js';
import { legalMoveOf, resolveAnalysisTarget, sanLine, type AnalysisTarget } from './target.js';
import { emptyResult, toSearchInfo, type AnalysisResult, type SearchInfo } from './info.js';
import { TABLE_GENERATION_BUDGET_MS, tablebaseCandidate } from './tablebase-search.js';
import type { Position } from '../rules/position.js';
import type { WorkerCapabilities, WorkerGame, WorkerLimits } from './worker-protocol.js';

export type { SearchLimits } from './limits.js';
export type { AnalysisResult, Score, SearchInfo } from './info.js';
export type { AnalysisTarget, GameInput } from './target.js';
export { resolveAnalysisTarget, sanLine } from './target.js';
export { checkEngineOptions, DEFAULT_HASH_MB, MAX_HASH_MB, type EngineOptions } from './options.js';

/** The threads a search uses: as asked, but 1 where this host cannot share memory between workers. */
function threadsInUse(settings: Required<EngineOptions>): number {
  return Math.min(settings.threads, availableThreads());
}

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
  /** Where the worker script is; by default next to this module (dist/engine/worker.js). */
  workerUrl?: URL | string;
  /** Set false to stop by terminating the worker even where SharedArrayBuffer exists. */
  sharedStop?: boolean;
}

/** How long a stopped search may take to answer before the worker is terminated instead. */
const STOP_ANSWER_MS = 250;
/**
 * The same for a root the tablebases may hold: the worker may be making a table (up to about 2.5 s, not
 * interruptible), and terminating it would throw the table away, so that every stop during a first visit to an
 * ending would start the worker again and make the table again. The worker answers from the table once made.
 */
const STOP_ANSWER_TABLES_MS = TABLE_GENERATION_BUDGET_MS;

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
  /** The worker said it is making a table for this root: a stop waits for it (STOP_ANSWER_TABLES_MS). */
  tables: boolean;
  onInfo: ((info: SearchInfo) => void) | undefined;
  resolve(result: AnalysisResult): void;
  reject(error: MakrukError): void;
  timers: Array<ReturnType<typeof setTimeout>>;
}

export class Engine {
  readonly #connection: WorkerConnection;
  #settings: Required<EngineOptions>;
  #run: ActiveRun | undefined;
  #quit = false;

  private constructor(options: EngineStartOptions, settings: Required<EngineOptions>) {
    const stopFlag =
      options.sharedStop !== false && sharedStopAvailable() ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    this.#settings = settings;
    this.#connection = new WorkerConnection(options.workerUrl, stopFlag, {
      settings: () => ({ ...this.#settings, threads: threadsInUse(this.#settings) }),
      runReply: (reply) => this.#onRunReply(reply),
      failure: (error) => {
        const run = this.#run;
        if (!run) return;
        this.#endRun(run);
        run.reject(error);
      },
      busy: () => this.#run !== undefined,
    });
  }

  /** Starts the worker and loads the wasm engine. Rejects with MakrukError (ERR_ENGINE_OPTIONS, ERR_ENGINE_START). */
  static async start(options: EngineStartOptions = {}): Promise<Engine> {
    if (typeof options !== 'object' || options === null) {
      throw engineError('ERR_ENGINE_OPTIONS', `Engine.start takes an options object, not ${describeValue(options)}.`);
    }
    const settings = checkEngineOptions(options, { ...DEFAULT_ENGINE_OPTIONS });
    if (!settings.ok) throw settings.error;
    const engine = new Engine(options, settings.value);
    await engine.#connection.boot();
    return engine;
  }

  /** What the loaded wasm can do: `search` is false for a movegen-only build. */
  get capabilities(): WorkerCapabilities {
    return { ...this.#connection.capabilities };
  }

  /**
   * The options in force; `hashMb` is what the engine actually allocated, `threads` the threads it searches with
   * (1 when more were asked for where memory cannot be shared, e.g. a page that is not cross-origin isolated, or
   * where the helper threads could not start: see threadsFailure).
   */
  get options(): Required<EngineOptions> {
    const asked = threadsInUse(this.#settings);
    const running = this.#connection.threadsInUse;
    return {
      ...this.#settings,
      hashMb: this.#connection.hashMbInUse || this.#settings.hashMb,
      threads: running > 0 ? Math.min(running, asked) : asked,
    };
  }

  /**
   * Why the engine searches with fewer threads than asked for although the host can share memory (a helper worker
   * could not start or failed: e.g. a page offline without the thread builds), or undefined. The search itself goes
   * on with one thread.
   */
  get threadsFailure(): string | undefined {
    return this.#connection.threadsFailure;
  }

  get searching(): boolean {
    return this.#run !== undefined;
  }

  /**
   * Searches `target` within `limits` (nothing set = until stop()), calling `onInfo` for every info line.
   * One search at a time: a second analyse() while one runs rejects with ERR_ENGINE_BUSY.
   */
  analyse(target: AnalysisTarget, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): AnalysisRun {
    const refused = (error: MakrukError): AnalysisRun => ({
      result: settledQuietly(Promise.reject(error)),
      stop: () => undefined,
    });
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) return refused(resolved.error);
    const checked = checkSearchLimits(limits);
    if (!checked.ok) return refused(checked.error);
    if (onInfo !== undefined && typeof onInfo !== 'function') {
      return refused(
        engineError('ERR_ARGUMENT', `analyse()'s onInfo must be a function, not ${describeValue(onInfo)}.`),
      );
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
      id: this.#connection.nextId(),
      position,
      best: undefined,
      nodes: 0,
      startedAt: performance.now(),
      stopped: false,
      posted: false,
      abortOnInfo: false,
      tables: false,
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
    this.#connection.updateKeepAlive();
    void this.#startRun(run, game, workerLimits).catch((error: unknown) => {
      this.#endRun(run);
      rejectResult(error instanceof MakrukError ? error : engineError('ERR_ENGINE', String(error)));
    });
    return { result, stop: () => this.#stopRun(run) };
  }

  /** Perft through the worker's wasm (does not block the calling thread). */
  async perft(target: AnalysisTarget, depth: number): Promise<number> {
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
      throw engineError(
        'ERR_PERFT_DEPTH',
        `perft depth must be a whole number 0..${MAX_PERFT_DEPTH}, got ${String(depth)}`,
      );
    }
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) throw resolved.error;
    return (await this.#connection.request((id) => ({
      type: 'perft',
      id,
      game: resolved.value.game,
      depth,
    }))) as number;
  }

  /** The legal moves (UCI) as the wasm engine generates them, after the target's moves. */
  async legalMoves(target: AnalysisTarget): Promise<string[]> {
    const resolved = resolveAnalysisTarget(target);
    if (!resolved.ok) throw resolved.error;
    return (await this.#connection.request((id) => ({
      type: 'legalMoves',
      id,
      game: resolved.value.game,
    }))) as string[];
  }

  /** Forgets everything learnt (hash table, history): call between unrelated games. */
  async newGame(): Promise<void> {
    await this.#connection.request((id) => ({ type: 'newGame', id }));
  }

  /**
   * Changes hash size, skill, default MultiPV or threads. Rejects with ERR_ENGINE_OPTIONS for bad values. A new hash
   * size or thread count takes effect from the next search (a running one finishes as it began).
   */
  async setOption(options: EngineOptions): Promise<void> {
    const checked = checkEngineOptions(options, this.#settings);
    if (!checked.ok) throw checked.error;
    const threadsBefore = threadsInUse(this.#settings);
    this.#settings = checked.value;
    const { hashMb, skill, multiPv } = options;
    const threads = threadsInUse(this.#settings) !== threadsBefore ? threadsInUse(this.#settings) : undefined;
    if ((hashMb !== undefined || threads !== undefined) && this.#connection.idle && !this.#run) {
      // Wasm memory never shrinks, and a dropped instance is only freed when its thread collects garbage: a new
      // worker (started with the new settings) is what gives a big table's memory back at once.
      await this.#connection.replace();
      return;
    }
    const inUse = await this.#connection.request((id) => ({
      type: 'configure',
      id,
      hashMb,
      skill,
      multiPv,
      threads,
    }));
    if (typeof inUse === 'object' && inUse !== null && !Array.isArray(inUse)) this.#connection.noteInUse(inUse);
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
    await this.#connection.quit();
  }

  async #startRun(run: ActiveRun, game: WorkerGame, limits: WorkerLimits & { multiPv: number }): Promise<void> {
    const worker = await this.#connection.ready();
    if (this.#run !== run) return; // stopped (and resolved) while the worker was starting
    if (!this.#connection.capabilities.search) {
      throw engineError('ERR_ENGINE_NO_SEARCH', 'this build of @makruk/engine has no search (movegen only)');
    }
    const stopFlag = this.#connection.stopFlag;
    if (stopFlag) Atomics.store(stopFlag, 0, 0);
    // Stopped before the worker was ready: search one iteration, which answers with a scored move at once.
    const searchLimits: WorkerLimits = run.stopped ? emptyLimitsForQuickAnswer() : limits;
    run.startedAt = performance.now();
    run.posted = true;
    worker.post({
      type: 'search',
      id: run.id,
      game,
      limits: searchLimits,
      multiPv: limits.multiPv,
      // Four men or fewer, no pawn, one side bare: the worker asks the tablebases first.
      ...(tablebaseCandidate(run.position) ? { tablebaseFen: run.position.fen() } : {}),
    });
    const deadline = guardDeadlineMs(searchLimits, run.position.turn);
    if (deadline !== undefined) run.timers.push(setTimeout(() => this.#stopRun(run), deadline));
  }

  #stopRun(run: ActiveRun): void {
    if (this.#run !== run || run.stopped) return;
    run.stopped = true;
    if (!run.posted) return; // #startRun posts a one-iteration search instead
    const stopFlag = this.#connection.stopFlag;
    const grace = run.tables ? STOP_ANSWER_TABLES_MS : STOP_ANSWER_MS;
    if (stopFlag && this.#connection.capabilities.sharedStop) {
      Atomics.store(stopFlag, 0, 1);
      // A search that does not poll the flag in time is cut off the hard way.
      run.timers.push(setTimeout(() => this.#abortRun(run), grace));
      return;
    }
    if (run.tables) {
      // making a table, then answering from it (a bestmove right after its lines): wait for that answer
      run.timers.push(setTimeout(() => this.#abortRun(run), grace));
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
    void this.#connection.restart();
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
    this.#connection.updateKeepAlive();
  }

  #onRunReply(reply: RunReply): void {
    const run = this.#run;
    if (!run || run.id !== reply.id) return;
    switch (reply.type) {
      case 'info': {
        const info = toSearchInfo(reply.info, run.position);
        run.nodes = Math.max(run.nodes, info.nodes);
        if (info.multiPv === 1 && info.pv.length > 0) run.best = info;
        run.onInfo?.(info);
        if (run.abortOnInfo && run.best) this.#abortRun(run);
        return;
      }
      case 'tables':
        run.tables = true;
        if (run.stopped) {
          // stopped before it said so: wait for the table's answer rather than cut it off
          run.abortOnInfo = false;
          for (const timer of run.timers) clearTimeout(timer);
          run.timers = [setTimeout(() => this.#abortRun(run), STOP_ANSWER_TABLES_MS)];
        }
        return;
      case 'bestmove':
        this.#finishRun(run, reply.bestMove, reply.ponder);
        return;
      case 'error':
        this.#endRun(run);
        run.reject(engineError(reply.code, reply.message));
        return;
    }
  }
}
