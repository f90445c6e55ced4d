// The move code the rules' generator and the wasm engine share (CONTRIBUTING.md Contract 1): a move is a number,
// from | to << 6 | flags << 12, squares 0..63 (a1 = 0, h8 = 63), flag bit 0 = promotion to met. This is the
// rules' copy of that fact: movegen.ts generates these numbers, the engine host (../engine/) reads the wasm's with
// it. The ABI's owner is @makruk/engine's MOVE_PROMOTION (packages/engine/src/abi.ts, pinned to assembly/); the
// rules may not import the engine, so ../engine/move-code-abi.test.ts keeps this copy equal to it.
import { squareAt } from './squares.js';

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

/** The UCI text of a move code ('c5c6m' for a promotion); uci.ts parseUci reads UCI text back. */
export function encodedMoveToUci(move: number): string {
  return `${squareAt(moveFrom(move))}${squareAt(moveTo(move))}${isPromotion(move) ? 'm' : ''}`;
}
