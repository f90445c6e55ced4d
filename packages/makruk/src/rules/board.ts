// A compact 64-square board: one small integer per square (role | colour | promoted mark).
import { argumentError } from './errors.js';
import { squareAt, squareIndex } from './squares.js';
import type { Color, Piece, Role, Square } from './types.js';

// Piece codes. Low 3 bits: role; bit 3: black; bit 4: promoted (a met that was a pawn).
export const PAWN = 1;
export const MET = 2;
export const KHON = 3;
export const KNIGHT = 4;
export const ROOK = 5;
export const KING = 6;
export const ROLE_MASK = 7;
export const BLACK = 8;
export const PROMOTED = 16;
/** Role and colour, without the promoted mark: what move generation cares about. */
export const KIND_MASK = 15;

const ROLE_CODES: Record<Role, number> = { pawn: PAWN, met: MET, khon: KHON, knight: KNIGHT, rook: ROOK, king: KING };
const CODE_ROLES: readonly (Role | undefined)[] = [undefined, 'pawn', 'met', 'khon', 'knight', 'rook', 'king'];

export function pieceCode(piece: Piece): number {
  return (
    ROLE_CODES[piece.role] |
    (piece.color === 'black' ? BLACK : 0) |
    (piece.promoted && piece.role === 'met' ? PROMOTED : 0)
  );
}

/** The piece for a non-zero code. */
export function codePiece(code: number): Piece {
  const piece: Piece = { color: code & BLACK ? 'black' : 'white', role: CODE_ROLES[code & ROLE_MASK] as Role };
  if (code & PROMOTED) piece.promoted = true;
  return piece;
}

export class Board {
  /** One code per square, index a1 = 0 … h8 = 63; 0 = empty. */
  readonly cells: Int8Array;

  constructor(cells?: Int8Array) {
    if (cells !== undefined && !(cells instanceof Int8Array && cells.length === 64))
      throw argumentError("A Board's cells", 'an Int8Array of 64 cells (or none: Board.empty())', cells);
    this.cells = cells ? new Int8Array(cells) : new Int8Array(64);
  }

  static empty(): Board {
    return new Board();
  }

  clone(): Board {
    return new Board(this.cells);
  }

  get(square: Square): Piece | undefined {
    const code = this.cells[squareIndex(square)] as number;
    return code ? codePiece(code) : undefined;
  }

  /** Puts a piece on a square, or empties it when `piece` is undefined. */
  set(square: Square, piece: Piece | undefined): void {
    this.cells[squareIndex(square)] = piece ? pieceCode(piece) : 0;
  }

  /** Occupied squares in a1 … h8 order. */
  pieces(): Array<[Square, Piece]> {
    const out: Array<[Square, Piece]> = [];
    for (let i = 0; i < 64; i++) {
      const code = this.cells[i] as number;
      if (code) out.push([squareAt(i), codePiece(code)]);
    }
    return out;
  }

  count(color: Color, role?: Role): number {
    const black = color === 'black' ? BLACK : 0;
    let n = 0;
    for (let i = 0; i < 64; i++) {
      const code = this.cells[i] as number;
      if (code && (code & BLACK) === black && (role === undefined || CODE_ROLES[code & ROLE_MASK] === role)) n++;
    }
    return n;
  }
}
