import { describe, expect, it } from 'vitest';
import { formatGo, parseGo } from './go.js';

const tokens = (text: string): string[] => text.split(' ').filter(Boolean);

describe('go limits', () => {
  it('reads every clock and search limit', () => {
    const go = parseGo(
      tokens('wtime 60000 btime 59000 winc 1000 binc 900 movestogo 12 depth 7 nodes 5000 movetime 250'),
    );
    expect(go).toEqual({
      notes: [],
      errors: [],
      limits: {
        wtime: 60000,
        btime: 59000,
        winc: 1000,
        binc: 900,
        movestogo: 12,
        depth: 7,
        nodes: 5000,
        movetime: 250,
      },
    });
  });

  it('reads infinite, ponder, mate and perft, and accepts a clock that already ran out', () => {
    expect(parseGo(['infinite']).limits).toEqual({ infinite: true });
    expect(parseGo(tokens('ponder wtime 1000 btime 1000')).limits).toEqual({ ponder: true, wtime: 1000, btime: 1000 });
    expect(parseGo(tokens('mate 3')).limits).toEqual({ mate: 3 });
    expect(parseGo(tokens('perft 0')).limits).toEqual({ perft: 0 });
    expect(parseGo(tokens('wtime -25 btime 100')).limits).toEqual({ wtime: -25, btime: 100 });
    expect(parseGo([])).toEqual({ limits: {}, notes: [], errors: [] });
  });

  it('notes what it accepts but does not do', () => {
    const go = parseGo(tokens('searchmoves e3e4 a3a4 wtime 1000'));
    expect(go.limits).toEqual({ wtime: 1000 });
    expect(go.notes.join('\n')).toMatch(/searchmoves/);
  });

  it('skips a malformed part with a message and keeps the valid ones', () => {
    expect(parseGo(tokens('depth'))).toEqual({
      limits: {},
      notes: [],
      errors: ['go depth needs a whole number, got nothing; ignored'],
    });
    expect(parseGo(tokens('depth abc'))).toMatchObject({ limits: {}, errors: [expect.stringContaining('depth')] });
    expect(parseGo(tokens('nodes 0'))).toMatchObject({ limits: {}, errors: [expect.stringContaining('at least 1')] });
    expect(parseGo(tokens('wtime'))).toMatchObject({ limits: {}, errors: [expect.stringContaining('wtime')] });
    expect(parseGo(tokens('wtime 1.5 btime 300'))).toMatchObject({
      limits: { btime: 300 },
      errors: [expect.stringContaining('wtime')],
    });
    expect(parseGo(tokens('wtime btime 300'))).toMatchObject({
      limits: { btime: 300 },
      errors: [expect.stringContaining('wtime')],
    });
    expect(parseGo(tokens('nodes -4 depth 3'))).toMatchObject({ limits: { depth: 3 }, errors: [expect.any(String)] });
    expect(parseGo(tokens('fast please'))).toMatchObject({
      limits: {},
      errors: ['go: unknown limit "fast" ignored', 'go: unknown limit "please" ignored'],
    });
  });

  it('writes go lines that read back as the same limits', () => {
    for (const text of [
      'go wtime 59000 btime 60000 winc 600 binc 600 movestogo 39',
      'go movetime 20',
      'go nodes 2000',
      'go depth 5',
      'go ponder wtime 10 btime 20',
      'go infinite',
    ]) {
      expect(formatGo(parseGo(tokens(text).slice(1)).limits)).toBe(text);
    }
  });
});
