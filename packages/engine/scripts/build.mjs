// Builds build/engine.wasm (release) and build/engine.debug.wasm (bounds-checked) with the asc JS API, then writes
// dist/index.js + dist/index.d.ts with both modules embedded as base64 (no fetch, no fs in any host), and
// dist/release.js (+ .d.ts) with the release build only. Every build but build/engine.compat.wasm uses wasm SIMD
// (the network's arithmetic); the loader picks the compat build (same engine, scalar code) where SIMD is missing.
// The evaluation network named by networks/default.json goes into dist/network.js (loaded on demand).
import asc from 'assemblyscript/asc';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(packageDir, 'build');
const distDir = path.join(packageDir, 'dist');
const entry = path.join(packageDir, 'assembly', 'index.ts');

// The evaluation weights' layout (weights.json, the one owner) embedded for hosts and the tuner: name, index, count,
// defaults. assembly/weights.ts is regenerated from the same file first, so the two can never disagree.
const { generateAssembly } = await import('./gen-weights.mjs');
const weightsTable = JSON.parse(await readFile(path.join(packageDir, 'weights.json'), 'utf8'));
await writeFile(path.join(packageDir, 'assembly', 'weights.ts'), generateAssembly(weightsTable));
// The search parameters likewise (search-params.json → assembly/search-params.ts; SEARCH_PARAMS for hosts and SPSA).
const { generateAssembly: generateSearchParams } = await import('./gen-search-params.mjs');
const searchParamsTable = JSON.parse(await readFile(path.join(packageDir, 'search-params.json'), 'utf8'));
await writeFile(path.join(packageDir, 'assembly', 'search-params.ts'), generateSearchParams(searchParamsTable));
const searchParamLayout = searchParamsTable.params.map((p, index) => ({ ...p, index, tune: p.tune !== false }));
// The evaluation network compiled in (issue 17): networks/default.json names its file and how it was made.
const networkInfo = JSON.parse(await readFile(path.join(packageDir, 'networks', 'default.json'), 'utf8'));
const networkBytes = networkInfo.file ? await readFile(path.join(packageDir, 'networks', networkInfo.file)) : null;
const networkSummary = networkBytes
  ? {
      name: networkInfo.file,
      hidden: networkBytes.readUInt32LE(16),
      bytes: networkBytes.length,
      sha256: createHash('sha256').update(networkBytes).digest('hex'),
    }
  : null;
let weightIndex = 0;
const weightLayout = weightsTable.weights.map((w) => {
  const entry = {
    name: w.name,
    index: weightIndex,
    count: w.defaults.length,
    doc: w.doc,
    labels: w.labels ?? null,
    defaults: w.defaults,
  };
  weightIndex += w.defaults.length;
  return entry;
});

const common = ['--runtime', 'stub', '--noAssert'];
const optimised = ['-O3', '--converge', '--uncheckedBehavior', 'always', '--use', 'abort=', ...common];
const variants = {
  release: [...optimised, '--enable', 'simd'],
  // Bounds checks (even inside unchecked()) and assertions on: an out-of-range index calls env.abort, which the loader turns into an Error.
  debug: ['--debug', '-O1', '--uncheckedBehavior', 'never', '--runtime', 'stub', '--enable', 'simd'],
  // The release build without SIMD, for hosts that lack it: the same results, the network in scalar code.
  compat: optimised,
};
const outputs = { release: 'engine.wasm', debug: 'engine.debug.wasm', compat: 'engine.compat.wasm' };

// Threads (lazy SMP): AssemblyScript keeps all state in module statics, so instances cannot share one memory at the
// same addresses. Thread k gets its own release build whose statics and heap start at k * THREAD_REGION_PAGES pages
// of one shared, imported memory; the transposition table lies above every region in use and is the only thing the
// threads share. The main thread (0) allocates it; helpers are told where it is (shareHashTable).
const MAX_THREADS = 8;
const THREAD_REGION_PAGES = 128; // 8 MiB: one instance needs about 5 MiB (checked below and at instantiation)
const MAX_HASH_PAGES = 1024 * 16; // the 1024 MB table
for (let k = 0; k < MAX_THREADS; k++) {
  variants[`thread${k}`] = [
    ...optimised,
    '--importMemory',
    '--sharedMemory',
    '--enable',
    'simd,threads',
    '--memoryBase',
    String(k * THREAD_REGION_PAGES * 65536),
    '--initialMemory',
    String((k + 1) * THREAD_REGION_PAGES),
    '--maximumMemory',
    String(MAX_THREADS * THREAD_REGION_PAGES + MAX_HASH_PAGES),
  ];
  outputs[`thread${k}`] = `engine.thread${k}.wasm`;
}

async function compile(kind) {
  const outFile = path.join(buildDir, outputs[kind]);
  const textFile = kind.startsWith('thread') ? [] : ['--textFile', outFile.replace(/\.wasm$/, '.wat')];
  const args = [entry, '--outFile', outFile, ...textFile, ...variants[kind]];
  const { error, stderr } = await asc.main(args, {});
  if (error) {
    process.stderr.write(stderr.toString());
    throw new Error(`asc failed for the ${kind} build: ${error.message}`);
  }
  return readFile(outFile);
}

await mkdir(buildDir, { recursive: true });
await mkdir(distDir, { recursive: true });
const release = await compile('release');
const debug = await compile('debug');
const compat = await compile('compat');
const threadBuilds = [];
const threadStarted = performance.now();
for (let k = 0; k < MAX_THREADS; k++) threadBuilds.push(await compile(`thread${k}`));
const threadSeconds = (performance.now() - threadStarted) / 1000;

// Each thread build must fit its statics and heap into its region: instantiate thread 0's alone and ask.
{
  const memory = new WebAssembly.Memory({
    initial: THREAD_REGION_PAGES,
    maximum: MAX_THREADS * THREAD_REGION_PAGES + MAX_HASH_PAGES,
    shared: true,
  });
  const noop = () => 0;
  const { instance } = await WebAssembly.instantiate(threadBuilds[0], {
    env: { memory, abort: noop },
    host: { now: () => performance.now(), stopRequested: noop, info: noop },
  });
  const used = instance.exports.heapEnd();
  if (used >= THREAD_REGION_PAGES * 65536) {
    throw new Error(`a thread build needs ${used} bytes, more than its region (${THREAD_REGION_PAGES} pages)`);
  }
}

// dist/ layout: loader.js (the host glue and tables, shared), wasm-release.js and wasm-debug.js (each build as base64
// in its own module), index.js (both builds; the Node API) and release.js (the release build only: a bundler that
// imports '@makruk/engine/release' never sees the debug build, e.g. the browser's engine worker).
const wasmModule = (name, bytes) =>
  `// Generated by scripts/build.mjs — do not edit.\nexport const ${name} = '${bytes.toString('base64')}';\n`;

const entryModule = (sources, specifier, imports, syncNetwork) => `// Generated by scripts/build.mjs — do not edit.
${imports}
import { makeLoader } from './loader.js';
export {
  EngineAbortError, EngineNetworkError, MOVE_PROMOTION, WEIGHTS, WEIGHT_COUNT, SEARCH_PARAMS, FEN_ERRORS, NETWORK_ERRORS,
  NETWORK, engineNetworkBytes, loadEngineNetwork, simdSupported,
} from './loader.js';

const loader = makeLoader(${sources}, '${specifier}', ${syncNetwork});

export function engineWasmBytes(kind = 'release') {
  return loader.engineWasmBytes(kind);
}

export function instantiateEngine(kind = 'release', host, options) {
  return loader.instantiateEngine(kind, host, options);
}

export async function instantiateEngineAsync(kind = 'release', host, options) {
  return loader.instantiateEngineAsync(kind, host, options);
}
`;

const threadsModule = `// Generated by scripts/build.mjs — do not edit.
// '@makruk/engine/threads': the thread builds (lazy SMP). Each build is in its own module (wasm-thread-K.js), loaded
// only when asked for, so a bundle that never runs more than one thread never fetches them.
import { applyNetwork, decodeBase64, defaultNetwork, threadImports } from './loader.js';

/** Most threads a search can use (one build each). */
export const MAX_THREADS = ${MAX_THREADS};
/** Bytes of shared memory each thread's instance owns (its statics and heap); the table lies above them all. */
export const THREAD_REGION_BYTES = ${THREAD_REGION_PAGES * 65536};
const REGION_PAGES = ${THREAD_REGION_PAGES};
const MAXIMUM_PAGES = ${MAX_THREADS * THREAD_REGION_PAGES + MAX_HASH_PAGES};

const sources = [
${Array.from({ length: MAX_THREADS }, (_, k) => `  () => import('./wasm-thread-${k}.js'),`).join('\n')}
];

function checkIndex(index, threads = MAX_THREADS) {
  if (!Number.isInteger(index) || index < 0 || index >= threads) {
    throw new RangeError(\`thread index must be a whole number 0..\${threads - 1}, not \${String(index)}\`);
  }
}

/** The wasm bytes of thread \`index\`'s build. */
export async function threadWasmBytes(index) {
  checkIndex(index);
  const { THREAD_WASM_BASE64 } = await sources[index]();
  return decodeBase64(THREAD_WASM_BASE64);
}

/** Thread \`index\`'s build, compiled (a WebAssembly.Module can be posted to the worker that runs that thread). */
export async function threadEngineModule(index) {
  return WebAssembly.compile(await threadWasmBytes(index));
}

/** The shared memory for \`threads\` instances and a table of up to \`hashMb\` MB (it grows when the table is set). */
export function createThreadMemory(threads, hashMb) {
  checkIndex(threads - 1);
  if (!Number.isInteger(hashMb) || hashMb < 1 || hashMb > 1024) {
    throw new RangeError(\`hashMb must be a whole number 1..1024, not \${String(hashMb)}\`);
  }
  const initial = threads * REGION_PAGES;
  return new WebAssembly.Memory({ initial, maximum: Math.min(MAXIMUM_PAGES, initial + hashMb * 16), shared: true });
}

/**
 * Instantiates thread \`index\`'s build (a Module from threadEngineModule) on the shared \`memory\`. Thread 0 is the
 * main thread: it allocates the table (setHashSize) and reports; helpers get shareHashTable + setThreadIndex.
 */
export async function instantiateThreadEngine(module, index, memory, host, options) {
  checkIndex(index);
  if (!(memory instanceof WebAssembly.Memory) || !(memory.buffer instanceof SharedArrayBuffer)) {
    throw new TypeError('a thread engine needs the shared memory from createThreadMemory');
  }
  if (memory.buffer.byteLength < (index + 1) * THREAD_REGION_BYTES) {
    throw new RangeError(\`the shared memory has no region for thread \${index}\`);
  }
  const instance = await WebAssembly.instantiate(module, threadImports(memory, host));
  const exports = { ...instance.exports, memory };
  if (exports.heapEnd() > (index + 1) * THREAD_REGION_BYTES) {
    throw new RangeError(\`thread \${index}'s engine does not fit its memory region\`);
  }
  exports.setThreadIndex(index);
  applyNetwork(exports, options?.network === undefined ? await defaultNetwork() : options.network);
  return exports;
}
`;

const threadsTypes = `// Generated by scripts/build.mjs — do not edit.
import type { EngineExports, EngineHost, EngineOptions } from './index.js';

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

export declare const MAX_THREADS: ${MAX_THREADS};
export declare const THREAD_REGION_BYTES: number;
export declare function threadWasmBytes(index: number): Promise<Uint8Array<ArrayBuffer>>;
export declare function threadEngineModule(index: number): Promise<ThreadModule>;
export declare function createThreadMemory(threads: number, hashMb: number): ThreadMemory;
export declare function instantiateThreadEngine(module: ThreadModule, index: number, memory: ThreadMemory,
  host?: Partial<EngineHost>, options?: EngineOptions): Promise<ThreadEngineExports>;
`;

// index.js (Node's API) embeds the network, so that the synchronous instantiateEngine has it too; release.js (browser
// bundles) imports it only when an engine is instantiated asynchronously, so the page shows before it is fetched.
const indexModule = entryModule(
  '{ release: RELEASE_WASM_BASE64, debug: DEBUG_WASM_BASE64, compat: COMPAT_WASM_BASE64 }',
  '@makruk/engine',
  "import { RELEASE_WASM_BASE64 } from './wasm-release.js';\nimport { DEBUG_WASM_BASE64 } from './wasm-debug.js';\nimport { COMPAT_WASM_BASE64 } from './wasm-compat.js';\nimport { NETWORK_BASE64 } from './network.js';",
  'NETWORK_BASE64',
);
// The compat build is only fetched where SIMD is missing (a function: loaded by the async instantiation).
const releaseModule = entryModule(
  "{ release: RELEASE_WASM_BASE64, compat: () => import('./wasm-compat.js').then((m) => m.COMPAT_WASM_BASE64) }",
  '@makruk/engine/release',
  "import { RELEASE_WASM_BASE64 } from './wasm-release.js';",
  'undefined',
);

const loader = `// Generated by scripts/build.mjs — do not edit.
// The loader shared by index.js (both builds) and release.js (the release build only).

// The platform's own decoder: Buffer in Node, atob in browsers, workers, Deno and Bun.
export function decodeBase64(text) {
  if (typeof Buffer === 'function') return new Uint8Array(Buffer.from(text, 'base64'));
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}


/** Thrown when a network file is not one the engine takes (code ERR_ENGINE_NETWORK; \`reason\` from NETWORK_ERRORS). */
export class EngineNetworkError extends Error {
  constructor(message, reason) {
    super(message);
    this.name = 'EngineNetworkError';
    this.code = 'ERR_ENGINE_NETWORK';
    this.reason = reason;
  }
}

/** loadNetwork's error codes. */
export const NETWORK_ERRORS = Object.freeze({
  1: 'ERR_NETWORK_LENGTH',
  2: 'ERR_NETWORK_FORMAT',
  3: 'ERR_NETWORK_SHAPE',
  4: 'ERR_NETWORK_CHECKSUM',
});
const NETWORK_MESSAGES = {
  1: 'is shorter than a network header or longer than the engine takes',
  2: 'is not a network file of this engine (no MKNNUE01 version 1 header)',
  3: 'has a shape the engine does not take (inputs, hidden size, quantisation or length)',
  4: 'is damaged (its weights do not match the checksum in its header)',
};

/** The network compiled into this package (networks/default.json), or null when none is. */
export const NETWORK = ${JSON.stringify(networkSummary)};

let defaultNetworkBytes;
/** The compiled-in network file (undefined when the package has none); loaded on first use. */
export async function engineNetworkBytes() {
  if (NETWORK === null) return undefined;
  if (defaultNetworkBytes === undefined) {
    const { NETWORK_BASE64 } = await import('./network.js');
    defaultNetworkBytes ??= decodeBase64(NETWORK_BASE64);
  }
  return defaultNetworkBytes.slice();
}
// The network an engine gets when options.network is not given. Where it cannot be fetched (a page offline before
// the network was ever cached), the engine still starts, with the hand-written evaluation.
export async function defaultNetwork() {
  try {
    return (await engineNetworkBytes()) ?? false;
  } catch {
    return false;
  }
}

/**
 * Loads a network file into an instantiated engine (any build); throws EngineNetworkError when the engine refuses it.
 * Searches after it use the network (setUseNetwork(0) turns it off); the transposition table may hold older scores.
 */
export function loadEngineNetwork(engine, bytes) {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('a network must be a Uint8Array of a network file');
  if (bytes.length > engine.networkBufferSize()) {
    throw new EngineNetworkError(\`the network file (\${bytes.length} bytes) \${NETWORK_MESSAGES[1]}\`, NETWORK_ERRORS[1]);
  }
  new Uint8Array(engine.memory.buffer, engine.networkBuffer(), bytes.length).set(bytes);
  const code = engine.loadNetwork(bytes.length);
  if (code !== 0) {
    throw new EngineNetworkError(\`the network file \${NETWORK_MESSAGES[code] ?? 'was refused'}\`, NETWORK_ERRORS[code] ?? 'ERR_NETWORK_FORMAT');
  }
}

// options.network: a network file, false for none (the hand-written evaluation), undefined for the compiled-in one.
export function applyNetwork(engine, network) {
  if (network === false || network === undefined) return;
  loadEngineNetwork(engine, network);
}

function checkOptions(options) {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') throw new TypeError('engine options must be an object');
  const { network } = options;
  if (network !== undefined && network !== false && !(network instanceof Uint8Array)) {
    throw new TypeError('options.network must be a Uint8Array, false or undefined');
  }
}

// The smallest module that uses a v128 (wasm-feature-detect's probe): valid only where SIMD is.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]);
let simd;
/** Whether this host runs wasm SIMD (the release, debug and thread builds need it; the compat build does not). */
export function simdSupported() {
  simd ??= WebAssembly.validate(SIMD_PROBE);
  return simd;
}

/** Thrown (debug build only) when the engine hits an internal error such as an out-of-bounds index. */
export class EngineAbortError extends Error {
  constructor(message) {
    super(message);
    this.name = 'EngineAbortError';
    this.code = 'ERR_ENGINE_ABORT';
  }
}

function readAssemblyString(memory, pointer) {
  if (!pointer) return '';
  const bytes = new Uint8Array(memory.buffer);
  const byteLength = new Uint32Array(memory.buffer, pointer - 4, 1)[0];
  let text = '';
  for (let i = 0; i < byteLength; i += 2) text += String.fromCharCode(bytes[pointer + i] | (bytes[pointer + i + 1] << 8));
  return text;
}

const DEFAULT_HOST = Object.freeze({
  now: () => performance.now(),
  stopRequested: () => 0,
  info: () => {},
});

// The Contract 4 imports (module "host"); anything the caller leaves out falls back to DEFAULT_HOST.
function hostImports(host) {
  if (host !== undefined && (host === null || typeof host !== 'object')) {
    throw new TypeError('engine host must be an object with now, stopRequested and info functions');
  }
  const given = host ?? {};
  const pick = (name) => {
    const value = given[name];
    if (value === undefined) return DEFAULT_HOST[name];
    if (typeof value !== 'function') throw new TypeError(\`engine host.\${name} must be a function\`);
    return value.bind(given);
  };
  return { now: pick('now'), stopRequested: pick('stopRequested'), info: pick('info') };
}

function makeImports(getMemory, host) {
  return {
    env: {
      abort(messagePointer, filePointer, line, column) {
        const memory = getMemory();
        const message = memory ? readAssemblyString(memory, messagePointer) : 'abort';
        const file = memory ? readAssemblyString(memory, filePointer) : '?';
        throw new EngineAbortError(\`engine abort: \${message} at \${file}:\${line}:\${column}\`);
      },
    },
    host: hostImports(host),
  };
}


/** The imports of a thread build: the shared memory, abort and the host functions. */
export function threadImports(memory, host) {
  const imports = makeImports(() => memory, host);
  imports.env.memory = memory;
  return imports;
}

/** The public functions over the builds in \`sources\` (kind → base64); \`entry\` names the module in errors. */
export function makeLoader(sources, entry, networkBase64) {
  const bytesCache = {};
  // A source is base64 text, or a function that imports it (loaded by the async instantiation only).
  const texts = {};
  function buildKind(kind) {
    if (kind !== 'release' && kind !== 'debug' && kind !== 'compat') throw new TypeError(\`unknown engine build: \${String(kind)}\`);
    // Without SIMD the release build cannot compile: the compat build is the same engine in scalar code.
    return kind === 'release' && !simdSupported() ? 'compat' : kind;
  }
  async function fetchSource(kind) {
    const source = sources[buildKind(kind)];
    if (typeof source === 'function') texts[buildKind(kind)] ??= await source();
  }
  function engineWasmBytes(kind = 'release') {
    kind = buildKind(kind);
    const source = sources[kind];
    if (typeof source === 'function' && texts[kind] === undefined) {
      throw new TypeError(\`the \${kind} engine build of \${entry} is loaded on demand: use instantiateEngineAsync\`);
    }
    const text = typeof source === 'function' ? texts[kind] : source;
    if (text === undefined) {
      throw new TypeError(\`the \${kind} engine build is not in \${entry}: import it from @makruk/engine\`);
    }
    bytesCache[kind] ??= decodeBase64(text);
    return bytesCache[kind].slice();
  }

  function instantiateEngine(kind = 'release', host, options) {
    checkOptions(options);
    let memory;
    const module = new WebAssembly.Module(engineWasmBytes(kind));
    const instance = new WebAssembly.Instance(module, makeImports(() => memory, host));
    memory = instance.exports.memory;
    // Synchronously only an entry that embeds the network (index.js) has it: release.js needs the async form.
    let network = options?.network;
    if (network === undefined && networkBase64 !== undefined && NETWORK !== null) {
      defaultNetworkBytes ??= decodeBase64(networkBase64);
      network = defaultNetworkBytes;
    }
    applyNetwork(instance.exports, network);
    return instance.exports;
  }

  async function instantiateEngineAsync(kind = 'release', host, options) {
    checkOptions(options);
    await fetchSource(kind);
    let memory;
    const { instance } = await WebAssembly.instantiate(engineWasmBytes(kind), makeImports(() => memory, host));
    memory = instance.exports.memory;
    applyNetwork(instance.exports, options?.network === undefined ? await defaultNetwork() : options.network);
    return instance.exports;
  }

  return { engineWasmBytes, instantiateEngine, instantiateEngineAsync };
}

/** Move flag: promotion to met (automatic). */
export const MOVE_PROMOTION = 1 << 12;

/** The evaluation weights (weights.json): name, index into weightsBuffer(), count, doc, labels, compiled-in defaults. */
export const WEIGHTS = Object.freeze(${JSON.stringify(weightLayout)}.map((w) => Object.freeze({ ...w, labels: w.labels && Object.freeze(w.labels), defaults: Object.freeze(w.defaults) })));
/** Number of i32 weights (equals weightsCount()). */
export const WEIGHT_COUNT = ${weightIndex};
/** The search parameters (search-params.json): name, index into searchParamsBuffer(), doc, default, min, max, step, tune. */
export const SEARCH_PARAMS = Object.freeze(${JSON.stringify(searchParamLayout)}.map((p) => Object.freeze(p)));

/** setFen error codes (0 = ok). */
export const FEN_ERRORS = Object.freeze({
  1: 'ERR_FEN_LENGTH',
  2: 'ERR_FEN_BOARD',
  3: 'ERR_FEN_TURN',
  4: 'ERR_FEN_CASTLING',
  5: 'ERR_FEN_COUNTING',
  6: 'ERR_FEN_CLOCK',
  7: 'ERR_FEN_TRAILING',
  8: 'ERR_KINGS',
  9: 'ERR_PAWN_ON_PROMOTION_RANK',
  10: 'ERR_TOO_MANY_PIECES',
  11: 'ERR_OPPONENT_IN_CHECK',
});
`;

const types = `// Generated by scripts/build.mjs — do not edit.
/** 'compat': the release engine without wasm SIMD (chosen for 'release' where SIMD is missing). */
export type EngineKind = 'release' | 'debug' | 'compat';

/** How an engine is set up when instantiated. */
export interface EngineOptions {
  /** A network file to evaluate with, false for the hand-written evaluation; default: the compiled-in network. */
  network?: Uint8Array | false;
}

/** The raw wasm exports (CONTRIBUTING.md, Contract 1). Pointers are byte offsets into \`memory\`. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  /** Pointer to 1024 bytes for ASCII input (FEN); getFen writes there too. */
  inputBuffer(): number;
  /** Parses the input buffer; 0 = ok, else an error code > 0 (see FEN_ERRORS). Never traps. */
  setFen(length: number): number;
  /** Writes the current position's FEN (ASCII) into the input buffer; returns its length. */
  getFen(): number;
  /** Pointer to u32[256] written by generateMoves. */
  moveBuffer(): number;
  /** Legal moves of the current position into moveBuffer; returns the count. */
  generateMoves(): number;
  /**
   * 1 = played (legal), 0 = refused (illegal; position unchanged). Games of any length: past 3,840 plies the oldest
   * history is dropped (the last 2,048 plies stay for repetition and unmakeMove).
   */
  makeMove(move: number): number;
  /** Takes back the last move made with makeMove; no-op when there is none. */
  unmakeMove(): void;
  /** 1 / 0. */
  inCheck(): number;
  /** Exact leaf count (bulk counting at depth 1); -1 for a depth outside 0…64. */
  perft(depth: number): number;
  /** Zobrist key halves; may come back negative (i32): read as unsigned with \`>>> 0\`. */
  hashLow(): number;
  hashHigh(): number;
  /** The key recomputed from the board (for tests of the incremental key). */
  hashFromScratchLow(): number;
  hashFromScratchHigh(): number;
  // --- search (Contract 4) ---
  /** (Re)allocates the transposition table; returns the megabytes in use (a power of two, 1…1024). */
  setHashSize(megabytes: number): number;
  /** Number of principal variations reported by search (1…256). */
  setMultiPv(count: number): void;
  /** 0 (beginner) … 20 (full strength, default). */
  setSkill(level: number): void;
  /** Clears the transposition table, history, killers and counter moves. */
  newGame(): void;
  /**
   * Searches the current position (loaded with setFen + makeMove so the history counts for repetition).
   * Limits: -1 = not set (movestogo: 0); infinite = 1 searches until host.stopRequested(). Returns the best move
   * (u32, Contract 1 encoding; read with \`>>> 0\`), 0 when there is no legal move.
   */
  search(depth: number, nodes: number, movetimeMs: number, wtimeMs: number, btimeMs: number, wincMs: number,
    bincMs: number, movestogo: number, infinite: number): number;
  /** The second move of the last search's principal variation, 0 if none. */
  ponderMove(): number;
  /** Static evaluation of the current position, centipawns from the side to move (tests and tools). */
  evaluatePosition(): number;
  /** 1 when neither side can still mate (docs/rules.md "Dead position"): the game is drawn at once. */
  isDeadPosition(): number;
  /** Occurrences of the current position (placement and side to move, not the count), this one included. */
  repetitionCount(): number;
  // --- evaluation weights (tuning; layout in WEIGHTS) ---
  /** Pointer to the i32[weightsCount()] weights the evaluation reads; write into it, then call applyWeights(). */
  weightsBuffer(): number;
  /** Number of i32 weights (WEIGHT_COUNT). */
  weightsCount(): number;
  /** Rebuilds the tables derived from the weights (piece-square tables with material); call after writing. */
  applyWeights(): void;
  /** Restores the compiled-in defaults (WEIGHTS[i].defaults). */
  resetWeights(): void;
  /** 1 when not in check, a legal move exists and no capture or promotion wins material by SEE (tuning data). */
  isQuietPosition(): number;
  // --- evaluation network (NETWORK, loadEngineNetwork) ---
  /** Pointer to networkBufferSize() bytes where a network file is written before loadNetwork. */
  networkBuffer(): number;
  /** Bytes the network buffer holds. */
  networkBufferSize(): number;
  /** Adopts the network file of \`length\` bytes in the buffer: 0 = ok, else a NETWORK_ERRORS code and no network. */
  loadNetwork(length: number): number;
  /** Hidden size of the loaded network, 0 when none is loaded. */
  networkHidden(): number;
  /** 1 = evaluate with the loaded network (the default), 0 = the hand-written evaluation. */
  setUseNetwork(on: number): void;
  /** The loaded network's raw output, centipawns from the side to move (0 without one). */
  evaluateNetwork(): number;
  // --- search parameters (tuning; layout in SEARCH_PARAMS) ---
  /** Pointer to the i32[searchParamsCount()] search parameters; write into it, then call applySearchParams(). */
  searchParamsBuffer(): number;
  /** Number of i32 search parameters (SEARCH_PARAMS.length). */
  searchParamsCount(): number;
  /** Rebuilds the tables derived from the search parameters (LMR); call after writing. */
  applySearchParams(): void;
  /** Restores the compiled-in defaults (SEARCH_PARAMS[i].default). */
  resetSearchParams(): void;
}

/**
 * What a search is limited by, as callers name it (times in milliseconds; nothing set = until stopped). The one
 * owner of these names: the library's SearchLimits extends it, and \`search\` takes the same values positionally.
 */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  infinite?: boolean;
}

/** The functions the search imports (module "host"). Missing members fall back to the defaults. */
export interface EngineHost {
  /** Milliseconds, monotonic (default: performance.now()). */
  now(): number;
  /** Polled about every 1024 nodes; nonzero = stop as soon as possible (default: never). */
  stopRequested(): number;
  /**
   * One line of search output, after each completed iteration and per MultiPV line. scoreKind 0 = centipawns,
   * 1 = mate in moves (negative: getting mated). pvPtr points at pvLength u32 moves in memory: read them at once.
   */
  info(depth: number, seldepth: number, multipv: number, scoreKind: number, score: number, nodes: number,
    timeMs: number, pvPtr: number, pvLength: number, hashfull: number): void;
}

export declare function engineWasmBytes(kind?: EngineKind): Uint8Array<ArrayBuffer>;
export declare function instantiateEngine(kind?: EngineKind, host?: Partial<EngineHost>, options?: EngineOptions): EngineExports;
export declare function instantiateEngineAsync(kind?: EngineKind, host?: Partial<EngineHost>, options?: EngineOptions): Promise<EngineExports>;
export declare class EngineNetworkError extends Error {
  readonly code: 'ERR_ENGINE_NETWORK';
  readonly reason: string;
}
/** loadNetwork's error codes → stable names. */
export declare const NETWORK_ERRORS: Readonly<Record<number, string>>;
/** The compiled-in network (networks/default.json), or null. */
export declare const NETWORK: { readonly name: string; readonly hidden: number; readonly bytes: number; readonly sha256: string } | null;
/** The compiled-in network file, or undefined when the package has none. */
export declare function engineNetworkBytes(): Promise<Uint8Array<ArrayBuffer> | undefined>;
/** Loads a network file into an engine; throws EngineNetworkError when it is refused. */
export declare function loadEngineNetwork(engine: EngineExports, bytes: Uint8Array): void;
/** Whether this host runs wasm SIMD (else 'release' instantiates the compat build). */
export declare function simdSupported(): boolean;
export declare class EngineAbortError extends Error {
  readonly code: 'ERR_ENGINE_ABORT';
}
export declare const MOVE_PROMOTION: 4096;

/** One named group of evaluation weights: \`count\` i32s at \`index\` in weightsBuffer(). */
export interface WeightGroup {
  readonly name: string;
  readonly index: number;
  readonly count: number;
  readonly doc: string;
  /** Names of the entries when they are not squares (a1…h8) or a single value. */
  readonly labels: readonly string[] | null;
  readonly defaults: readonly number[];
}
/** The evaluation weights in buffer order (from weights.json, the one owner). */
export declare const WEIGHTS: readonly WeightGroup[];
export declare const WEIGHT_COUNT: number;
/** One search parameter (search-params.json, the one owner): the i32 at \`index\` in searchParamsBuffer(). */
export interface SearchParam {
  readonly name: string;
  readonly index: number;
  readonly doc: string;
  readonly default: number;
  /** SPSA's bounds and final perturbation size; \`tune\` false: not tuned by node-limited games (time use). */
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly tune: boolean;
}
/** The search parameters in buffer order. */
export declare const SEARCH_PARAMS: readonly SearchParam[];
export declare const FEN_ERRORS: Readonly<Record<number, string>>;
`;

const releaseTypes = `// Generated by scripts/build.mjs — do not edit.
// '@makruk/engine/release': the same API as '@makruk/engine' with only the release build embedded (half the bytes),
// for bundles such as a browser's engine worker. Asking it for the debug build throws a TypeError.
import type { EngineExports, EngineHost, EngineOptions } from './index.js';
export type { EngineKind, EngineExports, EngineOptions, SearchLimits, EngineHost, WeightGroup, SearchParam } from './index.js';
export {
  EngineAbortError, EngineNetworkError, MOVE_PROMOTION, WEIGHTS, WEIGHT_COUNT, SEARCH_PARAMS, FEN_ERRORS, NETWORK_ERRORS,
  NETWORK, engineNetworkBytes, loadEngineNetwork, simdSupported,
} from './index.js';
export declare function engineWasmBytes(kind?: 'release' | 'compat'): Uint8Array<ArrayBuffer>;
/** Without options.network no network is loaded: use instantiateEngineAsync for the compiled-in one. */
export declare function instantiateEngine(kind?: 'release' | 'compat', host?: Partial<EngineHost>, options?: EngineOptions): EngineExports;
export declare function instantiateEngineAsync(kind?: 'release' | 'compat', host?: Partial<EngineHost>, options?: EngineOptions): Promise<EngineExports>;
`;

// Each file is written to a temporary name and renamed into place, so a process loading the package meanwhile
// (a running match) sees either the old file or the new one, never half of one.
async function writeAtomically(name, text) {
  const target = path.join(distDir, name);
  await writeFile(`${target}.tmp`, text);
  await rename(`${target}.tmp`, target);
}
await writeAtomically('wasm-release.js', wasmModule('RELEASE_WASM_BASE64', release));
await writeAtomically('wasm-debug.js', wasmModule('DEBUG_WASM_BASE64', debug));
await writeAtomically('wasm-compat.js', wasmModule('COMPAT_WASM_BASE64', compat));
await writeAtomically('network.js', wasmModule('NETWORK_BASE64', networkBytes ?? Buffer.alloc(0)));
await writeAtomically('loader.js', loader);
await writeAtomically('release.js', releaseModule);
await writeAtomically('release.d.ts', releaseTypes);
await writeAtomically('index.d.ts', types);
await writeAtomically('index.js', indexModule);
for (let k = 0; k < MAX_THREADS; k++) {
  await writeAtomically(`wasm-thread-${k}.js`, wasmModule('THREAD_WASM_BASE64', threadBuilds[k]));
}
await writeAtomically('threads.js', threadsModule);
await writeAtomically('threads.d.ts', threadsTypes);
const size = (b) => `${b.length} bytes (${gzipSync(b, { level: 9 }).length} gzipped)`;
console.log(
  `build/engine.wasm ${size(release)}; build/engine.debug.wasm ${size(debug)}; build/engine.compat.wasm ${size(compat)}`,
);
console.log(
  networkBytes ? `network ${networkInfo.file}: ${size(networkBytes)}` : 'no network (networks/default.json names none)',
);
console.log(
  `${MAX_THREADS} thread builds, ${size(Buffer.concat(threadBuilds))} in all, compiled in ${threadSeconds.toFixed(1)} s`,
);
