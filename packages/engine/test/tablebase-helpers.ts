// Helpers for the tablebase tests: random positions of an ending as squares and as FEN, a seeded PRNG.
import type { TablebaseExports } from '../dist/index.js';

export const ROLE = { R: 5, N: 4, S: 3, M: 2 } as const;
export type Letter = keyof typeof ROLE;

/** mulberry32: the same positions on every run. */
export function prng(seed: number): (n: number) => number {
  let s = seed | 0;
  return (n) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export interface TbPosition {
  king: number;
  bare: number;
  first: number;
  second: number; // -1 without a second piece
  strongToMove: boolean;
}

/** The FEN of a table position, White strong (no count running). */
export function tbFen(letters: string, p: TbPosition): string {
  const board: string[] = new Array(64).fill('');
  board[p.king] = 'K';
  board[p.bare] = 'k';
  board[p.first] = letters[0] ?? '';
  if (p.second >= 0) board[p.second] = letters[1] ?? '';
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const c = board[rank * 8 + file];
      if (!c) empty++;
      else {
        if (empty) row += empty;
        empty = 0;
        row += c;
      }
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${p.strongToMove ? 'w' : 'b'} - - 0 1`;
}

export function probe(tb: TablebaseExports, letters: string, p: TbPosition): number {
  const a = ROLE[letters[0] as Letter];
  const b = letters[1] ? ROLE[letters[1] as Letter] : 0;
  return tb.tbProbe(a, b, p.king, p.bare, p.first, p.second, p.strongToMove ? 1 : 0);
}

/** Random legal positions of the ending (probe ≥ -1), filtered by `keep(plies)`. */
export function randomPositions(
  tb: TablebaseExports,
  letters: string,
  count: number,
  seed: number,
  keep: (plies: number) => boolean,
): Array<TbPosition & { plies: number }> {
  const random = prng(seed);
  const out: Array<TbPosition & { plies: number }> = [];
  for (let tries = 0; out.length < count && tries < 10_000_000; tries++) {
    const p: TbPosition = {
      king: random(64),
      bare: random(64),
      first: random(64),
      second: letters.length > 1 ? random(64) : -1,
      strongToMove: random(2) === 1,
    };
    const plies = probe(tb, letters, p);
    if (plies >= -1 && keep(plies)) out.push({ ...p, plies });
  }
  return out;
}
