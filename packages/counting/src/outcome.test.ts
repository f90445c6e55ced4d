import { describe, expect, it } from 'vitest';
import { countingVerdict, isCountExpired, limitMoves, nextCountNumber } from './outcome.js';
import { automaticCountAfterMove } from './automatic.js';
import type { Count, MoveFacts } from './types.js';
import { applyUci, countOf, readFen } from './testing/fen-board.js';

const quiet = (mover: 'white' | 'black'): MoveFacts => ({
  mover,
  capture: false,
  promotion: false,
  capturedPawn: false,
});

describe('isCountExpired', () => {
  it('only when the count ply exceeds the limit', () => {
    const count: Count = { kind: 'board', side: 'white', limitPlies: 128, plies: 128 };
    expect(isCountExpired(count)).toBe(false);
    expect(isCountExpired({ ...count, plies: 129 })).toBe(true);
  });
});

describe('K+R+R+N v K (docs/rules.md): the bare side counts 6, 7, 8; White has three moves to mate', () => {
  // b1b7: Black is bare, N = 5, limit 8 moves: pieces' honour starts at ply 10 with Black to move.
  const fen = '4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40';
  const first = applyUci(readFen(fen), 'b1b7');
  const start = automaticCountAfterMove(countOf(fen), first.facts, first.after) as Count;

  it('starts at N+1 = 6 with limit 8 moves', () => {
    expect(start).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(nextCountNumber(start)).toBe(6);
    expect(limitMoves(start)).toBe(8);
  });

  it('announced counts are 6, 7, 8, the next would be 9 = limit + 1: a draw', () => {
    let count = start;
    const announced: number[] = [];
    let whiteMovesBeforeDraw = 0;
    for (let ply = 0; ply < 12; ply++) {
      const mover = ply % 2 === 0 ? 'black' : 'white';
      if (mover === 'black') announced.push(nextCountNumber(count));
      count = automaticCountAfterMove(count, quiet(mover), first.after) as Count;
      if (countingVerdict(count, mover === 'black' ? 'white' : 'black', false, 'game') !== undefined) break;
      if (mover === 'white') whiteMovesBeforeDraw++;
    }
    expect(announced).toEqual([6, 7, 8, 9]);
    expect(whiteMovesBeforeDraw).toBe(3);
    expect(count.plies).toBe(17);
    expect(countingVerdict(count, 'white', false, 'game')).toEqual({ result: 'draw', reason: 'counting-limit' });
  });

  it('a mate on the ply that brings the count to the limit wins; one ply later it is a draw', () => {
    const atLimit: Count = { ...start, plies: 16 };
    expect(countingVerdict(atLimit, 'black', true, 'game')).toEqual({
      result: 'win',
      winner: 'white',
      reason: 'checkmate',
    });
    expect(countingVerdict(atLimit, 'black', true, 'automatic')).toEqual({
      result: 'win',
      winner: 'white',
      reason: 'checkmate',
    });
    expect(countingVerdict(atLimit, 'black', false, 'game')).toBeUndefined();
    const past: Count = { ...start, plies: 17 };
    expect(countingVerdict(past, 'white', false, 'game')).toEqual({ result: 'draw', reason: 'counting-limit' });
    expect(countingVerdict(past, 'white', false, 'automatic')).toEqual({ result: 'draw', reason: 'counting-limit' });
  });
});

describe("board's honour: the counting side's mate", () => {
  const counting: Count = { kind: 'board', side: 'white', limitPlies: 128, plies: 21 };
  it('is a draw in game mode', () => {
    expect(countingVerdict(counting, 'black', true, 'game')).toEqual({ result: 'draw', reason: 'counting-side-mate' });
  });
  it('is a win in automatic mode (engines, Fairy-Stockfish)', () => {
    expect(countingVerdict(counting, 'black', true, 'automatic')).toEqual({
      result: 'win',
      winner: 'white',
      reason: 'checkmate',
    });
  });
  it("the other side's mate wins in both modes", () => {
    expect(countingVerdict(counting, 'white', true, 'game')).toEqual({
      result: 'win',
      winner: 'black',
      reason: 'checkmate',
    });
  });
  it("the 65th counted move of the counting side is a draw, the other side's reply after count 64 may still mate", () => {
    // counting side's 64th move: ply 127; the other side replies: ply 128 (mate wins); the 65th: ply 129
    expect(countingVerdict({ ...counting, plies: 128 }, 'white', true, 'game')).toEqual({
      result: 'win',
      winner: 'black',
      reason: 'checkmate',
    });
    expect(countingVerdict({ ...counting, plies: 128 }, 'white', false, 'game')).toBeUndefined();
    expect(countingVerdict({ ...counting, plies: 129 }, 'black', false, 'game')).toEqual({
      result: 'draw',
      reason: 'counting-limit',
    });
  });
  it('no count: only checkmate matters', () => {
    expect(countingVerdict(null, 'black', true, 'game')).toEqual({
      result: 'win',
      winner: 'white',
      reason: 'checkmate',
    });
    expect(countingVerdict(null, 'black', false, 'game')).toBeUndefined();
  });
});
