// Benchmark (not a test): time and nodes to a fixed depth over a fixed set of positions, release wasm, and, when
// installed, native Fairy-Stockfish on the same positions to the same depth in the same run (ratios printed).
// Usage: node bench/search.mjs [depth=13] [hashMb=16] [--base PATH]   (run `pnpm build` first)
//   --base PATH   also bench another build of the engine (PATH = a saved copy of its dist/index.js, e.g. the build
//                 an issue started from), so "before" and "after" come from one run on one machine state.
// Positions: bench/positions.mjs. One thread and the same hash size for every engine.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { instantiateEngine } from '@makruk/engine';
import { POSITIONS } from './positions.mjs';

const FAIRY_STOCKFISH = '/usr/games/fairy-stockfish';
const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const basePath = baseAt >= 0 ? args[baseAt + 1] : undefined;
if (baseAt >= 0 && !basePath) throw new Error('--base needs the path of a dist/index.js');
const positional = args.filter((_, i) => baseAt < 0 || (i !== baseAt && i !== baseAt + 1));
const depth = Number(positional[0] ?? 13);
const hashMb = Number(positional[1] ?? 16);
if (!Number.isInteger(depth) || depth < 1 || depth > 30) throw new Error(`depth must be 1..30, not ${positional[0]}`);
if (!Number.isInteger(hashMb) || hashMb < 1) throw new Error(`hashMb must be a positive integer, not ${positional[1]}`);

const FILES = 'abcdefgh';
const squareName = (s) => `${FILES[s & 7]}${(s >> 3) + 1}`;
const moveToUci = (m) => squareName(m & 63) + squareName((m >> 6) & 63) + (m & 4096 ? 'm' : '');

// One build of our engine over every position: [{ nodes, ms, best, score }] in POSITIONS order.
function benchBuild(instantiate) {
  let last = { nodes: 0, score: '' };
  const engine = instantiate('release', {
    now: () => performance.now(),
    stopRequested: () => 0,
    info(_d, _sd, multipv, kind, score, nodes) {
      if (multipv === 1) last = { nodes, score: kind ? `mate ${score}` : `${score} cp` };
    },
  });
  engine.setHashSize(hashMb);
  const setFen = (fen) => {
    const bytes = new TextEncoder().encode(fen);
    new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
    if (engine.setFen(bytes.length) !== 0) throw new Error(`bad FEN ${fen}`);
  };
  // warm-up so the wasm tiers up before timing
  setFen(POSITIONS[0][1]);
  engine.search(8, -1, -1, -1, -1, -1, -1, 0, 0);
  return POSITIONS.map(([, fen]) => {
    engine.newGame();
    setFen(fen);
    const start = performance.now();
    const best = engine.search(depth, -1, -1, -1, -1, -1, -1, 0, 0);
    const ms = performance.now() - start;
    return { nodes: last.nodes, ms, best: best ? moveToUci(best) : '-', score: last.score };
  });
}

// Fairy-Stockfish, one thread, the same hash, `go depth` on each position after `ucinewgame`.
function benchFairyStockfish() {
  return new Promise((resolveAll, reject) => {
    const child = spawn(FAIRY_STOCKFISH, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    const results = [];
    let index = -1;
    let start = 0;
    let last = { nodes: 0, score: '' };
    let buffer = '';
    const next = () => {
      index++;
      if (index === POSITIONS.length) {
        child.stdin.end('quit\n');
        resolveAll(results);
        return;
      }
      child.stdin.write(`ucinewgame\nposition fen ${POSITIONS[index][1]}\nisready\n`);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'uciok') {
          child.stdin.write(
            `setoption name UCI_Variant value makruk\nsetoption name Threads value 1\nsetoption name Hash value ${hashMb}\n`,
          );
          next();
        } else if (line === 'readyok' && index >= 0) {
          last = { nodes: 0, score: '' };
          start = performance.now();
          child.stdin.write(`go depth ${depth}\n`);
        } else if (line.startsWith('info ') && / nodes \d+/.test(line) && !/ multipv [2-9]/.test(line)) {
          const score = / score (cp|mate) (-?\d+)/.exec(line);
          last = {
            nodes: Number(/ nodes (\d+)/.exec(line)[1]),
            score: score ? (score[1] === 'mate' ? `mate ${score[2]}` : `${score[2]} cp`) : last.score,
          };
        } else if (line.startsWith('bestmove')) {
          results.push({ ...last, ms: performance.now() - start, best: line.split(' ')[1] ?? '-' });
          next();
        }
      }
    });
    child.on('error', reject);
    child.stdin.write('uci\n');
  });
}

const builds = [['ours', benchBuild(instantiateEngine)]];
if (basePath) {
  const base = await import(pathToFileURL(resolve(basePath)).href);
  builds.push(['base', benchBuild(base.instantiateEngine)]);
}
const haveFairyStockfish = existsSync(FAIRY_STOCKFISH);
if (haveFairyStockfish) builds.push(['fairy-stockfish', await benchFairyStockfish()]);

const nps = (nodes, ms) => Math.round((nodes * 1000) / ms);
const totals = builds.map(([name, rows]) => {
  const nodes = rows.reduce((sum, r) => sum + r.nodes, 0);
  const ms = rows.reduce((sum, r) => sum + r.ms, 0);
  return { name, nodes, ms, nps: nps(nodes, ms) };
});

const table = (header, rows) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
};

console.log(`search bench: depth ${depth}, hash ${hashMb} MB, one thread; ours = release wasm of this checkout`);
if (basePath) console.log(`base = ${basePath}`);
for (const [name, rows] of builds) {
  console.log(`\n${name}`);
  table(
    ['position', 'nodes', 'ms', 'nodes/s', 'best', 'score'],
    rows.map((r, i) => [
      POSITIONS[i][0],
      String(r.nodes),
      r.ms.toFixed(0),
      String(nps(r.nodes, r.ms)),
      r.best,
      r.score,
    ]),
  );
}
console.log('\ntotal');
table(
  ['engine', 'nodes', 'ms', 'nodes/s'],
  totals.map((t) => [t.name, String(t.nodes), t.ms.toFixed(0), String(t.nps)]),
);
const [ours] = totals;
for (const other of totals.slice(1)) {
  console.log(
    `ours / ${other.name}: nodes/s ${(ours.nps / other.nps).toFixed(2)}×, time to depth ${depth} ${(ours.ms / other.ms).toFixed(2)}×`,
  );
}
if (!haveFairyStockfish) console.log(`fairy-stockfish not found at ${FAIRY_STOCKFISH}: no comparison`);
