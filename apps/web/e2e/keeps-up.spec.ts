// Issue 21, "the page keeps up": the move list, engine lines, the graph, the bar, keys, new games, the phone layout.
import { expect, test } from '@playwright/test';
import { longGamePgn, moveButton, openPage } from './helpers.js';

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
