import { describe, expect, it } from 'vitest';
import { MakrukError } from '../rules/errors.js';
import { MAX_PERFT_DEPTH } from './limits.js';
import { loadEngine, perft } from './wasm-perft.js';
import { Position } from '../rules/position.js';
import { readPerftEpd } from '../testing/helpers.js';
import { makeUci } from '../rules/uci.js';

function pos(fen: string): Position {
  const result = Position.fromFen(fen);
  if (!result.ok) throw result.error;
  return result.value;
}

// docs/rules.md, "Reference numbers".
const START_COUNTS = [23, 529, 12012, 273026, 6223994, 142078049];

describe('perft through the WebAssembly engine', () => {
  it('matches docs/rules.md from the start to depth 6', () => {
    const start = Position.initial();
    expect(perft(start, 0)).toBe(1);
    expect(START_COUNTS.map((_, i) => perft(start, i + 1))).toEqual(START_COUNTS);
  });

  it('matches every line of random-positions.epd to depth 4', () => {
    for (const { fen, counts } of readPerftEpd()) {
      const p = pos(fen);
      expect(
        [1, 2, 3, 4].map((d) => perft(p, d)),
        fen,
      ).toEqual(counts.slice(0, 4));
    }
  });

  it('agrees with the TypeScript generator', () => {
    const lines = readPerftEpd().slice(0, 10);
    for (const { fen } of lines) expect(perft(pos(fen), 3), fen).toBe(pos(fen).perft(3));
  });

  it('divides by legal move, in UCI, summing to the total', () => {
    const p = pos('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    const result = perft(p, 3, { divide: true });
    expect(result.divide.map((entry) => entry.move)).toEqual(p.legalMoves().map(makeUci).sort());
    expect(result.nodes).toBe(perft(p, 3));
    for (const entry of result.divide) expect(entry.nodes, entry.move).toBe(p.play(entry.move).perft(2));
    // Promotions carry the 'm'.
    const promotion = perft(pos('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1'), 1, { divide: true });
    expect(promotion.divide.map((entry) => entry.move)).toContain('c5c6m');
  });

  it('rejects a bad depth with ERR_PERFT_DEPTH', () => {
    for (const depth of [-1, 1.5, Number.NaN, 99]) {
      expect(() => perft(Position.initial(), depth)).toThrowError(MakrukError);
      expect(() => perft(Position.initial(), depth)).toThrowError(expect.objectContaining({ code: 'ERR_PERFT_DEPTH' }));
    }
  });

  it('counts to MAX_PERFT_DEPTH (20, one owner for the library and the CLI) and refuses one deeper, naming it', () => {
    expect(MAX_PERFT_DEPTH).toBe(20);
    expect(() => perft(Position.initial(), MAX_PERFT_DEPTH + 1)).toThrowError(/from 0 to 20\./);
  });

  it('loads asynchronously too', async () => {
    await loadEngine();
    expect(perft(Position.initial(), 2)).toBe(529);
  });
});
