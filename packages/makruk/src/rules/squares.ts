// Square names <-> indices (a1 = 0, b1 = 1, … h8 = 63, the engine's numbering), files and ranks.
import { argumentError } from './errors.js';
import { FILE_NAMES, RANK_NAMES, SQUARES, type FileName, type RankName, type Square } from './types.js';

/** A square index as callers pass it: a whole number 0 (a1) … 63 (h8), else ERR_ARGUMENT (plain JavaScript). */
function checkIndex(what: string, index: unknown): number {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 63)
    throw argumentError(what, 'a square index, a whole number from 0 (a1) to 63 (h8)', index);
  return index;
}

const INDEX_OF = new Map<string, number>(SQUARES.map((square, index) => [square, index]));

export function squareIndex(square: Square): number {
  // arithmetic, not a Map lookup: this runs several times a move (a1 = 0: file letter, then rank digit);
  // anything that is not a square gives undefined, as before
  if (!isSquare(square)) return undefined as unknown as number;
  return (square.charCodeAt(1) - 49) * 8 + square.charCodeAt(0) - 97;
}

export function squareAt(index: number): Square {
  return SQUARES[index] as Square;
}

/** The square named by `text`, or undefined when it is not one of a1…h8. */
export function parseSquare(text: string): Square | undefined {
  return INDEX_OF.has(text) ? (text as Square) : undefined;
}

export function isSquare(text: unknown): text is Square {
  if (typeof text !== 'string' || text.length !== 2) return false;
  const file = text.charCodeAt(0);
  const rank = text.charCodeAt(1);
  return file >= 97 && file <= 104 && rank >= 49 && rank <= 56;
}

/** 0 = file a … 7 = file h. */
export function fileOf(index: number): number {
  return checkIndex("fileOf's index", index) & 7;
}

/** 0 = rank 1 … 7 = rank 8. */
export function rankOf(index: number): number {
  return checkIndex("rankOf's index", index) >> 3;
}

export function fileName(index: number): FileName {
  return FILE_NAMES[index & 7] as FileName;
}

export function rankName(index: number): RankName {
  return RANK_NAMES[index >> 3] as RankName;
}

/** Square colour: a1 is dark. Used for the "mets all on one colour" draw. */
export function isDarkSquare(index: number): boolean {
  checkIndex("isDarkSquare's index", index);
  return ((index & 7) + (index >> 3)) % 2 === 0;
}
