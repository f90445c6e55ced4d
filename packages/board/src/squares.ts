// Square geometry and labels for the board's drawing layer. Square, colour and piece types, the square list and
// `isSquare` are the facade's (@makruk/makruk); only what drawing needs is added here.
import { FILE_NAMES, RANK_NAMES, SQUARES, fileOf, rankOf, squareIndex, type Square } from '@makruk/makruk';

/** Thai file letters and rank digits, index-aligned with the facade's FILE_NAMES and RANK_NAMES. */
export const THAI_FILES = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'] as const;
export const THAI_RANKS = ['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘'] as const;

/** Label of file or rank index 0–7 in the chosen notation. */
export function fileLabel(file: number, notation: 'algebraic' | 'thai'): string {
  return (notation === 'thai' ? THAI_FILES : FILE_NAMES)[file]!;
}
export function rankLabel(rank: number, notation: 'algebraic' | 'thai'): string {
  return (notation === 'thai' ? THAI_RANKS : RANK_NAMES)[rank]!;
}

/** 0-based file and rank indices of a square. */
export function squareXY(sq: Square): [number, number] {
  const index = squareIndex(sq);
  return [fileOf(index), rankOf(index)];
}

/** The square at 0-based file and rank, or undefined off the board. */
export function squareAt(file: number, rank: number): Square | undefined {
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return SQUARES[rank * 8 + file];
}
