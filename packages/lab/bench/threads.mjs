// Benchmark (not a test): time to a fixed depth with 1 thread (the single-thread build, as Threads = 1 runs) and
// with N threads (thread builds: the main instance here, N - 1 helpers in worker threads sharing its table), on the
// same positions in the same run, alternating, with nodes per second counted over every thread, and the main
// thread's nodes to the depth with N threads over those with one (below 1: the helpers' table entries saved it work).
// Usage: node bench/threads.mjs [depth=12] [threads=2] [rounds=1] [hashMb=16]   (run `pnpm build` first)
// Needs a free core per thread: on a loaded machine the N-thread times say more about the load than the search.
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { instantiateEngine } from '@makruk/engine';
import { createThreadMemory, instantiateThreadEngine, threadEngineModule } from '@makruk/engine/threads';
import { enginePath } from '../engine-files.mjs';
import { POSITIONS } from './positions.mjs';

const depth = Number(process.argv[2] ?? 12);
const threads = Number(process.argv[3] ?? 2);
const rounds = Number(process.argv[4] ?? 1);
const hashMb = Number(process.argv[5] ?? 16);

function loadFen(engine, fen) {
  const bytes = new TextEncoder().encode(fen);
  new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
  if (engine.setFen(bytes.length) !== 0) throw new Error(`bad FEN ${fen}`);
}
const lastDepth = { value: 0 };
const host = {
  info(d, _sd, multipv) {
    if (multipv === 1) lastDepth.value = d;
  },
};

const single = instantiateEngine('release', host);
single.setHashSize(hashMb);

const memory = createThreadMemory(threads, hashMb);
const main = await instantiateThreadEngine(await threadEngineModule(0), 0, memory, host);
main.setHashSize(hashMb);
const stop = new Int32Array(new SharedArrayBuffer(4));
const helpers = [];
for (let k = 1; k < threads; k++) {
  const worker = new Worker(enginePath('test', 'fixtures', 'thread-helper.mjs'));
  const replies = [];
  let wake;
  worker.on('message', (reply) => {
    replies.push(reply);
    wake?.();
  });
  const next = async (type) => {
    for (;;) {
      const i = replies.findIndex((reply) => reply.type === type);
      if (i >= 0) return replies.splice(i, 1)[0];
      await new Promise((resolve) => {
        wake = resolve;
      });
    }
  };
  worker.postMessage({ type: 'init', module: await threadEngineModule(k), index: k, memory, stop: stop.buffer });
  await next('ready');
  helpers.push({ worker, next });
}

let token = 0;
async function timeThreads(fen) {
  main.newGame(); // helpers are idle: clearing the shared table is safe
  loadFen(main, fen);
  token++;
  Atomics.store(stop, 0, token);
  const request = {
    type: 'search',
    token,
    fen,
    base: main.hashTableBase(),
    mb: hashMb,
    generation: main.hashGeneration(),
  };
  const start = performance.now();
  for (const helper of helpers) helper.worker.postMessage(request);
  main.search(depth, -1, -1, -1, -1, -1, -1, 0, 0);
  const ms = performance.now() - start;
  Atomics.store(stop, 0, 0);
  const mainNodes = main.searchedNodes();
  let nodes = mainNodes;
  for (const helper of helpers) nodes += (await helper.next('done')).nodes;
  return { ms, nodes, mainNodes, depth: lastDepth.value };
}

function timeSingle(fen) {
  single.newGame();
  loadFen(single, fen);
  const start = performance.now();
  single.search(depth, -1, -1, -1, -1, -1, -1, 0, 0);
  const nodes = single.searchedNodes();
  return { ms: performance.now() - start, nodes, mainNodes: nodes, depth: lastDepth.value };
}

// warm-up so both builds tier up before timing
timeSingle(POSITIONS[0][1]);
await timeThreads(POSITIONS[0][1]);

console.log(
  `depth ${depth}, ${threads} threads vs 1, ${rounds} round(s), hash ${hashMb} MB; ${availableParallelism()} cores, ` +
    `load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log(
  'position                   1 thread ms   knps   | N threads ms   knps (all)  | speed-up | main-thread nodes N/1',
);
const totals = { singleMs: 0, singleNodes: 0, threadsMs: 0, threadsNodes: 0, singleMain: 0, threadsMain: 0 };
const ratios = [];
for (const [name, fen] of POSITIONS) {
  let s = { ms: 0, nodes: 0, mainNodes: 0 };
  let t = { ms: 0, nodes: 0, mainNodes: 0 };
  for (let r = 0; r < rounds; r++) {
    const a = timeSingle(fen);
    const b = await timeThreads(fen);
    s = { ms: s.ms + a.ms, nodes: s.nodes + a.nodes, mainNodes: s.mainNodes + a.mainNodes };
    t = { ms: t.ms + b.ms, nodes: t.nodes + b.nodes, mainNodes: t.mainNodes + b.mainNodes };
  }
  totals.singleMain += s.mainNodes;
  totals.threadsMain += t.mainNodes;
  totals.singleMs += s.ms;
  totals.singleNodes += s.nodes;
  totals.threadsMs += t.ms;
  totals.threadsNodes += t.nodes;
  ratios.push(s.ms / t.ms);
  console.log(
    `${name.padEnd(26)} ${s.ms.toFixed(0).padStart(10)} ${(s.nodes / s.ms).toFixed(0).padStart(7)}   | ` +
      `${t.ms.toFixed(0).padStart(12)} ${(t.nodes / t.ms).toFixed(0).padStart(7)}      | ` +
      `${(s.ms / t.ms).toFixed(2)}x    | ${(t.mainNodes / s.mainNodes).toFixed(2)}`,
  );
}
const geo = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
console.log(
  `total                      ${totals.singleMs.toFixed(0).padStart(10)} ${(totals.singleNodes / totals.singleMs).toFixed(0).padStart(7)}   | ` +
    `${totals.threadsMs.toFixed(0).padStart(12)} ${(totals.threadsNodes / totals.threadsMs).toFixed(0).padStart(7)}      | ` +
    `${(totals.singleMs / totals.threadsMs).toFixed(2)}x (geometric mean ${geo.toFixed(2)}x) | ` +
    `${(totals.threadsMain / totals.singleMain).toFixed(2)}`,
);
await Promise.all(helpers.map((helper) => helper.worker.terminate()));
