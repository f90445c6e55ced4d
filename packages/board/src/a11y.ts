// Accessible names: "<square>" for an empty square, "<square>, <colour> <piece>" for an occupied one.
import type { BoardPiece, Square } from './squares.js';

export function pieceName(piece: BoardPiece): string {
  return piece.promoted ? `${piece.color} met (promoted pawn)` : `${piece.color} ${piece.role}`;
}

export function squareName(square: Square, piece: BoardPiece | undefined): string {
  return piece ? `${square}, ${pieceName(piece)}` : square;
}

/** The live-region sentence for a move, e.g. "white pawn e3 to e4, takes black pawn. Check." */
export function moveSentence(
  piece: BoardPiece,
  from: Square,
  to: Square,
  captured: BoardPiece | undefined,
  promotion: boolean,
  check: boolean,
): string {
  let text = `${pieceName(piece)} ${from} to ${to}`;
  if (captured) text += `, takes ${pieceName(captured)}`;
  if (promotion) text += ', promotes to met';
  return text + (check ? '. Check.' : '.');
}
