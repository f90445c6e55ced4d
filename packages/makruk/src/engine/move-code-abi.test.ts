// The rules' move code (rules/move-code.ts) against the ABI's owner on the TypeScript side, @makruk/engine's
// MOVE_PROMOTION (packages/engine/src/abi.ts, itself pinned to assembly/types.ts). The rules may not import the
// engine (layering.test.ts), so the two are kept equal here, on the engine side, where both can be read.
import { MOVE_PROMOTION, instantiateEngine } from '@makruk/engine';
import { describe, expect, it } from 'vitest';
import { encodedMoveToUci, encodeMove, PROMOTION_FLAG } from '../rules/move-code.js';
import { Position } from '../rules/position.js';
import { squareIndex } from '../rules/squares.js';
import { makeUci } from '../rules/uci.js';
import { loadWasmFen } from './wasm-fen.js';

describe("the rules' move code is the wasm's", () => {
  it('has the promotion flag of the ABI', () => {
    expect(PROMOTION_FLAG).toBe(MOVE_PROMOTION);
  });

  it("encodes every legal move as the wasm's generator does (promotions included)", () => {
    const wasm = instantiateEngine('release');
    for (const fen of ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', '4k3/8/8/2P5/5p2/8/8/3K4 b - - 0 1']) {
      expect(loadWasmFen(wasm, fen)).toBe(0);
      const count = wasm.generateMoves();
      const codes = Array.from(new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count)).sort((a, b) => a - b);
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      const ours = position.value
        .legalMoves()
        .map((move) => encodeMove(squareIndex(move.from), squareIndex(move.to), move.promotion === 'met'))
        .sort((a, b) => a - b);
      expect(ours).toEqual(codes);
      expect(codes.some((code) => (code & MOVE_PROMOTION) !== 0)).toBe(fen.startsWith('4k3'));
      expect(ours.map(encodedMoveToUci).sort()).toEqual(position.value.legalMoves().map(makeUci).sort());
    }
  });
});
