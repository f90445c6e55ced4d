import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MatchError } from './errors.js';
import { matchErrorCode } from '../testing/match-error-code.js';
import { loadOpenings, parseOpenings, shuffleOpenings } from './openings.js';

const BALANCED_OPENINGS = fileURLToPath(
  new URL('../../../../packages/lab/openings/makruk-balanced.epd', import.meta.url),
);

const codeOf = matchErrorCode;

describe('openings', () => {
  it('reads FEN and EPD lines, skipping blanks and comments', () => {
    const text = [
      '# two balanced starts',
      'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6',
      '',
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - id "start";',
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b -',
    ].join('\n');
    const openings = parseOpenings(text);
    expect(openings.map((o) => o.line)).toEqual([2, 4, 5]);
    expect(openings[0]?.fen).toBe('r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6');
    expect(openings[1]?.fen).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    expect(openings[2]?.fen).toMatch(/ b - - 0 1$/);
  });

  it('names the line of a bad position with ERR_OPENING_FEN', () => {
    let caught: unknown;
    try {
      parseOpenings('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\nnot a fen\n', 'x.epd');
    } catch (e) {
      caught = e;
    }
    expect((caught as MatchError).code).toBe('ERR_OPENING_FEN');
    expect((caught as MatchError).message).toMatch(/^x\.epd:2: /);
  });

  it('reports missing and empty files with ERR_OPENINGS_FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openings-'));
    const empty = path.join(dir, 'empty.epd');
    writeFileSync(empty, '# nothing\n');
    expect(codeOf(() => loadOpenings(path.join(dir, 'missing.epd')))).toBe('ERR_OPENINGS_FILE');
    expect(codeOf(() => loadOpenings(empty))).toBe('ERR_OPENINGS_FILE');
  });

  it('shuffles reproducibly by seed, keeping every opening once', () => {
    const openings = Array.from({ length: 20 }, (_, i) => ({ fen: `fen ${i}`, line: i + 1 }));
    const a = shuffleOpenings(openings, 42);
    expect(shuffleOpenings(openings, 42)).toEqual(a);
    expect(a).not.toEqual(openings);
    expect(shuffleOpenings(openings, 7)).not.toEqual(a);
    expect([...a].sort((x, y) => x.line - y.line)).toEqual(openings);
    expect(openings[0]?.line).toBe(1);
  });

  it('loads all 400 balanced openings of the lab', () => {
    expect(loadOpenings(BALANCED_OPENINGS)).toHaveLength(400);
  });
});
