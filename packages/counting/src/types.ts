/** The two sides. The workspace's one owner of this vocabulary (with `opposite` and `Result`): @makruk/makruk
 * re-exports these rather than declaring its own. */
export type Color = 'white' | 'black';

/** A value or an error, never thrown: `{ ok: true, value }` or `{ ok: false, error }`. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/** The other side. Throws `CountingError` (`ERR_COLOR`) for a value that is not `'white'` or `'black'`. */
export function opposite(color: Color): Color {
  if (color === 'white') return 'black';
  if (color === 'black') return 'white';
  throw new CountingError('ERR_COLOR', `${describeColor(color)} is not a colour: expected 'white' or 'black'.`);
}

/** A wrong colour value, quoted short enough for a one-line message (it may be any JavaScript value). */
function describeColor(value: unknown): string {
  if (typeof value === 'string') return value.length > 20 ? `'${value.slice(0, 20)}…'` : `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return String(value);
  return `a ${typeof value}`;
}

/** Board's honour (optional, 64 moves) or pieces' honour (bare king, limit from the table). */
export type CountKind = 'board' | 'pieces';

/**
 * A running count. Everything is in plies, as in FEN fields 4 and 5 (Fairy-Stockfish / cutechess):
 * `limitPlies` is 2 × the limit in moves, `plies` goes up by one on every move of either side.
 * `side` is the counting side (the bare side under pieces' honour).
 */
export interface Count {
  readonly kind: CountKind;
  readonly side: Color;
  readonly limitPlies: number;
  readonly plies: number;
}

/** The pieces of one side, king not included. `pawns` are UNPROMOTED pawns; `mets` include promoted pawns. */
export interface SideMaterial {
  readonly pawns: number;
  readonly mets: number;
  readonly khons: number;
  readonly knights: number;
  readonly rooks: number;
}

export interface Material {
  readonly white: SideMaterial;
  readonly black: SideMaterial;
}

/** What the counting rules need to know about a move that has just been made. */
export interface MoveFacts {
  /** The side that made the move. */
  readonly mover: Color;
  /** The move captured a piece. */
  readonly capture: boolean;
  /** The move promoted a pawn. */
  readonly promotion: boolean;
  /** The move captured an UNPROMOTED pawn. */
  readonly capturedPawn: boolean;
}

/** Stable error codes of this package (their one list: @makruk/makruk's registry takes them from here). */
export const COUNTING_ERROR_CODES = [
  'ERR_FEN_COUNTING',
  'ERR_FEN_HALFMOVES',
  'ERR_FEN_BOARD',
  'ERR_COUNT_PAWNS',
  'ERR_COUNT_BARE_KING',
  'ERR_COUNT_RUNNING',
  'ERR_COUNT_NOT_RUNNING',
  'ERR_COUNT_NOT_COUNTING_SIDE',
  'ERR_COUNT_PIECES_HONOUR',
  'ERR_COLOR',
] as const;

export type CountingErrorCode = (typeof COUNTING_ERROR_CODES)[number];

/** Every error of this package: a stable `code` for programs, a `message` for people. */
export class CountingError extends Error {
  readonly code: CountingErrorCode;

  constructor(code: CountingErrorCode, message: string) {
    super(message);
    this.name = 'CountingError';
    this.code = code;
  }
}

export type CountingResult<T> = Result<T, CountingError>;
