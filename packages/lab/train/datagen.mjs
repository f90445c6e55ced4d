#!/usr/bin/env node
// Training data for the network (issue 17): self-play games of our engine at a fixed node limit, one worker thread
// per core, written as game records (gamefile.mjs) in game order. Seeded and resumable: game g depends only on
// (--seed, g) and the engine build, so a run killed and started again with the same command carries on where the
// file ends, and `--shard I/N` runs (the games whose index is I-1 modulo N) merged with games.mjs merge give the
// same file as one run. README.md has the commands.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { engineWasmBytes } from '@makruk/engine';
import { decodeGames, decodeHeader, encodeHeader, GameFileError } from './gamefile.mjs';
import { START_FEN } from './selfplay.mjs';

const usage = `node train/datagen.mjs --out FILE [--seed 1] [--games 100000] [--nodes 5000] [--random-plies 6]
  [--max-opening-score 300] [--max-plies 1000] [--openings FILE.epd] [--shard I/N] [--workers N] [--progress 60]
Plays the games of the run (indices 0 … games-1; with --shard I/N those whose index is I-1 modulo N) and appends
them to FILE; an existing FILE from the same settings is carried on (a partial last record is cut off).`;

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    games: { type: 'string', default: '100000' },
    nodes: { type: 'string', default: '5000' },
    'random-plies': { type: 'string', default: '6' },
    'max-opening-score': { type: 'string', default: '300' },
    'max-plies': { type: 'string', default: '1000' },
    openings: { type: 'string' },
    shard: { type: 'string', default: '1/1' },
    workers: { type: 'string', default: String(availableParallelism()) },
    progress: { type: 'string', default: '60' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** @param {string} message */
function fail(message) {
  console.error(`datagen: ${message}`);
  process.exit(1);
}
/** @param {string} name @param {number} [min] */
function whole(name, min = 0) {
  const text = /** @type {Record<string, unknown>} */ (values)[name];
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number ≥ ${min}, not ${String(text)}`);
  return n;
}

if (!values.out) fail(`--out is required\n${usage}`);
const out = /** @type {string} */ (values.out);
const shardMatch = /^(\d+)\/(\d+)$/.exec(values.shard ?? '');
const shardIndex = Number(shardMatch?.[1]);
const shardCount = Number(shardMatch?.[2]);
if (!shardMatch || shardIndex < 1 || shardIndex > shardCount) fail('--shard must be I/N with 1 ≤ I ≤ N, e.g. 2/8');
const games = whole('games');
const workerCount = whole('workers', 1);
const progressSeconds = whole('progress', 1);

/** @type {string[]} */
let openings = [START_FEN];
/** @type {{ file: string | null, sha256: string | null, count: number }} */
let openingsInfo = { file: null, sha256: null, count: 1 };
if (values.openings) {
  let text;
  try {
    text = readFileSync(values.openings, 'utf8');
  } catch {
    fail(`cannot read --openings ${values.openings}`);
  }
  text = /** @type {string} */ (text);
  openings = text
    .split('\n')
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((line) => line && !line.startsWith('#'));
  if (openings.length === 0) fail(`--openings ${values.openings} holds no FEN`);
  openingsInfo = {
    file: path.basename(values.openings),
    sha256: createHash('sha256').update(text).digest('hex'),
    count: openings.length,
  };
}

/** @type {import('./selfplay.mjs').SelfPlayOptions} */
const options = {
  seed: whole('seed'),
  nodes: whole('nodes', 1),
  randomPlies: whole('random-plies'),
  maxOpeningScore: whole('max-opening-score'),
  maxPlies: whole('max-plies', 1),
  openings,
};
// Everything the games depend on: a file is only carried on by a run with the same settings.
const meta = {
  format: 1,
  generator: 'packages/lab/train/datagen.mjs',
  seed: options.seed,
  nodes: options.nodes,
  randomPlies: options.randomPlies,
  maxOpeningScore: options.maxOpeningScore,
  maxPlies: options.maxPlies,
  openings: openingsInfo,
  shard: `${shardIndex}/${shardCount}`,
  engineSha256: createHash('sha256').update(engineWasmBytes('release')).digest('hex'),
};

// The shard's games in order: index = shardIndex - 1 + k * shardCount.
const shardGames = games > shardIndex - 1 ? Math.ceil((games - (shardIndex - 1)) / shardCount) : 0;
let done = 0;
/** @type {number} */
let fd = -1;
if (existsSync(out)) {
  const bytes = new Uint8Array(readFileSync(out));
  try {
    const header = decodeHeader(bytes);
    if (JSON.stringify(header.meta) !== JSON.stringify(meta)) {
      throw new GameFileError(
        'ERR_GAMEFILE_MISMATCH',
        `${out} was made with other settings or another engine build:\n  file: ${JSON.stringify(header.meta)}\n  now:  ${JSON.stringify(meta)}`,
      );
    }
    const read = decodeGames(bytes, header.recordsStart);
    for (const [k, game] of read.games.entries()) {
      if (game.index !== shardIndex - 1 + k * shardCount) {
        throw new GameFileError('ERR_GAMEFILE_RECORD', `${out}: game ${k} of the shard has index ${game.index}`);
      }
    }
    done = read.games.length;
    fd = openSync(out, 'r+');
    if (!read.complete) {
      ftruncateSync(fd, read.end);
      console.error(`datagen: cut a partial record off ${out} at byte ${read.end}`);
    }
    closeSync(fd);
    fd = openSync(out, 'a');
  } catch (error) {
    fail(error instanceof GameFileError ? error.message : String(error));
  }
} else {
  fd = openSync(out, 'w');
  writeSync(fd, encodeHeader(meta));
}
console.error(
  `datagen: ${out}: shard ${meta.shard}, ${done} of ${shardGames} games already there; ${workerCount} workers, ${options.nodes} nodes a move`,
);
if (done >= shardGames) process.exit(0);

const started = performance.now();
let nextToAssign = done;
let nextToWrite = done;
/** @type {Map<number, { bytes: Uint8Array, plies: number, positions: number, nodes: number }>} */
const finished = new Map();
const totals = { games: 0, plies: 0, positions: 0, nodes: 0 };
let stopping = false;
/** @type {Worker[]} */
const workers = [];

function report() {
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `datagen: ${new Date().toISOString()} games ${nextToWrite}/${shardGames} (+${totals.games} in ${seconds.toFixed(0)} s), ` +
      `positions ${totals.plies} (${(totals.plies / seconds).toFixed(1)}/s), quiet ${totals.positions} ` +
      `(${(totals.positions / seconds).toFixed(1)}/s), ${(totals.nodes / seconds / workerCount).toFixed(0)} nodes/s a worker`,
  );
}

function finish() {
  report();
  closeSync(/** @type {number} */ (fd));
  for (const worker of workers) void worker.terminate();
  clearInterval(timer);
}

/** @param {Worker} worker */
function assign(worker) {
  if (stopping || nextToAssign >= shardGames) return false;
  worker.postMessage({ index: shardIndex - 1 + nextToAssign * shardCount });
  nextToAssign++;
  return true;
}

let busy = 0;
for (let w = 0; w < workerCount; w++) {
  const worker = new Worker(new URL('./datagen-worker.mjs', import.meta.url), { workerData: { options } });
  workers.push(worker);
  worker.on(
    'message',
    (/** @type {{ index: number, bytes: Uint8Array, plies: number, positions: number, nodes: number }} */ m) => {
      finished.set((m.index - (shardIndex - 1)) / shardCount, m);
      // Records go out in game order, so the file is the same whichever worker finished first.
      for (let next = finished.get(nextToWrite); next; next = finished.get(nextToWrite)) {
        writeSync(/** @type {number} */ (fd), next.bytes);
        finished.delete(nextToWrite);
        nextToWrite++;
        totals.games++;
        totals.plies += next.plies;
        totals.positions += next.positions;
        totals.nodes += next.nodes;
      }
      if (!assign(worker)) busy--;
      if (busy === 0) finish();
    },
  );
  worker.on('error', (error) => {
    console.error(`datagen: a worker failed: ${error.stack ?? error.message}`);
    stopping = true;
    process.exitCode = 1;
    finish();
  });
  if (assign(worker)) busy++;
}
const timer = setInterval(report, progressSeconds * 1000);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    // Games in flight are lost (a resume plays them again); everything written is whole.
    console.error(`datagen: ${signal}: stopping`);
    stopping = true;
    finish();
    process.exit(130);
  });
}
