// The game file of `makruk play`: PGN written atomically after every change, read back by --resume. A resumed file
// that holds several games keeps every other game byte for byte: only the game played is rewritten.
import { accessSync, constants, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePgn, splitPgnText, type Color, type Game } from '@makruk/makruk';
import { CliError } from '../errors.js';
import { parseChunk } from '../pgn/games.js';
import type { PgnChunk } from '../pgn/split.js';

/** `makruk-<date>-<time>.pgn` (UTC), e.g. makruk-2026-11-30-152801.pgn. */
export function defaultSaveName(now: Date): string {
  const iso = now.toISOString(); // 2026-11-30T15:28:01.123Z
  return `makruk-${iso.slice(0, 10)}-${iso.slice(11, 19).replace(/:/g, '')}.pgn`;
}

/** Where the game goes: the file, and the text of the other games of a resumed file before and after it. */
export interface SaveTarget {
  file: string;
  before: string;
  after: string;
}

/** The text written for the game: the other games around it, separated by a blank line. */
export function fileText(target: SaveTarget, game: Game): string {
  const text = makePgn(game);
  return `${target.before}${text}${target.after === '' ? '' : `\n${target.after}`}`;
}

/** Writes the game's PGN through a temporary file and a rename: a reader never sees half a file. */
export function saveGame(target: SaveTarget, game: Game): void {
  const { file } = target;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, fileText(target, game));
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CliError('ERR_PLAY_SAVE', `cannot write the game to ${file}: ${reasonOf(error)}`);
  }
}

/** Refuses a file that cannot be replaced, before the game starts: its folder must take the temporary file. */
export function checkWritable(file: string): void {
  try {
    accessSync(path.dirname(path.resolve(file)), constants.W_OK);
  } catch (error) {
    throw new CliError('ERR_PLAY_SAVE', `cannot write the game to ${file}: ${reasonOf(error)}`);
  }
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/** A game read back from a file for --resume: the game, its number, how many the file holds, and the rest. */
export interface LoadedGame {
  game: Game;
  /** 1-based number of the game in the file. */
  number: number;
  games: number;
  target: SaveTarget;
}

/**
 * Reads game `number` (from 1) of a PGN file for --resume; every other game is kept as text, so writing the game back
 * leaves them as they were. Games are found by the same splitter as every `makruk pgn` command.
 */
export function loadGame(file: string, number = 1): LoadedGame {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError('ERR_PLAY_RESUME', `cannot read ${file} (${reasonOf(error)})`);
  }
  // only the game asked for and where the next one starts are kept (a file of many games stays cheap)
  let games = 0;
  let chunk: PgnChunk | undefined;
  let next: PgnChunk | undefined;
  for (const found of splitPgnText(text)) {
    games++;
    if (games === number) chunk = found;
    else if (games === number + 1) next = found;
  }
  if (chunk === undefined) {
    const holds = games === 1 ? 'one game' : `${games} games`;
    throw new CliError('ERR_PLAY_RESUME', `${file} holds ${holds}, so it has no game ${number}`);
  }
  const lines = text.split(/(?<=\r\n|\n|\r(?!\n))/);
  const parsed = parseChunk(chunk, number);
  if (!parsed.ok) {
    throw new CliError(
      'ERR_PLAY_RESUME',
      `${file}:${parsed.error.line}: game ${number}: ${parsed.error.code}: ${parsed.error.message}`,
    );
  }
  const before = lines.slice(0, chunk.startLine - 1).join('');
  const after = next ? lines.slice(next.startLine - 1).join('') : '';
  return { game: parsed.value, number, games, target: { file, before, after } };
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
