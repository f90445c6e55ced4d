// Benchmark (not a test: speed is never asserted). Run after `pnpm build`:
//   node bench/pgn-import.mjs [plies]          (default 200,000 plies)
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/pgn-import.mjs   to profile
// Imports one PGN game of knight shuffles (Nd2 Nd7 Nb1 Nb8 …, a legal game that never ends) and prints the time.
import { makePgn, parsePgn } from '../dist/index.js';

const plies = Number(process.argv[2] ?? 200_000);
const cycle = ['Nd2', 'Nd7', 'Nb1', 'Nb8'];
const moves = [];
for (let ply = 0; ply < plies; ply++) {
  const san = cycle[ply % 4];
  moves.push(ply % 2 === 0 ? `${ply / 2 + 1}. ${san}` : san);
}
const lines = [];
for (let i = 0; i < moves.length; i += 12) lines.push(moves.slice(i, i + 12).join(' '));
const text = `[Event "bench"]\n[Variant "Makruk"]\n\n${lines.join('\n')} *\n`;

function time(label, run) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = run();
  const used = process.cpuUsage(cpu);
  return {
    label,
    result,
    ms: Math.round(performance.now() - start),
    cpuMs: Math.round((used.user + used.system) / 1000),
  };
}

parsePgn('1. e4 e5 *'); // warm the module
const read = time(`parsePgn: ${plies.toLocaleString('en')} plies (${(text.length / 1e6).toFixed(1)} MB)`, () =>
  parsePgn(text),
);
if (!read.result.ok) throw read.result.error;
const game = read.result.value[0];
if (game.ply !== plies) throw new Error(`read ${game.ply} plies, expected ${plies}`);
const write = time(`makePgn: the same game`, () => makePgn(game));
// CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
for (const row of [read, write])
  console.log(`${row.label.padEnd(42)} ${String(row.ms).padStart(6)} ms wall ${String(row.cpuMs).padStart(6)} ms CPU`);
