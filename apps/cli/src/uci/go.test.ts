import { describe, expect, it } from 'vitest';
import { parseGo } from './go.js';

const tokens = (text: string): string[] => text.split(' ').filter(Boolean);

describe('go limits', () => {
  it('reads every clock and search limit', () => {
    const go = parseGo(tokens('wtime 60000 btime 59000 winc 1000 binc 900 movestogo 12 depth 7 nodes 5000 movetime 250'));
    expect(go).toEqual({
      ok: true,
      notes: [],
      limits: { wtime: 60000, btime: 59000, winc: 1000, binc: 900, movestogo: 12, depth: 7, nodes: 5000, movetime: 250 },
    });
  });

  it('reads infinite, mate and perft, and accepts a clock that already ran out', () => {
    expect(parseGo(['infinite'])).toMatchObject({ ok: true, limits: { infinite: true } });
    expect(parseGo(tokens('mate 3'))).toMatchObject({ ok: true, limits: { mate: 3 } });
    expect(parseGo(tokens('perft 0'))).toMatchObject({ ok: true, limits: { perft: 0 } });
    expect(parseGo(tokens('wtime -25 btime 100'))).toMatchObject({ ok: true, limits: { wtime: -25, btime: 100 } });
    expect(parseGo([])).toEqual({ ok: true, limits: {}, notes: [] });
  });

  it('notes what it accepts but does not do', () => {
    const go = parseGo(tokens('searchmoves e3e4 a3a4 ponder wtime 1000'));
    expect(go.ok && go.limits).toEqual({ wtime: 1000 });
    expect(go.ok && go.notes.join('\n')).toMatch(/searchmoves.*\n.*ponder|ponder.*\n.*searchmoves/s);
  });

  it('says what is wrong with a malformed go', () => {
    expect(parseGo(tokens('depth'))).toEqual({ ok: false, message: 'go depth needs a whole number, got nothing' });
    expect(parseGo(tokens('depth x'))).toMatchObject({ ok: false, message: expect.stringContaining('depth') });
    expect(parseGo(tokens('depth 0'))).toMatchObject({ ok: false, message: expect.stringContaining('at least 1') });
    expect(parseGo(tokens('wtime 1.5'))).toMatchObject({ ok: false, message: expect.stringContaining('wtime') });
    expect(parseGo(tokens('nodes -4'))).toMatchObject({ ok: false });
    expect(parseGo(tokens('fast please'))).toEqual({ ok: false, message: 'go: unknown limit "fast"' });
  });
});
