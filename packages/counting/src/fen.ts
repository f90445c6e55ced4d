import type { Color, Count, Material } from './types.js';
import { CountingError, opposite } from './types.js';
import { bareKingSide, countingPossible } from './material.js';

/**
 * The biggest number of every numeric FEN field (count limit, count ply or half-move clock, move number), on reading
 * and on writing alike: readers refuse more, writers never write more (they write this maximum). Six digits, as the
 * engine's FEN reader takes.
 */
export const FEN_NUMBER_MAX = 999_999;
const MAX_FIELD_VALUE = FEN_NUMBER_MAX;

export type CountingFields = { ok: true; count: Count | null; halfmoves: number } | { ok: false; error: CountingError };

function parseNumber(text: string): number | undefined {
  if (!/^[0-9]{1,6}$/.test(text)) return undefined;
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
      return fail(
        'ERR_FEN_HALFMOVES',
        `Invalid half-move clock ${shown(field5)} in FEN field 5: expected a whole number 0–${MAX_FIELD_VALUE}.`,
      );
    }
    return { ok: true, count: null, halfmoves: fifth };
  }
  const limitPlies = parseNumber(field4);
  if (limitPlies === undefined) {
    return fail(
      'ERR_FEN_COUNTING',
      `Invalid counting limit ${shown(field4)} in FEN field 4: expected '-' or the count limit in plies (e.g. 128 or 16).`,
    );
  }
  if (fifth === undefined) {
    return fail(
      'ERR_FEN_COUNTING',
      `Invalid count ${shown(field5)} in FEN field 5: expected the count in plies, a whole number 0–${MAX_FIELD_VALUE}.`,
    );
  }
  if (!countingPossible(m)) {
    return fail(
      'ERR_FEN_COUNTING',
      `FEN field 4 says a count runs (limit ${limitPlies} plies), but unpromoted pawns stand on the board and no count can run while they do: write '-' in field 4.`,
    );
  }
  const bare = bareKingSide(m);
  const count: Count =
    bare !== undefined
      ? { kind: 'pieces', side: bare, limitPlies, plies: fifth }
      : { kind: 'board', side: fifth % 2 === 0 ? turn : opposite(turn), limitPlies, plies: fifth };
  return { ok: true, count, halfmoves: fifth };
}

/**
 * Writes FEN fields 4 and 5: the limit and the count in plies when a count runs, else `-` and the half-move clock.
 * Numbers past FEN_NUMBER_MAX are written as FEN_NUMBER_MAX, so that every FEN written can be read back.
 */
export function makeCountingFields(count: Count | null, halfmoves: number): [string, string] {
  if (count === null) return ['-', fenNumber(halfmoves)];
  return [fenNumber(count.limitPlies), fenNumber(count.plies)];
}

/** A FEN number field: at most FEN_NUMBER_MAX. */
export function fenNumber(value: number): string {
  return String(Math.min(value, FEN_NUMBER_MAX));
}

/**
 * A field as a message may show it: short printable text in quotes; anything else (a megabyte, control characters)
 * only by its length, so a message never echoes hostile input.
 */
function shown(field: string): string {
  return /^[\x21-\x7e]{1,12}$/.test(field) ? `'${field}'` : `(a field of ${field.length} characters)`;
}

function fail(code: 'ERR_FEN_COUNTING' | 'ERR_FEN_HALFMOVES', message: string): CountingFields {
  return { ok: false, error: new CountingError(code, message) };
}
