import type { Color, Count, Material } from './types.js';
import { CountingError, opposite } from './types.js';
import { bareKingSide } from './material.js';

/** Biggest number accepted in fields 4 and 5; anything larger is a broken FEN, not a game. */
const MAX_FIELD_VALUE = 99_999;

export type CountingFields =
  | { ok: true; count: Count | null; halfmoves: number }
  | { ok: false; error: CountingError };

function parseNumber(text: string): number | undefined {
  if (!/^[0-9]{1,5}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_FIELD_VALUE ? value : undefined;
}

/**
 * Reads FEN fields 4 and 5 (Fairy-Stockfish / cutechess): field 4 is `-` (no count; field 5 is the half-move clock)
 * or the limit in plies (field 5 is then the count in plies). Who counts follows from the position: the bare side
 * under pieces' honour, else the side to move when the ply is even. A ply parity that does not fit is accepted (other
 * tools write such FENs). `0` in field 4 is read as "no count", as Fairy-Stockfish treats a zero limit.
 * `halfmoves` is the number in field 5 either way.
 */
export function parseCountingFields(field4: string, field5: string, turn: Color, m: Material): CountingFields {
  const fifth = parseNumber(field5);
  if (field4 === '-' || field4 === '0') {
    if (fifth === undefined) {
      return fail('ERR_FEN_HALFMOVES', `Invalid half-move clock '${field5}' in FEN field 5: expected a whole number 0–${MAX_FIELD_VALUE}.`);
    }
    return { ok: true, count: null, halfmoves: fifth };
  }
  const limitPlies = parseNumber(field4);
  if (limitPlies === undefined) {
    return fail(
      'ERR_FEN_COUNTING',
      `Invalid counting limit '${field4}' in FEN field 4: expected '-' or the count limit in plies (e.g. 128 or 16).`,
    );
  }
  if (fifth === undefined) {
    return fail('ERR_FEN_COUNTING', `Invalid count '${field5}' in FEN field 5: expected the count in plies, a whole number 0–${MAX_FIELD_VALUE}.`);
  }
  const bare = bareKingSide(m);
  const count: Count =
    bare !== undefined
      ? { kind: 'pieces', side: bare, limitPlies, plies: fifth }
      : { kind: 'board', side: fifth % 2 === 0 ? turn : opposite(turn), limitPlies, plies: fifth };
  return { ok: true, count, halfmoves: fifth };
}

/** Writes FEN fields 4 and 5: the limit and the count in plies when a count runs, else `-` and the half-move clock. */
export function makeCountingFields(count: Count | null, halfmoves: number): [string, string] {
  if (count === null) return ['-', String(halfmoves)];
  return [String(count.limitPlies), String(count.plies)];
}

function fail(code: 'ERR_FEN_COUNTING' | 'ERR_FEN_HALFMOVES', message: string): CountingFields {
  return { ok: false, error: new CountingError(code, message) };
}
