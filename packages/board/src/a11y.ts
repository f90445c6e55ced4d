// Accessible names: "<square>" for an empty square, "<square>, <colour> <piece>" for an occupied one.
import type { Piece, Square } from '@makruk/makruk';

export function pieceName(piece: Piece): string {
  return piece.promoted ? `${piece.color} met (promoted pawn)` : `${piece.color} ${piece.role}`;
}

export function squareName(square: Square, piece: Piece | undefined): string {
  return piece ? `${square}, ${pieceName(piece)}` : square;
}

/** The live-region sentence for a move, e.g. "white pawn e3 to e4, takes black pawn. Check." */
export function moveSentence(
  piece: Piece,
  from: Square,
  to: Square,
  captured: Piece | undefined,
  promotion: boolean,
  check: boolean,
): string {
  let text = `${pieceName(piece)} ${from} to ${to}`;
  if (captured) text += `, takes ${pieceName(captured)}`;
  if (promotion) text += ', promotes to met';
  return text + (check ? '. Check.' : '.');
}

/** Why a user move was not made: not a legal destination, or the host cancelled `makruk-move`. */
export type Refusal = 'illegal' | 'cancelled';

/**
 * The live-region sentence for a refused user move, the same for every input path (click, drag, keyboard),
 * e.g. "white pawn e3 cannot move to e5." or "white pawn e3 to e4 was refused.".
 */
export function refusalSentence(piece: Piece | undefined, from: Square, to: Square, why: Refusal): string {
  const mover = piece ? `${pieceName(piece)} ${from}` : from;
  return why === 'illegal' ? `${mover} cannot move to ${to}.` : `${mover} to ${to} was refused.`;
}
