import { describe, expect, it } from 'vitest';
import { parseBoardFen } from './fen.js';
import { generateLegalMoves, inCheck, isAttacked, moveFrom, moveTo, perftRaw } from './movegen.js';
import { squareAt, squareIndex } from './squares.js';
import type { Square } from './types.js';

function cells(boardFen: string): Int8Array {
  const board = parseBoardFen(boardFen);
  if (!board.ok) throw board.error;
  return board.value.cells;
}

function moves(boardFen: string, black = false): string[] {
  return generateLegalMoves(cells(boardFen), black)
    .map((m) => `${squareAt(moveFrom(m))}${squareAt(moveTo(m))}`)
    .sort();
}

describe('movegen', () => {
  it('counts the start position like RULES.md (depth 1-3)', () => {
    const start = cells('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR');
    expect(perftRaw(start, false, 1)).toBe(23);
    expect(perftRaw(start, false, 2)).toBe(529);
    expect(perftRaw(start, false, 3)).toBe(12012);
  });
});
