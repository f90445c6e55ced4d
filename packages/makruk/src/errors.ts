// Errors are values with stable codes; the message is for people and may change.
import type { Result } from './types.js';

export type MakrukErrorCode =
  | 'ERR_FEN_EMPTY'
  | 'ERR_FEN_FIELDS'
  | 'ERR_FEN_BOARD'
  | 'ERR_FEN_TURN'
  | 'ERR_FEN_CASTLING'
  | 'ERR_FEN_COUNTING'
  | 'ERR_FEN_MOVES'
  | 'ERR_KINGS'
  | 'ERR_PAWN_ON_PROMOTION_RANK'
  | 'ERR_OPPOSITE_CHECK'
  | 'ERR_TOO_MANY_PIECES'
  | 'ERR_ILLEGAL_MOVE'
  | 'ERR_UCI_SYNTAX'
  | 'ERR_SAN_SYNTAX'
  | 'ERR_SAN_ILLEGAL'
  | 'ERR_SAN_AMBIGUOUS'
  | 'ERR_PERFT_DEPTH'
  | 'ERR_ENGINE';

/** Every error the facade reports is a MakrukError; `code` is stable, `message` is a sentence for people. */
export class MakrukError extends Error {
  readonly code: string;
  constructor(code: MakrukErrorCode | (string & {}), message: string) {
    super(message);
    this.name = 'MakrukError';
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
