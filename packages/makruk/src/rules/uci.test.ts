import { describe, expect, it } from 'vitest';
import { makeUci, parseUci } from './uci.js';
import type { Move } from './types.js';

describe('UCI moves', () => {
  it('reads plain moves and promotions, with or without the m', () => {
    expect(parseUci('e3e4')).toEqual({ from: 'e3', to: 'e4' });
    expect(parseUci('c5c6m')).toEqual({ from: 'c5', to: 'c6', promotion: 'met' });
    expect(parseUci('c5c6')).toEqual({ from: 'c5', to: 'c6' });
    expect(parseUci(' h7h8 ')).toEqual({ from: 'h7', to: 'h8' });
  });

  it('rejects what is not a UCI move', () => {
    for (const text of ['', 'e3', 'e3e9', 'i1a1', 'e3e4q', 'e3e4mm', 'E3E4', 'e3-e4', 'e3e3', '0000', 'Nf3']) {
      expect(parseUci(text), text).toBeUndefined();
    }
    expect(parseUci(42 as unknown as string)).toBeUndefined();
  });

  it('writes moves', () => {
    expect(makeUci({ from: 'e3', to: 'e4' })).toBe('e3e4');
    expect(makeUci({ from: 'c5', to: 'c6', promotion: 'met' })).toBe('c5c6m');
    for (const text of ['a1h8', 'f4f3m', 'b2c3']) expect(makeUci(parseUci(text)!)).toBe(text);
  });
});

describe('UCI: wrongly typed arguments', () => {
  it('parseUci gives undefined, makeUci a MakrukError ERR_ARGUMENT (not a TypeError or "undefinedundefined")', () => {
    for (const bad of [null, undefined, 42, {}, [], 'e3e4', { from: 'e3' }, { from: 'z9', to: 'e4' }]) {
      expect(() => makeUci(bad as unknown as Move)).toThrow(
        expect.objectContaining({ name: 'MakrukError', code: 'ERR_ARGUMENT' }),
      );
    }
    for (const bad of [null, undefined, 42, {}, []]) expect(parseUci(bad as unknown as string)).toBeUndefined();
  });
});
