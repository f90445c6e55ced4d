// `makruk play`: a game against the engine in the terminal (src/play/ holds the session, board, input and file).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { Game, MAX_SKILL, STRENGTH_LEVELS, type Color, type SearchLimits } from '@makruk/makruk';
import { CliError } from '../errors.js';
import { searchDepth, searchMovetime, wholeNumber } from '../options/numbers.js';
import { fenOption, positionFromFen, type FenInput } from '../options/position.js';
import { useColor } from '../play/render.js';
import {
  checkWritable,
  defaultSaveName,
  loadGame,
  setPlayerTags,
  sidesFromTags,
  type SaveTarget,
} from '../play/save.js';
import { PlaySession } from '../play/session.js';

export interface PlayOptions {
  color?: Color;
  level?: number;
  fen?: FenInput;
  thai?: boolean;
  ascii?: boolean;
  save?: string;
  resume?: string;
  game?: number;
  movetime?: number;
  depth?: number;
  nodes?: number;
}

/** The engine's level when none is given (STRENGTH_LEVELS' "club"). */
export const DEFAULT_LEVEL = 8;
/** The engine's time per move when no limit is given. */
export const DEFAULT_PLAY_MOVETIME_MS = 1000;

/** `--level`: a skill 0..20 or a level name (beginner, casual, club, strong, expert, full). */
export function parseLevel(text: string): number {
  const named = STRENGTH_LEVELS.find((level) => level.name === text.trim().toLowerCase());
  return named ? named.skill : wholeNumber(0, MAX_SKILL)(text);
}

export function playLimits(options: PlayOptions): SearchLimits {
  if (options.depth !== undefined) return { depth: options.depth };
  if (options.nodes !== undefined) return { nodes: options.nodes };
  return { movetime: options.movetime ?? DEFAULT_PLAY_MOVETIME_MS };
}

export function registerPlay(program: Command): void {
  const names = STRENGTH_LEVELS.map((level) => `${level.name} ${level.skill}`).join(', ');
  program
    .command('play')
    .description('play a game against the engine in the terminal; the game is saved as PGN after every move')
    .addOption(new Option('--color <side>', 'the side you play').choices(['white', 'black']))
    .addOption(
      new Option('--level <n>', `engine strength 0-20 or a name (${names}); default ${DEFAULT_LEVEL}`).argParser(
        parseLevel,
      ),
    )
    .addOption(fenOption('the start position: a FEN, quoted or not (default: the start position)').conflicts('resume'))
    .option('--thai', 'show moves in Thai SAN')
    .option('--ascii', 'draw the pieces as letters instead of Unicode')
    .option('--save <file>', 'the PGN file written after every move (default: makruk-<date>-<time>.pgn here)')
    .option('--resume <file>', 'continue a game saved by makruk play (written back to it unless --save is given)')
    .addOption(
      new Option(
        '--game <n>',
        'with --resume: the game of the file to continue (default 1; the others are kept)',
      ).argParser(wholeNumber(1)),
    )
    .addOption(
      new Option('--movetime <ms>', `engine time per move (default ${DEFAULT_PLAY_MOVETIME_MS})`)
        .argParser(searchMovetime)
        .conflicts(['depth', 'nodes']),
    )
    .addOption(
      new Option('--depth <n>', 'engine search depth per move instead of time')
        .argParser(searchDepth)
        .conflicts('nodes'),
    )
    .addOption(
      new Option('--nodes <n>', 'engine nodes per move instead of time (repeatable games)').argParser(wholeNumber(1)),
    )
    .addHelpText(
      'after',
      '\nMoves: SAN (Nd2, e4, dxe5), UCI (b1d2) or Thai SAN (ม-ง๒). Commands at the prompt: undo, hint, count,\n' +
        'stop count, draw (claim, offer draw), resign, flip, fen, pgn, help, quit (Ctrl-C also quits; the game stays\n' +
        'saved).\n' +
        'Colours follow the terminal; NO_COLOR turns them off.\n\n' +
        'Examples:\n  makruk play --color black --level casual\n  makruk play --resume makruk-2026-11-30-152801.pgn',
    )
    .action(async (options: PlayOptions) => {
      const code = await play(options);
      if (code !== 0) process.exitCode = code;
    });
}

export async function play(options: PlayOptions): Promise<number> {
  const now = new Date();
  let game: Game;
  let human: Color = options.color ?? 'white';
  let level = options.level ?? DEFAULT_LEVEL;
  let target: SaveTarget;
  /** Whether the file already holds the game (resumed in place): then it is written only when the game changes. */
  let saved = false;
  if (options.game !== undefined && options.resume === undefined)
    throw new CliError('ERR_ARGUMENT', '--game goes with --resume FILE');
  if (options.resume !== undefined) {
    const loaded = loadGame(options.resume, options.game);
    game = loaded.game;
    const sides = sidesFromTags(game);
    human = options.color ?? sides.human ?? 'white';
    level = options.level ?? sides.level ?? DEFAULT_LEVEL;
    const elsewhere = options.save !== undefined && path.resolve(options.save) !== path.resolve(options.resume);
    if (elsewhere) {
      refuseExisting(options.save as string);
      target = { file: options.save as string, before: '', after: '' };
    } else {
      target = loaded.target;
      saved = true;
      checkWritable(target.file);
    }
    if (loaded.games > 1)
      process.stdout.write(
        `${options.resume} holds ${loaded.games} games: continuing game ${loaded.number}` +
          `${elsewhere ? '' : ' (the others are kept as they are)'}; --game N picks another.\n`,
      );
  } else {
    game = Game.fromPosition(positionFromFen(options.fen));
    const file = options.save ?? defaultSaveName(now);
    refuseExisting(file);
    target = { file, before: '', after: '' };
  }
  setPlayerTags(game, human, level, now);
  const session = new PlaySession({
    game,
    human,
    level,
    limits: playLimits(options),
    target,
    saved,
    thai: options.thai === true,
    unicode: options.ascii !== true,
    color: useColor(process.stdout, process.env),
    input: process.stdin,
    output: process.stdout,
  });
  return session.run();
}

/** A new game never overwrites a file. */
function refuseExisting(file: string): void {
  if (existsSync(file)) {
    throw new CliError(
      'ERR_PLAY_SAVE_EXISTS',
      `${file} exists; continue it with --resume ${file}, or choose another --save file`,
    );
  }
}
