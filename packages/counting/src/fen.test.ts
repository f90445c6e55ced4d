import { describe, expect, it } from 'vitest';
import { FEN_NUMBER_MAX, makeCountingFields, parseCountingFields } from './fen.js';
import { materialFromPlacement } from './placement.js';
import { nextCountNumber } from './outcome.js';
import type { Color, Material } from './types.js';

function material(placement: string): Material {
  const result = materialFromPlacement(placement);
  if (!result.ok) throw result.error;
  return result.value;
}

function parseFen(fen: string) {
  const [placement = '', turn = 'w', , field4 = '-', field5 = '0'] = fen.split(' ');
  const color: Color = turn === 'b' ? 'black' : 'white';
  return parseCountingFields(field4, field5, color, material(placement));
}

describe('parseCountingFields', () => {
  it("reads '-' and the half-move clock", () => {
    expect(parseFen('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1')).toEqual({
      ok: true,
      count: null,
      halfmoves: 0,
    });
    expect(parseFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 37 40')).toEqual({ ok: true, count: null, halfmoves: 37 });
  });

  it("reads a pieces'-honour count: the bare side counts (docs/rules.md example)", () => {
    const parsed = parseFen('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    expect(parsed).toEqual({
      ok: true,
      count: { kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 },
      halfmoves: 10,
    });
    if (parsed.ok && parsed.count) expect(nextCountNumber(parsed.count)).toBe(6); // Black counts its next move as 6
  });

  it("reads a board's-honour count: the side to move counts when the ply is even, else the other side", () => {
    const even = parseFen('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
    expect(even.ok && even.count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
    const odd = parseFen('4k3/8/2n5/8/8/8/R7/1R2K3 w - 128 1 41');
    expect(odd.ok && odd.count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 1 });
  });

  it('accepts a ply parity that does not fit (other tools write such FENs)', () => {
    // pieces' honour normally has the bare side to move at even plies; here it is odd
    const parsed = parseFen('8/8/8/8/8/8/1k6/1R2K2R b - 16 11 5');
    expect(parsed.ok && parsed.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 11 });
  });

  it('refuses a running count while unpromoted pawns stand (no count can run then)', () => {
    for (const fen of ['4k3/p7/2n5/8/8/8/8/RR2K3 w - 128 3 40', '4k3/8/8/8/8/P7/8/R3K3 b - 16 10 40']) {
      const parsed = parseFen(fen);
      expect(parsed.ok, fen).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe('ERR_FEN_COUNTING');
        expect(parsed.error.message).toMatch(/pawns/);
      }
    }
    // no count: pawns are fine
    expect(parseFen('4k3/p7/2n5/8/8/8/8/RR2K3 w - - 3 40').ok).toBe(true);
  });

  it('reads every number up to FEN_NUMBER_MAX and writes nothing larger', () => {
    const max = String(FEN_NUMBER_MAX);
    expect(parseFen(`4k3/8/2n5/8/8/8/8/RR2K3 w - - ${max} 40`)).toEqual({
      ok: true,
      count: null,
      halfmoves: FEN_NUMBER_MAX,
    });
    expect(parseFen(`4k3/8/2n5/8/8/8/8/RR2K3 w - ${max} ${max} 40`).ok).toBe(true);
    expect(parseFen(`4k3/8/2n5/8/8/8/8/RR2K3 w - - ${FEN_NUMBER_MAX + 1} 40`).ok).toBe(false);
    expect(makeCountingFields(null, FEN_NUMBER_MAX + 5)).toEqual(['-', max]);
    expect(makeCountingFields({ kind: 'board', side: 'white', limitPlies: 128, plies: FEN_NUMBER_MAX + 1 }, 0)).toEqual(
      ['128', max],
    );
  });

  it('never echoes a huge or control-character field in its message', () => {
    const bareKing = material('8/8/8/8/8/8/1k6/1R2K2R');
    for (const [field4, field5] of [
      ['-', '9'.repeat(100_000)],
      ['x'.repeat(100_000), '0'],
      ['16', 'ten\u0000'],
    ] as const) {
      const parsed = parseCountingFields(field4, field5, 'white', bareKing);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.error.message.length).toBeLessThan(160);
      expect(parsed.error.message).not.toContain('\u0000');
    }
    const short = parseCountingFields('-', 'x1', 'white', bareKing);
    expect(short.ok ? '' : short.error.message).toContain("'x1'");
  });

  it("reads '0' in field 4 as no count", () => {
    expect(parseFen('4k3/8/2n5/8/8/8/8/RR2K3 w - 0 3 40')).toEqual({ ok: true, count: null, halfmoves: 3 });
  });

  const bad: Array<[string, string, string]> = [
    ['e3', '0', 'ERR_FEN_COUNTING'],
    ['x', '0', 'ERR_FEN_COUNTING'],
    ['-16', '0', 'ERR_FEN_COUNTING'],
    ['16.5', '0', 'ERR_FEN_COUNTING'],
    ['1000000', '0', 'ERR_FEN_COUNTING'],
    ['', '0', 'ERR_FEN_COUNTING'],
    ['16', '-', 'ERR_FEN_COUNTING'],
    ['16', 'ten', 'ERR_FEN_COUNTING'],
    ['16', '', 'ERR_FEN_COUNTING'],
    ['-', '-1', 'ERR_FEN_HALFMOVES'],
    ['-', 'abc', 'ERR_FEN_HALFMOVES'],
    ['-', '1e3', 'ERR_FEN_HALFMOVES'],
    ['-', '', 'ERR_FEN_HALFMOVES'],
  ];
  for (const [field4, field5, code] of bad) {
    it(`rejects '${field4}' '${field5}' with ${code} and a message naming the field`, () => {
      const parsed = parseCountingFields(field4, field5, 'white', material('4k3/8/2n5/8/8/8/8/RR2K3'));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe(code);
        expect(parsed.error.message).toMatch(/FEN field [45]/);
        expect(parsed.error).toBeInstanceOf(Error);
      }
    });
  }
});

describe('makeCountingFields', () => {
  it("writes '-' and the clock with no count, limit and ply with one", () => {
    expect(makeCountingFields(null, 12)).toEqual(['-', '12']);
    expect(makeCountingFields({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 }, 3)).toEqual(['16', '10']);
  });

  const roundTrips = [
    'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    '4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40',
    '4k3/1R6/8/8/8/8/8/R2NK3 b - 16 10 40',
    '8/8/8/8/5k2/8/8/R3K3 w - 32 5 51',
    '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5',
    '8/8/8/8/8/8/1k6/1R2K2R w - 16 10 5',
    '4k3/8/2n5/8/8/8/8/RR2K3 w - 128 129 40',
    '4k3/8/2n5/8/8/8/8/RR2K3 w - - 99 40',
  ];
  for (const fen of roundTrips) {
    it(`round-trips ${fen}`, () => {
      const parsed = parseFen(fen);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const fields = fen.split(' ');
      expect(makeCountingFields(parsed.count, parsed.halfmoves)).toEqual([fields[3], fields[4]]);
    });
  }
});
