// Benchmarks (not tests: speed is never asserted). Run after `pnpm build`: `node bench/perft.mjs`.
import { makeSan, perft, Position } from '../dist/index.js';

function time(label, run) {
  const start = performance.now();
  const result = run();
  const ms = performance.now() - start;
  return { label, result, ms: Math.round(ms) };
}

const start = Position.initial();
const rows = [
  time('TypeScript perft 4 (273,026)', () => start.perft(4)),
  time('TypeScript perft 5 (6,223,994)', () => start.perft(5)),
  time('WebAssembly perft 6 (142,078,049)', () => perft(start, 6)),
  time('SAN of every legal move, 200 random plies x 20', () => {
    let n = 0;
    let seed = 1;
    for (let game = 0; game < 20; game++) {
      let pos = Position.initial();
      for (let ply = 0; ply < 200 && !pos.outcome(); ply++) {
        const moves = pos.legalMoves();
        for (const move of moves) {
          makeSan(pos, move);
          n++;
        }
        seed = (seed * 1103515245 + 12345) >>> 0;
        pos = pos.play(moves[seed % moves.length]);
      }
    }
    return n;
  }),
];
for (const { label, result, ms } of rows) {
  const rate = typeof result === 'number' && ms > 0 ? ` (${Math.round(result / ms / 1000)}M/s)` : '';
  console.log(
    `${label}: ${result} in ${ms} ms${label.includes('SAN') ? ` (${Math.round(result / ms)}k moves/s)` : rate}`,
  );
}
