// Benchmark (not a test): time and nodes to a fixed depth over a fixed set of positions, release wasm.
// Usage: node bench/search.mjs [depth=13] [hashMb=16]   (run `pnpm build` first)
// Positions: bench/positions.mjs.
import { instantiateEngine } from '@makruk/engine';
import { POSITIONS } from './positions.mjs';

const depth = Number(process.argv[2] ?? 13);
const hashMb = Number(process.argv[3] ?? 16);
const FILES = 'abcdefgh';
const squareName = (s) => `${FILES[s & 7]}${(s >> 3) + 1}`;
const moveToUci = (m) => squareName(m & 63) + squareName((m >> 6) & 63) + (m & 4096 ? 'm' : '');

let last = { nodes: 0, score: '' };
const engine = instantiateEngine('release', {
  now: () => performance.now(),
  stopRequested: () => 0,
  info(_d, _sd, multipv, kind, score, nodes) {
    if (multipv === 1) last = { nodes, score: kind ? `mate ${score}` : `${score} cp` };
  },
});
engine.setHashSize(hashMb);

function setFen(fen) {
  const bytes = new TextEncoder().encode(fen);
  new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
  if (engine.setFen(bytes.length) !== 0) throw new Error(`bad FEN ${fen}`);
}

// warm-up so the wasm tiers up before timing
setFen(POSITIONS[0][1]);
engine.search(8, -1, -1, -1, -1, -1, -1, 0, 0);

const rows = [];
let totalNodes = 0;
let totalMs = 0;
for (const [name, fen] of POSITIONS) {
  engine.newGame();
  setFen(fen);
  const start = performance.now();
  const best = engine.search(depth, -1, -1, -1, -1, -1, -1, 0, 0);
  const ms = performance.now() - start;
  totalNodes += last.nodes;
  totalMs += ms;
  rows.push([
    name,
    String(depth),
    String(last.nodes),
    ms.toFixed(0),
    String(Math.round((last.nodes * 1000) / ms)),
    best ? moveToUci(best) : '-',
    last.score,
  ]);
}
rows.push([
  'total',
  '',
  String(totalNodes),
  totalMs.toFixed(0),
  String(Math.round((totalNodes * 1000) / totalMs)),
  '',
  '',
]);

const header = ['position', 'depth', 'nodes', 'ms', 'nodes/s', 'best', 'score'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`search bench: depth ${depth}, hash ${hashMb} MB, release wasm`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
