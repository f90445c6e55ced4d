// Issue 21 (D5, D12): the board editor's count fields in moves with errors in words; its pieces visible in both themes;
// the position edited on a full-size board with coordinates in the main board's place (not a small grid below the
// panels while the main board shows the old game with its arrows), on a phone too; its keys and an axe scan.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { axeScanner, clickMove, openPage, openSettings } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('board editor: the count fields are in moves, and their errors are in words', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
  await page.locator('.editor-open').click();
  // FEN 16 10: a limit of 8 moves, and Black (bare king, pieces' honour) says 6 next
  await expect(page.locator('.editor-count')).toHaveValue('8');
  await expect(page.locator('.editor-count-next')).toHaveValue('6');
  await expect(page.locator('.editor-count-side')).toHaveValue('black');
  await expect(page.locator('.editor-count-side')).toBeDisabled();
  await expect(page.locator('label', { has: page.locator('.editor-count') })).toContainText('Count limit (moves)');
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
  await page.locator('.editor-count-next').fill('8');
  await page.locator('.editor-count-next').press('Tab');
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K2R b - 16 14 5');
  await page.locator('.editor-count').fill('x');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/^The count limit is a number of moves/);
  await expect(page.locator('.editor-use')).toBeDisabled();
  await page.locator('.editor-count').fill('4');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/^The next count is .*: 1 to 5\.$/);
  // a count with pawns on the board: said in the editor's words, not "FEN field 4"
  await page.locator('.editor-start').click();
  await page.locator('.editor-count').fill('64');
  await page.locator('.editor-count').press('Tab');
  await page.locator('.editor-count-next').fill('1');
  await page.locator('.editor-count-next').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/No count can run while an unpromoted pawn stands/);
  await expect(page.locator('.editor-error')).not.toContainText('field');
  await page.locator('.editor-count').fill('');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText('');
  await expect(page.locator('.editor-fen')).toHaveText('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
});

/** WCAG contrast ratio of two CSS colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('board editor: black pieces stand out in the dark theme, white pieces in the light one', async ({ page }) => {
  await openPage(page);
  await page.locator('.editor-open').click();
  const colours = async (tool: string) =>
    page.locator(`.palette [data-tool="${tool}"]`).evaluate((button) => {
      const rgb = (text: string) => (text.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      const art = button.querySelector('.piece-art') as SVGElement;
      return {
        background: rgb(getComputedStyle(button).backgroundColor),
        fill: rgb(getComputedStyle(art).fill),
        stroke: rgb(getComputedStyle(art).stroke),
      };
    });
  const light = await colours('white-rook');
  expect(contrast(light.stroke, light.background)).toBeGreaterThanOrEqual(4.5);
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await colours('black-rook');
  expect(contrast(dark.fill, dark.background)).toBeGreaterThanOrEqual(3);
});

/** The box of a locator (it must be on the page). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}

/** The editing board: the board drawn for the editor and the square buttons over it. */
const editorBoard = (page: Page) => page.locator('board-editor makruk-board.editor-board');
const editorSquare = (page: Page, square: string) =>
  page.locator(`board-editor .editor-grid [data-square="${square}"]`);

test('board editor: the position is edited on a full-size board with coordinates, in the main board’s place', async ({
  page,
}) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  const main = page.locator('.board-wrap makruk-board');
  // the engine's arrows on the old game
  await expect(page.locator('engine-lines .pv').first()).toBeVisible({ timeout: 60_000 });
  await expect(main.locator('.shapes line').first()).toBeAttached();
  const mainBox = await box(main);
  await page.locator('.editor-open').click();
  const board = editorBoard(page);
  await expect(board).toBeVisible();
  // the old game's board, its arrows and its panels make way for the editor
  await expect(main).toBeHidden();
  await expect(page.locator('move-tree')).toBeHidden();
  await expect(page.locator('engine-lines')).toBeHidden();
  await expect(page.locator('makruk-board .shapes line:visible')).toHaveCount(0);
  await expect(board).toBeInViewport({ ratio: 1 });
  const boardBox = await box(board);
  expect(boardBox.width).toBeGreaterThanOrEqual(mainBox.width);
  expect(boardBox.height).toBeGreaterThanOrEqual(mainBox.height);
  // coordinates: a–h and 1–8, drawn by the board
  for (const label of ['a', 'h', '1', '8']) await expect(board.locator(`.coord[data-label="${label}"]`)).toBeVisible();
  // the position being edited is the one on screen (e4 played), and the square buttons lie on the board's squares
  await expect(editorSquare(page, 'e4').locator('svg.piece-art')).toHaveCount(1);
  await expect(editorSquare(page, 'e3').locator('svg.piece-art')).toHaveCount(0);
  const a1 = await box(editorSquare(page, 'a1'));
  expect(Math.abs(a1.x - boardBox.x)).toBeLessThan(2);
  expect(Math.abs(a1.y + a1.height - (boardBox.y + boardBox.height))).toBeLessThan(2);
  expect(Math.abs(a1.width - boardBox.width / 8)).toBeLessThan(1);
  // a click on the board's a3 square, with Erase chosen, takes the pawn off
  await page.locator('.palette .tool.erase').click();
  await page.mouse.click(boardBox.x + boardBox.width / 16, boardBox.y + (boardBox.height * 11) / 16);
  await expect(page.locator('.editor-fen')).toHaveText(/^rnsmksnr\/8\/pppppppp\/8\/4P3\/1PPP1PPP\/8\/RNSKMSNR b /);
  // flipped with the page's Flip button: a1 at the top right
  await page.locator('.flip').click();
  await expect(board).toHaveAttribute('orientation', 'black');
  const flipped = await box(editorSquare(page, 'a1'));
  expect(Math.abs(flipped.x + flipped.width - (boardBox.x + boardBox.width))).toBeLessThan(2);
  expect(Math.abs(flipped.y - boardBox.y)).toBeLessThan(2);
  // analysed from here: the main board and its panels come back, showing the position set up
  await page.locator('.editor-use').click();
  await expect(main).toBeVisible();
  await expect(board).toHaveCount(0);
  await expect(page.locator('move-tree')).toBeVisible();
  await expect(main.locator('[data-square="a3"]')).toHaveAttribute('aria-label', 'a3');
  await expect(main.locator('[data-square="b3"]')).toHaveAttribute('aria-label', /pawn/);
});

test('board editor: one Tab stop for the squares, arrow keys move on the board as seen, Enter puts the piece', async ({
  page,
}) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await page.locator('.editor-open').click();
  await page.locator('.editor-clear').click();
  await page.locator('.palette [data-tool="black-king"]').click();
  const squares = page.locator('board-editor .editor-grid .cell');
  await expect(squares).toHaveCount(64);
  await expect(page.locator('board-editor .editor-grid .cell[tabindex="0"]')).toHaveCount(1);
  await editorSquare(page, 'e1').focus();
  await page.keyboard.press('ArrowUp');
  await expect(editorSquare(page, 'e2')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(editorSquare(page, 'd2')).toBeFocused();
  await page.keyboard.press('End');
  await expect(editorSquare(page, 'h2')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.editor-fen')).toHaveText(/^8\/8\/8\/8\/8\/8\/7k\/8 /);
  await expect(page.locator('board-editor .editor-grid .cell[tabindex="0"]')).toHaveAttribute('data-square', 'h2');
  // the arrow keys stay on the editing board: the game behind it is not stepped back
  await page.locator('.editor-close').click();
  await expect(page.locator('move-tree .move.current')).toHaveText(/e4/);
  // the page's flip turns the editing board, and the keys follow the board as seen
  await page.locator('.editor-open').click();
  await page.locator('.flip').click();
  await editorSquare(page, 'e1').focus();
  await page.keyboard.press('ArrowUp');
  await expect(editorSquare(page, 'e2')).not.toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(editorSquare(page, 'e2')).toBeFocused();
});

test('board editor on a phone: the editing board and the palette fit on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page);
  const mainBox = await box(page.locator('.board-wrap makruk-board'));
  await page.locator('.editor-open').click();
  const board = editorBoard(page);
  await expect(board).toBeInViewport({ ratio: 1 });
  expect((await box(board)).width).toBeGreaterThanOrEqual(mainBox.width);
  await expect(board.locator('.coord[data-label="a"]')).toBeVisible();
  const tools = page.locator('board-editor .palette .tool');
  await expect(tools).toHaveCount(13);
  for (let i = 0; i < 13; i++) await expect(tools.nth(i)).toBeInViewport({ ratio: 1 });
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an axe scan of the board editor is clean (light and dark, an error shown)', async ({ page }) => {
  await openPage(page);
  await page.locator('.editor-open').click();
  await expect(editorBoard(page)).toBeVisible();
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  await page.locator('.editor-clear').click();
  await expect(page.locator('.editor-error')).toHaveText(/Not a legal position/);
  expect(await scan()).toEqual([]);
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await scan()).toEqual([]);
});

test('board editor: shut while a game against the computer runs (it would hide the game and its clocks)', async ({
  page,
}) => {
  await openPage(page);
  await expect(page.locator('.editor-open')).toBeEnabled();
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-start').click();
  await expect(page.locator('.editor-open')).toBeDisabled();
  await expect(page.locator('#editor-playing')).toHaveText(
    'Finish or resign the game against the computer to set up a position.',
  );
  await expect(page.locator('.editor-open')).toHaveAttribute('aria-describedby', 'editor-playing');
  await page.locator('button.resign').click();
  await page.locator('dialog.result-dialog .result-close').click();
  await expect(page.locator('.editor-open')).toBeEnabled();
  await expect(page.locator('#editor-playing')).toHaveCount(0);
  await page.locator('.editor-open').click();
  await expect(page.locator('board-editor .editor-board')).toBeVisible();
});
