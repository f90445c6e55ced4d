// Precomputed step tables: for each square, the squares a piece there reaches in one step (leapers) or the rays it
// slides along (rook). Colour-dependent pieces (pawn, khon) have one table per colour, index 0 = white, 1 = black.

function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

function stepTable(deltas: ReadonlyArray<readonly [number, number]>): Int8Array[] {
  const table: Int8Array[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const file = sq & 7;
    const rank = sq >> 3;
    const targets: number[] = [];
    for (const [df, dr] of deltas) if (onBoard(file + df, rank + dr)) targets.push(sq + df + 8 * dr);
    table.push(Int8Array.from(targets));
  }
  return table;
}

const DIAGONALS = [
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
] as const;
const ORTHOGONALS = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
] as const;
const KNIGHT_DELTAS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
] as const;

export const KING_STEPS: readonly Int8Array[] = stepTable([...DIAGONALS, ...ORTHOGONALS]);
export const KNIGHT_STEPS: readonly Int8Array[] = stepTable(KNIGHT_DELTAS);
/** Met (and promoted pawn): one step diagonally. */
export const MET_STEPS: readonly Int8Array[] = stepTable(DIAGONALS);
/** Khon: one step diagonally or one step straight forward. */
export const KHON_STEPS: readonly (readonly Int8Array[])[] = [
  stepTable([...DIAGONALS, [0, 1]]),
  stepTable([...DIAGONALS, [0, -1]]),
];
/** Pawn captures: one step diagonally forward. */
export const PAWN_CAPTURES: readonly (readonly Int8Array[])[] = [
  stepTable([
    [1, 1],
    [-1, 1],
  ]),
  stepTable([
    [1, -1],
    [-1, -1],
  ]),
];
/** Pawn push target, or -1 off the board. */
export const PAWN_PUSH: readonly Int8Array[] = [0, 1].map((black) =>
  Int8Array.from({ length: 64 }, (_, sq) => {
    const target = sq + (black ? -8 : 8);
    return target >= 0 && target < 64 ? target : -1;
  }),
);
/** Rook rays: for each square, four arrays of squares in order of distance. */
export const ROOK_RAYS: readonly (readonly Int8Array[])[] = Array.from({ length: 64 }, (_, sq) =>
  ORTHOGONALS.map(([df, dr]) => {
    const ray: number[] = [];
    let file = (sq & 7) + df;
    let rank = (sq >> 3) + dr;
    while (onBoard(file, rank)) {
      ray.push(file + 8 * rank);
      file += df;
      rank += dr;
    }
    return Int8Array.from(ray);
  }),
);

/** Rank (0-based) where a pawn of this colour promotes: rank 6 for White, rank 3 for Black. */
export const PROMOTION_RANK: readonly [number, number] = [5, 2];
