import type { Piece, Position, Role, Square } from '@makruk/makruk';

const LETTERS: Record<Role, string> = { pawn: 'p', met: 'm', khon: 's', knight: 'n', rook: 'r', king: 'k' };

/** How a diagram is drawn; the default is the plain-text board of `makruk fen`. */
export interface DiagramStyle {
  /** Black at the bottom. */
  flipped?: boolean;
  /** A piece as one character (default: its FEN letter). */
  glyph?: (piece: Piece) => string;
  /** Decorates a square's three-character cell (colours, marks for the last move or a check). */
  cell?: (square: Square, text: string, piece: Piece | undefined) => string;
}

/** A piece's FEN letter: upper case for White. */
export function pieceLetter(piece: Piece): string {
  const letter = LETTERS[piece.role];
  return piece.color === 'white' ? letter.toUpperCase() : letter;
}

/** A plain-text board, White at the bottom (unless flipped); a promoted pawn is marked with `~`. */
export function drawDiagram(position: Position, style: DiagramStyle = {}): string {
  const glyph = style.glyph ?? pieceLetter;
  const ranks = style.flipped ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
  const files = style.flipped ? 'hgfedcba' : 'abcdefgh';
  const lines: string[] = [];
  for (const rank of ranks) {
    let row = `${rank} `;
    for (const file of files) {
      const square = `${file}${rank}` as Square;
      const piece = position.pieceAt(square);
      const text = piece ? ` ${glyph(piece)}${piece.promoted ? '~' : ' '}` : ' . ';
      row += style.cell ? style.cell(square, text, piece) : text;
    }
    lines.push(row.trimEnd());
  }
  lines.push(`   ${[...files].join('  ')}`);
  return lines.join('\n');
}
