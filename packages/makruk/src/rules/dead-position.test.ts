import { describe, expect, it } from 'vitest';
import { canMate, isDeadPosition } from './dead-position.js';
import { parseBoardFen } from './fen.js';
import { Position } from './position.js';
import type { Board } from './board.js';

function board(fen: string): Board {
  const parsed = parseBoardFen(fen.split(' ')[0] as string);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

describe('dead positions (docs/rules.md "Dead position")', () => {
  it("the rule's own examples", () => {
    // K+M v K+M, both mets on dark squares (a1 dark; c3 dark): dead.
    expect(isDeadPosition(board('4k3/8/8/8/8/2m5/8/M3K3'))).toBe(true);
    // K v K+P: the pawn can only become a lone met.
    expect(isDeadPosition(board('4k3/8/8/8/8/3P4/8/4K3'))).toBe(true);
    expect(isDeadPosition(board('4k3/8/8/3p4/8/8/8/4K3'))).toBe(true);
    // K+N v K+P: not dead (the knight has a helper; the pawn too).
    expect(isDeadPosition(board('4k3/8/8/3p4/8/8/8/1N2K3'))).toBe(false);
    // K+M v K+M on opposite colours: not dead.
    expect(isDeadPosition(board('4k3/8/8/8/8/3m4/8/M3K3'))).toBe(false);
    // K+S v K and K + two mets of opposite colours v K: a mate exists.
    expect(isDeadPosition(board('4k3/8/8/8/8/8/8/2S1K3'))).toBe(false);
    expect(isDeadPosition(board('4k3/8/8/8/8/8/8/MM2K3'))).toBe(false);
  });

  it('canMate per side follows the three clauses', () => {
    const krk = board('4k3/8/8/8/8/8/8/R3K3');
    expect(canMate(krk, 'white')).toBe(true);
    expect(canMate(krk, 'black')).toBe(false);
    // 2. a met with a helper of either side (here Black's rook) can mate; the rook side can too.
    const mr = board('4k3/8/8/8/8/8/r7/M3K3');
    expect(canMate(mr, 'white')).toBe(true);
    expect(canMate(mr, 'black')).toBe(true);
    // 2. mets of both sides on both colours: each met side can mate.
    const mm = board('4k3/8/8/8/8/3m4/8/M3K3');
    expect([canMate(mm, 'white'), canMate(mm, 'black')]).toEqual([true, true]);
    // 2. same-colour mets, no helper: neither.
    const same = board('4k3/8/8/8/8/8/1M6/M3K3');
    expect([canMate(same, 'white'), canMate(same, 'black')]).toEqual([false, false]);
    // 3. a knight alone cannot; with any second piece on the board it can.
    expect(canMate(board('4k3/8/8/8/8/8/8/1N2K3'), 'white')).toBe(false);
    expect(canMate(board('4k3/8/8/8/8/8/8/NN2K3'), 'white')).toBe(true);
    expect(canMate(board('4k3/n7/8/8/8/8/8/1N2K3'), 'white')).toBe(true);
    // a lone met side facing a knight: the knight is a helper for the met, and the knight has a second piece.
    const mn = board('4k3/8/8/8/8/8/n7/M3K3');
    expect([canMate(mn, 'white'), canMate(mn, 'black')]).toEqual([true, true]);
    // K v K.
    expect(isDeadPosition(board('4k3/8/8/8/8/8/8/4K3'))).toBe(true);
  });

  it('promoted pawns count as mets', () => {
    expect(isDeadPosition(board('4k3/8/8/8/8/8/8/M~1M~1K3'))).toBe(true);
    expect(isDeadPosition(board('4k3/8/8/8/8/8/8/M~M~2K3'))).toBe(false);
  });

  it('a dead position is a draw at once in Position.outcome()', () => {
    for (const fen of ['4k3/8/8/8/8/2m5/8/M3K3 w - - 0 40', '4k3/8/8/8/8/3P4/8/4K3 b - - 0 40']) {
      const pos = Position.fromFen(fen);
      if (!pos.ok) throw pos.error;
      expect(pos.value.outcome(), fen).toEqual({ reason: 'insufficient-material' });
      expect(pos.value.isInsufficientMaterial(), fen).toBe(true);
    }
  });
});
