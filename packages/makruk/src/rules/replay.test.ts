import { describe, expect, it } from 'vitest';
import { MakrukError } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { Position } from './position.js';
import { ReplayError, replay } from './replay.js';
import { makeUci } from './uci.js';

describe('Position.findMove', () => {
  const start = Position.initial();

  it('finds the legal move named by a Move, UCI (promotion letter optional) or SAN', () => {
    expect(start.findMove('e3e4')).toEqual({ ok: true, value: { from: 'e3', to: 'e4' } });
    expect(start.findMove(' e4 ')).toEqual({ ok: true, value: { from: 'e3', to: 'e4' } });
    expect(start.findMove('Ne2')).toEqual({ ok: true, value: { from: 'g1', to: 'e2' } });
    expect(start.findMove({ from: 'g1', to: 'e2' })).toEqual({ ok: true, value: { from: 'g1', to: 'e2' } });
    const promo = Position.fromFen('4k2r/8/8/2P5/8/8/8/4K3 w - - 0 1');
    if (!promo.ok) throw promo.error;
    for (const text of ['c5c6', 'c5c6m', 'c6=M', 'c6']) {
      expect(promo.value.findMove(text), text).toEqual({ ok: true, value: { from: 'c5', to: 'c6', promotion: 'met' } });
    }
  });

  it('gives typed errors, never throws', () => {
    const code = (input: unknown) => {
      const result = start.findMove(input as string);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code('e3e5')).toBe('ERR_ILLEGAL_MOVE');
    expect(code({ from: 'e3', to: 'e4', promotion: 'met' })).toBe('ERR_ILLEGAL_MOVE');
    expect(code(null)).toBe('ERR_ILLEGAL_MOVE');
    expect(code(42)).toBe('ERR_ILLEGAL_MOVE');
    expect(code('hello')).toBe('ERR_SAN_SYNTAX');
    expect(code('e5')).toBe('ERR_SAN_ILLEGAL');
    const long = start.findMove('x'.repeat(100_000));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error.message.length).toBeLessThan(200);
  });
});

describe('replay', () => {
  it('plays SAN and UCI, mixed, from a FEN, a Position or the start; a string is split on spaces', () => {
    const a = replay(INITIAL_FEN, ['e4', 'e6e5', 'Ne2']);
    const b = replay(Position.initial(), 'e3e4 e5 g1e2');
    const c = replay(undefined, ['e3e4', 'e6e5', { from: 'g1', to: 'e2' }]);
    for (const result of [a, b, c]) {
      if (!result.ok) throw result.error;
      expect(result.value.moves.map(makeUci)).toEqual(['e3e4', 'e6e5', 'g1e2']);
      expect(result.value.position.fen()).toBe(Position.initial().play('e3e4').play('e6e5').play('g1e2').fen());
      expect(result.value.start.fen()).toBe(INITIAL_FEN);
    }
  });

  it('names the bad move by its index and keeps what was played before it', () => {
    const result = replay(INITIAL_FEN, ['e4', 'e5', 'e4e5']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ReplayError);
    expect(result.error).toBeInstanceOf(MakrukError);
    expect(result.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(result.error.message).toMatch(/^Move 3: /);
    const error = result.error as ReplayError;
    expect(error.index).toBe(2);
    expect(error.replayed.moves.map(makeUci)).toEqual(['e3e4', 'e6e5']);
    expect(error.replayed.position.turn).toBe('white');
  });

  it('reports a bad FEN or a list that is not a list as typed errors', () => {
    const fen = replay('not a fen', []);
    expect(fen.ok ? 'ok' : fen.error.code).toMatch(/^ERR_FEN/);
    const list = replay(INITIAL_FEN, 42 as never);
    expect(list.ok ? 'ok' : list.error.code).toBe('ERR_ILLEGAL_MOVE');
  });
});
