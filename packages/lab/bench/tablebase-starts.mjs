#!/usr/bin/env node
// Starts for the tables-v-no-tables match (issue 18): for each counting-practice ending, random legal positions
// with the bare king (Black) to move and its pieces'-honour count just started (as the page's practice hands them
// out: no check, no capture at once), one FEN a line, each after a `#` line with the tables' verdict: per ending `--won` starts
// White wins under the count and `--drawn` it does not (K+M+M v K has no won start; K+N+M v K about 1 in 100).
// Usage: node bench/tablebase-starts.mjs [--won 15] [--drawn 5] [--seed 1] > starts.epd   (build @makruk/makruk first)
import { parseArgs } from 'node:util';
import { countStartingFor } from '@makruk/counting';
import { Board, Position, SQUARES, Tablebase, makeBoardFen, materialOf, mulberry32 } from '@makruk/makruk';

const ENDINGS = {
  KRRK: ['rook', 'rook'],
  KRK: ['rook'],
  KSSK: ['khon', 'khon'],
  KSMK: ['khon', 'met'],
  KNMK: ['knight', 'met'],
  KMMK: ['met', 'met'],
};

const { values } = parseArgs({
  options: { won: { type: 'string' }, drawn: { type: 'string' }, seed: { type: 'string' } },
});
const wanted = { win: Number(values.won ?? 15), draw: Number(values.drawn ?? 5) };
/** Candidates tried per ending before giving up on the rest (K+M+M v K never has a won start). */
const MAX_TRIES = 50_000;
const random = mulberry32(Number(values.seed ?? 1));
const tables = await Tablebase.create();

for (const [id, roles] of Object.entries(ENDINGS)) {
  const made = { win: 0, draw: 0 };
  for (let tries = 0; tries < MAX_TRIES && (made.win < wanted.win || made.draw < wanted.draw); tries++) {
    const board = Board.empty();
    const free = [...SQUARES];
    const take = () => free.splice(Math.floor(random() * free.length), 1)[0];
    board.set(take(), { color: 'white', role: 'king' });
    board.set(take(), { color: 'black', role: 'king' });
    for (const role of roles) board.set(take(), { color: 'white', role });
    const count = countStartingFor('black', materialOf(board));
    const parsed = Position.fromFen(`${makeBoardFen(board)} b - ${count.limitPlies} ${count.plies} 1`);
    if (!parsed.ok) continue;
    const position = parsed.value;
    const moves = position.legalMoves();
    if (position.isCheck() || position.outcome() !== undefined || moves.length === 0) continue;
    if (moves.some((move) => position.isCapture(move))) continue;
    const probed = tables.probe(position);
    if (!probed.ok) throw probed.error;
    const kind = probed.value.result === 'loss' ? 'win' : 'draw';
    if (made[kind] >= wanted[kind]) continue;
    made[kind]++;
    const verdict = kind === 'win' ? `white mates in ${-(probed.value.mate ?? 0)}` : 'draw';
    process.stdout.write(`# ${id} ${verdict}\n${position.fen()}\n`);
  }
}
