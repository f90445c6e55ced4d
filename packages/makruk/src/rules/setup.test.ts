import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { Position } from './position.js';
import { defaultSetup } from './fen.js';
import { copySetup, materialOf, validateSetup, type Setup } from './setup.js';

function code(setup: Setup): string | undefined {
  return validateSetup(setup)?.code;
}

describe('Setup', () => {
  it('the default setup is the start position and is valid', () => {
    expect(code(defaultSetup())).toBeUndefined();
    const pos = Position.fromSetup(defaultSetup());
    expect(pos.ok && pos.value.fen()).toBe(Position.initial().fen());
  });

  it('material counts unpromoted pawns apart and promoted pawns as mets', () => {
    const board = Board.empty();
    board.set('e1', { color: 'white', role: 'king' });
    board.set('e8', { color: 'black', role: 'king' });
    board.set('c6', { color: 'white', role: 'met', promoted: true });
    board.set('d1', { color: 'white', role: 'met' });
    board.set('a5', { color: 'black', role: 'pawn' });
    board.set('b8', { color: 'black', role: 'rook' });
    expect(materialOf(board)).toEqual({
      white: { pawns: 0, mets: 2, khons: 0, knights: 0, rooks: 0 },
      black: { pawns: 1, mets: 0, khons: 0, knights: 0, rooks: 1 },
    });
  });

  it('Position.fromSetup copies the setup', () => {
    const setup = defaultSetup();
    const pos = Position.fromSetup(setup);
    setup.board.set('e3', undefined);
    expect(pos.ok && pos.value.pieceAt('e3')).toEqual({ color: 'white', role: 'pawn' });
  });

  it('rejects hand-made setups that are not well formed, with codes', () => {
    const broken = (change: (s: Setup) => void) => {
      const setup = copySetup(defaultSetup());
      change(setup);
      return code(setup);
    };
    expect(
      broken((s) => {
        s.turn = 'red' as never;
      }),
    ).toBe('ERR_FEN_TURN');
    expect(
      broken((s) => {
        s.halfmoves = -1;
      }),
    ).toBe('ERR_FEN_MOVES');
    expect(
      broken((s) => {
        s.fullmoves = 0;
      }),
    ).toBe('ERR_FEN_MOVES');
    expect(
      broken((s) => {
        s.fullmoves = 1.5;
      }),
    ).toBe('ERR_FEN_MOVES');
    expect(
      broken((s) => {
        s.counting = { kind: 'board', side: 'white', limitPlies: -4, plies: 0 };
      }),
    ).toBe('ERR_FEN_COUNTING');
    expect(
      broken((s) => {
        s.counting = { kind: 'other', side: 'white', limitPlies: 16, plies: 0 } as never;
      }),
    ).toBe('ERR_FEN_COUNTING');
    expect(
      broken((s) => {
        s.board.cells[20] = 7;
      }),
    ).toBe('ERR_FEN_BOARD');
    expect(
      broken((s) => {
        s.board.cells[20] = 16 | 3;
      }),
    ).toBe('ERR_FEN_BOARD'); // a promoted khon
    expect(
      broken((s) => {
        (s as { board: unknown }).board = {};
      }),
    ).toBe('ERR_FEN_BOARD');
    expect(broken(() => {})).toBeUndefined();
  });
});
