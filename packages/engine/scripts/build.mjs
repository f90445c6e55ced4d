// Compiles the AssemblyScript engine (assembly/) into its builds and writes their bytes where the TypeScript loader
// (src/, compiled into dist/ by tsc first: `pnpm build` runs both) imports them. Builds: build/engine.wasm (release),
// build/engine.debug.wasm (bounds-checked), build/engine.compat.wasm (the release engine without wasm SIMD, for
// hosts that lack it) and build/engine.threadK.wasm (one per thread, src/abi.ts has their memory layout).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import asc from 'assemblyscript/asc';
import { MAX_THREADS, THREAD_MAXIMUM_PAGES, THREAD_REGION_PAGES, WASM_PAGE_BYTES } from '../dist/abi.js';
import { generateAssembly as generateSearchParams } from './gen-search-params.mjs';
import { generateAssembly as generateWeights } from './gen-weights.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(packageDir, 'build');
const distDir = path.join(packageDir, 'dist');
const readJson = async (/** @type {string[]} */ ...parts) =>
  JSON.parse(await readFile(path.join(packageDir, ...parts), 'utf8'));

// The evaluation weights and the search parameters: weights.json and search-params.json are the one owners;
// assembly/weights.ts and assembly/search-params.ts are regenerated from them first, so the two sides cannot disagree.
const weightsTable = await readJson('weights.json');
const searchParamsTable = await readJson('search-params.json');
await writeFile(path.join(packageDir, 'assembly', 'weights.ts'), generateWeights(weightsTable));
await writeFile(path.join(packageDir, 'assembly', 'search-params.ts'), generateSearchParams(searchParamsTable));
// The evaluation network compiled in (issue 17): networks/default.json names its file (or null for none).
const networkInfo = await readJson('networks', 'default.json');
const networkBytes = networkInfo.file ? await readFile(path.join(packageDir, 'networks', networkInfo.file)) : null;
const networkSummary = networkBytes && {
  name: networkInfo.file,
  hidden: networkBytes.readUInt32LE(16),
  bytes: networkBytes.length,
  sha256: createHash('sha256').update(networkBytes).digest('hex'),
};

const common = ['--runtime', 'stub', '--noAssert'];
const optimised = ['-O3', '--converge', '--uncheckedBehavior', 'always', '--use', 'abort=', ...common];
/** @type {Record<string, { file: string, flags: string[] }>} */
const builds = {
  release: { file: 'engine.wasm', flags: [...optimised, '--enable', 'simd'] },
  // Bounds checks (even inside unchecked()) and assertions on: an index out of range calls env.abort, which the
  // loader turns into an EngineAbortError.
  debug: {
    file: 'engine.debug.wasm',
    flags: ['--debug', '-O1', '--uncheckedBehavior', 'never', '--runtime', 'stub', '--enable', 'simd'],
  },
  // The release build without SIMD: the same results, the network in scalar code.
  compat: { file: 'engine.compat.wasm', flags: optimised },
};
// Thread k's statics and heap start at k regions into one shared, imported memory (src/abi.ts explains why).
for (let k = 0; k < MAX_THREADS; k++) {
  const base = k * THREAD_REGION_PAGES * WASM_PAGE_BYTES;
  const memory = ['--memoryBase', String(base), '--initialMemory', String((k + 1) * THREAD_REGION_PAGES)];
  const flags = [...optimised, '--importMemory', '--sharedMemory', '--enable', 'simd,threads', ...memory];
  builds[`thread${k}`] = {
    file: `engine.thread${k}.wasm`,
    flags: [...flags, '--maximumMemory', `${THREAD_MAXIMUM_PAGES}`],
  };
}

/** Compiles one build into build/ (with its text format, except the thread builds) and returns its bytes. */
async function compile(/** @type {string} */ kind, entry = 'index.ts') {
  const { file, flags } = /** @type {{ file: string, flags: string[] }} */ (builds[kind]);
  const outFile = path.join(buildDir, file);
  const textFile = kind.startsWith('thread') ? [] : ['--textFile', outFile.replace(/\.wasm$/, '.wat')];
  const { error, stderr } = await asc.main([
    path.join(packageDir, 'assembly', entry),
    '--outFile',
    outFile,
    ...textFile,
    ...flags,
  ]);
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
// The tablebases (issue 18): a module of their own, with their own memory (assembly/tablebase/index.ts says why).
builds.tablebase = { file: 'tablebase.wasm', flags: [...optimised, '--enable', 'simd'] };
const tablebase = await compile('tablebase', path.join('tablebase', 'index.ts'));
const threadBuilds = [];
const threadStarted = performance.now();
for (let k = 0; k < MAX_THREADS; k++) threadBuilds.push(await compile(`thread${k}`));
const threadSeconds = (performance.now() - threadStarted) / 1000;

// Each thread build must fit its statics and heap into its region: instantiate thread 0's alone and ask.
{
  const memory = new WebAssembly.Memory({ initial: THREAD_REGION_PAGES, maximum: THREAD_MAXIMUM_PAGES, shared: true });
  const noop = () => 0;
  const { instance } = await WebAssembly.instantiate(new Uint8Array(/** @type {Buffer} */ (threadBuilds[0])), {
    env: { memory, abort: noop },
    host: { now: () => performance.now(), stopRequested: noop, info: noop },
  });
  const used = /** @type {() => number} */ (instance.exports.heapEnd)();
  if (used >= THREAD_REGION_PAGES * WASM_PAGE_BYTES) {
    throw new Error(`a thread build needs ${used} bytes, more than its region (${THREAD_REGION_PAGES} pages)`);
  }
}

// The bytes go into dist/ as data modules (src/data.d.ts types them), each a line of `export const NAME = <JSON>`:
// a module import works in every host and bundler, where a .wasm file needs fetch, fs or a bundler plugin, and a
// bundler makes each module the loader imports dynamically (compat, threads, network) a chunk of its own.
// Each is written to a temporary name and renamed into place, so a process loading the package meanwhile (a running
// match) sees either the old file or the new one, never half of one.
async function writeDataModule(/** @type {string} */ name, /** @type {Record<string, unknown>} */ values) {
  const lines = Object.entries(values).map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};\n`);
  const target = path.join(distDir, name);
  await writeFile(`${target}.tmp`, `// Written by scripts/build.mjs: data, do not edit.\n${lines.join('')}`);
  await rename(`${target}.tmp`, target);
}
const base64 = (/** @type {Buffer} */ bytes) => ({ WASM_BASE64: bytes.toString('base64') });
await writeDataModule('wasm-release.js', base64(release));
await writeDataModule('wasm-debug.js', base64(debug));
await writeDataModule('wasm-compat.js', base64(compat));
await writeDataModule('wasm-tablebase.js', base64(tablebase));
for (const [k, bytes] of threadBuilds.entries()) await writeDataModule(`wasm-thread-${k}.js`, base64(bytes));
await writeDataModule('network.js', { NETWORK_BASE64: networkBytes?.toString('base64') ?? '' });
await writeDataModule('tables.js', {
  WEIGHTS_TABLE: weightsTable.weights,
  SEARCH_PARAMS_TABLE: searchParamsTable.params,
  NETWORK_SUMMARY: networkSummary,
});

const size = (/** @type {Buffer} */ b) => `${b.length} bytes (${gzipSync(b, { level: 9 }).length} gzipped)`;
console.log(`build/engine.wasm ${size(release)}; engine.debug.wasm ${size(debug)}; engine.compat.wasm ${size(compat)}`);
console.log(`build/tablebase.wasm ${size(tablebase)}`);
console.log(
  networkBytes ? `network ${networkInfo.file}: ${size(networkBytes)}` : 'no network (default.json names none)',
);
console.log(`${MAX_THREADS} thread builds, ${size(Buffer.concat(threadBuilds))} in all, ${threadSeconds.toFixed(1)} s`);
