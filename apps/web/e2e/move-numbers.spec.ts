// The move list numbers moves and shows NAGs with the library's owners of those facts (moveNumberAt, NAG_SYMBOLS),
// also for a game that starts with Black to move at a later full-move number.
import { expect, test } from '@playwright/test';
import { openPage } from './helpers.js';

test('a game from Black to move at move 5: 5… e5 6. e4!? Nd7', async ({ page }) => {
  const problems = await openPage(page);
  const fen = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 0 5';
  await page.locator('.pgn-input').fill(`[SetUp "1"]\n[FEN "${fen}"]\n\n5... e5 6. e4!? Nd7 *`);
  await page.locator('.pgn-import').click();
  await expect(page.locator('move-tree button.move')).toHaveCount(3);
  await expect(page.locator('move-tree .num')).toHaveText(['5…', '6.']);
  await expect(page.locator('move-tree button.move').nth(1)).toContainText('e4!?');
  expect(problems).toEqual([]);
});
