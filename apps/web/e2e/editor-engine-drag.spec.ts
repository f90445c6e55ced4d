// Issue 21: the board editor pauses the engine while it is open (its lines would be of the game's position, which the
// player no longer sees) and resumes it on closing (the game's position) or on applying (the position set up); and a
// piece is dragged from the palette onto a square with the pointer (mouse or touch), as in lichess's editor.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { clickMove, openPage } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** The box of a locator (it must be on the page). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}
const centre = (b: { x: number; y: number; width: number; height: number }) => ({
  x: b.x + b.width / 2,
  y: b.y + b.height / 2,
});
const editorSquare = (page: Page, square: string) =>
  page.locator(`board-editor .editor-grid [data-square="${square}"]`);
const paletteTool = (page: Page, tool: string) => page.locator(`board-editor .palette [data-tool="${tool}"]`);

test('board editor: the engine pauses while it is open, and resumes on the game or on the position set up', async ({
  page,
}) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  const toggle = page.locator('engine-lines .engine-toggle');
  const stats = page.locator('engine-lines .engine-stats');
  const sent = page.locator('engine-lines .engine-input-fen');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible({ timeout: 60_000 });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const gameFen = (await sent.textContent())?.trim() ?? '';
  expect(gameFen).toMatch(/ b /);

  await page.locator('.editor-open').click();
  await expect(page.locator('board-editor .editor-board')).toBeVisible();
  // analysis is off: no search runs on the game's position behind the editor (its node count stands still)
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const nodes = await stats.textContent();
  await page.waitForTimeout(1500);
  expect(await stats.textContent()).toBe(nodes);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  // closed without applying: analysis resumes on the game's position
  await page.locator('.editor-close').click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(sent).toHaveText(gameFen);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible({ timeout: 60_000 });

  // applied: analysis resumes on the position set up (the a3 pawn taken off)
  await page.locator('.editor-open').click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.locator('board-editor .palette .tool.erase').click();
  await editorSquare(page, 'a3').click();
  const setUp = ((await page.locator('.editor-fen').textContent()) ?? '').trim();
  expect(setUp).toMatch(/^rnsmksnr\/8\/pppppppp\/8\/4P3\/1PPP1PPP\/8\/RNSKMSNR b /);
  await page.locator('.editor-use').click();
  await expect(page.locator('board-editor .editor-board')).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(sent).toHaveText(setUp);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible({ timeout: 60_000 });
});

test('board editor: analysis switched off before opening stays off after closing', async ({ page }) => {
  await openPage(page);
  const toggle = page.locator('engine-lines .engine-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.locator('.editor-open').click();
  await page.locator('.editor-close').click();
  await expect(page.locator('engine-lines')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

/** Drags with the mouse from one point to another, in steps (pointer events: down, moves, up). */
async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

test('board editor: a piece dragged from the palette with the mouse is put on the square it is dropped on', async ({
  page,
}) => {
  await openPage(page);
  await page.locator('.editor-open').click();
  await page.locator('.editor-clear').click();
  await expect(page.locator('.editor-fen')).toHaveText(/^8\/8\/8\/8\/8\/8\/8\/8 /);
  // a white rook onto d5
  await mouseDrag(
    page,
    centre(await box(paletteTool(page, 'white-rook'))),
    centre(await box(editorSquare(page, 'd5'))),
  );
  await expect(page.locator('.editor-fen')).toHaveText(/^8\/8\/8\/3R4\/8\/8\/8\/8 /);
  // the piece follows the pointer while it is dragged, over the square it would go to; gone after the drop
  const from = centre(await box(paletteTool(page, 'black-king')));
  const to = centre(await box(editorSquare(page, 'e8')));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  const ghost = page.locator('board-editor .drag-piece');
  await expect(ghost).toBeVisible();
  const ghostBox = await box(ghost);
  expect(Math.abs(ghostBox.x + ghostBox.width / 2 - to.x)).toBeLessThan(2);
  expect(Math.abs(ghostBox.y + ghostBox.height / 2 - to.y)).toBeLessThan(2);
  await expect(editorSquare(page, 'e8')).toHaveClass(/drop-target/);
  await page.mouse.up();
  await expect(ghost).toHaveCount(0);
  await expect(page.locator('.editor-fen')).toHaveText(/^4k3\/8\/8\/3R4\/8\/8\/8\/8 /);
  // dropped on an occupied square: the dragged piece replaces the one there
  await mouseDrag(
    page,
    centre(await box(paletteTool(page, 'black-khon'))),
    centre(await box(editorSquare(page, 'd5'))),
  );
  await expect(page.locator('.editor-fen')).toHaveText(/^4k3\/8\/8\/3s4\/8\/8\/8\/8 /);
  // dropped off the board: nothing changes
  const off = await box(page.locator('board-editor .editor-fen'));
  await mouseDrag(page, centre(await box(paletteTool(page, 'white-pawn'))), centre(off));
  await expect(page.locator('.editor-fen')).toHaveText(/^4k3\/8\/8\/3s4\/8\/8\/8\/8 /);
  // a click on a palette piece still only chooses it; the square's click puts it
  await paletteTool(page, 'white-knight').click();
  await expect(paletteTool(page, 'white-knight')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.editor-fen')).toHaveText(/^4k3\/8\/8\/3s4\/8\/8\/8\/8 /);
  await editorSquare(page, 'a1').click();
  await expect(page.locator('.editor-fen')).toHaveText(/^4k3\/8\/8\/3s4\/8\/8\/8\/N7 /);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('board editor: a piece dragged from the palette with a finger is put on the square it is dropped on', async ({
    page,
  }) => {
    await openPage(page);
    await page.locator('.editor-open').click();
    await page.locator('.editor-clear').click();
    const from = centre(await box(paletteTool(page, 'black-rook')));
    const to = centre(await box(editorSquare(page, 'b7')));
    // a finger's drag (touch events, which the browser turns into pointer events)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let i = 1; i <= 10; i++) {
      const x = from.x + ((to.x - from.x) * i) / 10;
      const y = from.y + ((to.y - from.y) * i) / 10;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.locator('.editor-fen')).toHaveText(/^8\/1r6\/8\/8\/8\/8\/8\/8 /);
    // the page did not scroll under the finger
    expect(await page.evaluate(() => globalThis.scrollY)).toBe(0);
  });
});
