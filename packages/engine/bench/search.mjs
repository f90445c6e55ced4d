// Benchmark (not a test): time and nodes to a fixed depth over a fixed set of positions, release wasm.
// Usage: node bench/search.mjs [depth=13] [hashMb=16]   (run `pnpm build` first)
// Positions: the start, openings from ../shared/openings/makruk-balanced.epd, and middlegames/endgames reached by
// depth-5 self-play from those openings (kept here so the set never changes).
import { instantiateEngine } from '../dist/index.js';

const POSITIONS = [
  ['start', 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1'],
  ['opening 1', 'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6'],
  ['opening 2', '1nsm1knr/1r2s3/pppp1pp1/4p1Pp/5P2/PPPPP2P/3NK3/R1S1MSNR b - - 1 7'],
  ['opening 3', 'rns1k1n1/1rm2s2/pp1ppppp/2p5/P7/NPPPPPPP/2S1N3/R1K1MS1R w - - 3 6'],
  ['middlegame 1', 'r1s1s3/2m1k2r/pn1p1np1/1p1P1p2/1P3P2/2N1P2P/3SNKS1/R3M2R w - - 1 16'],
  ['middlegame 2', '3m3r/1sk2s2/p2p1p2/P1p3p1/1nPpP3/1N1P1PRP/2KS1M2/5S2 w - - 6 22'],
  ['middlegame 3', '2r4r/2mk2s1/1sR3p1/1p1pPp1p/pP1P3P/P2S2M1/3K2S1/2R5 b - - 5 27'],
  ['late middlegame', '1r1r4/3km1s1/s2p1p1p/2pP1PpP/p2pP1P1/P2P1N2/1RSKS3/1R6 b - - 33 36'],
  ['endgame N+N+M+P', '4k3/4N3/4N3/4P1M1/5P2/8/6K1/8 b - - 0 47'],
  ['endgame R+R v K (count)', '8/8/8/4k3/8/8/8/RR2K3 w - 16 9 40'],
];

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
  rows.push([name, String(depth), String(last.nodes), ms.toFixed(0), String(Math.round((last.nodes * 1000) / ms)),
    best ? moveToUci(best) : '-', last.score]);
}
rows.push(['total', '', String(totalNodes), totalMs.toFixed(0), String(Math.round((totalNodes * 1000) / totalMs)), '', '']);

const header = ['position', 'depth', 'nodes', 'ms', 'nodes/s', 'best', 'score'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`search bench: depth ${depth}, hash ${hashMb} MB, release wasm`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
