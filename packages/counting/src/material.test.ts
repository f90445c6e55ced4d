import { describe, expect, it } from 'vitest';
import {
  NO_MATERIAL,
  bareKingSide,
  countMayRunFor,
  countingPossible,
  isBare,
  pieceCount,
  piecesHonourLimit,
} from './material.js';
import { materialFromPlacement } from './placement.js';
import type { Material, SideMaterial } from './types.js';

function side(partial: Partial<SideMaterial>): SideMaterial {
  return { ...NO_MATERIAL, ...partial };
}

function material(placement: string): Material {
  const result = materialFromPlacement(placement);
  if (!result.ok) throw result.error;
  return result.value;
}

describe('countingPossible', () => {
  it('is false while any unpromoted pawn of either colour is on the board', () => {
    expect(countingPossible(material('4k3/8/8/8/8/8/P7/RR2K3'))).toBe(false);
    expect(countingPossible(material('4k3/p7/8/8/8/8/8/RR2K3'))).toBe(false);
  });
  it('is true when only promoted pawns (mets) remain', () => {
    expect(countingPossible(material('4k3/m~7/8/8/8/8/M~7/RR2K3'))).toBe(true);
    expect(countingPossible(material('4k3/f7/8/8/8/8/F7/RR2K3'))).toBe(true);
  });
});

describe('bareKingSide', () => {
  it('names the side with only its king', () => {
    expect(bareKingSide(material('4k3/8/8/8/8/8/8/RR1NK3'))).toBe('black');
    expect(bareKingSide(material('4k3/8/2n5/8/8/8/8/4K3'))).toBe('white');
  });
  it('is undefined when neither or both sides are bare', () => {
    expect(bareKingSide(material('4k3/8/2n5/8/8/8/8/RR2K3'))).toBeUndefined();
    expect(bareKingSide(material('4k3/8/8/8/8/8/8/4K3'))).toBeUndefined();
  });
  it('a pawn is not a bare king', () => {
    expect(bareKingSide(material('4k3/p7/8/8/8/8/8/R3K3'))).toBeUndefined();
    expect(isBare(side({ pawns: 1 }))).toBe(false);
  });
});

describe('pieceCount', () => {
  it('counts every piece with both kings', () => {
    expect(pieceCount(material('4k3/8/8/8/8/8/8/RR1NK3'))).toBe(5);
    expect(pieceCount(material('8/8/8/8/8/8/1k6/1R2K2R'))).toBe(4);
    expect(pieceCount(material('4k3/8/8/8/8/8/8/4K3'))).toBe(2);
    expect(pieceCount(material('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR'))).toBe(32);
  });
});

describe('piecesHonourLimit: each row of the table, first match wins', () => {
  const rows: Array<[string, Partial<SideMaterial>, number]> = [
    ['two rooks', { rooks: 2 }, 8],
    ['three rooks (promotion cannot make one, but two or more)', { rooks: 3 }, 8],
    ['two rooks and more', { rooks: 2, knights: 2, khons: 2, mets: 1 }, 8],
    ['one rook', { rooks: 1 }, 16],
    ['one rook with khons and knights', { rooks: 1, khons: 2, knights: 2 }, 16],
    ['two khons', { khons: 2 }, 22],
    ['two khons and two knights', { khons: 2, knights: 2 }, 22],
    ['two knights', { knights: 2 }, 32],
    ['two knights and a khon', { knights: 2, khons: 1 }, 32],
    ['one khon', { khons: 1 }, 44],
    ['one khon and one knight', { khons: 1, knights: 1, mets: 2 }, 44],
    ['one knight', { knights: 1 }, 64],
    ['one knight and mets', { knights: 1, mets: 3 }, 64],
    ['mets only', { mets: 2 }, 64],
    ['nothing', {}, 64],
  ];
  for (const [name, strong, limit] of rows) {
    it(`${name} → ${limit}`, () => expect(piecesHonourLimit(side(strong))).toBe(limit));
  }
});

describe('countMayRunFor', () => {
  it('never for the stronger side facing a bare king', () => {
    const m = material('4k3/8/8/8/8/8/8/RR1NK3');
    expect(countMayRunFor('white', m)).toBe(false);
    expect(countMayRunFor('black', m)).toBe(true);
  });
  it('not while a pawn remains', () => {
    const m = material('4k3/8/2n5/8/8/8/P7/RR2K3');
    expect(countMayRunFor('white', m)).toBe(false);
    expect(countMayRunFor('black', m)).toBe(false);
  });
  it('for neither side with two bare kings (as Fairy-Stockfish)', () => {
    const m = material('4k3/8/8/8/8/8/8/4K3');
    expect(countMayRunFor('white', m)).toBe(false);
    expect(countMayRunFor('black', m)).toBe(false);
  });
  it('for either side when both have pieces', () => {
    const m = material('4k3/8/2n5/8/8/8/8/RR2K3');
    expect(countMayRunFor('white', m)).toBe(true);
    expect(countMayRunFor('black', m)).toBe(true);
  });
});

describe('materialFromPlacement', () => {
  it('reads canonical letters, aliases and the promoted mark', () => {
    const m = material('rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNF~');
    expect(m.white).toEqual({ pawns: 8, mets: 2, khons: 2, knights: 2, rooks: 1 });
    expect(m.black).toEqual({ pawns: 8, mets: 1, khons: 2, knights: 2, rooks: 2 });
  });
  it('rejects unknown letters with a typed error', () => {
    const result = materialFromPlacement('4k3/8/8/8/8/8/8/4K2X');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('ERR_FEN_BOARD');
      expect(result.error.message).toContain("'X'");
    }
  });
});
