// The position options every subcommand shares, defined and read here only:
//   a FEN — `--fen <fen...>` or a positional `[fen...]`, quoted or not, or `startpos`;
//   `--moves <moves...>` — one list of moves, SAN or UCI, as separate words or one quoted string.
import { Argument, Option } from 'commander';
import { INITIAL_FEN, makeUci, parseSan, parseUci, Position, type Move } from '@makruk/makruk';
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

/** The legal move a word (UCI or SAN) names; CliError naming the word and its number when there is none. */
function moveFromWord(position: Position, word: string, number: number): Move {
  const where = `move ${number} "${word}"`;
  const uci = parseUci(word);
  if (uci) {
    if (position.isLegal(uci)) return uci;
    throw new CliError('ERR_ILLEGAL_MOVE', `${where} is not legal in ${position.fen()}`);
  }
  const san = parseSan(position, word);
  if (san.ok) return san.value;
  switch (san.error.code) {
    case 'ERR_SAN_SYNTAX':
      throw new CliError('ERR_SAN_SYNTAX', `${where} is neither SAN (e4, Nd2, c6=M) nor UCI (e3e4, c5c6m)`);
    case 'ERR_SAN_AMBIGUOUS':
      throw new CliError('ERR_SAN_AMBIGUOUS', `${where} is ambiguous in ${position.fen()} (${san.error.message})`);
    default:
      throw new CliError('ERR_ILLEGAL_MOVE', `${where} is not legal in ${position.fen()} (${san.error.message})`);
  }
}

/**
 * Plays the `--moves` words from a position (counting in the automatic mode, as Position does). A move after the
 * end of the game (mate, stalemate, dead position, count run out) is refused with ERR_GAME_OVER.
 */
export function playMoves(start: Position, words: readonly string[]): PlayedLine {
  let position = start;
  const positions = [start];
  const moves: string[] = [];
  words.forEach((word, index) => {
    const outcome = position.outcome();
    if (outcome) {
      throw new CliError('ERR_GAME_OVER', `move ${index + 1} "${word}": the game is already over (${outcome.reason}) in ${position.fen()}`);
    }
    const move = moveFromWord(position, word, index + 1);
    moves.push(makeUci(move));
    position = position.play(move);
    positions.push(position);
  });
  return { start, position, moves, positions };
}

/** `--fen` and `--moves` together: the position they describe. */
export function playFromOptions(options: { fen?: FenInput; moves?: readonly string[] | string }): PlayedLine {
  return playMoves(positionFromFen(options.fen), moveWords(options.moves));
}
