// Benchmark (not a test: speed is never asserted). Run after `pnpm build`:
//   node bench/pgn-import.mjs [plies]          (default 200,000 plies)
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/pgn-import.mjs   to profile
// Imports one PGN game of knight shuffles (Nd2 Nd7 Nb1 Nb8 …, a legal game that never ends) as a Game and as a
// GameTree, builds the same tree move by move with addMove, writes both back, and prints the times. Before the game
// record became one model (issue 20) the tree replayed the game on every move: 2,000 plies took 13–18 s.
import { GameTree, makePgn, makePgnTree, parsePgn, parsePgnTree } from '../dist/index.js';

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
const readTree = time(`parsePgnTree: the same text`, () => parsePgnTree(text));
if (!readTree.result.ok) throw readTree.result.error;
// addMove finds its node from the root on every call (a path is its address): timed up to 20,000 moves
const stepwise = Math.min(plies, 20_000);
const built = time(`GameTree.addMove: ${stepwise.toLocaleString('en')} moves`, () => {
  const tree = new GameTree();
  let path = [];
  for (let ply = 0; ply < stepwise; ply++) {
    const added = tree.addMove(path, cycle[ply % 4]);
    if (!added.ok) throw added.error;
    path = added.value;
  }
  return tree;
});
const line = time(`GameTree.addLine: ${plies.toLocaleString('en')} moves`, () => {
  const added = new GameTree().addLine(
    [],
    moves.map((_, ply) => cycle[ply % 4]),
  );
  if (!added.ok) throw added.error;
  return added;
});
const writeTree = time(`makePgnTree: the same tree`, () => makePgnTree(readTree.result.value));
// CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
for (const row of [read, write, readTree, built, line, writeTree])
  console.log(`${row.label.padEnd(42)} ${String(row.ms).padStart(6)} ms wall ${String(row.cpuMs).padStart(6)} ms CPU`);
