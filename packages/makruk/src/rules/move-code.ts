// The move code the rules' generator and the wasm engine share (CONTRIBUTING.md Contract 1): a move is a number,
// from | to << 6 | flags << 12, squares 0..63 (a1 = 0, h8 = 63), flag bit 0 = promotion to met. The TypeScript
// owner of that fact: movegen.ts generates these numbers, the engine host (../engine/) reads the wasm's with it.
// packages/engine/assembly/types.ts is the AssemblyScript copy.

/** Flag bit 0 of a move code: the pawn promotes to met. */
export const PROMOTION_FLAG = 1 << 12;

export function moveFrom(move: number): number {
  return move & 63;
}
export function moveTo(move: number): number {
  return (move >> 6) & 63;
}
export function isPromotion(move: number): boolean {
  return (move & PROMOTION_FLAG) !== 0;
}
export function encodeMove(from: number, to: number, promotion: boolean): number {
  return from | (to << 6) | (promotion ? PROMOTION_FLAG : 0);
}

const FILES = 'abcdefgh';

/** 'a1' … 'h8' for a square index 0..63. */
export function squareName(index: number): string {
  return `${FILES[index & 7]}${(index >> 3) + 1}`;
}

/** The UCI text of a move code ('c5c6m' for a promotion). */
export function encodedMoveToUci(move: number): string {
  return `${squareName(moveFrom(move))}${squareName(moveTo(move))}${isPromotion(move) ? 'm' : ''}`;
}

/** from/to indices of a UCI move ('m' optional), or undefined when it is not UCI. */
export function uciSquares(text: string): { from: number; to: number } | undefined {
  const match = /^([a-h])([1-8])([a-h])([1-8])m?$/.exec(text);
  if (!match) return undefined;
  const index = (file: string, rank: string): number => FILES.indexOf(file) + 8 * (Number(rank) - 1);
  return { from: index(match[1] as string, match[2] as string), to: index(match[3] as string, match[4] as string) };
}
