// Issue 21: playing the computer. At "casual" it missed a mate in one (1.Rc1 in 7k/8/6K1/8/8/8/8/R7 w, not Ra8#).
import { expect, test } from '@playwright/test';
import { moveButton, openPage } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('at "casual" the computer plays a mate in one (Ra8# in 7k/8/6K1/8/8/8/8/R7 w)', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('7k/8/6K1/8/8/8/8/R7 w - - 0 1')}`);
  // the computer is White, to move, with the mate
  await page.locator('.play-side').selectOption('white');
  await page.locator('.play-level').selectOption('casual');
  await page.locator('.play-start').click();
  await expect(page.locator('move-tree button.move')).toHaveCount(1, { timeout: 30_000 });
  await expect(moveButton(page, 'a1a8')).toHaveAttribute('aria-current', 'true');
  const dialog = page.locator('dialog.result-dialog');
  await expect(dialog.locator('h2')).toHaveText('White wins');
  await expect(dialog).toContainText('1-0');
  await expect(dialog).toContainText('checkmate');
});
