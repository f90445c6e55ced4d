// Shared test helpers: the reference files beside the repository, and a seeded PRNG.
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
  return parsed.value.map(({ fen, perft }) => ({ fen, counts: [...perft.keys()].sort((a, b) => a - b).map((depth) => perft.get(depth) as number) }));
}

/** Mulberry32: small, fast, seeded, reproducible. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random element of a list, or a random character of a string. */
export function pick(random: () => number, items: string): string;
export function pick<T>(random: () => number, items: readonly T[]): T;
export function pick<T>(random: () => number, items: readonly T[] | string): T | string {
  return items[Math.floor(random() * items.length)] as T | string;
}
