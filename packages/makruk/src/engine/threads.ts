// Threads > 1 (lazy SMP), the engine worker's side: one shared WebAssembly.Memory holding every thread's instance
// (each thread build in its own region) and the transposition table above them, the main thread's instance in the
// engine worker itself, and a helper worker (the same script, worker.js) per further thread. Helpers search
// the main thread's position with no limits, sharing only the table, until the main thread has answered; only the
// main thread reports and its move is played. A helper is stopped through a shared flag holding the token of the
// search it runs (a new token or 0 stops it, so a late helper never runs on into the next search).
import {
  createThreadMemory,
  instantiateThreadEngine,
  threadEngineModule,
  type ThreadEngineExports,
  type ThreadMemory,
  type ThreadModule,
} from '@makruk/engine/threads';
import type { EngineHost } from '@makruk/engine/release';
import type { BrowserWorkerConstructor } from './host.js';
import type { HelperReply, HelperRequest, WorkerGame } from './worker-protocol.js';
import { applyNetworkFromEnv, applySearchParamsFromEnv } from './tuning.js';
import { withWorkerArgv } from './worker-argv.js';

interface HelperLink {
  post(message: HelperRequest): void;
  terminate(): Promise<void>;
}

declare const Worker: BrowserWorkerConstructor<HelperReply>;

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

async function spawnHelper(
  url: URL,
  onReply: (reply: HelperReply) => void,
  onFailure: (error: Error) => void,
): Promise<HelperLink> {
  if (isNode) {
    const specifier = 'node:worker_threads';
    const threads = (await import(/* @vite-ignore */ specifier)) as typeof import('node:worker_threads');
    const worker = withWorkerArgv((options) => new threads.Worker(url, options), process.execArgv);
    let terminating = false;
    worker.on('message', onReply);
    worker.on('error', onFailure);
    worker.on('exit', (code: number) => {
      if (!terminating) onFailure(new Error(`a helper thread exited (code ${code})`));
    });
    return {
      post: (message) => worker.postMessage(message),
      terminate: async () => {
        terminating = true;
        await worker.terminate();
      },
    };
  }
  // A variable URL (this very script): bundlers leave it alone, the built worker file starts itself again.
  const worker = new Worker(url, { type: 'module' });
  worker.addEventListener('message', (event) => onReply(event.data));
  worker.addEventListener('error', (event) => onFailure(new Error(event.message ?? 'a helper thread failed')));
  return {
    post: (message) => worker.postMessage(message),
    terminate: async () => worker.terminate(),
  };
}

/** The main thread's instance and its helpers. */
export class ThreadPool {
  readonly main: ThreadEngineExports;
  readonly threads: number;
  readonly #helpers: HelperLink[] = [];
  readonly #stop = new Int32Array(new SharedArrayBuffer(4));
  #hashMb = 0;
  #token = 0;
  #running = 0;
  #waiters: Array<() => void> = [];
  #failure: Error | undefined;

  private constructor(main: ThreadEngineExports, threads: number) {
    this.main = main;
    this.threads = threads;
  }

  /**
   * Loads `threads` thread builds over a fresh shared memory, allocates a `hashMb` table with the main instance and
   * starts the helpers from `helperUrl` (the engine worker script). Rejects when a helper cannot start.
   */
  static async start(threads: number, hashMb: number, host: EngineHost, helperUrl: URL): Promise<ThreadPool> {
    const memory = createThreadMemory(threads, hashMb);
    const modules = await Promise.all(Array.from({ length: threads }, (_, k) => threadEngineModule(k)));
    const main = await instantiateThreadEngine(modules[0] as ThreadModule, 0, memory, host);
    const pool = new ThreadPool(main, threads);
    pool.#hashMb = main.setHashSize(hashMb);
    try {
      await Promise.all(
        modules.slice(1).map((module: ThreadModule, i: number) => pool.#startHelper(helperUrl, module, i + 1, memory)),
      );
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  get hashMb(): number {
    return this.#hashMb;
  }

  async #startHelper(url: URL, module: ThreadModule, index: number, memory: ThreadMemory): Promise<void> {
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    let isReady = false;
    const link = await spawnHelper(
      url,
      (reply) => {
        if (reply.type === 'helperReady') {
          isReady = true;
          ready();
        } else if (reply.type === 'helperDone') {
          if (reply.token === this.#token) this.#done();
        } else {
          this.#fail(new Error(reply.message), isReady, failed);
        }
      },
      (error) => this.#fail(error, isReady, failed),
    );
    this.#helpers.push(link);
    link.post({ type: 'helperInit', index, module, memory, stop: this.#stop.buffer as SharedArrayBuffer });
    await started;
  }

  #fail(error: Error, started: boolean, failStart: (error: Error) => void): void {
    if (!started) {
      failStart(error);
      return;
    }
    this.#failure ??= error;
    // Nothing will answer for the broken helper: let whoever waits go on (the next search reports the failure).
    this.#running = 0;
    this.#wake();
  }

  #done(): void {
    if (this.#running > 0) this.#running--;
    if (this.#running === 0) this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once every helper has finished its search (or its clearing). */
  idle(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /**
   * Starts every helper on `game` (already loaded in the main instance, which searches next): call when idle,
   * just before the main instance's search; then stopHelpers() as soon as it returns. False (nothing started) once a
   * helper has failed: the main instance searches alone.
   */
  startHelpers(game: WorkerGame): boolean {
    if (this.#failure) return false;
    this.#token = this.#token >= 0x3fffffff ? 1 : this.#token + 1;
    Atomics.store(this.#stop, 0, this.#token);
    this.#running = this.#helpers.length;
    const request: HelperRequest = {
      type: 'helperSearch',
      token: this.#token,
      game,
      base: this.main.hashTableBase(),
      hashMb: this.#hashMb,
      // the main instance's search starts by moving to the next generation; each helper's search does the same
      generation: this.main.hashGeneration(),
    };
    for (const helper of this.#helpers) helper.post(request);
    return true;
  }

  /** Why a helper failed after it started (the pool then searches with the main thread alone), if one did. */
  get failure(): string | undefined {
    return this.#failure?.message;
  }

  stopHelpers(): void {
    Atomics.store(this.#stop, 0, 0);
  }

  /** Clears the helpers' history tables (the main instance's newGame clears the shared table). Call when idle. */
  async newGame(): Promise<void> {
    // After a failure the helpers are not used again (and a broken one would never answer).
    if (this.#helpers.length === 0 || this.#failure) return;
    this.#token = this.#token >= 0x3fffffff ? 1 : this.#token + 1;
    this.#running = this.#helpers.length;
    for (const helper of this.#helpers) helper.post({ type: 'helperNewGame', token: this.#token });
    await this.idle();
  }

  async close(): Promise<void> {
    this.stopHelpers();
    await Promise.all(this.#helpers.splice(0).map((helper) => helper.terminate().catch(() => undefined)));
    this.#running = 0;
    this.#wake();
  }
}

/** A helper thread (in a worker started by ThreadPool): its instance and the token of the search it runs. */
export class HelperThread {
  readonly #engine: ThreadEngineExports;
  readonly #stop: Int32Array;
  #token = 0;

  private constructor(engine: ThreadEngineExports, stop: Int32Array) {
    this.#engine = engine;
    this.#stop = stop;
  }

  static async start(request: Extract<HelperRequest, { type: 'helperInit' }>): Promise<HelperThread> {
    const stop = new Int32Array(request.stop);
    let helper: HelperThread | undefined;
    const engine = await instantiateThreadEngine(request.module, request.index, request.memory, {
      stopRequested: () => (helper && Atomics.load(stop, 0) === helper.#token ? 0 : 1),
    });
    applySearchParamsFromEnv(engine);
    await applyNetworkFromEnv(engine);
    helper = new HelperThread(engine, stop);
    return helper;
  }

  get engine(): ThreadEngineExports {
    return this.#engine;
  }

  /** Searches the position `load` set up until stopped (or a mate is proven); returns the nodes visited. */
  search(
    request: Extract<HelperRequest, { type: 'helperSearch' }>,
    load: (engine: ThreadEngineExports) => void,
  ): number {
    this.#token = request.token;
    this.#engine.shareHashTable(request.base, request.hashMb, request.generation);
    // Stopped before it began: the main thread has answered already.
    if (Atomics.load(this.#stop, 0) !== this.#token) return 0;
    load(this.#engine);
    this.#engine.search(-1, -1, -1, -1, -1, -1, -1, 0, 0);
    return this.#engine.searchedNodes();
  }

  newGame(): void {
    this.#engine.newGame();
  }
}
