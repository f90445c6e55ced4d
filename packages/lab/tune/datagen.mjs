#!/usr/bin/env node
// Training positions for the evaluation (issue 11): self-play at a node limit and/or games from `makruk match`
// PGN files (e.g. against Debian's /usr/games/fairy-stockfish), filtered to quiet positions, de-duplicated and
// balanced over game phases (pawnless counting endgames always kept). Deterministic for a seed. See README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePgn } from '@makruk/makruk';
import {
  createEngine,
  formatSamples,
  PHASE_BUCKETS,
  phaseBucket,
  isPawnless,
  parseSamples,
  selectTrainingPositions,
  selfPlay,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    games: { type: 'string', default: '100' },
    nodes: { type: 'string', default: '2000' },
    'random-plies': { type: 'string', default: '8' },
    'max-plies': { type: 'string', default: '400' },
    openings: { type: 'string' },
    pgn: { type: 'string', multiple: true, default: [] },
    data: { type: 'string', multiple: true, default: [] },
    'per-bucket': { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`node tune/datagen.mjs [--seed 1] [--games 100] [--nodes 2000] [--random-plies 8] [--max-plies 400]
  [--openings file.epd] [--pgn games.pgn]… [--data positions.epd]… [--per-bucket N] [--out data.epd]
--games 0 skips self-play (PGN only). --data adds labelled positions of earlier runs (e.g. seeds run one by one
with a large --per-bucket), filtered, de-duplicated and balanced again with the rest. Output: "<FEN> ; result 1-0|0-1|1/2-1/2" a line (stdout without --out).`);
  process.exit(0);
}
/** @param {string} name @param {string | undefined} text */
const whole = (name, text) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${text}`);
  return n;
};

const openings = values.openings
  ? readFileSync(values.openings, 'utf8')
      .split('\n')
      .map((l) => l.split(';')[0]?.trim() ?? '')
      .filter(Boolean)
  : undefined;
const seed = whole('seed', values.seed);
/** @type {import('./lib.mjs').Sample[]} */
const samples = selfPlay({
  seed,
  games: whole('games', values.games),
  nodes: whole('nodes', values.nodes),
  randomPlies: whole('random-plies', values['random-plies']),
  maxPlies: whole('max-plies', values['max-plies']),
  ...(openings ? { openings } : {}),
});
for (const file of values.pgn ?? []) for (const s of await pgnSamples(file)) samples.push(s);
for (const file of values.data ?? []) for (const s of parseSamples(readFileSync(file, 'utf8'))) samples.push(s);

const kept = selectTrainingPositions(createEngine(), samples, {
  seed,
  ...(values['per-bucket'] === undefined ? {} : { perBucket: whole('per-bucket', values['per-bucket']) }),
});
const byBucket = PHASE_BUCKETS.map(
  (name, i) => `${name} ${kept.filter((s) => !isPawnless(s.fen) && phaseBucket(s.fen) === i).length}`,
);
const text = formatSamples(kept);
if (values.out) writeFileSync(values.out, text);
else process.stdout.write(text);
console.error(
  `datagen: ${samples.length} positions → ${kept.length} kept (quiet, unique, balanced): ${byBucket.join(', ')}, pawnless ${kept.filter((s) => isPawnless(s.fen)).length}`,
);

/**
 * Every position of every finished game in a PGN file (the makruk library replays the moves).
 * @param {string} file
 * @returns {Promise<import('./lib.mjs').Sample[]>}
 */
async function pgnSamples(file) {
  const parsed = parsePgn(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  /** @type {import('./lib.mjs').Sample[]} */
  const out = [];
  for (const game of parsed.value) {
    const result = game.tags.get('Result');
    if (result !== '1-0' && result !== '0-1' && result !== '1/2-1/2') continue;
    for (const fen of game.fens) out.push({ fen, result });
  }
  return out;
}
