// Accessible names: "<square>" for an empty square, "<square>, <colour> <piece>" for an occupied one; the colour and
// piece words are the host's to localize (`pieceNames`, English by default). Also the live-region sentences.
import type { Piece, Role, Square } from '@makruk/makruk';

/** The words the board names pieces with: the two colours, the six roles, and a promoted pawn (a met). */
export type PieceNames = Record<'white' | 'black' | Role | 'promoted', string>;

/** English, the default: "white king", "black met (promoted pawn)". */
export const ENGLISH_PIECE_NAMES: Readonly<PieceNames> = Object.freeze({
  white: 'white',
  black: 'black',
  pawn: 'pawn',
  met: 'met',
  khon: 'khon',
  knight: 'knight',
  rook: 'rook',
  king: 'king',
  promoted: 'met (promoted pawn)',
});

/** The host's words over the English ones: a word that is not a non-empty string keeps its English. */
export function pieceNamesFrom(value: unknown): PieceNames {
  const names: PieceNames = { ...ENGLISH_PIECE_NAMES };
  if (typeof value !== 'object' || value === null) return names;
  for (const key of Object.keys(names) as (keyof PieceNames)[]) {
    const word = (value as Partial<Record<keyof PieceNames, unknown>>)[key];
    if (typeof word === 'string' && word.trim() !== '') names[key] = word;
  }
  return names;
}

export function pieceName(piece: Piece, names: PieceNames = ENGLISH_PIECE_NAMES): string {
  return `${names[piece.color]} ${piece.promoted ? names.promoted : names[piece.role]}`;
}

export function squareName(square: Square, piece: Piece | undefined, names: PieceNames = ENGLISH_PIECE_NAMES): string {
  return piece ? `${square}, ${pieceName(piece, names)}` : square;
}

/** The live-region sentence for a move, e.g. "white pawn e3 to e4, takes black pawn. Check." */
export function moveSentence(
  piece: Piece,
  from: Square,
  to: Square,
  captured: Piece | undefined,
  promotion: boolean,
  check: boolean,
  names: PieceNames = ENGLISH_PIECE_NAMES,
): string {
  let text = `${pieceName(piece, names)} ${from} to ${to}`;
  if (captured) text += `, takes ${pieceName(captured, names)}`;
  if (promotion) text += ', promotes to met';
  return text + (check ? '. Check.' : '.');
}

/** Why a user move was not made: not a legal destination, or the host cancelled `makruk-move`. */
export type Refusal = 'illegal' | 'cancelled';

/**
 * The live-region sentence for a refused user move, the same for every input path (click, drag, keyboard),
 * e.g. "white pawn e3 cannot move to e5." or "white pawn e3 to e4 was refused.".
 */
export function refusalSentence(
  piece: Piece | undefined,
  from: Square,
  to: Square,
  why: Refusal,
  names: PieceNames = ENGLISH_PIECE_NAMES,
): string {
  const mover = piece ? `${pieceName(piece, names)} ${from}` : from;
  return why === 'illegal' ? `${mover} cannot move to ${to}.` : `${mover} to ${to} was refused.`;
}

/** Why a premove went: the user or host cancelled it, or it was not legal when its turn came. */
export type PremoveDrop = 'cancelled' | 'illegal';

/** The live-region sentence for a premove set: "Premove: white pawn e3 to e4." */
export function premoveSentence(
  piece: Piece,
  from: Square,
  to: Square,
  names: PieceNames = ENGLISH_PIECE_NAMES,
): string {
  return `Premove: ${pieceName(piece, names)} ${from} to ${to}.`;
}

/** The live-region sentence for a premove dropped: "Premove e3 to e4 cancelled." / "… not legal, dropped." */
export function premoveDropSentence(from: Square, to: Square, why: PremoveDrop): string {
  return why === 'cancelled' ? `Premove ${from} to ${to} cancelled.` : `Premove ${from} to ${to} not legal, dropped.`;
}
