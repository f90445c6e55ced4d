// Where a piece could go by its movement alone, on an empty board: what a premove may aim at (the board's
// premoves are checked against the rules only when their turn comes). The step tables are the one owner of movement.
import { argumentError } from './errors.js';
import { isSquare, squareAt, squareIndex } from './squares.js';
import { KHON_STEPS, KING_STEPS, KNIGHT_STEPS, MET_STEPS, PAWN_CAPTURES, PAWN_PUSH, ROOK_RAYS } from './step-tables.js';
import { ROLES, type Piece, type Square } from './types.js';

/**
 * The squares a piece on `square` reaches by its movement on an empty board, whatever stands there and whoever is to
 * move: a rook its whole rank and file, a pawn its step forward and both diagonal steps forward (its captures), a
 * promoted pawn as a met. ERR_ARGUMENT for something that is not a piece or a square (plain JavaScript).
 */
export function pieceReach(piece: Piece, square: Square): Square[] {
  if (
    typeof piece !== 'object' ||
    piece === null ||
    (piece.color !== 'white' && piece.color !== 'black') ||
    !ROLES.includes(piece.role)
  )
    throw argumentError("pieceReach's piece", 'a piece like { color: "white", role: "rook" }', piece);
  if (!isSquare(square)) throw argumentError("pieceReach's square", 'a square name, a1 … h8', square);
  const from = squareIndex(square);
  const side = piece.color === 'white' ? 0 : 1;
  let targets: ArrayLike<number>;
  switch (piece.role) {
    case 'king':
      targets = KING_STEPS[from]!;
      break;
    case 'met':
      targets = MET_STEPS[from]!;
      break;
    case 'khon':
      targets = KHON_STEPS[side]![from]!;
      break;
    case 'knight':
      targets = KNIGHT_STEPS[from]!;
      break;
    case 'rook':
      targets = ROOK_RAYS[from]!.flatMap((ray) => [...ray]);
      break;
    case 'pawn': {
      const push = PAWN_PUSH[side]![from]!;
      targets = [...(push >= 0 ? [push] : []), ...PAWN_CAPTURES[side]![from]!];
      break;
    }
  }
  return Array.from(targets, (index) => squareAt(index));
}
