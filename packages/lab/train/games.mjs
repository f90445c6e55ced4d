#!/usr/bin/env node
// Game files (gamefile.mjs) on the command line:
//   node train/games.mjs stats FILE…             games, positions, bytes a position, results, how games ended
//   node train/games.mjs merge --out FILE IN…    the games of shard runs (datagen.mjs --shard I/N) in game order
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  decodeGames,
  decodeHeader,
  encodeGame,
  encodeHeader,
  GameFileError,
  TERMINATIONS,
  trainingPositionCount,
} from './gamefile.mjs';

/** @param {string} file */
export function readGameFile(file) {
  const bytes = new Uint8Array(readFileSync(file));
  const header = decodeHeader(bytes);
  const read = decodeGames(bytes, header.recordsStart);
  return { meta: header.meta, games: read.games, complete: read.complete, bytes: bytes.length };
}

/**
 * The games of several files of one run (same settings, any shards) in game order; a game twice is an error.
 * @param {string[]} files
 */
export function mergeGameFiles(files) {
  /** @type {import('./gamefile.mjs').GameRecord[]} */
  const games = [];
  /** @type {Record<string, unknown> | undefined} */
  let first;
  /** @type {unknown[]} */
  const shards = [];
  for (const file of files) {
    const read = readGameFile(file);
    const { shard, ...settings } = read.meta;
    if (first === undefined) first = settings;
    else if (JSON.stringify(settings) !== JSON.stringify(first)) {
      throw new GameFileError('ERR_GAMEFILE_MISMATCH', `${file} comes from a run with other settings than ${files[0]}`);
    }
    shards.push(shard);
    games.push(...read.games);
  }
  games.sort((a, b) => a.index - b.index);
  for (let i = 1; i < games.length; i++) {
    if (games[i]?.index === games[i - 1]?.index) {
      throw new GameFileError('ERR_GAMEFILE_MISMATCH', `game ${games[i]?.index} is in more than one input`);
    }
  }
  return { meta: { ...first, shard: `merged ${shards.join(',')}` }, games };
}

/** @param {string[]} argv */
async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'merge') {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { out: { type: 'string' } },
      allowPositionals: true,
    });
    if (!values.out || positionals.length === 0) throw new Error('usage: games.mjs merge --out FILE IN…');
    const merged = mergeGameFiles(positionals);
    const parts = [encodeHeader(merged.meta), ...merged.games.map(encodeGame)];
    writeFileSync(values.out, Buffer.concat(parts));
    console.log(`${values.out}: ${merged.games.length} games from ${positionals.length} files`);
    return;
  }
  if (command === 'stats') {
    for (const file of rest) {
      const read = readGameFile(file);
      let plies = 0;
      let quiet = 0;
      const results = [0, 0, 0];
      const ends = new Map(TERMINATIONS.map((t) => [t, 0]));
      for (const game of read.games) {
        plies += game.moves.length;
        quiet += trainingPositionCount(game);
        results[game.result] = (results[game.result] ?? 0) + 1;
        ends.set(game.termination, (ends.get(game.termination) ?? 0) + 1);
      }
      const n = read.games.length;
      console.log(
        `${file}: ${n} games, ${plies} positions (${(plies / Math.max(n, 1)).toFixed(0)} a game), ${quiet} scored and quiet, ` +
          `${(read.bytes / Math.max(plies, 1)).toFixed(2)} bytes a position${read.complete ? '' : ', last record cut short'}\n` +
          `  White won ${results[2]}, draws ${results[1]}, Black won ${results[0]}; ` +
          [...ends]
            .filter(([, k]) => k > 0)
            .map(([t, k]) => `${t} ${k}`)
            .join(', ') +
          `\n  ${JSON.stringify(read.meta)}`,
      );
    }
    return;
  }
  throw new Error('usage: games.mjs stats FILE… | games.mjs merge --out FILE IN…');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`games: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
