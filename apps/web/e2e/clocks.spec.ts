// Issue 21: playing the computer with clocks (time controls as pychess offers them). The page's clock is Playwright's
// fake one (page.clock): time moves only when the test says so, so no test waits for real seconds.
import { expect, test } from '@playwright/test';
import { axeScanner, clickMove, openPage, openSettings, playComputer } from './helpers.js';

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

test.beforeEach(async ({ context, page }) => {
  await context.clearCookies();
  await page.clock.install({ time: T0 });
});

async function startTimed(page: import('@playwright/test').Page, time: string, computer: 'white' | 'black' = 'black') {
  await page.locator('.play-side').selectOption(computer);
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-time').selectOption(time);
  await page.locator('.play-start').click();
}

test('a timed game: clocks beside the board, the increment, a loss on time in the dialog and the PGN', async ({
  page,
}) => {
  const problems = await openPage(page);
  await page.clock.pauseAt(at(5));
  await expect(page.locator('game-clocks .clock')).toHaveCount(0); // untimed by default: no clocks
  await startTimed(page, '1+0');
  const mine = page.locator('game-clocks[place="bottom"] .clock');
  const theirs = page.locator('game-clocks[place="top"] .clock');
  await expect(mine).toHaveAttribute('data-color', 'white');
  await expect(theirs).toHaveAttribute('data-color', 'black');
  await expect(mine.locator('.clock-time')).toHaveText('1:00');
  await expect(mine).toHaveClass(/running/);
  await expect(mine).toHaveAttribute('role', 'timer');
  await expect(mine).toHaveAttribute('aria-label', /White \(you\): 1 min 0 s/);
  await page.clock.runFor(52_000);
  await expect(mine.locator('.clock-time')).toHaveText('0:08.0');
  await expect(mine).toHaveClass(/low/);
  await page.clock.runFor(9_000);
  const dialog = page.locator('dialog.result-dialog');
  await expect(dialog.locator('h2')).toHaveText('Black wins on time');
  await expect(dialog).toContainText('0-1 — time ran out');
  await expect(mine.locator('.clock-time')).toHaveText('0:00.0');
  const pgn = await page.locator('.pgn-input').inputValue();
  expect(pgn).toContain('[TimeControl "60+0"]');
  expect(pgn).toContain('[Termination "time forfeit"]');
  expect(pgn).toContain('[Result "0-1"]');
  expect(problems).toEqual([]);
});

test('out of time against a bare king is a draw (the computer cannot mate)', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('4k3/8/8/8/8/8/8/R3K3 w - - 0 40')}`);
  await page.clock.pauseAt(at(5));
  await startTimed(page, '1+0');
  await page.clock.runFor(61_000);
  const dialog = page.locator('dialog.result-dialog');
  await expect(dialog.locator('h2')).toHaveText('Draw');
  await expect(dialog).toContainText('1/2-1/2 — time ran out — the side with time left cannot mate');
});

test('the increment, a takeback, a reload that keeps the clocks, and a bad custom time control', async ({ page }) => {
  await openPage(page);
  await page.clock.pauseAt(at(5));
  await page.locator('.play-time').selectOption('custom');
  await page.locator('.time-minutes').fill('abc');
  await page.locator('.play-start').click();
  await expect(page.locator('.time-error')).toHaveText('Minutes: a number from 0.25 to 180 (got “abc”).');
  await expect(page.locator('game-clocks .clock')).toHaveCount(0);
  await page.locator('.time-minutes').fill('5');
  await page.locator('.time-increment').fill('3');
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-start').click();
  const mine = page.locator('game-clocks[place="bottom"] .clock');
  const theirs = page.locator('game-clocks[place="top"] .clock');
  await page.clock.runFor(10_000);
  await clickMove(page, 'e3', 'e4');
  await expect(mine.locator('.clock-time')).toHaveText('4:53'); // 5:00 − 10 s + 3 s
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "]')).toHaveCount(1, { timeout: 30_000 });
  await expect(mine).toHaveClass(/running/);
  const black = await theirs.locator('.clock-time').textContent();
  expect(black === '5:03' || black === '5:02').toBe(true); // the computer's move: real engine time, frozen page clock
  await page.clock.runFor(20_000);
  await expect(mine.locator('.clock-time')).toHaveText('4:33');
  // a reload: the game and both clocks come back, running again for the side to move
  await page.reload();
  await expect(mine.locator('.clock-time')).toHaveText('4:33');
  await expect(mine).toHaveClass(/running/);
  await expect(page.locator('.play-stop')).toBeVisible();
  // a takeback: both clocks as they stood when that position was reached (here the start: the time spent comes back)
  await page.locator('button.takeback').click();
  await expect(mine.locator('.clock-time')).toHaveText('5:00');
  await expect(theirs.locator('.clock-time')).toHaveText('5:00');
  // stop playing: no clocks
  await page.locator('.play-stop').click();
  await expect(page.locator('game-clocks .clock')).toHaveCount(0);
});

test('phone: both clocks are on screen with the board, and flip with it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page);
  await page.clock.pauseAt(at(5));
  await startTimed(page, '3+2', 'white');
  const board = page.locator('makruk-board');
  const top = page.locator('game-clocks[place="top"] .clock');
  const bottom = page.locator('game-clocks[place="bottom"] .clock');
  await expect(bottom).toHaveAttribute('data-color', 'black'); // the player's side, at the bottom
  await board.scrollIntoViewIfNeeded();
  for (const clock of [top, bottom]) await expect(clock).toBeInViewport();
  const boardBox = await board.boundingBox();
  const topBox = await top.boundingBox();
  const bottomBox = await bottom.boundingBox();
  expect(topBox && boardBox && topBox.y + topBox.height <= boardBox.y + 1).toBe(true);
  expect(bottomBox && boardBox && bottomBox.y >= boardBox.y + boardBox.height - 1).toBe(true);
  await page.locator('button.flip').click();
  await expect(bottom).toHaveAttribute('data-color', 'white');
});

test('an axe scan with the clocks running (light, dark, low time) and the custom fields; Thai names', async ({
  page,
}) => {
  await openPage(page); // the fake clock is not paused here: axe waits on timers of its own
  await page.locator('.play-time').selectOption('custom');
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  await page.locator('.time-minutes').fill('0.5');
  await page.locator('.time-increment').fill('0');
  await page.locator('.play-start').click();
  await expect(page.locator('game-clocks .clock')).toHaveCount(2);
  expect(await scan()).toEqual([]);
  await page.clock.runFor(15_000);
  await expect(page.locator('game-clocks[place="bottom"] .clock')).toHaveClass(/low/);
  expect(await scan()).toEqual([]);
  await openSettings(page);
  await page.locator('.theme').click();
  expect(await scan()).toEqual([]);
  await page.locator('.language').selectOption('th');
  await expect(page.locator('game-clocks[place="bottom"] .clock-side')).toHaveText('ฝ่ายขาว · คุณ');
  await expect(page.locator('.play-time-shown')).toHaveText('เวลา 0.5+0');
});

test('an untimed game against the computer comes back in play after a reload', async ({ page }) => {
  await openPage(page);
  await playComputer(page);
  await clickMove(page, 'e3', 'e4');
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "]')).toHaveCount(1, { timeout: 30_000 });
  await page.reload();
  await expect(page.locator('.play-stop')).toBeVisible();
  await expect(page.locator('game-clocks .clock')).toHaveCount(0);
  // still the computer's game: its reply to the next move comes by itself
  await clickMove(page, 'd3', 'd4');
  await expect(page.locator('move-tree button.move')).toHaveCount(4, { timeout: 30_000 });
  // stopped, it stays stopped after a reload
  await page.locator('.play-stop').click();
  await page.reload();
  await expect(page.locator('.play-start')).toBeVisible();
  await expect(page.locator('.play-stop')).toHaveCount(0);
});
