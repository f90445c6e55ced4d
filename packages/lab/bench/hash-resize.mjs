// Benchmark (not a test): how long setHashSize takes and what it costs in resident memory. Fresh memory the module
// grows is zero already and is not touched, so a big table costs time and RSS only once the search writes it; the
// facade gives memory back on a smaller size by starting a new worker (wasm memory never shrinks).
// Usage: node bench/hash-resize.mjs [megabytes=1024]   (run `pnpm build` first)
import { instantiateEngine } from '@makruk/engine';

const megabytes = Number(process.argv[2] ?? 1024);
const rss = () => `${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`;
const engine = instantiateEngine('release');
console.log(`rss at start: ${rss()}`);
let start = performance.now();
const inUse = engine.setHashSize(megabytes);
console.log(`setHashSize(${megabytes}) -> ${inUse} MB in ${(performance.now() - start).toFixed(0)} ms, rss ${rss()}`);
start = performance.now();
engine.search(-1, -1, 3000, -1, -1, -1, -1, 0, 0);
console.log(`after a 3 s search from the start position: rss ${rss()}`);
start = performance.now();
engine.setHashSize(16);
console.log(
  `setHashSize(16) in ${(performance.now() - start).toFixed(0)} ms, rss ${rss()} (this instance keeps its memory)`,
);
