// The facade's connection to its engine worker: starting it with the current settings, waiting until it is ready,
// request/reply pairs (perft, legal moves, options), restarting or replacing it, quitting, and keeping a Node process
// alive only while there is work. Search runs (engine.ts) get the replies that belong to them through `runReply`.
import { MakrukError, isMakrukErrorCode } from '../rules/errors.js';
import { spawnWorker, type WorkerHandle } from './host.js';
import type { EngineOptions } from './options.js';
import type { WorkerCapabilities, WorkerInUse, WorkerReply, WorkerRequest } from './worker-protocol.js';

/** What a worker request answers with (the `value` of its reply). */
type WorkerValue = Extract<WorkerReply, { type: 'value' }>['value'];

export function engineError(code: string, message: string): MakrukError {
  return new MakrukError(isMakrukErrorCode(code) ? code : 'ERR_ENGINE', message);
}

const quitError = (): MakrukError => engineError('ERR_ENGINE_QUIT', 'the engine has quit');

export type RunReply = Extract<WorkerReply, { type: 'info' | 'tables' | 'bestmove' | 'error' }>;

export interface ConnectionEvents {
  /** The settings a (re)started worker begins with (threads: the number the host can run). */
  settings(): Required<EngineOptions>;
  /** An info, bestmove or error reply that is not the answer to a request: a search run's. */
  runReply(reply: RunReply): void;
  /** The worker failed: the running search (if any) must end with this error. */
  failure(error: MakrukError): void;
  /** A search is running (keeps a Node process alive). */
  busy(): boolean;
}

interface PendingRequest {
  resolve(value: WorkerValue): void;
  reject(error: MakrukError): void;
}

export class WorkerConnection {
  readonly #workerUrl: URL | string | undefined;
  readonly #events: ConnectionEvents;
  /** The shared stop flag, when SharedArrayBuffer can reach the worker. */
  readonly stopFlag: Int32Array | undefined;
  capabilities: WorkerCapabilities = { search: false, sharedStop: false };
  /** The hash MB the wasm engine allocated (0 until it says). */
  hashMbInUse = 0;
  /** The threads the worker searches with (0 until it says) and, when fewer than asked, why. */
  threadsInUse = 0;
  threadsFailure: string | undefined;
  #worker: WorkerHandle | undefined;
  #booting: Promise<void> | undefined;
  #bootWaiter: { resolve(): void; reject(error: MakrukError): void } | undefined;
  #pending = new Map<number, PendingRequest>();
  #nextId = 1;
  #quit = false;

  constructor(workerUrl: URL | string | undefined, stopFlag: Int32Array | undefined, events: ConnectionEvents) {
    this.#workerUrl = workerUrl;
    this.stopFlag = stopFlag;
    this.#events = events;
  }

  /** A fresh id for a request or a search run. */
  nextId(): number {
    return this.#nextId++;
  }

  /** Nothing in flight: no request waiting, not starting. */
  get idle(): boolean {
    return this.#worker !== undefined && this.#pending.size === 0 && this.#bootWaiter === undefined;
  }

  async boot(): Promise<void> {
    if (this.#quit) throw quitError();
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
      if (this.#quit) throw quitError();
      this.#worker = worker;
      const { hashMb, skill, multiPv, threads } = this.#events.settings();
      worker.post({
        type: 'init',
        stop: this.stopFlag?.buffer as SharedArrayBuffer | undefined,
        hashMb,
        skill,
        multiPv,
        threads,
      });
      this.updateKeepAlive();
      await booting;
      if (this.#quit) throw quitError();
    } catch (error) {
      if (this.#booting === booting) this.#booting = undefined;
      // A worker that failed to start, or started after quit(), must not outlive this call.
      if (spawned) {
        if (this.#worker === spawned) this.#worker = undefined;
        await spawned.terminate().catch(() => undefined);
      }
      throw error instanceof MakrukError
        ? error
        : engineError('ERR_ENGINE_START', `the engine worker could not start: ${String(error)}`);
    }
    this.updateKeepAlive();
  }

  /** The worker, once it is ready (starting it again if it was restarted or failed). */
  async ready(): Promise<WorkerHandle> {
    if (!this.#worker || this.#booting === undefined) await this.boot();
    else await this.#booting;
    const worker = this.#worker;
    if (!worker || this.#quit) throw quitError();
    return worker;
  }

  async request(build: (id: number) => WorkerRequest): Promise<WorkerValue> {
    const worker = await this.ready();
    const id = this.nextId();
    const reply = new Promise<WorkerValue>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.updateKeepAlive();
    worker.post(build(id));
    try {
      return await reply;
    } finally {
      this.updateKeepAlive();
    }
  }

  /** Ends the idle worker and starts one with the current settings; failures reject (ERR_ENGINE_START). */
  async replace(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#booting = undefined;
    if (worker) await worker.terminate();
    await this.boot();
  }

  /** Terminates the worker (a search cannot be interrupted otherwise) and starts it again in the background. */
  async restart(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#booting = undefined;
    this.#failPending(engineError('ERR_ENGINE', 'the engine worker was restarted'));
    if (worker) await worker.terminate();
    if (this.#quit) return;
    // Boot again now so the next call finds the engine ready; a failure shows up on that call.
    await this.boot().catch(() => undefined);
  }

  async quit(): Promise<void> {
    this.#quit = true;
    this.#failPending(quitError());
    this.#bootWaiter?.reject(quitError());
    this.#bootWaiter = undefined;
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }

  /** Takes in what the worker runs with (its `ready`, or the answer to a configure). */
  noteInUse(inUse: WorkerInUse): void {
    if (inUse.hashMb > 0) this.hashMbInUse = inUse.hashMb;
    this.threadsInUse = inUse.threads;
    this.threadsFailure = inUse.threadsFailure ?? undefined;
  }

  updateKeepAlive(): void {
    this.#worker?.keepAlive(this.#bootWaiter !== undefined || this.#pending.size > 0 || this.#events.busy());
  }

  #onReply(worker: WorkerHandle, reply: WorkerReply): void {
    if (worker !== this.#worker) return; // a terminated worker's last words
    if (reply.type === 'ready') {
      this.capabilities = reply.capabilities;
      this.noteInUse(reply);
      this.#bootWaiter?.resolve();
      this.#bootWaiter = undefined;
      return;
    }
    if (reply.type === 'error' && reply.id === -1) {
      this.#bootWaiter?.reject(engineError(reply.code, reply.message));
      this.#bootWaiter = undefined;
      return;
    }
    const pending = reply.type === 'value' || reply.type === 'error' ? this.#pending.get(reply.id) : undefined;
    if (!pending) {
      if (reply.type !== 'value') this.#events.runReply(reply);
      return;
    }
    this.#pending.delete(reply.id);
    if (reply.type === 'value') pending.resolve(reply.value);
    else if (reply.type === 'error') pending.reject(engineError(reply.code, reply.message));
  }

  #onFailure(worker: WorkerHandle, error: Error): void {
    if (worker !== this.#worker) return;
    const failure = engineError('ERR_ENGINE', `the engine worker failed: ${error.message}`);
    this.#bootWaiter?.reject(failure);
    this.#bootWaiter = undefined;
    this.#events.failure(failure);
    this.#failPending(failure);
    this.#worker = undefined;
    this.#booting = undefined;
    void worker.terminate().catch(() => undefined);
  }

  #failPending(error: MakrukError): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.updateKeepAlive();
  }
}
