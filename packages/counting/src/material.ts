import type { Color, Material, SideMaterial } from './types.js';
import { opposite } from './types.js';

/** No material at all: a side with this is a bare king. */
export const NO_MATERIAL: SideMaterial = Object.freeze({ pawns: 0, mets: 0, khons: 0, knights: 0, rooks: 0 });

/** The side has nothing but its king. */
export function isBare(side: SideMaterial): boolean {
  return side.pawns + side.mets + side.khons + side.knights + side.rooks === 0;
}

/** No count of either kind can run while an unpromoted pawn of either colour is on the board. */
export function countingPossible(m: Material): boolean {
  return m.white.pawns + m.black.pawns === 0;
}

/** The side that has only its king, when exactly one side is bare (K v K has no single bare side). */
export function bareKingSide(m: Material): Color | undefined {
  const whiteBare = isBare(m.white);
  const blackBare = isBare(m.black);
  if (whiteBare === blackBare) return undefined;
  return whiteBare ? 'white' : 'black';
}

/** N of the pieces'-honour rule: every piece on the board, both kings included. */
export function pieceCount(m: Material): number {
  return 2 + sideCount(m.white) + sideCount(m.black);
}

function sideCount(side: SideMaterial): number {
  return side.pawns + side.mets + side.khons + side.knights + side.rooks;
}

/**
 * The pieces'-honour limit in MOVES, from the stronger side's material: the first row of docs/rules.md's table that
 * matches (two rooks 8, one rook 16, two khons 22, two knights 32, one khon 44, anything else 64).
 */
export function piecesHonourLimit(strong: SideMaterial): number {
  if (strong.rooks >= 2) return 8;
  if (strong.rooks === 1) return 16;
  if (strong.khons >= 2) return 22;
  if (strong.knights >= 2) return 32;
  if (strong.khons === 1) return 44;
  return 64;
}

/** The board's-honour limit in moves. */
export const BOARDS_HONOUR_LIMIT = 64;

/**
 * May a count run for `side` (as the counting side)? Not while unpromoted pawns remain, and never for a side whose
 * opponent is a bare king (the bare side counts then). With two bare kings no count runs (Fairy-Stockfish agrees; the
 * game is drawn anyway).
 */
export function countMayRunFor(side: Color, m: Material): boolean {
  return countingPossible(m) && !isBare(m[opposite(side)]);
}
