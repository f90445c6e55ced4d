// A tiny reader/writer for the board field of a FEN, for drawing only. It knows nothing of legality:
// it lets the element show a position even when the rules facade refuses it (e.g. a study diagram).
import { SQUARES, type BoardPiece, type Role, type Square } from './squares.js';

const ROLE_BY_LETTER: Readonly<Record<string, Role>> = {
  p: 'pawn', m: 'met', q: 'met', s: 'khon', b: 'khon', n: 'knight', r: 'rook', k: 'king', f: 'met',
};
const LETTER_BY_ROLE: Readonly<Record<Role, string>> = {
  pawn: 'p', met: 'm', khon: 's', knight: 'n', rook: 'r', king: 'k',
};

export type BoardMap = Map<Square, BoardPiece>;

/** Reads the first field of a FEN. Returns undefined for anything that is not an 8×8 board field. */
export function readBoardField(fen: string): BoardMap | undefined {
  const field = fen.trim().split(/\s+/)[0] ?? '';
  const rows = field.split('/');
  if (rows.length !== 8) return undefined;
  const board: BoardMap = new Map();
  for (let row = 0; row < 8; row++) {
    const text = rows[row]!;
    const rank = 7 - row;
    let file = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      const role = ROLE_BY_LETTER[ch.toLowerCase()];
      if (!role || file > 7) return undefined;
      const promoted = text[i + 1] === '~' || ch.toLowerCase() === 'f';
      if (text[i + 1] === '~') i++;
      const piece: BoardPiece = { color: ch === ch.toLowerCase() ? 'black' : 'white', role };
      if (promoted && role === 'met') piece.promoted = true;
      board.set(SQUARES[rank * 8 + file]!, piece);
      file++;
    }
    if (file !== 8) return undefined;
  }
  return board;
}

/** Writes a board field (promoted mets as `M~`). */
export function writeBoardField(board: BoardMap): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board.get(SQUARES[rank * 8 + file]!);
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const letter = LETTER_BY_ROLE[piece.role];
      row += (piece.color === 'white' ? letter.toUpperCase() : letter) + (piece.promoted ? '~' : '');
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return rows.join('/');
}
