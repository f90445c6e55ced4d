import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { MakrukMoveDetail } from './index.js';
import { cell, cleanup, mountBoard, settle } from './test-helpers.js';

afterEach(cleanup);

const square = (name: string) => page.getByRole('gridcell', { name: new RegExp(`^${name}(,|$)`) });

function recordMoves(board: HTMLElement): MakrukMoveDetail[] {
  const seen: MakrukMoveDetail[] = [];
  board.addEventListener('makruk-move', (e) => seen.push(e.detail));
  return seen;
}

describe('moving with the pointer', () => {
  it('click-click moves a pawn and reports the move', async () => {
    const board = await mountBoard();
    const moves = recordMoves(board);
    let changes = 0;
    board.addEventListener('change', () => changes++);
    await square('e3').click();
    await settle(board);
    expect(cell(board, 'e3').getAttribute('aria-selected')).toBe('true');
    expect(cell(board, 'e4').classList.contains('dest')).toBe(true);
    await square('e4').click();
    await settle(board);
    expect(cell(board, 'e4').getAttribute('aria-label')).toBe('e4, white pawn');
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3');
    expect(moves).toEqual([
      {
        from: 'e3',
        to: 'e4',
        uci: 'e3e4',
        san: 'e4',
        piece: { color: 'white', role: 'pawn' },
        fen: 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1',
      },
    ]);
    expect(board.fen).toBe(moves[0]!.fen);
    expect(board.lastMove).toBe('e3e4');
    expect(changes).toBe(1);
  });

  it('drag and drop moves a knight', async () => {
    const board = await mountBoard();
    const moves = recordMoves(board);
    await square('b1').dropTo(square('d2'));
    await settle(board);
    expect(moves.map((m) => m.uci)).toEqual(['b1d2']);
    expect(moves[0]!.san).toBe('Nd2');
    expect(cell(board, 'd2').getAttribute('aria-label')).toBe('d2, white knight');
    expect(cell(board, 'b1').getAttribute('aria-label')).toBe('b1');
  });

  it('refuses an illegal drop and an illegal click, and the piece stays home', async () => {
    const board = await mountBoard();
    const moves = recordMoves(board);
    await square('e3').dropTo(square('e5'));
    await settle(board);
    await square('d1').click();
    await square('d4').click();
    await settle(board);
    await square('e6').dropTo(square('e5')); // not black's turn
    await settle(board);
    expect(moves).toEqual([]);
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3, white pawn');
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, white king');
    expect(cell(board, 'e6').getAttribute('aria-label')).toBe('e6, black pawn');
    expect(board.shadowRoot!.querySelector('.ghost')).toBeNull();
  });

  it('keeps the position when the host cancels makruk-move', async () => {
    const board = await mountBoard();
    const before = board.fen;
    let changes = 0;
    board.addEventListener('change', () => changes++);
    board.addEventListener('makruk-move', (e) => e.preventDefault());
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(board.fen).toBe(before);
    expect(changes).toBe(0);
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3, white pawn');
    expect(cell(board, 'e4').getAttribute('aria-label')).toBe('e4');
  });

  it('promotes automatically and marks the promoted pawn', async () => {
    const board = await mountBoard({ fen: '4k3/8/8/2P5/8/8/8/3K4 w - - 0 1' });
    const moves = recordMoves(board);
    await square('c5').dropTo(square('c6'));
    await settle(board);
    expect(moves[0]).toMatchObject({ uci: 'c5c6m', san: 'c6=M', promotion: 'met' });
    expect(cell(board, 'c6').getAttribute('aria-label')).toBe('c6, white met (promoted pawn)');
    expect(cell(board, 'c6').querySelector('use')!.getAttribute('href')).toBe('#mk-promoted');
  });

  it('movable limits who may move, and host dests replace the rules', async () => {
    const board = await mountBoard({ movable: 'black' });
    const moves = recordMoves(board);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(moves).toEqual([]);
    board.movable = 'both';
    board.dests = new Map([['e3', ['e4']]]);
    await settle(board);
    await square('b1').dropTo(square('d2')); // legal by the rules, but the host did not offer it
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(moves.map((m) => m.uci)).toEqual(['e3e4']);
  });

  it('shows check on the king in check', async () => {
    const board = await mountBoard({ fen: '4k3/8/8/8/8/8/8/R2K4 w - - 0 1' });
    await square('a1').dropTo(square('a8'));
    await settle(board);
    expect(cell(board, 'e8').classList.contains('check')).toBe(true);
    expect(board.shadowRoot!.querySelector('[role="status"]')!.textContent).toContain('Check');
  });
});

describe('moving with the keyboard alone', () => {
  it('Tab into the grid, arrows to a piece, Enter to pick up, arrows, Enter to drop', async () => {
    const board = await mountBoard();
    const moves = recordMoves(board);
    const focusTarget = document.createElement('button');
    focusTarget.textContent = 'before';
    document.body.prepend(focusTarget);
    focusTarget.focus();
    await userEvent.tab(); // the roving tab stop starts on a1
    expect(board.shadowRoot!.activeElement?.getAttribute('data-square')).toBe('a1');
    for (const key of ['{ArrowUp}', '{ArrowUp}', '{ArrowRight}', '{ArrowRight}', '{ArrowRight}', '{ArrowRight}']) {
      await userEvent.keyboard(key);
      await settle(board);
    }
    expect(board.shadowRoot!.activeElement?.getAttribute('data-square')).toBe('e3');
    await userEvent.keyboard('{Enter}');
    await settle(board);
    expect(board.shadowRoot!.querySelector('[role="status"]')!.textContent).toContain('Picked up white pawn on e3');
    await userEvent.keyboard('{ArrowUp}');
    await settle(board);
    await userEvent.keyboard(' ');
    await settle(board);
    expect(moves.map((m) => m.uci)).toEqual(['e3e4']);
    expect(cell(board, 'e4').getAttribute('aria-label')).toBe('e4, white pawn');
    expect(board.shadowRoot!.querySelector('[role="status"]')!.textContent).toBe('white pawn e3 to e4.');
  });

  it('arrow keys follow the screen when the board is turned (black at the bottom)', async () => {
    const board = await mountBoard({ orientation: 'black' });
    const moves = recordMoves(board);
    cell(board, 'e6').focus();
    await userEvent.keyboard('{ArrowLeft}'); // on screen, left of e6 is f6 when black is at the bottom
    await settle(board);
    expect(board.shadowRoot!.activeElement?.getAttribute('data-square')).toBe('f6');
    await userEvent.keyboard('{ArrowUp}'); // and up goes towards rank 1
    await settle(board);
    expect(board.shadowRoot!.activeElement?.getAttribute('data-square')).toBe('f5');
    board.fen = 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1';
    await settle(board);
    cell(board, 'f6').focus();
    await userEvent.keyboard('{Enter}{ArrowUp}{Enter}');
    await settle(board);
    expect(moves.map((m) => m.san)).toEqual(['f5']);
    await userEvent.keyboard('{Escape}');
  });
});

describe('host-supplied destinations on a diagram the rules refuse', () => {
  it('moves the drawn piece as the host allows and reports the resulting FEN', async () => {
    const board = await mountBoard({ fen: 'k7/8/8/8/8/2P5/8/8 w - - 0 1' }); // no white king: refused by the rules
    expect(board.position).toBeUndefined();
    const moves = recordMoves(board);
    await square('c3').dropTo(square('c4'));
    expect(moves).toEqual([]); // nothing moves without dests
    board.dests = { c3: ['c4'] };
    await settle(board);
    await square('c3').dropTo(square('c4'));
    await settle(board);
    expect(moves).toEqual([
      {
        from: 'c3',
        to: 'c4',
        uci: 'c3c4',
        san: 'c3c4',
        fen: 'k7/8/8/8/2P5/8/8/8 b - - 0 1',
        piece: { color: 'white', role: 'pawn' },
      },
    ]);
    expect(cell(board, 'c4').getAttribute('aria-label')).toBe('c4, white pawn');
  });
});

describe('refused moves', () => {
  const status = (board: HTMLElement) => board.shadowRoot!.querySelector('[role="status"]')!.textContent;

  it('the live region says the same for a refused move by click, drag or keyboard', async () => {
    const said: string[] = [];
    // click e3, then click e5
    let board = await mountBoard();
    await square('e3').click();
    await square('e5').click();
    await settle(board);
    said.push(status(board)!);
    cleanup();
    // drag e3 to e5
    board = await mountBoard();
    await square('e3').dropTo(square('e5'));
    await settle(board);
    said.push(status(board)!);
    cleanup();
    // keyboard: Enter on e3, up twice, Enter
    board = await mountBoard();
    cell(board, 'e3').focus();
    await userEvent.keyboard('{Enter}{ArrowUp}{ArrowUp}{Enter}');
    await settle(board);
    said.push(status(board)!);
    expect(said).toEqual(Array(3).fill('white pawn e3 cannot move to e5.'));
    expect(cell(board, 'e3').getAttribute('aria-selected')).toBe('false'); // put down, as after a refused drop
  });

  it('a move the host cancels is announced the same way on every path', async () => {
    const said: string[] = [];
    for (const how of ['click', 'drag', 'keyboard']) {
      const board = await mountBoard();
      board.addEventListener('makruk-move', (e) => e.preventDefault());
      if (how === 'click') {
        await square('e3').click();
        await square('e4').click();
      } else if (how === 'drag') {
        await square('e3').dropTo(square('e4'));
      } else {
        cell(board, 'e3').focus();
        await userEvent.keyboard('{Enter}{ArrowUp}{Enter}');
      }
      await settle(board);
      said.push(status(board)!);
      cleanup();
    }
    expect(said).toEqual(Array(3).fill('white pawn e3 to e4 was refused.'));
  });
});

describe('wrongly typed calls from plain JavaScript', () => {
  it("move() with a non-string throws the library's typed error, not a TypeError", async () => {
    const { MakrukError } = await import('@makruk/makruk');
    const board = await mountBoard();
    for (const bad of [42, null, undefined, { from: 'e3', to: 'e4' }, ['e3e4']]) {
      let thrown: unknown;
      try {
        (board.move as (x: unknown) => boolean)(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MakrukError);
      expect((thrown as InstanceType<typeof MakrukError>).code).toBe('ERR_ILLEGAL_MOVE');
    }
    expect(() => (board.move as (x: unknown) => boolean)(42)).toThrow(
      /move\(\) takes a move in UCI notation.*a number \(42\)/,
    );
    expect(board.move('e3e5')).toBe(false); // a string that is no legal move stays a plain false
    // a position that is not a Position is drawn as a refused FEN, never a TypeError
    (board as unknown as { position: unknown }).position = 42;
    expect(board.fenError).toBeTypeOf('string');
    // shapes that are not an array are none
    for (const bad of [null, 42, 'e3e4', { from: 'e3' }]) {
      (board as unknown as { userShapes: unknown }).userShapes = bad;
      expect(board.userShapes).toEqual([]);
    }
  });
});
