// FEN, Fairy-Stockfish compatible: `rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1`.
// Fields: board, turn, castling (always '-'), field 4 (count limit in plies, or '-'), field 5 (count ply or half-move
// clock), full-move number. Reading accepts the aliases B/b (khon), Q/q (met), F/f (promoted pawn) and `~` marks.
import { FEN_NUMBER_MAX, fenNumber, makeCountingFields, parseCountingFields } from '@makruk/counting';
import { BLACK, Board, KHON, KING, KNIGHT, MET, PAWN, PROMOTED, ROLE_MASK, ROOK } from './board.js';
import { MakrukError, argumentError, describeValue, makrukErr, ok, quoteInput } from './errors.js';
import { materialOfCells, type Setup } from './setup.js';
import type { Color, Result } from './types.js';

/** The start position (docs/rules.md), the one place it is written down; `defaultSetup()` reads it. */
export const INITIAL_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

/** The start position as a Setup: INITIAL_FEN, read. */
export function defaultSetup(): Setup {
  const setup = parseFen(INITIAL_FEN);
  if (!setup.ok) throw setup.error; // cannot happen: INITIAL_FEN is a fixed, valid FEN
  return setup.value;
}

/** Letters accepted on input (lower case; upper case is White). F is a met marked promoted. */
const INPUT_LETTERS: Record<string, number> = {
  p: PAWN,
  m: MET,
  q: MET,
  f: MET | PROMOTED,
  s: KHON,
  b: KHON,
  n: KNIGHT,
  r: ROOK,
  k: KING,
};
const OUTPUT_LETTERS = ['', 'p', 'm', 's', 'n', 'r', 'k'];

export interface FenOptions {
  /** Write promoted pawns as `M~`/`m~` (default: plain `M`/`m`). */
  promoted?: boolean;
}

function boardError(message: string): Result<never, MakrukError> {
  return makrukErr('ERR_FEN_BOARD', message);
}

const FEN_MAX_LENGTH = 256;

export function parseBoardFen(text: string): Result<Board, MakrukError> {
  if (typeof text !== 'string') return boardError(`The board field must be text, not ${describeValue(text)}.`);
  const ranks = text.split('/');
  if (ranks.length !== 8) {
    return boardError(
      `The board field has ${ranks.length} rank${ranks.length === 1 ? '' : 's'} separated by '/'; it needs 8.`,
    );
  }
  const board = Board.empty();
  for (let r = 0; r < 8; r++) {
    const rankText = ranks[r] as string;
    const rank = 7 - r; // FEN lists rank 8 first
    let file = 0;
    for (let i = 0; i < rankText.length; i++) {
      const ch = rankText[i] as string;
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
        if (file > 8) return boardError(`Rank ${rank + 1} describes more than 8 files.`);
        continue;
      }
      const lower = ch.toLowerCase();
      const code = INPUT_LETTERS[lower];
      if (code === undefined || !/[a-z]/i.test(ch)) {
        if (ch === '~') return boardError(`A '~' promoted mark on rank ${rank + 1} does not follow a met (M, Q or F).`);
        return boardError(
          `${quoteInput(ch)} on rank ${rank + 1} is not a Makruk piece letter (K M S N R P, or the aliases B Q F).`,
        );
      }
      if (file >= 8) return boardError(`Rank ${rank + 1} describes more than 8 files.`);
      let piece = code | (ch === lower ? BLACK : 0);
      if (rankText[i + 1] === '~') {
        if ((code & ROLE_MASK) !== MET)
          return boardError(
            `A '~' promoted mark on rank ${rank + 1} follows ${quoteInput(ch)}; only a met can be a promoted pawn.`,
          );
        piece |= PROMOTED;
        i++;
      }
      board.cells[rank * 8 + file] = piece;
      file++;
    }
    if (file < 8)
      return boardError(`Rank ${rank + 1} describes only ${file} file${file === 1 ? '' : 's'}; it needs 8.`);
  }
  return ok(board);
}

/** Reads a FEN into a Setup. Checks the syntax of every field; legality is checked by Position.fromSetup. */
export function parseFen(text: string): Result<Setup, MakrukError> {
  if (typeof text !== 'string' || text.trim() === '') return makrukErr('ERR_FEN_EMPTY', 'The FEN is empty.');
  if (text.length > FEN_MAX_LENGTH)
    return makrukErr('ERR_FEN_FIELDS', `The FEN is ${text.length} characters long; a Makruk FEN is far shorter.`);
  const fields = text.trim().split(/\s+/);
  if (fields.length > 6) {
    return makrukErr(
      'ERR_FEN_FIELDS',
      `The FEN has ${fields.length} fields; it has at most 6 (board, turn, castling, count limit, count or half-moves, move number).`,
    );
  }
  const boardResult = parseBoardFen(fields[0] as string);
  if (!boardResult.ok) return boardResult;
  const board = boardResult.value;

  const turnField = fields[1] ?? 'w';
  if (turnField !== 'w' && turnField !== 'b') {
    return makrukErr('ERR_FEN_TURN', `The side to move is ${quoteInput(turnField)}; it must be 'w' or 'b'.`);
  }
  const turn: Color = turnField === 'w' ? 'white' : 'black';

  const castling = fields[2] ?? '-';
  if (castling !== '-')
    return makrukErr(
      'ERR_FEN_CASTLING',
      `The castling field is ${quoteInput(castling)}; Makruk has no castling, so it must be '-'.`,
    );

  const field4 = fields[3] ?? '-';
  const field5 = fields[4] ?? '0';
  const counting = parseCountingFields(field4, field5, turn, materialOfCells(board.cells));
  if (!counting.ok) {
    const code = counting.error.code === 'ERR_FEN_HALFMOVES' ? 'ERR_FEN_MOVES' : 'ERR_FEN_COUNTING';
    return { ok: false, error: new MakrukError(code, counting.error.message) };
  }

  const fullField = fields[5] ?? '1';
  if (!/^\d{1,7}$/.test(fullField) || Number(fullField) < 1 || Number(fullField) > FEN_NUMBER_MAX) {
    return makrukErr(
      'ERR_FEN_MOVES',
      `The move number is ${quoteInput(fullField)}; it must be a whole number from 1 to ${FEN_NUMBER_MAX}.`,
    );
  }
  return ok({ board, turn, counting: counting.count, halfmoves: counting.halfmoves, fullmoves: Number(fullField) });
}

export function makeBoardFen(board: Board, options: FenOptions = {}): string {
  if (!(board instanceof Board)) throw argumentError("makeBoardFen's board", 'a Board', board);
  const promoted = options?.promoted === true;
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = board.cells[rank * 8 + file] as number;
      if (!code) {
        empty++;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      const letter = OUTPUT_LETTERS[code & ROLE_MASK] as string;
      text += code & BLACK ? letter : letter.toUpperCase();
      if (promoted && code & PROMOTED) text += '~';
    }
    if (empty) text += empty;
    ranks.push(text);
  }
  return ranks.join('/');
}

/**
 * Writes a FEN from a Setup or a Position (anything with board, turn, counting, halfmoves, fullmoves). Never writes
 * what parseFen refuses: numbers past FEN_NUMBER_MAX are written as FEN_NUMBER_MAX.
 */
export function makeFen(setup: Setup, options: FenOptions = {}): string {
  const board = typeof setup === 'object' && setup !== null ? setup.board : undefined;
  if (!(board instanceof Board)) throw argumentError("makeFen's setup", 'a Setup or a Position', setup);
  const [field4, field5] = makeCountingFields(setup.counting, setup.halfmoves);
  return [
    makeBoardFen(board, options),
    setup.turn === 'white' ? 'w' : 'b',
    '-',
    field4,
    field5,
    fenNumber(setup.fullmoves),
  ].join(' ');
}
