// The position options every subcommand shares, defined and read here only:
//   a FEN — `--fen <fen...>` or a positional `[fen...]`, quoted or not, or `startpos`;
//   `--moves <moves...>` — one list of moves, SAN or UCI, as separate words or one quoted string.
import { Argument, Option } from 'commander';
import { INITIAL_FEN, makeUci, Position, ReplayError, replay } from '@makruk/makruk';
import { CliError } from '../errors.js';

const FEN_HELP = 'the position: a FEN, quoted or not, or "startpos" (default: the start position)';
const MOVES_HELP =
  'moves played from the position, SAN (e4 Nd2) or UCI (e3e4 b1d2), as separate words or one quoted string';

/** `--fen <fen...>`: the FEN's fields may be given as separate words. */
export function fenOption(description = FEN_HELP): Option {
  return new Option('--fen <fen...>', description);
}

/** `[fen...]` as a positional argument (for `makruk fen`). */
export function fenArgument(description = FEN_HELP): Argument {
  return new Argument('[fen...]', description);
}

/** `--moves <moves...>`. */
export function movesOption(description = MOVES_HELP): Option {
  return new Option('--moves <moves...>', description);
}

/** What commander hands over for `--fen`/`[fen...]` (and older callers' single string). */
export type FenInput = string | readonly string[] | undefined;

/** Reads a FEN option or argument (or the start position); `startpos` is accepted as a name for it. */
export function positionFromFen(fen: FenInput): Position {
  const words = typeof fen === 'string' ? [fen] : (fen ?? []);
  const text = words.join(' ').trim();
  const result = Position.fromFen(text === '' || text === 'startpos' ? INITIAL_FEN : text);
  if (!result.ok) throw result.error;
  return result.value;
}

/** The words of `--moves`: each value may hold several moves separated by spaces. */
export function moveWords(values: readonly string[] | string | undefined): string[] {
  const list = typeof values === 'string' ? [values] : (values ?? []);
  return list.flatMap((value) => value.split(/\s+/)).filter((word) => word !== '');
}

/** A line of play: the positions from the start (positions[0]) to the end, and the moves between them. */
export interface PlayedLine {
  start: Position;
  position: Position;
  /** The moves played, in UCI (as engines want them). */
  moves: string[];
  positions: Position[];
}

/**
 * Plays the `--moves` words (SAN or UCI, through the library's `replay`) from a position, counting in the automatic
 * mode as Position does. Errors name the move's number and word: the library's code (ERR_ILLEGAL_MOVE,
 * ERR_SAN_SYNTAX, ERR_SAN_ILLEGAL, ERR_SAN_AMBIGUOUS), or ERR_GAME_OVER for a move after the end of the game
 * (mate, stalemate, dead position, count run out).
 */
export function playMoves(start: Position, words: readonly string[]): PlayedLine {
  const replayed = replay(start, words);
  if (!replayed.ok) {
    const { error } = replayed;
    if (!(error instanceof ReplayError)) throw error;
    const word = words[error.index] ?? '';
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    const illegal = error.code === 'ERR_ILLEGAL_MOVE' || error.code === 'ERR_SAN_ILLEGAL';
    throw new CliError(error.code, `move ${error.index + 1} "${word}"${illegal ? ' is not legal' : ''}: ${cause}`);
  }
  const positions = [start];
  let position = start;
  replayed.value.moves.forEach((move, index) => {
    const outcome = position.outcome();
    if (outcome) {
      throw new CliError(
        'ERR_GAME_OVER',
        `move ${index + 1} "${words[index] ?? ''}": the game is already over (${outcome.reason}) in ${position.fen()}`,
      );
    }
    position = position.play(move);
    positions.push(position);
  });
  return { start, position, moves: replayed.value.moves.map(makeUci), positions };
}

/** `--fen` and `--moves` together: the position they describe. */
export function playFromOptions(options: { fen?: FenInput; moves?: readonly string[] | string }): PlayedLine {
  return playMoves(positionFromFen(options.fen), moveWords(options.moves));
}
