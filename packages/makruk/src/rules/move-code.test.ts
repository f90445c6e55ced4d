import { describe, expect, it } from 'vitest';
import { encodedMoveToUci, encodeMove, isPromotion, moveFrom, moveTo, PROMOTION_FLAG } from './move-code.js';
import { Position } from './position.js';
import { squareIndex } from './squares.js';
import { makeUci } from './uci.js';

describe('the move code shared with the wasm (Contract 1)', () => {
  it('writes UCI from the encoding, with m for a promotion', () => {
    expect(encodedMoveToUci(20 | (28 << 6))).toBe('e3e4');
    expect(encodedMoveToUci(34 | (42 << 6) | PROMOTION_FLAG)).toBe('c5c6m');
    expect(PROMOTION_FLAG).toBe(1 << 12);
  });

  it('encodes and reads back every legal move, promotions included, as the library writes them in UCI', () => {
    let promotions = 0;
    for (const fen of ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', '4k3/8/8/2P5/5p2/8/8/3K4 w - - 0 1']) {
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      const moves = position.value.legalMoves();
      expect(moves.length).toBeGreaterThan(5);
      for (const move of moves) {
        const code = encodeMove(squareIndex(move.from), squareIndex(move.to), move.promotion === 'met');
        expect([moveFrom(code), moveTo(code), isPromotion(code)]).toEqual([
          squareIndex(move.from),
          squareIndex(move.to),
          move.promotion === 'met',
        ]);
        expect(encodedMoveToUci(code)).toBe(makeUci(move));
        if (isPromotion(code)) promotions++;
      }
    }
    expect(promotions).toBeGreaterThan(0);
  });
});
