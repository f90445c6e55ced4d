// Errors are values with stable codes; the message is for people and may change.
// Every code the library packages raise (makruk, counting, engine, lab) is listed here once (README "Errors" has the
// table); a test greps the sources for 'ERR_…' literals so that a new code cannot be forgotten. The CLI's own codes
// are apps/cli/src/errors.ts CLI_ERROR_CODES and match/errors.ts MATCH_ERROR_CODES, which may not repeat these.
import { COUNTING_ERROR_CODES, type Result } from '@makruk/counting';

/** A function called with an argument of the wrong type (plain JavaScript callers): `parseSan(null, 'e4')`. */
export const ARGUMENT_ERROR_CODES = ['ERR_ARGUMENT'] as const;

/**
 * FEN and setup errors (parseFen, Position.fromFen / fromSetup). Also raised here, but owned by @makruk/counting
 * (its COUNTING_ERROR_CODES, below): ERR_FEN_BOARD, ERR_FEN_COUNTING, ERR_FEN_HALFMOVES.
 */
export const FEN_ERROR_CODES = [
  'ERR_FEN_EMPTY',
  'ERR_FEN_FIELDS',
  'ERR_FEN_TURN',
  'ERR_FEN_CASTLING',
  'ERR_FEN_MOVES',
  'ERR_KINGS',
  'ERR_PAWN_ON_PROMOTION_RANK',
  'ERR_OPPOSITE_CHECK',
  'ERR_TOO_MANY_PIECES',
] as const;

/** Move errors (Position.play, parseSan, Game.play, replaying a move list). */
export const MOVE_ERROR_CODES = [
  'ERR_ILLEGAL_MOVE',
  'ERR_UCI_SYNTAX',
  'ERR_SAN_SYNTAX',
  'ERR_SAN_ILLEGAL',
  'ERR_SAN_AMBIGUOUS',
  'ERR_SAN_INEXACT',
] as const;

/** Errors only a Game reports. */
export const GAME_ERROR_CODES = ['ERR_GAME_OVER', 'ERR_NO_DRAW_CLAIM'] as const;

/** `@makruk/counting`'s codes, owned there (CountingError; Game passes them on as MakrukErrors with the same code). */
export { COUNTING_ERROR_CODES };

/** PGN reading (PgnError, with a line) and writing (makePgn). */
export const PGN_ERROR_CODES = [
  'ERR_PGN_INPUT',
  'ERR_PGN_EMPTY',
  'ERR_PGN_TAG',
  'ERR_PGN_TAG_NAME',
  'ERR_PGN_COMMENT',
  'ERR_PGN_VARIATION',
  'ERR_PGN_TOKEN',
  'ERR_PGN_MOVE',
  'ERR_PGN_FEN',
  'ERR_PGN_VARIANT',
  'ERR_PGN_COUNT',
] as const;

/** EPD / FEN-per-line files (parseEpd). */
export const EPD_ERROR_CODES = ['ERR_EPD'] as const;

/** perft and the facade's Engine (worker host, options, limits). */
export const ENGINE_ERROR_CODES = [
  'ERR_PERFT_DEPTH',
  'ERR_ENGINE',
  'ERR_ENGINE_START',
  'ERR_ENGINE_OPTIONS',
  'ERR_ENGINE_TARGET',
  'ERR_ENGINE_BUSY',
  'ERR_ENGINE_QUIT',
  'ERR_ENGINE_NO_SEARCH',
  'ERR_ENGINE_FEN',
  'ERR_SEARCH_LIMITS',
] as const;

/** `@makruk/engine`: names of the wasm `setFen` status codes (`FEN_ERRORS`) and the loader's abort. */
export const WASM_ERROR_CODES = [
  'ERR_FEN_LENGTH',
  'ERR_FEN_CLOCK',
  'ERR_FEN_TRAILING',
  'ERR_OPPONENT_IN_CHECK',
  'ERR_ENGINE_ABORT',
  'ERR_ENGINE_NETWORK',
  'ERR_NETWORK_LENGTH',
  'ERR_NETWORK_FORMAT',
  'ERR_NETWORK_SHAPE',
  'ERR_NETWORK_CHECKSUM',
] as const;

/** The tablebases (`probeTablebase`, `@makruk/engine`'s `TABLEBASE_ERRORS`). */
export const TABLEBASE_ERROR_CODES = [
  'ERR_TABLEBASE_POSITION',
  'ERR_TABLEBASE_MATERIAL',
  'ERR_TABLEBASE_SQUARES',
  'ERR_TABLEBASE_NOT_GENERATED',
  'ERR_TABLEBASE_MEMORY',
  'ERR_TABLEBASE_TOO_LONG',
  'ERR_TABLEBASE_BYTES',
] as const;

/** `packages/lab` (private tools): the network's training-data files (train/gamefile.mjs). */
export const LAB_ERROR_CODES = ['ERR_GAMEFILE_HEADER', 'ERR_GAMEFILE_RECORD', 'ERR_GAMEFILE_MISMATCH'] as const;

/** Every code, once. */
export const MAKRUK_ERROR_CODES = [
  ...ARGUMENT_ERROR_CODES,
  ...FEN_ERROR_CODES,
  ...MOVE_ERROR_CODES,
  ...GAME_ERROR_CODES,
  ...COUNTING_ERROR_CODES,
  ...PGN_ERROR_CODES,
  ...EPD_ERROR_CODES,
  ...ENGINE_ERROR_CODES,
  ...WASM_ERROR_CODES,
  ...TABLEBASE_ERROR_CODES,
  ...LAB_ERROR_CODES,
] as const;

/** Every stable error code the packages raise (`@makruk/makruk`, `@makruk/counting`, `@makruk/engine`). */
export type MakrukErrorCode = (typeof MAKRUK_ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(MAKRUK_ERROR_CODES);

export function isMakrukErrorCode(value: unknown): value is MakrukErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/**
 * The one error base class: a stable `code` for programs, a `message` (a short sentence) for people, `name` set to
 * the subclass's name. Subclasses narrow the code (`class PgnError extends MakrukError<PgnErrorCode>`); code outside
 * this package may extend it with its own codes (`MakrukError<'ERR_…'>`), and `instanceof MakrukError` holds
 * for all of them.
 */
export class MakrukError<Code extends string = MakrukErrorCode> extends Error {
  readonly code: Code;
  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

export function makrukErr(code: MakrukErrorCode, message: string): Result<never, MakrukError> {
  return { ok: false, error: new MakrukError(code, message) };
}

/** ERR_ARGUMENT for `what` (e.g. "parseSan's position") being `value` instead of `expected`. */
export function argumentError(what: string, expected: string, value: unknown): MakrukError {
  return new MakrukError('ERR_ARGUMENT', `${what} must be ${expected}, not ${describeValue(value)}.`);
}

/** Longest part of a bad input an error message quotes. */
export const QUOTE_MAX_LENGTH = 40;

/** A control or invisible character, written visibly (`\n`, `\t`, `\u0000`, `\u200b`, …). */
function visible(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  return `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`;
}

// C0 and C1 controls, DEL, zero-width and bidirectional marks, line and paragraph separators, the BOM.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Bad input as an error message shows it: in single quotes, at most `max` characters (then `…` and the length),
 * control and invisible characters escaped (`'e4\u0000'`). A value that is not a string is described by its type
 * (`null`, `undefined`, `a number (42)`, `an object`, `an array`), never stringified at length.
 * Every parser's messages go through this one helper.
 */
export function quoteInput(value: unknown, max: number = QUOTE_MAX_LENGTH): string {
  if (typeof value !== 'string') return describeValue(value);
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) max = QUOTE_MAX_LENGTH;
  // code points, never half a surrogate pair; only the head of a huge input is looked at
  const chars = Array.from(value.length > max * 2 ? value.slice(0, max * 2) : value);
  const head = chars.slice(0, max).join('');
  const shown = head.replace(INVISIBLE, visible);
  return head.length < value.length ? `'${shown}…' (${value.length} characters)` : `'${shown}'`;
}

/** What a value is, for messages about wrongly typed arguments: `null`, `a number (42)`, `a string 'e4'`, … */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'string':
      return `a string ${quoteInput(value)}`;
    case 'number':
    case 'bigint':
    case 'boolean':
      return `a ${typeof value} (${String(value)})`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      if (Array.isArray(value)) return `an array (${value.length} items)`;
      return 'an object';
  }
}
