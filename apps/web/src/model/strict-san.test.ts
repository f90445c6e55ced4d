import { Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { strictSanRefusal } from './strict-san.js';

function after(moves: string[]): Position {
  let position = Position.initial();
  for (const san of moves) {
    const move = position.findMove(san);
    if (!move.ok) throw new Error(move.error.message);
    position = position.play(move.value);
  }
  return position;
}

describe('strictSanRefusal', () => {
  it('refuses a pawn capture written as a push, which the lenient reading takes for the capture', () => {
    const position = after(['f4', 'e5']);
    expect(position.findMove('e5', { lenient: true }).ok).toBe(true); // the tolerant reading: fxe5
    expect(strictSanRefusal(position, 'e5')).toEqual({ code: 'pawn-capture-without-file', written: 'e5', san: 'fxe5' });
    expect(strictSanRefusal(position, 'fxe5')).toBeUndefined();
    expect(strictSanRefusal(position, 'fe5')).toBeUndefined();
  });

  it('refuses x on a move that takes nothing', () => {
    expect(strictSanRefusal(Position.initial(), 'Nxd2')).toEqual({
      code: 'capture-mark-on-quiet-move',
      written: 'Nxd2',
      san: 'Nd2',
    });
  });

  it('passes moves written as SAN says, long algebraic, Thai SAN, and leaves illegal ones to the library', () => {
    const start = Position.initial();
    for (const text of ['e4', 'Nd2', 'Nd2+', ' e4 ', 'e3e4', 'b1d2', 'ม-ง๒', 'ง๔', 'Ke5', 'zz'])
      expect(strictSanRefusal(start, text)).toBeUndefined();
  });
});
