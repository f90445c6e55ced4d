import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MAX_SHAPES, MakrukBoard, type Shape } from './index.js';
import { cell, cleanup, mountBoard, settle } from './test-helpers.js';

afterEach(cleanup);

function gridRect(board: MakrukBoard): DOMRect {
  return board.shadowRoot!.querySelector('.grid')!.getBoundingClientRect();
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('orientation', () => {
  it('flip() turns the board: h1 top-left, a8 bottom-right', async () => {
    const board = await mountBoard();
    const order = () =>
      [...board.shadowRoot!.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute('data-square'));
    expect(order()[0]).toBe('a8');
    expect(order()[63]).toBe('h1');
    board.flip();
    await settle(board);
    expect(board.orientation).toBe('black');
    expect(board.getAttribute('orientation')).toBe('black');
    expect(order()[0]).toBe('h1');
    expect(order()[63]).toBe('a8');
    // the drawn square really is where the pointer finds it: d1 (white king) is now near the top-right
    const rect = gridRect(board);
    const d1 = cell(board, 'd1').getBoundingClientRect();
    expect(d1.top).toBeCloseTo(rect.top, 0);
    expect(d1.left).toBeCloseTo(rect.left + (rect.width / 8) * 4, 0);
    board.flip();
    await settle(board);
    expect(order()[0]).toBe('a8');
  });
});

describe('layout', () => {
  it('fills its container and stays square as the container resizes', async () => {
    const board = await mountBoard({}, 400);
    const container = board.parentElement!;
    let rect = gridRect(board);
    expect(rect.width).toBeCloseTo(400, 0);
    expect(rect.height).toBeCloseTo(400, 0);
    container.style.width = '300px';
    container.style.height = '520px';
    await waitFor(() => Math.abs(gridRect(board).width - 300) < 1);
    await settle(board);
    rect = gridRect(board);
    expect(rect.width).toBeCloseTo(300, 0);
    expect(rect.height).toBeCloseTo(300, 0);
    container.style.width = '640px';
    container.style.height = '240px';
    await waitFor(() => Math.abs(gridRect(board).height - 240) < 1);
    rect = gridRect(board);
    expect(rect.width).toBeCloseTo(240, 0);
    expect(rect.height).toBeCloseTo(240, 0);
    // centred in the wider box
    const box = container.getBoundingClientRect();
    expect(rect.left - box.left).toBeCloseTo(200, 0);
  });

  it('takes its width when the container height is auto', async () => {
    const board = await mountBoard({}, 360);
    board.parentElement!.style.height = 'auto';
    await waitFor(() => Math.abs(gridRect(board).height - 360) < 1);
    expect(gridRect(board).height).toBeCloseTo(360, 0);
    expect(board.getBoundingClientRect().height).toBeCloseTo(360, 0);
  });

  it('works inside another shadow root', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<div style="width:320px;height:320px"><makruk-board></makruk-board></div>';
    const board = root.querySelector('makruk-board')!;
    board.animationDuration = 0;
    await settle(board);
    const moves: string[] = [];
    host.addEventListener('makruk-move', (e) => moves.push(e.detail.uci)); // composed: crosses the shadow root
    await page.elementLocator(cell(board, 'e3')).click();
    await page.elementLocator(cell(board, 'e4')).click();
    await settle(board);
    expect(moves).toEqual(['e3e4']);
  });
});

describe('options', () => {
  it('draws coordinates inside, outside, in Thai, or not at all', async () => {
    const board = await mountBoard();
    const labels = () => [...board.shadowRoot!.querySelectorAll('.coord')].map((c) => c.getAttribute('data-label'));
    expect(labels()).toEqual(expect.arrayContaining(['a', 'h', '1', '8']));
    expect(labels().length).toBe(16);
    // drawn in their own layer, never inside a grid cell (a cell's accessible name is all a screen reader meets)
    for (const c of board.shadowRoot!.querySelectorAll('[role="gridcell"]')) expect(c.textContent!.trim()).toBe('');
    board.notation = 'thai';
    board.coordinates = 'outside';
    await settle(board);
    expect(labels()).toEqual(expect.arrayContaining(['ก', 'ญ', '๑', '๘']));
    expect(board.shadowRoot!.querySelector('.coords.outside')).not.toBeNull();
    board.coordinates = 'none';
    await settle(board);
    expect(labels()).toEqual([]);
  });

  it('switches piece sets, board style and palette', async () => {
    const board = await mountBoard({ 'piece-set': 'western', 'board-style': 'checkered', palette: 'red' });
    const symbols = board.shadowRoot!.querySelectorAll('symbol');
    expect(symbols.length).toBe(7);
    expect(board.shadowRoot!.querySelector('.wrap')!.classList.contains('checkered')).toBe(true);
    // a1 is a dark square, as on a chessboard
    expect(getComputedStyle(cell(board, 'a1')).backgroundColor).toBe('rgb(139, 90, 43)');
    expect(getComputedStyle(cell(board, 'b1')).backgroundColor).toBe('rgb(241, 220, 174)');
    const blackPiece = cell(board, 'e8').querySelector('svg')!;
    expect(getComputedStyle(blackPiece).fill).toBe('rgb(179, 50, 42)');
    const thaiBoard = await mountBoard();
    const thaiKing = thaiBoard.shadowRoot!.querySelector('#mk-king')!.innerHTML;
    expect(board.shadowRoot!.querySelector('#mk-king')!.innerHTML).not.toBe(thaiKing);
  });

  it('draws host shapes and user shapes (right-click circle, right-drag arrow)', async () => {
    const board = await mountBoard();
    board.shapes = [{ from: 'e3', to: 'e4', brush: 'blue' }];
    await settle(board);
    expect(board.shadowRoot!.querySelectorAll('.shapes .arrow').length).toBe(1);
    const grid = gridRect(board);
    const centre = (f: number, r: number) => ({
      x: grid.left + (f + 0.5) * (grid.width / 8),
      y: grid.top + (7.5 - r) * (grid.height / 8),
    });
    const gridEl = board.shadowRoot!.querySelector('.grid')!;
    const fire = (type: string, at: { x: number; y: number }) =>
      gridEl.dispatchEvent(
        new PointerEvent(type, { button: 2, buttons: 2, clientX: at.x, clientY: at.y, bubbles: true, pointerId: 2 }),
      );
    fire('pointerdown', centre(3, 0));
    fire('pointerup', centre(3, 0));
    fire('pointerdown', centre(1, 0));
    fire('pointerup', centre(2, 2));
    await settle(board);
    expect(board.userShapes).toEqual([
      { from: 'd1', brush: 'green' },
      { from: 'b1', to: 'c3', brush: 'green' },
    ]);
    expect(board.shadowRoot!.querySelectorAll('.shapes .circle').length).toBe(1);
    expect(board.shadowRoot!.querySelectorAll('.shapes .arrow').length).toBe(2);
  });

  it('draws a shape with its width: thinner arrows and rings, the default when absent or not a number', async () => {
    const board = await mountBoard();
    board.shapes = [
      { from: 'e3', to: 'e4' },
      { from: 'd3', to: 'd4', width: 0.06 },
      { from: 'c3', to: 'c4', width: Number.NaN },
      { from: 'a1', width: 0.3 },
    ];
    await settle(board);
    const shafts = [...board.shadowRoot!.querySelectorAll('.shapes .arrow line')];
    expect(shafts.map((line) => line.getAttribute('stroke-width'))).toEqual(['0.15', '0.06', '0.15']);
    // the thinner arrow's head is smaller too, on the screen (not only in the attribute)
    const heads = [...board.shadowRoot!.querySelectorAll('.shapes .arrow polygon')].map(
      (polygon) => polygon.getBoundingClientRect().width,
    );
    expect(heads[1]!).toBeLessThan(heads[0]!);
    expect(heads[2]!).toBeCloseTo(heads[0]!, 1);
    expect(board.shadowRoot!.querySelector('.shapes .circle')!.getAttribute('stroke-width')).toBe('0.14');
  });

  it('is form-associated: the form value is the FEN', async () => {
    const form = document.createElement('form');
    document.body.append(form);
    const board = document.createElement('makruk-board');
    board.setAttribute('name', 'position');
    board.animationDuration = 0;
    form.append(board);
    await settle(board);
    expect(new FormData(form).get('position')).toBe(board.fen);
    board.fen = '4k3/8/8/8/8/8/8/R2K4 w - - 0 1';
    expect(new FormData(form).get('position')).toBe('4k3/8/8/8/8/8/8/R2K4 w - - 0 1');
  });

  it('draws a FEN the rules refuse, but lets nothing move', async () => {
    const board = await mountBoard({ fen: 'k7/8/8/8/8/8/8/8 w - - 0 1' });
    expect(board.fenError).toBeTypeOf('string');
    expect(board.position).toBeUndefined();
    expect(cell(board, 'a8').getAttribute('aria-label')).toBe('a8, black king');
  });
});

describe('bad input', () => {
  it('never throws: it draws what it can and lets nothing illegal move', async () => {
    const board = await mountBoard({
      orientation: 'sideways',
      'piece-set': 'nope',
      movable: 'everyone',
      'last-move': 'z9',
    });
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, white king');
    for (const fen of [
      'garbage',
      '',
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1',
      '9/9/9/9/9/9/9/9 w - - 0 1',
    ]) {
      board.fen = fen;
      await settle(board);
      expect(board.fenError).toBeTypeOf('string');
      expect(board.shadowRoot!.querySelectorAll('[role="gridcell"]').length).toBe(64);
    }
    board.fen = null;
    board.movable = 'both';
    (board as unknown as { dests: unknown }).dests = { e3: 'e4', b1: [42, 'd2'] };
    (board as unknown as { shapes: unknown }).shapes = [{ from: 'x1', to: 'e4' }, null, { from: 'e3', to: 'e4' }];
    await settle(board);
    expect(board.shadowRoot!.querySelectorAll('.shapes .arrow').length).toBe(1);
    await page.elementLocator(cell(board, 'e3')).click();
    await page.elementLocator(cell(board, 'e4')).click();
    await settle(board);
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3, white pawn'); // 'e4' (a string) is not a list
    await page.elementLocator(cell(board, 'b1')).click();
    await page.elementLocator(cell(board, 'd2')).click();
    await settle(board);
    expect(cell(board, 'd2').getAttribute('aria-label')).toBe('d2, white knight');
    expect(board.move('nonsense')).toBe(false);
  });

  it('draws at most MAX_SHAPES shapes, the first ones, and says how many it left out', async () => {
    expect(MAX_SHAPES).toBe(256);
    const board = await mountBoard();
    const drawn = () => [...board.shadowRoot!.querySelectorAll('.shapes > *')];
    const square = (i: number) => `${'abcdefgh'[i % 8]}${1 + ((i >> 3) % 8)}` as Shape['from'];
    // each shape its own colour, so the drawn ones can be told apart
    const many: Shape[] = Array.from({ length: 100_000 }, (_, i) => ({
      from: square(i),
      brush: `#${i.toString(16).padStart(6, '0')}`,
    }));
    board.shapes = many;
    await settle(board);
    expect(drawn()).toHaveLength(MAX_SHAPES);
    expect(drawn().map((circle) => circle.getAttribute('stroke'))).toEqual(
      many.slice(0, MAX_SHAPES).map((s) => s.brush),
    );
    expect(board.shapesLeftOut).toBe(100_000 - MAX_SHAPES);
    // the user's shapes come after the host's: beyond the cap here, so not drawn, and counted
    board.userShapes = [{ from: 'a1' }];
    await settle(board);
    expect(drawn()).toHaveLength(MAX_SHAPES);
    expect(board.shapesLeftOut).toBe(100_001 - MAX_SHAPES);
    // replacing them by two draws exactly two (a bad entry among them is skipped, not counted as left out)
    board.userShapes = [];
    (board as unknown as { shapes: unknown }).shapes = [{ from: 'e3', to: 'e4' }, null, { from: 'a1' }];
    await settle(board);
    expect(board.shadowRoot!.querySelectorAll('.shapes .arrow')).toHaveLength(1);
    expect(board.shadowRoot!.querySelectorAll('.shapes .circle')).toHaveLength(1);
    expect(drawn()).toHaveLength(2);
    expect(board.shapesLeftOut).toBe(0);
    // bad input never crashes: a sparse array of a billion holes draws nothing and is counted, as host or user shapes
    board.shapes = new Array(1e9) as Shape[];
    board.userShapes = new Array(1e9) as Shape[];
    await settle(board);
    expect(drawn()).toHaveLength(0);
    expect(board.shapesLeftOut).toBe(2e9 - MAX_SHAPES);
    expect(board.userShapes).toHaveLength(MAX_SHAPES);
    board.shapes = [{ from: 'e3', to: 'e4' }];
    board.userShapes = [];
    await settle(board);
    expect(drawn()).toHaveLength(1);
    expect(board.shapesLeftOut).toBe(0);
  });
});

describe('accessibility', () => {
  it('has no axe-core violations (start position, a selection, outside Thai coordinates)', async () => {
    const board = await mountBoard({ 'last-move': 'e3e4' });
    await page.elementLocator(cell(board, 'b1')).click();
    await settle(board);
    const second = await mountBoard({
      coordinates: 'outside',
      notation: 'thai',
      'board-style': 'checkered',
      orientation: 'black',
    });
    expect(second.shadowRoot!.querySelectorAll('[role="row"]').length).toBe(8);
    const grid = board.shadowRoot!.querySelector('[role="grid"]')!;
    await expect.element(page.elementLocator(grid)).toHaveAccessibleName('Makruk board');
    await expect.element(page.elementLocator(grid)).toHaveAccessibleDescription(/Arrow keys move between squares/);
    // a page puts its content in landmarks; the board itself adds none (it is a widget, not a region)
    const main = document.createElement('main');
    main.append(...document.body.children);
    document.body.append(main);
    await settle(board);
    const result = await axe.run(document.body);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(result.passes.length).toBeGreaterThan(5);
  });
});
