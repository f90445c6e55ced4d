// A piece set is one small SVG drawing per piece kind, in a 50×50 box standing on y≈45.
// Drawings use three inherited colours so one drawing serves both sides and every palette:
// `fill` (the body), `stroke` (the outline) and `currentColor` (inner details such as rings and bands).
import type { Piece } from '@makruk/makruk';

export type PieceKind = 'pawn' | 'promoted' | 'met' | 'khon' | 'knight' | 'rook' | 'king';

export interface PieceSet {
  /** SVG markup (paths only, no <svg> wrapper) for each kind, drawn in viewBox 0 0 50 50. */
  readonly art: Readonly<Record<PieceKind, string>>;
}

export function pieceKind(piece: Piece): PieceKind {
  return piece.role === 'met' && piece.promoted ? 'promoted' : piece.role;
}

const registry = new Map<string, PieceSet>();

/** Adds (or replaces) a named piece set that `piece-set="<name>"` can select. */
export function registerPieceSet(name: string, set: PieceSet): void {
  registry.set(name, set);
}

export function getPieceSet(name: string): PieceSet | undefined {
  return registry.get(name);
}
