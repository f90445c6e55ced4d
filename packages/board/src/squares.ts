// Square geometry and labels for the board's drawing layer. Square, colour and piece types, the square list and
// `isSquare` are the facade's (@makruk/makruk); only what drawing needs is added here.
import {
  FILE_NAMES,
  RANK_NAMES,
  SQUARES,
  THAI_FILE_NAMES,
  THAI_RANK_NAMES,
  fileOf,
  rankOf,
  squareIndex,
  type Square,
} from '@makruk/makruk';

/** Label of file or rank index 0–7 in the chosen notation. */
export function fileLabel(file: number, notation: 'algebraic' | 'thai'): string {
  return (notation === 'thai' ? THAI_FILE_NAMES : FILE_NAMES)[file]!;
}
export function rankLabel(rank: number, notation: 'algebraic' | 'thai'): string {
  return (notation === 'thai' ? THAI_RANK_NAMES : RANK_NAMES)[rank]!;
}

/** 0-based file and rank indices of a square. */
export function squareXY(sq: Square): [number, number] {
  const index = squareIndex(sq);
  // not a square (callers check theirs): a1's corner, as before fileOf/rankOf refused non-indices
  if (index === undefined) return [0, 0];
  return [fileOf(index), rankOf(index)];
}

/** The square at 0-based file and rank, or undefined off the board (the facade's squareAt takes an index). */
export function squareOnGrid(file: number, rank: number): Square | undefined {
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return SQUARES[rank * 8 + file];
}
