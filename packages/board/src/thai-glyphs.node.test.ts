/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THAI_FILE_NAMES, THAI_RANK_NAMES } from '@makruk/makruk';
import { THAI_GLYPHS } from './thai-glyphs.js';

describe('Thai coordinate glyphs (Sarabun outlines, OFL)', () => {
  it('src/thai-glyphs.ts is exactly what scripts/thai-glyphs.mjs makes from the font package', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    // exits non-zero (and so throws) when the file differs
    expect(() =>
      execFileSync('node', ['scripts/thai-glyphs.mjs', '--check'], { cwd: root, stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('has an outline for every Thai file letter and rank digit the board draws, and nothing else', () => {
    expect(Object.keys(THAI_GLYPHS).sort()).toEqual([...THAI_FILE_NAMES, ...THAI_RANK_NAMES].sort());
    for (const glyph of Object.values(THAI_GLYPHS)) {
      expect(glyph.advance).toBeGreaterThan(0);
      expect(glyph.d).toMatch(/^M[-\d ]+.*Z$/);
    }
  });
});
