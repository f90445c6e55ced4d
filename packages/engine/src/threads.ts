// '@makruk/engine/threads': the thread builds (lazy SMP; abi.ts has the memory layout). Each build is in its own
// module (wasm-thread-K.js), loaded only when asked for, so a bundle that never runs more than one thread never
// fetches them.
import {
  MAX_HASH_MB,
  MAX_THREADS,
  THREAD_MAXIMUM_PAGES,
  THREAD_REGION_PAGES,
  WASM_PAGE_BYTES,
  hashPages,
} from './abi.js';
import { decodeBase64 } from './base64.js';
import { threadImports } from './imports.js';
import { applyNetwork, defaultNetwork } from './network-file.js';
import type { EngineExports, EngineHost, EngineOptions } from './types.js';

export { MAX_THREADS } from './abi.js';

/** A compiled thread build: it can be posted to the worker that runs the thread. */
export type ThreadModule = WebAssembly.Module;
/** The shared memory of every thread's instance and the table. */
export type ThreadMemory = WebAssembly.Memory;

/** The exports of a thread build: the engine's, plus what sharing the table needs. */
export interface ThreadEngineExports extends EngineExports {
  /** Helpers (index > 0) skip some depths so that threads spread out (instantiateThreadEngine sets it). */
  setThreadIndex(index: number): void;
  /** Use the table another instance allocated in the shared memory: its base, size in MB and generation. */
  shareHashTable(base: number, mb: number, generation: number): void;
  /** Where this instance's table starts (0 before it is allocated). */
  hashTableBase(): number;
  /** The table's generation, 0…63 (one more per search). */
  hashGeneration(): number;
  /** End of the memory the instance's allocator has handed out. */
  heapEnd(): number;
  /** Nodes of this instance's last (or running) search. */
  searchedNodes(): number;
}

/** Bytes of shared memory each thread's instance owns (its statics and heap); the table lies above them all. */
export const THREAD_REGION_BYTES: number = THREAD_REGION_PAGES * WASM_PAGE_BYTES;

// One literal import per build, so that a bundler makes each its own chunk.
const sources = [
  () => import('./wasm-thread-0.js'),
  () => import('./wasm-thread-1.js'),
  () => import('./wasm-thread-2.js'),
  () => import('./wasm-thread-3.js'),
  () => import('./wasm-thread-4.js'),
  () => import('./wasm-thread-5.js'),
  () => import('./wasm-thread-6.js'),
  () => import('./wasm-thread-7.js'),
] as const satisfies { length: typeof MAX_THREADS };

function checkIndex(index: number, threads: number = MAX_THREADS): void {
  if (!Number.isInteger(index) || index < 0 || index >= threads) {
    throw new RangeError(`thread index must be a whole number 0..${threads - 1}, not ${String(index)}`);
  }
}

/** The wasm bytes of thread `index`'s build. */
export async function threadWasmBytes(index: number): Promise<Uint8Array<ArrayBuffer>> {
  checkIndex(index);
  const { WASM_BASE64 } = await sources[index]!();
  return decodeBase64(WASM_BASE64);
}

/** Thread `index`'s build, compiled (a WebAssembly.Module can be posted to the worker that runs that thread). */
export async function threadEngineModule(index: number): Promise<ThreadModule> {
  return WebAssembly.compile(await threadWasmBytes(index));
}

/** The shared memory for `threads` instances and a table of up to `hashMb` MB (it grows when the table is set). */
export function createThreadMemory(threads: number, hashMb: number): ThreadMemory {
  checkIndex(threads - 1);
  if (!Number.isInteger(hashMb) || hashMb < 1 || hashMb > MAX_HASH_MB) {
    throw new RangeError(`hashMb must be a whole number 1..${MAX_HASH_MB}, not ${String(hashMb)}`);
  }
  const initial = threads * THREAD_REGION_PAGES;
  return new WebAssembly.Memory({
    initial,
    maximum: Math.min(THREAD_MAXIMUM_PAGES, initial + hashPages(hashMb)),
    shared: true,
  });
}

/**
 * Instantiates thread `index`'s build (a Module from threadEngineModule) on the shared `memory`. Thread 0 is the
 * main thread: it allocates the table (setHashSize) and reports; helpers get shareHashTable + setThreadIndex.
 */
export async function instantiateThreadEngine(
  module: ThreadModule,
  index: number,
  memory: ThreadMemory,
  host?: Partial<EngineHost>,
  options?: EngineOptions,
): Promise<ThreadEngineExports> {
  checkIndex(index);
  // lib.dom types a memory's buffer as an ArrayBuffer; a shared memory's is a SharedArrayBuffer
  const buffer = (memory instanceof WebAssembly.Memory ? memory.buffer : undefined) as ArrayBufferLike | undefined;
  if (!(buffer instanceof SharedArrayBuffer)) {
    throw new TypeError('a thread engine needs the shared memory from createThreadMemory');
  }
  if (buffer.byteLength < (index + 1) * THREAD_REGION_BYTES) {
    throw new RangeError(`the shared memory has no region for thread ${index}`);
  }
  const instance = await WebAssembly.instantiate(module, threadImports(memory, host));
  const exports = { ...instance.exports, memory } as unknown as ThreadEngineExports;
  if (exports.heapEnd() > (index + 1) * THREAD_REGION_BYTES) {
    throw new RangeError(`thread ${index}'s engine does not fit its memory region`);
  }
  exports.setThreadIndex(index);
  applyNetwork(exports, options?.network === undefined ? await defaultNetwork() : options.network);
  return exports;
}
