// Profile (not a test): where the search's time goes, by wasm function and by area. Compiles the release build's
// flags plus --debug (function names; same optimisation) into a temporary file, searches the bench positions to a
// fixed depth under the V8 sampling profiler (node:inspector) and prints self time per function and per area.
// Usage: node bench/profile.mjs [depth=13] [intervalUs=250]
import asc from 'assemblyscript/asc';
import { Session } from 'node:inspector/promises';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { enginePath } from '../engine-files.mjs';
import { POSITIONS } from './positions.mjs';

const depth = Number(process.argv[2] ?? 13);
const interval = Number(process.argv[3] ?? 250);
const entry = enginePath('assembly', 'index.ts');
const outFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'engine-profile-')), 'engine.wasm');
const { error, stderr } = await asc.main(
  [
    entry,
    '--outFile',
    outFile,
    '-O3',
    '--converge',
    '--uncheckedBehavior',
    'always',
    '--use',
    'abort=',
    '--runtime',
    'stub',
    '--noAssert',
    '--debug',
  ],
  {},
);
if (error) throw new Error(`asc failed: ${stderr.toString()}`);

let nodes = 0;
const host = {
  now: () => performance.now(),
  stopRequested: () => 0,
  info: (_d, _s, multipv, _k, _sc, n) => {
    if (multipv === 1) nodes = n;
  },
};
const engine = /** @type {any} */ (
  new WebAssembly.Instance(new WebAssembly.Module(await readFile(outFile)), { host }).exports
);
const encoder = new TextEncoder();
const setFen = (fen) => {
  const bytes = encoder.encode(fen);
  new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
  engine.setFen(bytes.length);
};
setFen(POSITIONS[0][1]);
engine.search(8, -1, -1, -1, -1, -1, -1, 0, 0); // warm-up

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval });
await session.post('Profiler.start');
let total = 0;
const started = performance.now();
for (const [, fen] of POSITIONS) {
  engine.newGame();
  setFen(fen);
  engine.search(depth, -1, -1, -1, -1, -1, -1, 0, 0);
  total += nodes;
}
const ms = performance.now() - started;
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let all = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const name = byId.get(profile.samples[i]).callFrame.functionName || '(anonymous)';
  const t = profile.timeDeltas[i] ?? 0;
  self.set(name, (self.get(name) ?? 0) + t);
  all += t;
}
const AREAS = [
  ['hashing (transposition table)', /^assembly\/tt\//],
  ['evaluation', /^assembly\/(evaluate|endgame)\//],
  ['move generation', /^assembly\/(movegen|bitboard)\/|attackersTo/],
  ['move ordering (incl. SEE)', /^assembly\/(moveorder|see)\//],
  ['make/unmake', /^assembly\/position\//],
  ['search control', /^assembly\/search\//],
];
const areas = new Map();
let wasm = 0;
for (const [name, t] of self) {
  if (!name.startsWith('assembly/')) continue;
  wasm += t;
  const area = AREAS.find(([, re]) => re.test(name))?.[0] ?? 'other wasm';
  areas.set(area, (areas.get(area) ?? 0) + t);
}
const pct = (t, of) => `${((100 * t) / of).toFixed(1).padStart(5)}%`;
console.log(
  `profile: ${POSITIONS.length} positions to depth ${depth}, ${total} nodes, ${ms.toFixed(0)} ms, sampling ${interval} µs`,
);
console.log(`wasm: ${pct(wasm, all)} of the samples; by area (share of wasm time):`);
for (const [area, t] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(t, wasm)}  ${area}`);
console.log('top functions (self time, share of wasm time):');
for (const [name, t] of [...self]
  .filter(([n]) => n.startsWith('assembly/'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 15)) {
  console.log(`  ${pct(t, wasm)}  ${name}`);
}
