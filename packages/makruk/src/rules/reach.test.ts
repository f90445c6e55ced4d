import { describe, expect, it } from 'vitest';
import { MakrukError } from './errors.js';
import { Position } from './position.js';
import { pieceReach } from './reach.js';
import type { Piece, Square } from './types.js';

const sorted = (squares: readonly string[]) => [...squares].sort();

describe('pieceReach', () => {
  it('gives each piece its movement on an empty board', () => {
    expect(pieceReach({ color: 'white', role: 'pawn' }, 'e3')).toEqual(['e4', 'f4', 'd4']);
    expect(sorted(pieceReach({ color: 'black', role: 'pawn' }, 'a6'))).toEqual(['a5', 'b5']);
    expect(sorted(pieceReach({ color: 'white', role: 'khon' }, 'c1'))).toEqual(['b2', 'c2', 'd2']);
    expect(sorted(pieceReach({ color: 'black', role: 'khon' }, 'c8'))).toEqual(['b7', 'c7', 'd7']);
    expect(sorted(pieceReach({ color: 'white', role: 'met' }, 'e1'))).toEqual(['d2', 'f2']);
    expect(sorted(pieceReach({ color: 'white', role: 'met', promoted: true }, 'd6'))).toEqual(['c5', 'c7', 'e5', 'e7']);
    expect(sorted(pieceReach({ color: 'white', role: 'knight' }, 'b1'))).toEqual(['a3', 'c3', 'd2']);
    expect(sorted(pieceReach({ color: 'black', role: 'king' }, 'e8'))).toEqual(['d7', 'd8', 'e7', 'f7', 'f8']);
    const rook = pieceReach({ color: 'white', role: 'rook' }, 'a1');
    expect(rook).toHaveLength(14);
    expect(rook).toContain('a8');
    expect(rook).toContain('h1');
  });

  it('holds every legal move of the start position (and of a busy middle game)', () => {
    for (const fen of [
      Position.initial().fen(),
      'r1sk1s1r/3m4/1ppnpp1p/p1n3p1/2PPP3/PPN2PPP/3M1N2/R1SK1S1R w - - 0 1',
    ]) {
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      for (const move of position.value.legalMoves()) {
        const piece = position.value.pieceAt(move.from) as Piece;
        expect(pieceReach(piece, move.from)).toContain(move.to);
      }
    }
  });

  it('refuses what is not a piece or a square with ERR_ARGUMENT', () => {
    const bad = [
      () => pieceReach({ color: 'green', role: 'pawn' } as unknown as Piece, 'e3'),
      () => pieceReach({ color: 'white', role: 'queen' } as unknown as Piece, 'e3'),
      () => pieceReach(null as unknown as Piece, 'e3'),
      () => pieceReach({ color: 'white', role: 'pawn' }, 'e9' as Square),
    ];
    for (const call of bad) {
      expect(call).toThrow(MakrukError);
      try {
        call();
      } catch (error) {
        expect((error as MakrukError).code).toBe('ERR_ARGUMENT');
      }
    }
  });
});
