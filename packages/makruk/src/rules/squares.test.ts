import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { fileOf, isDarkSquare, isSquare, parseSquare, rankOf, squareAt, squareIndex } from './squares.js';
import { SQUARES } from './types.js';

describe('squares', () => {
  it('numbers a1 = 0, b1 = 1, … h8 = 63 like the engine', () => {
    expect(SQUARES).toHaveLength(64);
    expect(SQUARES[0]).toBe('a1');
    expect(SQUARES[1]).toBe('b1');
    expect(SQUARES[8]).toBe('a2');
    expect(SQUARES[63]).toBe('h8');
    SQUARES.forEach((square, index) => {
      expect(squareIndex(square)).toBe(index);
      expect(squareAt(index)).toBe(square);
      expect(fileOf(index)).toBe(square.charCodeAt(0) - 97);
      expect(rankOf(index)).toBe(Number(square[1]) - 1);
    });
  });

  it('parses names and knows square colours', () => {
    expect(parseSquare('e4')).toBe('e4');
    expect(parseSquare('e9')).toBeUndefined();
    expect(parseSquare('E4')).toBeUndefined();
    expect(isSquare('h8')).toBe(true);
    expect(isSquare(7)).toBe(false);
    expect(isDarkSquare(squareIndex('a1'))).toBe(true);
    expect(isDarkSquare(squareIndex('b1'))).toBe(false);
    expect(isDarkSquare(squareIndex('h8'))).toBe(true);
  });
});

describe('Board', () => {
  it('stores pieces with their promoted mark', () => {
    const board = Board.empty();
    board.set('c6', { color: 'white', role: 'met', promoted: true });
    board.set('e8', { color: 'black', role: 'king' });
    board.set('d4', { color: 'white', role: 'khon', promoted: true }); // only a met can be promoted
    expect(board.get('c6')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(board.get('d4')).toEqual({ color: 'white', role: 'khon' });
    expect(board.pieces().map(([square]) => square)).toEqual(['d4', 'c6', 'e8']);
    expect(board.count('white')).toBe(2);
    expect(board.count('black', 'king')).toBe(1);
    const copy = board.clone();
    board.set('c6', undefined);
    expect(board.get('c6')).toBeUndefined();
    expect(copy.get('c6')).toBeDefined();
  });
});
