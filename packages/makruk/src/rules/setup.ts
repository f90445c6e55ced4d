// A Setup is what a FEN describes: board (with promoted marks), side to move, counting state, move numbers.
// It is not checked for legality; Position.fromSetup does that (validateSetup).
import { countingPossible, type Material, type SideMaterial } from '@makruk/counting';
import { BLACK, Board, KHON, KING, KNIGHT, MET, PAWN, PROMOTED, ROLE_MASK, ROOK } from './board.js';
import { MakrukError, argumentError } from './errors.js';
import { isAttacked, findKing } from './movegen.js';
import { PROMOTION_RANK } from './step-tables.js';
import { squareAt } from './squares.js';
import type { Color, Count } from './types.js';

export interface Setup {
  board: Board;
  turn: Color;
  /** The running count (FEN fields 4/5), or null when none runs. */
  counting: Count | null;
  /** Half-move clock (plies since the last capture or pawn move); FEN field 5 when no count runs. */
  halfmoves: number;
  fullmoves: number;
}

export function copySetup(setup: Setup): Setup {
  if (typeof setup !== 'object' || setup === null || !(setup.board instanceof Board))
    throw argumentError("copySetup's setup", 'a Setup', setup);
  return {
    board: setup.board.clone(),
    turn: setup.turn,
    counting: setup.counting ? { ...setup.counting } : null,
    halfmoves: setup.halfmoves,
    fullmoves: setup.fullmoves,
  };
}

/** Material as the counting rules see it: unpromoted pawns apart, promoted pawns counted as mets. */
export function materialOf(board: Board): Material {
  if (!(board instanceof Board)) throw argumentError("materialOf's board", 'a Board', board);
  return materialOfCells(board.cells);
}

export function materialOfCells(cells: Int8Array): Material {
  const sides = [
    { pawns: 0, mets: 0, khons: 0, knights: 0, rooks: 0 },
    { pawns: 0, mets: 0, khons: 0, knights: 0, rooks: 0 },
  ];
  for (let i = 0; i < 64; i++) {
    const code = cells[i] as number;
    if (!code) continue;
    const side = sides[code & BLACK ? 1 : 0] as { -readonly [K in keyof SideMaterial]: number };
    switch (code & ROLE_MASK) {
      case PAWN:
        side.pawns++;
        break;
      case MET:
        side.mets++;
        break;
      case KHON:
        side.khons++;
        break;
      case KNIGHT:
        side.knights++;
        break;
      case ROOK:
        side.rooks++;
        break;
    }
  }
  return { white: sides[0] as SideMaterial, black: sides[1] as SideMaterial };
}

const MAX_PIECES_PER_SIDE = 16;
const MAX_PAWNS_PER_SIDE = 8;

const VALID_CODES = new Set<number>();
for (const colour of [0, BLACK]) {
  for (const role of [PAWN, MET, KHON, KNIGHT, ROOK, KING]) VALID_CODES.add(role | colour);
  VALID_CODES.add(MET | PROMOTED | colour);
}

/** Checks the shape of a hand-made setup (parseFen only produces well-formed ones). */
function validateShape(setup: Setup): MakrukError | undefined {
  const cells = setup?.board?.cells;
  if (!(cells instanceof Int8Array) || cells.length !== 64)
    return new MakrukError('ERR_FEN_BOARD', 'The setup has no 64-square board.');
  for (let i = 0; i < 64; i++) {
    const code = cells[i] as number;
    if (code !== 0 && !VALID_CODES.has(code))
      return new MakrukError('ERR_FEN_BOARD', `The board holds an unknown piece code ${code} on ${squareAt(i)}.`);
  }
  if (setup.turn !== 'white' && setup.turn !== 'black')
    return new MakrukError('ERR_FEN_TURN', `The side to move is ${String(setup.turn)}; it must be 'white' or 'black'.`);
  if (!Number.isSafeInteger(setup.halfmoves) || setup.halfmoves < 0)
    return new MakrukError(
      'ERR_FEN_MOVES',
      `The half-move clock ${String(setup.halfmoves)} is not a whole number from 0.`,
    );
  if (!Number.isSafeInteger(setup.fullmoves) || setup.fullmoves < 1)
    return new MakrukError('ERR_FEN_MOVES', `The move number ${String(setup.fullmoves)} is not a whole number from 1.`);
  const count = setup.counting;
  if (count !== null) {
    const wellFormed =
      typeof count === 'object' &&
      (count.kind === 'board' || count.kind === 'pieces') &&
      (count.side === 'white' || count.side === 'black') &&
      Number.isSafeInteger(count.limitPlies) &&
      count.limitPlies > 0 &&
      Number.isSafeInteger(count.plies) &&
      count.plies >= 0;
    if (!wellFormed)
      return new MakrukError(
        'ERR_FEN_COUNTING',
        `The count ${JSON.stringify(count)} is not a well-formed count (kind, side, limitPlies > 0, plies ≥ 0).`,
      );
    if (!countingPossible(materialOfCells(cells))) {
      return new MakrukError(
        'ERR_FEN_COUNTING',
        'A count runs, but unpromoted pawns stand on the board and no count can run while they do.',
      );
    }
  }
  return undefined;
}

/** The first reason this setup is not a legal position, or undefined when it is one. */
export function validateSetup(setup: Setup): MakrukError | undefined {
  const shapeError = validateShape(setup);
  if (shapeError) return shapeError;
  const cells = setup.board.cells;
  for (const color of ['white', 'black'] as const) {
    const black = color === 'black';
    let kings = 0;
    let pieces = 0;
    let pawns = 0;
    for (let i = 0; i < 64; i++) {
      const code = cells[i] as number;
      if (!code || ((code & BLACK) !== 0) !== black) continue;
      pieces++;
      const role = code & ROLE_MASK;
      if (role === KING) kings++;
      if (role === PAWN) {
        pawns++;
        const rank = i >> 3;
        const promotionRank = PROMOTION_RANK[black ? 1 : 0];
        if (black ? rank <= promotionRank : rank >= promotionRank) {
          return new MakrukError(
            'ERR_PAWN_ON_PROMOTION_RANK',
            `The ${color} pawn on ${squareAt(i)} stands on or beyond rank ${black ? 3 : 6}, where it would already have become a met.`,
          );
        }
      }
    }
    if (kings !== 1) {
      return new MakrukError('ERR_KINGS', `${capitalise(color)} has ${kings} kings; each side needs exactly one.`);
    }
    if (pieces > MAX_PIECES_PER_SIDE) {
      return new MakrukError(
        'ERR_TOO_MANY_PIECES',
        `${capitalise(color)} has ${pieces} pieces; a side has at most ${MAX_PIECES_PER_SIDE}.`,
      );
    }
    if (pawns > MAX_PAWNS_PER_SIDE) {
      return new MakrukError(
        'ERR_TOO_MANY_PIECES',
        `${capitalise(color)} has ${pawns} pawns; a side has at most ${MAX_PAWNS_PER_SIDE}.`,
      );
    }
  }
  const waitingBlack = setup.turn === 'white';
  const waitingKing = findKing(cells, waitingBlack);
  if (isAttacked(cells, waitingKing, !waitingBlack)) {
    const waiting = waitingBlack ? 'black' : 'white';
    return new MakrukError(
      'ERR_OPPOSITE_CHECK',
      `The ${waiting} king on ${squareAt(waitingKing)} is in check although it is ${setup.turn} to move.`,
    );
  }
  return undefined;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
