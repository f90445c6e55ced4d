// The small value types of the facade: colours, roles, squares, pieces, moves, results and outcomes.
// Color, opposite and Result are @makruk/counting's (their one owner): the types are re-exported here, and
// opposite is wrapped so that a wrong value from plain JavaScript is this package's ERR_ARGUMENT.
import { type Color, type Count, opposite as countingOpposite } from '@makruk/counting';
import { argumentError } from './errors.js';

export type { Color, Count, CountKind, Result } from '@makruk/counting';

/** The other side. Throws MakrukError ERR_ARGUMENT for a value that is not 'white' or 'black' (plain JavaScript). */
export function opposite(color: Color): Color {
  if (color !== 'white' && color !== 'black') throw argumentError('opposite', "'white' or 'black'", color);
  return countingOpposite(color);
}

export const COLORS: readonly Color[] = ['white', 'black'];

/** Makruk roles: met (queen slot, one step diagonally), khon (bishop slot, like a shogi silver). */
export type Role = 'pawn' | 'met' | 'khon' | 'knight' | 'rook' | 'king';
export const ROLES: readonly Role[] = ['pawn', 'met', 'khon', 'knight', 'rook', 'king'];

export type FileName = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
export type RankName = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
export const FILE_NAMES: readonly FileName[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
export const RANK_NAMES: readonly RankName[] = ['1', '2', '3', '4', '5', '6', '7', '8'];
/** Thai file letters and rank digits (Thai SAN, the board's Thai coordinates), index-aligned with the above. */
export const THAI_FILE_NAMES = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'] as const;
export const THAI_RANK_NAMES = ['๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘'] as const;

/** A square name, 'a1' … 'h8'. */
export type Square = `${FileName}${RankName}`;

/** All 64 squares in a1, b1, … h1, a2, … h8 order (index = file + 8 * rank, as in the engine). */
export const SQUARES: readonly Square[] = RANK_NAMES.flatMap((rank) =>
  FILE_NAMES.map((file) => `${file}${rank}` as Square),
);

/** A piece. `promoted` marks a met that was a pawn (bia ngai); it moves exactly as a met. */
export interface Piece {
  color: Color;
  role: Role;
  promoted?: boolean;
}

/** A move. Promotion to met is automatic; `promotion: 'met'` is set on moves the generator returns. */
export interface Move {
  from: Square;
  to: Square;
  promotion?: 'met';
}

export type OutcomeReason = 'checkmate' | 'stalemate' | 'insufficient-material' | 'counting-limit';

/** How a game ended: `winner` is absent for a draw. */
export interface Outcome {
  winner?: Color;
  reason: OutcomeReason;
}

/** Counting state as the facade passes it around (null: no count runs). */
export type CountState = Count | null;
