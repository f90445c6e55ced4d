// Square names and geometry for the board's own rendering layer (no rules here: legality comes from the facade).

export type Color = 'white' | 'black';
export type Role = 'pawn' | 'met' | 'khon' | 'knight' | 'rook' | 'king';
export type File = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
export type Rank = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
export type Square = `${File}${Rank}`;

/** A piece as the board draws it. `promoted` marks a met that was a pawn (bia ngai). */
export interface BoardPiece {
  color: Color;
  role: Role;
  promoted?: boolean;
}

export const FILES: readonly File[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
export const RANKS: readonly Rank[] = ['1', '2', '3', '4', '5', '6', '7', '8'];
/** Thai file letters and rank digits, index-aligned with FILES and RANKS. */
export const THAI_FILES = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'] as const;
export const THAI_RANKS = ['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘'] as const;

/** All 64 squares, a1, b1, … h8. */
export const SQUARES: readonly Square[] = RANKS.flatMap((r) => FILES.map((f): Square => `${f}${r}`));

export function isSquare(text: unknown): text is Square {
  return typeof text === 'string' && /^[a-h][1-8]$/.test(text);
}

/** 0-based file and rank indices of a square. */
export function squareXY(sq: Square): [number, number] {
  return [sq.charCodeAt(0) - 97, sq.charCodeAt(1) - 49];
}

export function squareAt(file: number, rank: number): Square | undefined {
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return `${FILES[file]!}${RANKS[rank]!}`;
}

/** Square name in the chosen notation, for visible labels. */
export function squareLabel(sq: Square, notation: 'algebraic' | 'thai'): string {
  if (notation === 'algebraic') return sq;
  const [f, r] = squareXY(sq);
  return `${THAI_FILES[f]!}${THAI_RANKS[r]!}`;
}
