// `makruk pgn convert`: every game of a file rewritten by the library's makePgn with the moves in algebraic SAN, Thai
// SAN or UCI, streamed game by game. To a file, the output is written to a temporary file beside it and renamed at
// the end, so a failed conversion leaves no half-written file.
import { closeSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { makePgn } from '@makruk/makruk';
import { fileError, numberedChunks, parseChunk, problemError } from './games.js';

export const NOTATIONS = ['san', 'uci', 'thai'] as const;
export type Notation = (typeof NOTATIONS)[number];

const LIBRARY_NOTATION = { san: 'algebraic', uci: 'uci', thai: 'thai' } as const;

/**
 * Converts every game of `file`, handing each game's text to `write` in order (awaited: a slow reader holds the input
 * back); returns the number of games.
 */
export async function convertGames(
  file: string,
  notation: Notation,
  write: (text: string) => void | Promise<void>,
): Promise<number> {
  let games = 0;
  for await (const { number, chunk } of numberedChunks(file)) {
    const parsed = parseChunk(chunk, number);
    if (!parsed.ok) throw problemError(file, parsed.error);
    await write(`${games === 0 ? '' : '\n'}${makePgn(parsed.value, { notation: LIBRARY_NOTATION[notation] })}`);
    games++;
  }
  return games;
}

/** Converts into `out` through a temporary file renamed at the end (removed on failure). */
export async function convertToFile(file: string, notation: Notation, out: string): Promise<number> {
  const temporary = `${out}.tmp-${process.pid}`;
  let fd: number;
  try {
    fd = openSync(temporary, 'w');
  } catch (error) {
    throw fileError(out, error, 'write');
  }
  let done = false;
  try {
    const games = await convertGames(file, notation, (text) => void writeSync(fd, text));
    closeSync(fd);
    renameSync(temporary, out);
    done = true;
    return games;
  } finally {
    if (!done) {
      try {
        closeSync(fd);
      } catch {
        // closed before the rename failed
      }
      unlinkSync(temporary);
    }
  }
}
