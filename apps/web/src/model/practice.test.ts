import { Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { ENDINGS, practicePosition } from './practice.js';

describe('practicePosition', () => {
  it('gives a legal start for every ending: Black bare and counting from N+1 under the table’s limit', () => {
    const limits: Record<string, number> = { KRRK: 8, KRK: 16, KSSK: 22, KSMK: 44, KNMK: 64, KMMK: 64 };
    for (const ending of ENDINGS) {
      for (let seed = 1; seed <= 20; seed++) {
        const position = practicePosition(ending, seed);
        expect(Position.fromFen(position.fen()).ok).toBe(true);
        expect(position.turn).toBe('black');
        expect(position.isCheck()).toBe(false);
        expect(position.outcome()).toBeUndefined();
        expect(position.legalMoves().some((move) => position.isCapture(move))).toBe(false);
        const pieces = 2 + ending.pieces.length;
        expect(position.counting).toMatchObject({
          kind: 'pieces',
          side: 'black',
          plies: 2 * pieces,
          limitPlies: 2 * (limits[ending.id] ?? 0),
        });
      }
    }
  });

  it('is the same for the same seed', () => {
    const ending = ENDINGS[1];
    if (!ending) throw new Error('no ending');
    expect(practicePosition(ending, 30).fen()).toBe(practicePosition(ending, 30).fen());
  });
});
