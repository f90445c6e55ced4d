// Shared test helpers: the reference files beside the repository, and a seeded PRNG (the library's mulberry32).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEpd } from '../epd.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const sharedDir = path.resolve(repoRoot, '..', 'shared');

export interface EpdLine {
  fen: string;
  counts: number[]; // counts[d - 1] = perft(d)
}

/** The reference perft positions, /work/shared/perft/random-positions.epd. Throws a clear error when missing. */
export function readPerftEpd(): EpdLine[] {
  const file = path.join(sharedDir, 'perft', 'random-positions.epd');
  if (!existsSync(file)) throw new Error(`Reference file missing: ${file} (the shared folder beside the repository).`);
  const parsed = parseEpd(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  return parsed.value.map(({ fen, perft }) => ({
    fen,
    counts: [...perft.keys()].sort((a, b) => a - b).map((depth) => perft.get(depth) as number),
  }));
}

/** The library's seeded generator (mulberry32), under the name the tests use. */
export { mulberry32 as prng } from '../random.js';

/** A random element of a list, or a random character of a string. */
export function pick(random: () => number, items: string): string;
export function pick<T>(random: () => number, items: readonly T[]): T;
export function pick<T>(random: () => number, items: readonly T[] | string): T | string {
  return items[Math.floor(random() * items.length)] as T | string;
}
