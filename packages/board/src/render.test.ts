import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { INITIAL_FEN, type MakrukBoard } from './index.js';
import { cell, cleanup, mountBoard } from './test-helpers.js';

afterEach(cleanup);

const START: Record<string, string> = {
  a1: 'white rook',
  b1: 'white knight',
  c1: 'white khon',
  d1: 'white king',
  e1: 'white met',
  f1: 'white khon',
  g1: 'white knight',
  h1: 'white rook',
  a8: 'black rook',
  b8: 'black knight',
  c8: 'black khon',
  d8: 'black met',
  e8: 'black king',
  f8: 'black khon',
  g8: 'black knight',
  h8: 'black rook',
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

  it('draws each piece with its own symbol, and the Thai urns differ by height', async () => {
    for (const set of ['thai', 'western']) {
      const board = await mountBoard({ 'piece-set': set, fen: '4k3/8/2M~5/8/8/2P5/8/3KMSNR w - - 0 1' });
      const use = (sq: string) => cell(board, sq).querySelector('use')!.getAttribute('href');
      expect([use('d1'), use('e1'), use('f1'), use('g1'), use('h1'), use('c3'), use('c6')]).toEqual([
        '#mk-king',
        '#mk-met',
        '#mk-khon',
        '#mk-knight',
        '#mk-rook',
        '#mk-pawn',
        '#mk-promoted',
      ]);
      const root = board.shadowRoot!;
      const top = (kind: string) => root.querySelector<SVGGraphicsElement>(`#mk-${kind}`)!.getBBox().y;
      const art = (kind: string) => root.querySelector(`#mk-${kind}`)!.innerHTML;
      expect(new Set(['pawn', 'promoted', 'met', 'khon', 'knight', 'rook', 'king'].map(art)).size).toBe(7);
      if (set === 'thai') {
        // khun tallest, then khon, then met (smaller y = higher top)
        expect(top('king')).toBeLessThan(top('khon'));
        expect(top('khon')).toBeLessThan(top('met'));
      } else {
        expect(top('king')).toBeLessThan(top('met'));
      }
    }
  });
});

describe('properties, each declared once (a decorator with its default)', () => {
  it("are Lit's reactive accessors, never own fields that would shadow them, and start at their defaults", async () => {
    const board = await mountBoard();
    const names = [...(board.constructor as typeof MakrukBoard).elementProperties.keys()].map(String);
    expect(names).toEqual(expect.arrayContaining(['orientation', 'pieceSet', 'fen', 'shapes', '_selected']));
    expect(names.filter((name) => Object.hasOwn(board, name))).toEqual([]);
    expect([board.orientation, board.pieceSet, board.coordinates, board.animationDuration]).toEqual([
      'white',
      'thai',
      'inside',
      0, // mountBoard sets it
    ]);
    expect(document.createElement('makruk-board').animationDuration).toBe(200);
    board.orientation = 'black';
    await board.updateComplete;
    expect(board.getAttribute('orientation')).toBe('black'); // reflected: the setter went through Lit
  });
});
