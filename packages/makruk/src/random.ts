// Seeded random numbers (mulberry32): small, fast, and the same sequence for a seed on every machine. For
// reproducible shuffles (`makruk match --seed`) and random tests; not for anything that must be unpredictable.

import { argumentError } from './rules/errors.js';

/** A generator of numbers in [0, 1) from a 32-bit seed (a finite number; its low 32 bits are used). */
export function mulberry32(seed: number): () => number {
  if (typeof seed !== 'number' || !Number.isFinite(seed))
    throw argumentError("mulberry32's seed", 'a finite number', seed);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
