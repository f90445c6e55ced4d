// Parsing one line of GUI → engine UCI into a typed command. Syntax only: legality of positions and moves, and
// option values, are checked by the session, which knows the state.
import { parseGo, type GoLimits } from './go.js';

export type UciCommand =
  | { kind: 'empty' }
  | { kind: 'uci' }
  | { kind: 'debug'; on: boolean }
  | { kind: 'isready' }
  | { kind: 'setoption'; name: string; value: string | undefined }
  | { kind: 'register' }
  | { kind: 'ucinewgame' }
  | { kind: 'position'; fen: string | undefined; moves: string[] }
  | { kind: 'go'; limits: GoLimits; errors: string[] }
  | { kind: 'stop' }
  | { kind: 'ponderhit' }
  | { kind: 'quit' }
  // Fairy-Stockfish's debugging commands: `d` (board, FEN, key, counting), `eval` (static evaluation), `flip`.
  | { kind: 'd' }
  | { kind: 'eval' }
  | { kind: 'flip' };

/** A parsed command with notes for `info string` (things accepted but ignored), or what was wrong. */
export type ParsedCommand = { ok: true; command: UciCommand; notes: string[] } | { ok: false; message: string };

function parsed(command: UciCommand, notes: string[] = []): ParsedCommand {
  return { ok: true, command, notes };
}

function fail(message: string): ParsedCommand {
  return { ok: false, message };
}

/** Shows a line in an error message without flooding the GUI log. */
export function quoteLine(text: string, max = 60): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(clean.length > max ? `${clean.slice(0, max)}…` : clean);
}

function parsePosition(tokens: string[]): ParsedCommand {
  const movesAt = tokens.indexOf('moves');
  const setup = movesAt === -1 ? tokens.slice(1) : tokens.slice(1, movesAt);
  const moves = movesAt === -1 ? [] : tokens.slice(movesAt + 1);
  const [kind, ...rest] = setup;
  if (kind === 'startpos') {
    if (rest.length > 0)
      return fail(`position startpos: unexpected ${quoteLine(rest.join(' '))} (moves go after "moves")`);
    return parsed({ kind: 'position', fen: undefined, moves });
  }
  if (kind === 'fen') {
    if (rest.length === 0) return fail('position fen: the FEN is missing');
    return parsed({ kind: 'position', fen: rest.join(' '), moves });
  }
  return fail(`position needs "startpos" or "fen <FEN>", got ${kind === undefined ? 'nothing' : quoteLine(kind)}`);
}

function parseSetOption(tokens: string[]): ParsedCommand {
  if (tokens[1] !== 'name') return fail('setoption needs "name <option> [value <value>]"');
  const valueAt = tokens.indexOf('value', 2);
  const name = (valueAt === -1 ? tokens.slice(2) : tokens.slice(2, valueAt)).join(' ');
  if (name === '') return fail('setoption: the option name is missing');
  const value = valueAt === -1 ? undefined : tokens.slice(valueAt + 1).join(' ');
  return parsed({ kind: 'setoption', name, value });
}

export function parseUciCommand(line: string): ParsedCommand {
  const tokens = line
    .trim()
    .split(/\s+/)
    .filter((token) => token !== '');
  const [head] = tokens;
  if (head === undefined) return parsed({ kind: 'empty' });
  switch (head) {
    case 'uci':
    case 'isready':
    case 'ucinewgame':
    case 'stop':
    case 'ponderhit':
    case 'quit':
    case 'd':
    case 'eval':
    case 'flip':
      return tokens.length === 1
        ? parsed({ kind: head })
        : parsed({ kind: head }, [`ignored extra text after ${head}: ${quoteLine(tokens.slice(1).join(' '))}`]);
    case 'debug':
      if (tokens[1] !== 'on' && tokens[1] !== 'off') return fail('debug needs "on" or "off"');
      return parsed({ kind: 'debug', on: tokens[1] === 'on' });
    case 'register':
      return parsed({ kind: 'register' });
    case 'setoption':
      return parseSetOption(tokens);
    case 'position':
      return parsePosition(tokens);
    case 'go': {
      const go = parseGo(tokens.slice(1));
      return parsed({ kind: 'go', limits: go.limits, errors: go.errors }, go.notes);
    }
    default:
      return fail(`unknown command ${quoteLine(head)} in ${quoteLine(line.trim())}`);
  }
}
