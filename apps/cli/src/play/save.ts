// The game file of `makruk play`: PGN written atomically after every change, read back by --resume.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePgn, parsePgnGame, type Color, type Game } from '@makruk/makruk';
import { CliError } from '../errors.js';

/** `makruk-<date>-<time>.pgn` (UTC), e.g. makruk-2026-11-30-152801.pgn. */
export function defaultSaveName(now: Date): string {
  const iso = now.toISOString(); // 2026-11-30T15:28:01.123Z
  return `makruk-${iso.slice(0, 10)}-${iso.slice(11, 19).replace(/:/g, '')}.pgn`;
}

/** Writes the game's PGN to `file` through a temporary file and a rename: a reader never sees half a game. */
export function saveGame(file: string, game: Game): void {
  const text = makePgn(game);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError('ERR_PLAY_SAVE', `cannot write the game to ${file}: ${reason}`, 1);
  }
}

/** Reads a game saved by `makruk play` (or any Makruk PGN; its first game). */
export function loadGame(file: string): Game {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new CliError('ERR_PLAY_RESUME', `cannot read ${file} (${reason})`);
  }
  const parsed = parsePgnGame(text);
  if (!parsed.ok) {
    throw new CliError(
      'ERR_PLAY_RESUME',
      `${file}:${parsed.error.line}: ${parsed.error.code}: ${parsed.error.message}`,
    );
  }
  return parsed.value;
}

const ENGINE_NAME = /^makruk engine, level (\d+)$/;

/** The player names of a new game. */
export function engineName(level: number): string {
  return `makruk engine, level ${level}`;
}

/** Which side the person played in a saved game, and the engine's level, as the tags tell (if they do). */
export function sidesFromTags(game: Game): { human?: Color; level?: number } {
  const white = ENGINE_NAME.exec(game.tags.get('White') ?? '');
  const black = ENGINE_NAME.exec(game.tags.get('Black') ?? '');
  if (white && !black) return { human: 'black', level: Number(white[1]) };
  if (black && !white) return { human: 'white', level: Number(black[1]) };
  return {};
}

/** Sets the tags of a game played against the engine (keeps the Date and Event of a resumed game). */
export function setPlayerTags(game: Game, human: Color, level: number, now: Date): void {
  if (!game.tags.has('Event')) game.tags.set('Event', 'makruk play');
  if (!game.tags.has('Date')) game.tags.set('Date', now.toISOString().slice(0, 10).replace(/-/g, '.'));
  game.tags.set('White', human === 'white' ? 'Player' : engineName(level));
  game.tags.set('Black', human === 'black' ? 'Player' : engineName(level));
}
