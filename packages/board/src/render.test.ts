import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { INITIAL_FEN } from './index.js';
import { cell, cleanup, mountBoard } from './test-helpers.js';

afterEach(cleanup);

const START: Record<string, string> = {
  a1: 'white rook', b1: 'white knight', c1: 'white khon', d1: 'white king',
  e1: 'white met', f1: 'white khon', g1: 'white knight', h1: 'white rook',
  a8: 'black rook', b8: 'black knight', c8: 'black khon', d8: 'black met',
  e8: 'black king', f8: 'black khon', g8: 'black knight', h8: 'black rook',
};
for (const f of 'abcdefgh') {
  START[`${f}3`] = 'white pawn';
  START[`${f}6`] = 'black pawn';
}

describe('rendering', () => {
  it('shows the start position, every piece named on its square', async () => {
    const board = await mountBoard();
    expect(board.fen).toBe(INITIAL_FEN);
    const cells = board.shadowRoot!.querySelectorAll('[role="gridcell"]');
    expect(cells.length).toBe(64);
    for (const c of cells) {
      const square = c.getAttribute('data-square')!;
      const expected = START[square] ? `${square}, ${START[square]}` : square;
      expect(c.getAttribute('aria-label')).toBe(expected);
    }
    // and through the accessibility tree, as a screen reader user finds them
    await expect.element(page.getByRole('gridcell', { name: 'd1, white king', exact: true })).toBeInTheDocument();
    await expect.element(page.getByRole('gridcell', { name: 'e8, black king', exact: true })).toBeInTheDocument();
    await expect.element(page.getByRole('gridcell', { name: 'c1, white khon', exact: true })).toBeInTheDocument();
    await expect.element(page.getByRole('gridcell', { name: 'e1, white met', exact: true })).toBeInTheDocument();
  });

  it('screenshot', async () => {
    await page.viewport(1000, 1000);
    await mountBoard({ 'last-move': 'e3e4' }, 480);
    await mountBoard({ 'board-style': 'checkered', 'piece-set': 'western', coordinates: 'outside', orientation: 'black', fen: 'r1smk1nr/4s3/pMp1pppp/3p4/8/PP1PPPPP/2n5/RNSK1SNR w - - 0 1' }, 480);
    await mountBoard({ palette: 'red', notation: 'thai', coordinates: 'outside' }, 480);
    await mountBoard({ 'piece-set': 'western', palette: 'red' }, 192);
    document.body.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px;margin:0';
    await new Promise((r) => setTimeout(r, 100));
    await page.screenshot({ path: '../.preview/start.png' });
  });
});
