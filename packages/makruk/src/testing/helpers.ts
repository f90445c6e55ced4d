// Shared test helpers: the repository's reference files (docs/perft, the lab's openings), and a seeded PRNG (the
// library's mulberry32).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEpd } from '../rules/epd.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
/** The perft reference suite (docs/rules.md, "Reference numbers"). */
export const perftSuite = path.join(repoRoot, 'docs', 'perft', 'random-positions.epd');
/** The balanced match openings (packages/lab). */
export const balancedOpenings = path.join(repoRoot, 'packages', 'lab', 'openings', 'makruk-balanced.epd');

export interface EpdLine {
  fen: string;
  counts: number[]; // counts[d - 1] = perft(d)
}

/** The reference perft positions, docs/perft/random-positions.epd. Throws a clear error when missing. */
export function readPerftEpd(): EpdLine[] {
  const file = perftSuite;
  if (!existsSync(file)) throw new Error(`Reference file missing: ${file}.`);
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
