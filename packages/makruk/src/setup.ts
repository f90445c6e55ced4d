// A Setup is what a FEN describes: board (with promoted marks), side to move, counting state, move numbers.
// It is not checked for legality; Position.fromSetup does that (validateSetup).
import type { Material, SideMaterial } from '@makruk/counting';
import { BLACK, Board, KHON, KING, KNIGHT, MET, PAWN, ROLE_MASK, ROOK } from './board.js';
import { MakrukError } from './errors.js';
import { isAttacked, findKing } from './movegen.js';
import { PROMOTION_RANK } from './attacks.js';
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

const START_RANKS: ReadonlyArray<readonly [number, string]> = [
  [0, 'RNSKMSNR'],
  [2, 'PPPPPPPP'],
  [5, 'pppppppp'],
  [7, 'rnsmksnr'],
];
const LETTER_CODES: Record<string, number> = { p: PAWN, m: MET, s: KHON, n: KNIGHT, r: ROOK, k: KING };

/** The start position: rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1. */
export function defaultSetup(): Setup {
  const board = Board.empty();
  for (const [rank, letters] of START_RANKS) {
    for (let file = 0; file < 8; file++) {
      const letter = letters[file] as string;
      const lower = letter.toLowerCase();
      board.cells[rank * 8 + file] = (LETTER_CODES[lower] as number) | (letter === lower ? BLACK : 0);
    }
  }
  return { board, turn: 'white', counting: null, halfmoves: 0, fullmoves: 1 };
}

export function copySetup(setup: Setup): Setup {
  return { board: setup.board.clone(), turn: setup.turn, counting: setup.counting, halfmoves: setup.halfmoves, fullmoves: setup.fullmoves };
}

/** Material as the counting rules see it: unpromoted pawns apart, promoted pawns counted as mets. */
export function materialOf(board: Board): Material {
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
      case PAWN: side.pawns++; break;
      case MET: side.mets++; break;
      case KHON: side.khons++; break;
      case KNIGHT: side.knights++; break;
      case ROOK: side.rooks++; break;
    }
  }
  return { white: sides[0] as SideMaterial, black: sides[1] as SideMaterial };
}

const MAX_PIECES_PER_SIDE = 16;
const MAX_PAWNS_PER_SIDE = 8;

/** The first reason this setup is not a legal position, or undefined when it is one. */
export function validateSetup(setup: Setup): MakrukError | undefined {
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
      return new MakrukError('ERR_TOO_MANY_PIECES', `${capitalise(color)} has ${pieces} pieces; a side has at most ${MAX_PIECES_PER_SIDE}.`);
    }
    if (pawns > MAX_PAWNS_PER_SIDE) {
      return new MakrukError('ERR_TOO_MANY_PIECES', `${capitalise(color)} has ${pawns} pawns; a side has at most ${MAX_PAWNS_PER_SIDE}.`);
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
