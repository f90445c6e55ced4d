import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantiateEngine } from '../dist/index.js';
import { PERFT_SUITE, START_FEN, setFen } from './engine-helpers.js';

const START_COUNTS = [1, 23, 529, 12012, 273026, 6223994, 142078049];
const EPD_PATH = PERFT_SUITE;

interface EpdCase {
  fen: string;
  counts: Array<[number, number]>;
}
function readEpd(): EpdCase[] {
  if (!existsSync(EPD_PATH)) {
    throw new Error(`perft reference file missing: ${EPD_PATH} (docs/perft/ in the repository)`);
  }
  return readFileSync(EPD_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [fen = '', ...fields] = line.split(';').map((field) => field.trim());
      const counts = fields.map((field): [number, number] => {
        const match = /^D(\d+)\s+(\d+)$/.exec(field);
        if (!match) throw new Error(`bad EPD field "${field}"`);
        return [Number(match[1]), Number(match[2])];
      });
      return { fen, counts };
    });
}

describe('start position perft', () => {
  it('release build, depths 0–6', () => {
    const engine = instantiateEngine('release');
    expect(setFen(engine, START_FEN)).toBe(0);
    for (let depth = 0; depth <= 6; depth++) expect(engine.perft(depth), `depth ${depth}`).toBe(START_COUNTS[depth]);
  });

  it('debug build, depths 0–5', () => {
    const engine = instantiateEngine('debug');
    expect(setFen(engine, START_FEN)).toBe(0);
    for (let depth = 0; depth <= 5; depth++) expect(engine.perft(depth), `depth ${depth}`).toBe(START_COUNTS[depth]);
  });

  it('the module starts on the start position', () => {
    expect(instantiateEngine('release').perft(3)).toBe(12012);
  });

  it('rejects depths outside 0…64 with -1', () => {
    const engine = instantiateEngine('debug');
    expect(engine.perft(-1)).toBe(-1);
    expect(engine.perft(65)).toBe(-1);
  });
});

describe('random-positions.epd', () => {
  const cases = readEpd();
  it('has positions', () => expect(cases.length).toBeGreaterThan(0));
  for (const kind of ['release', 'debug'] as const) {
    it(`${kind} build matches every position to depth 4`, () => {
      const engine = instantiateEngine(kind);
      for (const { fen, counts } of cases) {
        expect(setFen(engine, fen), fen).toBe(0);
        for (const [depth, expected] of counts) expect(engine.perft(depth), `${fen} depth ${depth}`).toBe(expected);
      }
    });
  }
});
