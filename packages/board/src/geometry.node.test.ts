import { describe, expect, it } from 'vitest';
import { squareAfterKey, squareAtPoint } from './geometry.js';

const box = { left: 100, top: 50, width: 400, height: 400 };

describe('squareAtPoint', () => {
  it('maps points to squares for white at the bottom', () => {
    expect(squareAtPoint(box, 101, 51, 'white')).toBe('a8');
    expect(squareAtPoint(box, 499, 449, 'white')).toBe('h1');
    expect(squareAtPoint(box, 100 + 3.5 * 50, 50 + 7.5 * 50, 'white')).toBe('d1');
  });
  it('maps points to squares for black at the bottom', () => {
    expect(squareAtPoint(box, 101, 51, 'black')).toBe('h1');
    expect(squareAtPoint(box, 499, 449, 'black')).toBe('a8');
  });
  it('is undefined off the board or for an empty box', () => {
    expect(squareAtPoint(box, 99, 200, 'white')).toBeUndefined();
    expect(squareAtPoint(box, 200, 450, 'white')).toBeUndefined();
    expect(squareAtPoint({ left: 0, top: 0, width: 0, height: 0 }, 0, 0, 'white')).toBeUndefined();
  });
});

describe('squareAfterKey', () => {
  it('follows the screen for either orientation', () => {
    expect(squareAfterKey('e3', 'ArrowUp', 'white')).toBe('e4');
    expect(squareAfterKey('e3', 'ArrowUp', 'black')).toBe('e2');
    expect(squareAfterKey('e3', 'ArrowLeft', 'white')).toBe('d3');
    expect(squareAfterKey('e3', 'ArrowLeft', 'black')).toBe('f3');
  });
  it('Home and End go to the ends of the row on screen', () => {
    expect(squareAfterKey('e3', 'Home', 'white')).toBe('a3');
    expect(squareAfterKey('e3', 'End', 'white')).toBe('h3');
    expect(squareAfterKey('e3', 'Home', 'black')).toBe('h3');
    expect(squareAfterKey('e3', 'End', 'black')).toBe('a3');
  });
  it('stops at the edge and ignores other keys', () => {
    expect(squareAfterKey('a1', 'ArrowDown', 'white')).toBe('a1');
    expect(squareAfterKey('h8', 'ArrowRight', 'white')).toBe('h8');
    expect(squareAfterKey('e3', 'Tab', 'white')).toBeUndefined();
  });
});
