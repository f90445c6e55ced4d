// Issue 21, "the page keeps up": the move list, engine lines, the graph, the bar, keys, new games, the phone layout.
import { expect, test } from '@playwright/test';
import { longGamePgn, moveButton, openEngineSettings, openPage, openSettings } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Whether the element lies wholly inside the move list's visible box. */
async function inMoveList(page: import('@playwright/test').Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const list = element.closest('.moves') as HTMLElement;
    const a = element.getBoundingClientRect();
    const b = list.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  });
}

test('the move list follows the current move (a 38-move game, End, Home)', async ({ page }) => {
  await openPage(page);
  await page.locator('.pgn-input').fill(await longGamePgn(38));
  await page.locator('.pgn-import').click();
  const current = 'move-tree button.move.current';
  await expect(page.locator(current)).toHaveCount(1);
  await page.locator('h1').click(); // keys go to the page, not the text box
  await page.keyboard.press('Home');
  await expect(page.locator(current)).toHaveCount(0);
  await page.keyboard.press('End');
  await expect
    .poll(async () => ((await page.locator(current).getAttribute('data-path')) ?? '').split(' ').length)
    .toBe(76);
  await expect.poll(() => inMoveList(page, current)).toBe(true);
  // the list really scrolls: it is taller inside than its box
  expect(await page.locator('move-tree .moves').evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => inMoveList(page, current)).toBe(true);
  await expect(moveButton(page, (await page.locator(current).getAttribute('data-path')) ?? '')).toHaveCount(1);
});

test('clicking a line’s score plays one ply, not the whole line (as pychess)', async ({ page }) => {
  await openPage(page);
  const line = page.locator('engine-lines .pv').first();
  await expect(line.locator('.pv-move').nth(3)).toBeVisible();
  await page.locator('.engine-toggle').click(); // stop, so the line stays put
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  const first = ((await line.getAttribute('data-uci')) ?? '').split(' ')[0] as string;
  // the pointer crosses the line's moves on its way to the score (the hover preview must not decide the count)
  await line.locator('.pv-move').nth(3).hover();
  await line.locator('.pv-score').hover();
  await line.locator('.pv-score').click();
  await expect(moveButton(page, first)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('move-tree button.move')).toHaveCount(1);
});

test('the evaluation graph names a position by its move number (ply 38 is move 19) and counts in words', async ({
  page,
}) => {
  await openPage(page);
  await page.locator('.pgn-input').fill(await longGamePgn(19));
  await page.locator('.pgn-import').click();
  await page.locator('.game-depth').selectOption('4');
  await page.locator('.game-run').click();
  await expect(page.locator('.game-count')).toHaveText('39 / 39', { timeout: 50_000 });
  const graph = page.getByRole('slider', { name: /Evaluation graph/ });
  await graph.focus();
  await page.keyboard.press('End');
  await expect(graph).toHaveAttribute('aria-valuenow', '38');
  await expect(graph).toHaveAttribute('aria-valuetext', /^Move 19\.\.\. \S+, White ([+-]?\d+\.\d\d|#-?\d+)$/);
  await page.keyboard.press('ArrowLeft');
  await expect(graph).toHaveAttribute('aria-valuetext', /^Move 19\. \S+, White /);
  await page.keyboard.press('Home');
  await expect(graph).toHaveAttribute('aria-valuetext', /^Start, White /);
  // the summary: "1 inaccuracy", never "1 inaccuracies" (whatever the engine finds)
  for (const text of await page.locator('.game-summary li').allInnerTexts())
    expect(text).not.toMatch(/\b1 (inaccuracies|mistakes|blunders)\b/);
});

/** Where the black part of the evaluation bar and its score sit: at the bar's top or bottom edge. */
async function barSides(page: import('@playwright/test').Page) {
  return page.locator('.eval-bar').evaluate((bar) => {
    const black = (bar.querySelector('.eval-black') as HTMLElement).getBoundingClientRect();
    const text = (bar.querySelector('.eval-text') as HTMLElement).getBoundingClientRect();
    const box = bar.getBoundingClientRect();
    const near = (a: number, b: number) => Math.abs(a - b) < 3;
    return {
      black: near(black.top, box.top + 1) ? 'top' : near(black.bottom, box.bottom - 1) ? 'bottom' : 'middle',
      textOnBlack: text.top >= black.top - 1 && text.bottom <= black.bottom + 1,
      textAtTop: text.top - box.top < box.bottom - text.bottom,
    };
  });
}

test('the evaluation bar flips with the board (Black’s part at the bottom when Black is at the bottom)', async ({
  page,
}) => {
  // knight odds: Black better, not so much that its part fills the bar
  await openPage(page, `?fen=${encodeURIComponent('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/R1SKMSNR w - - 0 1')}`);
  await expect(page.locator('.eval-text')).toHaveText(/-\d/);
  await expect.poll(() => barSides(page)).toEqual({ black: 'top', textOnBlack: true, textAtTop: true });
  await page.locator('button.flip').click();
  await expect(page.locator('makruk-board')).toHaveAttribute('orientation', 'black');
  await expect.poll(() => barSides(page)).toEqual({ black: 'bottom', textOnBlack: true, textAtTop: false });
  // White better, flipped: White's part (and the score on it) at the top
  await page.locator('.fen-input').fill('r1smksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  await page.locator('.fen-input').press('Enter');
  await expect(page.locator('.eval-text')).toHaveText(/\+\d/);
  await expect(page.locator('makruk-board')).toHaveAttribute('orientation', 'black');
  await expect.poll(() => barSides(page)).toMatchObject({ black: 'bottom', textOnBlack: false, textAtTop: true });
});

test('the evaluation bar is an even grey, not half and half, when it has no evaluation (threat view)', async ({
  page,
}) => {
  await openPage(page);
  await expect(page.locator('.eval-text')).toHaveText(/\d/);
  await expect(page.locator('.eval-bar')).not.toHaveClass(/no-eval/);
  await expect(page.locator('.eval-black')).toBeVisible();
  await page.locator('h1').click();
  await page.keyboard.press('x');
  await expect(page.locator('.eval-bar')).toHaveClass(/no-eval/);
  await expect(page.locator('.eval-black')).toBeHidden();
  await expect(page.locator('.eval-bar')).toHaveAttribute('aria-valuetext', 'no evaluation');
});

test('a typed move is read strictly: e5 for the capture fxe5 is refused with a clear message', async ({ page }) => {
  await openPage(page);
  const input = page.locator('.move-input');
  for (const san of ['f4', 'e5']) {
    await input.fill(san);
    await input.press('Enter');
  }
  await expect(moveButton(page, 'f3f4 e6e5')).toHaveAttribute('aria-current', 'true');
  await input.fill('e5');
  await input.press('Enter');
  await expect(page.locator('.move-error')).toHaveText(/“e5” would be the capture fxe5.*Write fxe5\./);
  await expect(page.locator('move-tree button.move')).toHaveCount(2);
  await expect(input).toHaveValue('e5'); // left for the player to correct
  await input.fill('fxe5');
  await input.press('Enter');
  await expect(moveButton(page, 'f3f4 e6e5 f4e5')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.move-error')).toHaveText('');
  await input.fill('Nxd7');
  await input.press('Enter');
  await expect(page.locator('.move-error')).toHaveText('“Nxd7” takes nothing here. Write Nd7.');
});

test('keys as on lichess: Space plays the best move, Shift+← → jump between branching points', async ({ page }) => {
  await openPage(page);
  const line = page.locator('engine-lines .pv').first();
  await expect(line).toBeVisible();
  await page.locator('.engine-toggle').click(); // stop, so the best move stays put
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  const best = ((await line.getAttribute('data-uci')) ?? '').split(' ')[0] as string;
  await page.locator('h1').click();
  await page.keyboard.press('Space');
  await expect(moveButton(page, best)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('move-tree button.move')).toHaveCount(1);

  // 1. e4 branches (1... e5 and 1... Nd7), and so does 2. Nd2 (2... Nd7 and 2... a5)
  await page.locator('.pgn-input').fill('1. e4 e5 (1... Nd7 2. Nd2) 2. Nd2 Nd7 (2... a5) 3. Nc4 Nc5 *');
  await page.locator('.pgn-import').click();
  await expect(moveButton(page, 'e3e4 e6e5 b1d2 b8d7 d2c4 d7c5')).toHaveAttribute('aria-current', 'true');
  await page.locator('h1').click();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.locator('move-tree button.move.current')).toHaveCount(0);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2 b8d7 d2c4 d7c5')).toHaveAttribute('aria-current', 'true');
});

test('k and j step back and forward through the moves, as on lichess, and the keys help says so', async ({ page }) => {
  await openPage(page);
  await page.locator('.pgn-input').fill('1. e4 e5 2. Nd2 Nd7 *');
  await page.locator('.pgn-import').click();
  await expect(moveButton(page, 'e3e4 e6e5 b1d2 b8d7')).toHaveAttribute('aria-current', 'true');
  await page.locator('h1').click();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  // typed into the move field, the letters are text, not steps
  await page.locator('.move-input').fill('');
  await page.locator('.move-input').press('k');
  await expect(page.locator('.move-input')).toHaveValue('k');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  await page.locator('h1').click();
  await page.keyboard.press('?');
  await expect(page.locator('.keys-help')).toContainText('k j previous / next move');
});

test('the mouse wheel over the board steps through the moves and does not scroll the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 }); // the page is taller than the window, so it could scroll
  await openPage(page);
  await page.locator('.pgn-input').fill('1. e4 e5 2. Nd2 Nd7 3. Nc4 Nc5 *');
  await page.locator('.pgn-import').click();
  await page.locator('h1').click();
  await page.keyboard.press('Home');
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('makruk-board').boundingBox();
  if (!box) throw new Error('no board');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 100);
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  await page.mouse.wheel(0, -100);
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('first load: the game first, a hint, and the settings and jargon behind their controls', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('move-tree .hint')).toContainText('Move a piece');
  for (const hidden of ['.language', '.notation', '.theme', 'select.hash', '.engine-counting', 'details.engine-input'])
    await expect(page.locator(hidden)).toBeHidden();
  await expect(page.getByText('Position sent to the engine')).toBeHidden();
  // the moves come before the engine's panel
  const order = await page.evaluate(() => {
    const tree = document.querySelector('move-tree') as Element;
    const engine = document.querySelector('engine-lines') as Element;
    return tree.compareDocumentPosition(engine) & Node.DOCUMENT_POSITION_FOLLOWING ? 'moves first' : 'engine first';
  });
  expect(order).toBe('moves first');
  await openSettings(page);
  await expect(page.locator('.language')).toBeVisible();
  await expect(page.locator('button.settings-toggle')).toHaveAttribute('aria-expanded', 'true');
  await openEngineSettings(page);
  await expect(page.locator('select.hash')).toBeVisible();
  await expect(page.locator('.engine-counting')).toBeVisible();
  await page.locator('.move-input').fill('e4');
  await page.locator('.move-input').press('Enter');
  await expect(page.locator('move-tree .hint')).toHaveCount(0);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the board and the move navigation fit on one screen; coordinates are readable', async ({ page }) => {
    await openPage(page);
    await page.locator('.pgn-input').fill(await longGamePgn(38));
    await page.locator('.pgn-import').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const inView = async (selector: string) => {
      const box = await page.locator(selector).first().boundingBox();
      if (!box) throw new Error(`${selector} is not shown`);
      return box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const selector of ['makruk-board', '.nav-first', '.nav-prev', '.nav-next', '.nav-last'])
      expect(await inView(selector), selector).toBe(true);
    // the navigation works from there, and the list shows the current move on the same screen
    await page.locator('.nav-prev').click();
    await expect
      .poll(
        async () =>
          ((await page.locator('move-tree button.move.current').getAttribute('data-path')) ?? '').split(' ').length,
      )
      .toBe(75);
    expect(await inView('move-tree button.move.current')).toBe(true);
    // coordinates: at least 11 px (0.16 of a 40 px square was 6.4 px)
    const size = await page
      .locator('makruk-board')
      .evaluate((board) =>
        Number.parseFloat(getComputedStyle(board.shadowRoot?.querySelector('.coord') as Element).fontSize),
      );
    expect(size).toBeGreaterThanOrEqual(11);
  });

  test('the count is shown under the board, on the same screen', async ({ page }) => {
    await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
    const count = page.locator('.board-count');
    await expect(count).toContainText('White must mate within 3 moves');
    const box = await count.boundingBox();
    const board = await page.locator('makruk-board').boundingBox();
    if (!box || !board) throw new Error('not shown');
    expect(box.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    for (const selector of ['.nav-prev', '.nav-next']) {
      const nav = await page.locator(selector).boundingBox();
      expect(nav && nav.y + nav.height <= 844, selector).toBe(true);
    }
  });
});

test('the count as players say it, beside the board, through a pieces’ honour count-out', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
  const input = page.locator('.move-input');
  const board = page.locator('.board-count');
  await expect(board.locator('.board-count-say')).toHaveText('Black counts: 5 of 8');
  await expect(board.locator('.board-count-mate')).toHaveText('White must mate within 3 moves');
  for (const san of ['Kxb1', 'Rh2', 'Kc1', 'Rf2', 'Kb1']) {
    await input.fill(san);
    await input.press('Enter');
  }
  // Black has said 8 of 8; White still has this last move to mate (the panel said "Counted moves left: 0")
  await expect(page.locator('.count-say')).toHaveText('Black counts: 8 of 8');
  await expect(page.locator('.count-left')).toHaveText('White must mate within 1 move');
  await expect(board.locator('.board-count-mate')).toHaveText('White must mate within 1 move');
  await input.fill('Kd1');
  await input.press('Enter');
  await expect(page.locator('.count-left')).toHaveText(
    'White has no move left to mate: Black’s next count, 9, ends the game in a draw',
  );
  await input.fill('Ka1');
  await input.press('Enter');
  // past the limit: the result and why, never "9 of 8 · 0 left" without one
  await expect(page.locator('.result')).toContainText('1/2-1/2');
  await expect(page.locator('.result')).toContainText('the count ran out');
  await expect(board.locator('.board-count-result')).toHaveText(
    "1/2-1/2 — Draw: the count ran out — Black counted pieces' honour to 8 and White did not mate",
  );
  await expect(page.locator('.count-say')).toHaveText('Black has counted to 8: the count ran out');
  await expect(page.locator('.count-left')).toHaveCount(0);
});

test('drawn arrows belong to their move, go into the PGN, and are not the engine’s colour', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  const input = page.locator('.move-input');
  await input.fill('e4');
  await input.press('Enter');
  const board = page.locator('makruk-board');
  const centre = async (square: string) => {
    const box = await board.locator(`[data-square="${square}"]`).boundingBox();
    if (!box) throw new Error(square);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre('d6');
  const to = await centre('d5');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  const userShapes = () => board.evaluate((b) => (b as unknown as { userShapes: unknown[] }).userShapes.length);
  await expect.poll(userShapes).toBe(1);
  await expect(page.locator('.pgn-input')).toHaveValue(/1\. e4 \{ ?\[%cal Gd6d5\] ?\}/);
  // another move: the arrow is not on it; back: it is there again
  await page.locator('h1').click();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(userShapes).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(userShapes).toBe(1);
  await page.reload();
  await expect.poll(userShapes).toBe(1);
  // the player's arrow is drawn in the player's green, which is none of the engine's arrow colours: the board draws
  // the engine's arrows (its `shapes`) first, then the player's (`userShapes`)
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  const colours = () =>
    board.evaluate((b) => {
      const host = b as unknown as { shapes: unknown[]; userShapes: unknown[] };
      const strokes = [...(b.shadowRoot?.querySelectorAll('.shapes .arrow line') ?? [])].map(
        (line) => getComputedStyle(line).stroke,
      );
      return strokes.length === host.shapes.length + host.userShapes.length && host.userShapes.length === 1
        ? { engine: strokes.slice(0, host.shapes.length), player: strokes.at(-1) as string }
        : undefined;
    });
  await expect.poll(async () => (await colours())?.engine.length ?? 0).toBeGreaterThan(0);
  const drawn = await colours();
  if (!drawn) throw new Error('the arrows on the board are not the engine’s and the player’s one');
  // the board's green brush, rgb(21 120 27 / 0.8) (packages/board/src/shapes.ts)
  expect(drawn.player).toMatch(/^rgba?\(21,? 120,? 27\b/);
  for (const engine of drawn.engine) expect(engine).not.toBe(drawn.player);
});

test('whole-game analysis is kept on reload (marks, graph and depth)', async ({ page }) => {
  // 1. Kd2?? lets Black take White's rook
  const pgn = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/7R/3K3r w - - 0 1"]\n\n1. Kd2 Rxh2+ 2. Kc3 Rh4 *';
  await openPage(page, `?pgn=${encodeURIComponent(pgn)}`);
  await page.locator('.game-depth').selectOption('6');
  await page.locator('.game-run').click();
  await expect(page.locator('.game-count')).toHaveText('5 / 5', { timeout: 40_000 });
  await expect(moveButton(page, 'd1d2').locator('.judgment.blunder')).toHaveText('??');
  await page.reload();
  await expect(page.locator('.game-count')).toHaveText('5 / 5');
  await expect(page.locator('.game-depth')).toHaveValue('6');
  await expect(page.locator('.eval-graph')).toBeVisible();
  await expect(moveButton(page, 'd1d2').locator('.judgment.blunder')).toHaveText('??');
});

test('Thai notation writes a promotion with the met’s sign (ค๖=ม็), and reads it typed', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1')}`);
  await openSettings(page);
  await page.locator('.notation').selectOption('thai');
  const input = page.locator('.move-input');
  await input.fill('ค๖=ม็');
  await input.press('Enter');
  await expect(moveButton(page, 'c5c6m')).toHaveAttribute('aria-current', 'true');
  await expect(moveButton(page, 'c5c6m')).toContainText('ค๖=ม็');
  await expect(moveButton(page, 'c5c6m')).not.toContainText('=M');
});

test('the FEN field and the counting panel agree: the players’ count is shown when the FEN’s differs', async ({
  page,
}) => {
  await openPage(page, `?fen=${encodeURIComponent('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40')}`);
  await expect(page.locator('.fen-note')).toHaveCount(0);
  await page.locator('.move-input').fill('Ra2');
  await page.locator('.move-input').press('Enter');
  // automatic counting starts board's honour in the FEN; the players started nothing
  await expect(page.locator('.fen-input')).toHaveValue('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
  await expect(page.locator('.count-none')).toBeVisible();
  await expect(page.locator('.fen-note')).toContainText('automatic counting');
  await expect(page.locator('.fen-players')).toHaveText('4k3/8/2n5/8/8/8/R7/1R2K3 b - - 1 40');
  // once the players count, both say the same
  await page.locator('.count-start').click();
  await expect(page.locator('.count-say')).toBeVisible();
  await expect(page.locator('.fen-note')).toHaveCount(0);
});

test('a move’s context menu: promote, delete from here (for the move clicked), Escape closes it', async ({ page }) => {
  await openPage(page);
  await page.locator('.pgn-input').fill('1. e4 e5 (1... Nd7 2. Nd2) 2. Nd2 *');
  await page.locator('.pgn-import').click();
  await expect(page.locator('move-tree .variation')).toHaveCount(1);
  await moveButton(page, 'e3e4 b8d7').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Move menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Promote' })).toBeFocused();
  await menu.getByRole('menuitem', { name: 'Promote' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.locator('.pgn-input')).toHaveValue(/1\. e4 Nd7 \(1\.\.\. e5 2\. Nd2\) 2\. Nd2 \*/);
  await moveButton(page, 'e3e4 b8d7 b1d2').click({ button: 'right' });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await moveButton(page, 'e3e4 b8d7 b1d2').click({ button: 'right' });
  // on the main line Promote and Make main line are disabled: the focus starts on Delete from here
  await expect(menu.getByRole('menuitem', { name: 'Delete from here' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy line PGN' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Delete from here' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(moveButton(page, 'e3e4 b8d7 b1d2')).toHaveCount(0);
  await expect(moveButton(page, 'e3e4 b8d7')).toBeVisible();
});

test('Thai interface: move, FEN, PGN and editor errors are in Thai (the English detail kept after)', async ({
  page,
}) => {
  await openPage(page);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  const input = page.locator('.move-input');
  await input.fill('Ke5');
  await input.press('Enter');
  await expect(page.locator('.move-error')).toHaveText(/^“Ke5” เดินไม่ได้ในตำแหน่งนี้ \(.*\)$/);
  await input.fill('zz9');
  await input.press('Enter');
  await expect(page.locator('.move-error')).toHaveText(/^“zz9” ไม่ใช่ตาเดินที่อ่านได้/);
  await page.locator('.fen-input').fill('8/8/8 w');
  await page.locator('.fen-input').press('Enter');
  await expect(page.locator('.fen-error')).toHaveText(/^FEN นี้อ่านไม่ได้ \(/);
  await page.locator('.pgn-input').fill('1. e4 e5\n2. Ke5 *');
  await page.locator('.pgn-import').click();
  await expect(page.locator('.pgn-error')).toHaveText(/^บรรทัดที่ 2: /);
  await page.locator('.editor-open').click();
  await page.locator('.editor-clear').click();
  await expect(page.locator('.editor-error')).toContainText('แต่ละฝ่ายต้องมีขุนหนึ่งตัวพอดี');
});
