// Hosting the engine worker: starting it (Node `worker_threads` or a browser module `Worker`), passing messages,
// terminating it, and whether a shared stop flag (SharedArrayBuffer + Atomics) can reach it.
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import { MAX_THREADS } from './options.js';
import { withWorkerArgv } from './worker-argv.js';

export interface WorkerHandle {
  post(message: WorkerRequest): void;
  terminate(): Promise<void>;
  /** Node: keep the process alive only while the engine is busy (a forgotten engine never hangs a script). */
  keepAlive(active: boolean): void;
}

export interface WorkerEvents {
  message(reply: WorkerReply): void;
  failure(error: Error): void;
}

/**
 * Minimal typing of the browser Worker (this package builds without the DOM lib), `Reply` being what it posts back.
 * Also the helper threads' (threads.ts, which imports only this type: the engine worker's bundle must not
 * reach the `new Worker(new URL('./worker.js', …))` below).
 */
export interface BrowserWorker<Reply> {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: Reply }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}
export type BrowserWorkerConstructor<Reply> = new (
  url: URL | string,
  options: { type: 'module' },
) => BrowserWorker<Reply>;
declare const Worker: BrowserWorkerConstructor<WorkerReply>;

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** Starts worker.js (by default next to this module) and wires its messages and failures to `events`. */
export async function spawnWorker(url: URL | string | undefined, events: WorkerEvents): Promise<WorkerHandle> {
  if (isNode) {
    // A variable specifier keeps browser bundlers from trying to resolve the Node built-in.
    const specifier = 'node:worker_threads';
    const threads = (await import(/* @vite-ignore */ specifier)) as typeof import('node:worker_threads');
    // the parent's Node flags, less those a worker refuses (worker-argv.ts: --input-type, V8 flags)
    const file = url ?? new URL('./worker.js', import.meta.url);
    const worker = withWorkerArgv((options) => new threads.Worker(file, options), process.execArgv);
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
    : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event) => events.message(event.data));
  worker.addEventListener('error', (event) => events.failure(new Error(event.message ?? 'the engine worker failed')));
  return {
    post: (message) => worker.postMessage(message),
    terminate: async () => worker.terminate(),
    keepAlive: () => undefined,
  };
}

/** Node always; browsers only when crossOriginIsolated (SharedArrayBuffer is withheld otherwise). */
export function sharedStopAvailable(): boolean {
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return false;
  if (isNode) return true;
  return (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

/**
 * How many search threads this host can run: MAX_THREADS where memory can be shared between workers (Node; a
 * browser page that is cross-origin isolated), else 1. The Engine clamps its `threads` option to this.
 */
export function availableThreads(): number {
  return sharedStopAvailable() ? MAX_THREADS : 1;
}
