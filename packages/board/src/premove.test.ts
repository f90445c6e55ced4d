// Premoves (issue 21): set while the other side is to move, shown, cancelled, made on their turn or dropped.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { MakrukBoard, MakrukMoveDetail, MakrukPremoveDetail, MakrukPremoveDropDetail } from './index.js';
import { cell, cleanup, mountBoard, settle } from './test-helpers.js';

afterEach(cleanup);

const square = (name: string) => page.getByRole('gridcell', { name: new RegExp(`^${name}(,|$)`) });
/** The start position with black to move: white (the user) may only premove. */
const BLACK_TO_MOVE = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 0 1';

function record(board: MakrukBoard) {
  const moves: MakrukMoveDetail[] = [];
  const premoves: MakrukPremoveDetail[] = [];
  const drops: MakrukPremoveDropDetail[] = [];
  board.addEventListener('makruk-move', (e) => moves.push(e.detail));
  board.addEventListener('makruk-premove', (e) => premoves.push(e.detail));
  board.addEventListener('makruk-premove-drop', (e) => drops.push(e.detail));
  return { moves, premoves, drops };
}

const marked = (board: MakrukBoard) =>
  [...board.shadowRoot!.querySelectorAll<HTMLElement>('.sq.premove')].map((el) => el.dataset.square).sort();
const status = (board: MakrukBoard) => board.shadowRoot!.querySelector('[role="status"]')!.textContent;

async function premoveBoard(): Promise<MakrukBoard> {
  return mountBoard({ fen: BLACK_TO_MOVE, movable: 'white', premove: '' });
}

describe('premoves', () => {
  it('are off by default: the side not to move cannot pick a piece up', async () => {
    const board = await mountBoard({ fen: BLACK_TO_MOVE, movable: 'white' });
    const seen = record(board);
    expect(board.premove).toBe(false);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(seen).toEqual({ moves: [], premoves: [], drops: [] });
    expect(marked(board)).toEqual([]);
    expect(board.fen).toBe(BLACK_TO_MOVE);
  });

  it('a drag on the other side’s turn sets a premove: shown on its two squares, announced, no move', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(seen.premoves).toEqual([{ from: 'e3', to: 'e4', piece: { color: 'white', role: 'pawn' } }]);
    expect(seen.moves).toEqual([]);
    expect(board.currentPremove).toEqual({ from: 'e3', to: 'e4' });
    expect(marked(board)).toEqual(['e3', 'e4']);
    expect(cell(board, 'e4').getAttribute('part')).toContain('premove');
    expect(board.fen).toBe(BLACK_TO_MOVE);
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3, white pawn');
    expect(status(board)).toBe('Premove: white pawn e3 to e4.');
  });

  it('may aim anywhere the piece’s movement reaches, even at its own piece, by click-click', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    await square('a1').click();
    await settle(board);
    expect(cell(board, 'a3').classList.contains('dest')).toBe(true); // the rook's file, through its own pawn
    expect(cell(board, 'a8').classList.contains('dest')).toBe(true);
    await square('a3').click(); // its own pawn: a premove, not a new selection
    await settle(board);
    expect(seen.premoves.map((p) => `${p.from}${p.to}`)).toEqual(['a1a3']);
    expect(board.currentPremove).toEqual({ from: 'a1', to: 'a3' });
  });

  it('is made as a normal move when the host plays the reply and it is legal then', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    let changes = 0;
    board.addEventListener('change', () => changes++);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(board.move('d6d5')).toBe(true); // the engine's reply
    await settle(board);
    expect(seen.moves.map((m) => m.uci)).toEqual(['e3e4']);
    expect(seen.moves[0]!.fen).toBe('rnsmksnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 2');
    expect(board.fen).toBe(seen.moves[0]!.fen);
    expect(changes).toBe(1);
    expect(seen.drops).toEqual([]);
    expect(board.currentPremove).toBeUndefined();
    expect(marked(board)).toEqual([]);
    expect(board.lastMove).toBe('e3e4');
  });

  it('is made when the host sets the new position itself, and the host may still refuse the move', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    await square('d3').dropTo(square('e4')); // a capture, not legal now
    await settle(board);
    expect(board.currentPremove).toEqual({ from: 'd3', to: 'e4' });
    // black's pawn comes to e4 (a diagram move by the host): the capture is legal now
    board.fen = 'rnsmksnr/8/pppp1ppp/8/4p3/PPPPPPPP/8/RNSKMSNR w - - 0 2';
    await settle(board);
    expect(seen.moves.map((m) => m.uci)).toEqual(['d3e4']);
    expect(seen.moves[0]!.captured).toEqual({ color: 'black', role: 'pawn' });

    cleanup();
    const refused = await premoveBoard();
    const refusedSeen = record(refused);
    refused.addEventListener('makruk-move', (e) => e.preventDefault());
    await square('e3').dropTo(square('e4'));
    await settle(refused);
    refused.move('d6d5');
    await settle(refused);
    expect(refusedSeen.moves.map((m) => m.uci)).toEqual(['e3e4']);
    expect(refused.fen).toBe('rnsmksnr/8/ppp1pppp/3p4/8/PPPPPPPP/8/RNSKMSNR w - - 0 2');
  });

  it('is dropped, with makruk-premove-drop (illegal), when it is not legal on its turn', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    await square('d3').dropTo(square('e4')); // a pawn capture with nothing to take
    await settle(board);
    board.move('d6d5');
    await settle(board);
    expect(seen.moves).toEqual([]);
    expect(seen.drops).toEqual([{ from: 'd3', to: 'e4', reason: 'illegal' }]);
    expect(board.currentPremove).toBeUndefined();
    expect(marked(board)).toEqual([]);
    expect(status(board)).toBe('Premove d3 to e4 not legal, dropped.');
    // and the user moves normally on their turn
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(seen.moves.map((m) => m.uci)).toEqual(['e3e4']);
  });

  it('is dropped as illegal when its piece is taken before its turn', async () => {
    const board = await mountBoard({
      fen: 'rnsmksnr/8/pppp1ppp/8/4p3/PPPPPPPP/8/RNSKMSNR b - - 0 2',
      movable: 'white',
      premove: '',
    });
    const seen = record(board);
    await square('f3').dropTo(square('f4'));
    await settle(board);
    board.fen = 'rnsmksnr/8/pppp1ppp/8/8/PPPPPpPP/8/RNSKMSNR w - - 0 3'; // black took on f3
    await settle(board);
    expect(seen.drops).toEqual([{ from: 'f3', to: 'f4', reason: 'illegal' }]);
    expect(seen.moves).toEqual([]);
  });

  it('is cancelled by a click elsewhere, a right-click, Escape, cancelPremove() or turning premoves off', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    const set = async () => {
      await square('e3').dropTo(square('e4'));
      await settle(board);
      expect(board.currentPremove).toEqual({ from: 'e3', to: 'e4' });
    };
    const cancelled = () => {
      expect(board.currentPremove).toBeUndefined();
      expect(marked(board)).toEqual([]);
      expect(seen.drops.at(-1)).toEqual({ from: 'e3', to: 'e4', reason: 'cancelled' });
    };
    await set();
    await square('c5').click(); // an empty square
    await settle(board);
    cancelled();
    expect(status(board)).toBe('Premove e3 to e4 cancelled.');

    await set();
    await square('h5').click({ button: 'right' });
    await settle(board);
    cancelled();
    expect(board.userShapes).toEqual([]); // the right-click only cancelled

    await set();
    cell(board, 'a1').focus();
    await userEvent.keyboard('{Escape}');
    await settle(board);
    cancelled();

    await set();
    board.cancelPremove();
    await settle(board);
    cancelled();

    await set();
    board.premove = false;
    await settle(board);
    cancelled();
    expect(seen.drops).toHaveLength(5);
    expect(seen.moves).toEqual([]);
    board.cancelPremove(); // none waiting: nothing happens
    expect(seen.drops).toHaveLength(5);
  });

  it('is cancelled when its side may no longer move (e.g. the game ended), and is replaced by a new one', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    await square('b1').dropTo(square('c3'));
    await settle(board);
    expect(seen.drops).toEqual([{ from: 'e3', to: 'e4', reason: 'cancelled' }]); // the press on b1 cancelled it
    expect(board.currentPremove).toEqual({ from: 'b1', to: 'c3' });
    board.movable = 'none';
    await settle(board);
    expect(seen.drops.at(-1)).toEqual({ from: 'b1', to: 'c3', reason: 'cancelled' });
    expect(board.currentPremove).toBeUndefined();
  });

  it('can be set with the keyboard', async () => {
    const board = await premoveBoard();
    const seen = record(board);
    cell(board, 'e3').focus();
    await userEvent.keyboard('{Enter}{ArrowUp}{Enter}');
    await settle(board);
    expect(seen.premoves.map((p) => `${p.from}${p.to}`)).toEqual(['e3e4']);
  });

  it('needs one movable side: with movable="both" the side not to move has no moves', async () => {
    const board = await mountBoard({ fen: BLACK_TO_MOVE, premove: '' });
    const seen = record(board);
    await square('e3').dropTo(square('e4'));
    await settle(board);
    expect(seen.premoves).toEqual([]);
    expect(board.currentPremove).toBeUndefined();
  });
});
