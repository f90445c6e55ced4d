// Issue 21: premoves against the computer, and the board, threat view and practice speaking Thai in the Thai page.
import { expect, test } from '@playwright/test';
import { clickMove, openPage, openSettings } from './helpers.js';

declare global {
  interface Window {
    __holdEngine: boolean;
    __releaseEngine: () => void;
  }
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('playing the computer: a move made while it thinks is a premove, played as soon as it has replied', async ({
  page,
}) => {
  // Holds what the page posts to its engine workers until the test releases it: the computer keeps thinking as long
  // as the test needs (no race with a fast reply).
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    const held: Array<[Worker, Parameters<Worker['postMessage']>]> = [];
    window.__holdEngine = false;
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      if (window.__holdEngine) held.push([this, args]);
      else post.apply(this, args);
    } as Worker['postMessage'];
    window.__releaseEngine = () => {
      window.__holdEngine = false;
      for (const [worker, args] of held.splice(0)) post.apply(worker, args);
    };
  });
  const problems = await openPage(page);
  const board = page.locator('makruk-board');
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-start').click();
  await expect(board).toHaveAttribute('premove', '');
  await page.evaluate(() => {
    window.__holdEngine = true;
  });
  await clickMove(page, 'e3', 'e4');
  await expect(page.locator('move-tree button.move[data-path="e3e4"]')).toHaveCount(1);
  // black to move, the computer thinking: the player's move is kept as a premove and marked
  await clickMove(page, 'd3', 'd4');
  await expect(board.locator('[data-square="d3"]')).toHaveClass(/premove/);
  await expect(board.locator('[data-square="d4"]')).toHaveClass(/premove/);
  await expect(board.locator('[data-square="d3"]')).toHaveAttribute('aria-label', 'd3, white pawn');
  await page.evaluate(() => window.__releaseEngine());
  // the reply, then the premove at once (no black piece can reach d4 in one move: it is always legal)
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "][data-path$=" d3d4"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(board.locator('.sq.premove')).toHaveCount(0);
  expect(await board.evaluate((b) => (b as HTMLElementTagNameMap['makruk-board']).pieceAt('d4'))).toEqual({
    color: 'white',
    role: 'pawn',
  });
  // and the computer answers the premove as any move
  await expect(page.locator('move-tree button.move')).toHaveCount(4, { timeout: 30_000 });
  expect(problems).toEqual([]);
});

test('the board names its squares in Thai in the Thai page', async ({ page }) => {
  await openPage(page);
  const d1 = page.locator('makruk-board [data-square="d1"]');
  await expect(d1).toHaveAttribute('aria-label', 'd1, white king');
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await expect(d1).toHaveAttribute('aria-label', 'd1, ฝ่ายขาว ขุน');
  await expect(page.locator('makruk-board [data-square="b8"]')).toHaveAttribute('aria-label', 'b8, ฝ่ายดำ ม้า');
  await page.locator('.language').selectOption('en');
  await expect(d1).toHaveAttribute('aria-label', 'd1, white king');
});

test('in Thai, the threat view says in Thai why it cannot be shown (the side to move is in check)', async ({
  page,
}) => {
  await openPage(page, `?fen=${encodeURIComponent('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1')}`);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await page.locator('h1').click();
  await page.keyboard.press('x');
  // the sentence for the library's ERR_OPPONENT_IN_CHECK, not the English message alone
  await expect(page.locator('.threat-note')).toContainText('ฝ่ายที่ไม่ได้เดินถูกรุกอยู่');
});

test('in Thai, the practice endings are named with the pieces’ Thai names, not K+R v K', async ({ page }) => {
  await openPage(page);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  const names = await page.locator('.practice-ending option').allTextContents();
  expect(names).toContain('ขุน เรือ ต่อ ขุน');
  expect(names).toContain('ขุน ม้า เม็ด ต่อ ขุน');
  expect(names.join(' ')).not.toMatch(/[A-Z]/);
});
