import { describe, expect, it } from 'vitest';
import { MakrukError } from './errors.js';
import { moveNumberAt, moveNumberText } from './move-number.js';
import { Position } from './position.js';

describe('moveNumberAt: the number and side of a move, as PGN and players write it', () => {
  it('from the start: ply 1 is 1. (White), ply 38 is 19... (Black)', () => {
    const start = Position.initial();
    expect(moveNumberAt(start, 1)).toEqual({ number: 1, color: 'white' });
    expect(moveNumberAt(start, 2)).toEqual({ number: 1, color: 'black' });
    expect(moveNumberText(moveNumberAt(start, 38))).toBe('19...');
    expect(moveNumberText(moveNumberAt(start, 39))).toBe('20.');
  });

  it('from a position with Black to move at move 50', () => {
    const start = Position.fromFen('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50');
    if (!start.ok) throw start.error;
    expect(moveNumberText(moveNumberAt(start.value, 1))).toBe('50...');
    expect(moveNumberText(moveNumberAt(start.value, 2))).toBe('51.');
  });

  it('bad arguments: ERR_ARGUMENT', () => {
    for (const call of [
      () => moveNumberAt(Position.initial(), 0),
      () => moveNumberAt({ turn: 'red', fullmoves: 1 } as never, 1),
      () => moveNumberText(null as never),
    ]) {
      expect(call).toThrow(MakrukError);
      expect(call).toThrow(expect.objectContaining({ code: 'ERR_ARGUMENT' }));
    }
  });
});
