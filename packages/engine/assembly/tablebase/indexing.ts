// Position ↔ index. Index = ((king * 64 + bareKing) * 64 + first) * 64 + second (second left out for one piece), the
// strong king reduced by the symmetries that move every square (so no position is its own image and every position
// has exactly one index): the file mirror (sq ^ 7) always, the rank mirror (sq ^ 56) too when no khon is on the
// board. The strong king then stands on files a–d (and ranks 1–4 without a khon): 16 or 32 squares.
// Two pieces of one role are kept in order (first < second), so swapping them gives the same index.

// The strong king's reduced number → square, and back (-1 for a square outside the region).
export const KING_SQUARE_OF = new StaticArray<i32>(32);

export function initIndexing(): void {
  for (let k = 0; k < 32; k++) unchecked((KING_SQUARE_OF[k] = ((k >> 2) << 3) | (k & 3)));
}

/** The xor mask that brings the strong king into its region. */
// @ts-ignore: decorator
@inline export function symmetryMask(king: i32, khon: bool): i32 {
  let mask = (king & 7) >= 4 ? 7 : 0;
  if (!khon && king >= 32) mask |= 56;
  return mask;
}

// @ts-ignore: decorator
@inline export function kingNumber(square: i32): i32 {
  return ((square >> 3) << 2) | (square & 7);
}

/** Index of a position already in its region (king, bare king, first, second; second < 0 for one piece). */
// @ts-ignore: decorator
@inline export function rawIndex(king: i32, bare: i32, first: i32, second: i32, sameRoles: bool): i32 {
  if (second < 0) return (((kingNumber(king) << 6) | bare) << 6) | first;
  if (sameRoles && first > second) {
    const t = first;
    first = second;
    second = t;
  }
  return (((((kingNumber(king) << 6) | bare) << 6) | first) << 6) | second;
}

/** Index of any position (the symmetry applied first). */
// @ts-ignore: decorator
@inline export function positionIndex(
  king: i32,
  bare: i32,
  first: i32,
  second: i32,
  khon: bool,
  sameRoles: bool,
): i32 {
  const m = symmetryMask(king, khon);
  return rawIndex(king ^ m, bare ^ m, first ^ m, second < 0 ? -1 : second ^ m, sameRoles);
}
