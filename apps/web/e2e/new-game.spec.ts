// Issue 21: a new game, and games against the computer that end as players end them (resign, draw offer, claim).
import { expect, test } from '@playwright/test';
import { clickMove, moveButton, openPage, playComputer } from './helpers.js';

const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('New game starts from the start position and keeps the old game reachable (also after a reload)', async ({
  page,
}) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'e6', 'e5');
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  await page.locator('button.new-game').click();
  await expect(page.locator('move-tree button.move')).toHaveCount(0);
  await expect(page.locator('.fen-input')).toHaveValue(START);
  await clickMove(page, 'c3', 'c4');
  await page.reload();
  await expect(moveButton(page, 'c3c4')).toHaveAttribute('aria-current', 'true');
  await page.locator('button.previous-game').click();
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  await expect(moveButton(page, 'c3c4')).toHaveCount(0);
  // and the new one is now the other game
  await page.locator('button.previous-game').click();
  await expect(moveButton(page, 'c3c4')).toHaveAttribute('aria-current', 'true');
});

test('playing the computer a second time starts a new game, not variations in the old tree', async ({ page }) => {
  await openPage(page);
  await playComputer(page);
  await clickMove(page, 'e3', 'e4');
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "]')).toHaveCount(1, { timeout: 30_000 });
  await page.locator('.play-stop').click();
  await page.locator('h1').click();
  await page.keyboard.press('Home');
  await page.locator('.play-start').click();
  await expect(page.locator('move-tree button.move')).toHaveCount(0);
  await expect(page.locator('button.previous-game')).toBeVisible();
  await clickMove(page, 'd3', 'd4');
  await expect(page.locator('move-tree button.move[data-path^="d3d4 "]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('move-tree .variation')).toHaveCount(0);
  await expect(moveButton(page, 'e3e4')).toHaveCount(0);
});

test('playing the computer: the player resigns', async ({ page }) => {
  await openPage(page);
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-start').click();
  await page.locator('button.resign').click();
  const dialog = page.locator('dialog.result-dialog');
  await expect(dialog.locator('h2')).toHaveText('Black wins');
  await expect(dialog).toContainText('0-1 — resignation');
  await dialog.locator('.result-close').click();
  await expect(page.locator('.result')).toContainText('resignation');
  await expect(page.locator('makruk-board')).toHaveAttribute('movable', 'none');
  await expect(page.locator('.pgn-input')).toHaveValue(/\[Result "0-1"\]/);
  await page.reload(); // the resignation is kept with the game
  await expect(page.locator('.result')).toContainText('resignation');
});

test('playing the computer: a draw offer is accepted when level, declined two rooks down', async ({ page }) => {
  await openPage(page);
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-start').click();
  await page.locator('button.offer-draw').click();
  await expect(page.locator('.draw-answer')).toHaveText('The computer accepts the draw.', { timeout: 30_000 });
  await expect(page.locator('dialog.result-dialog')).toContainText('1/2-1/2 — agreement');
  await page.locator('dialog.result-dialog .result-close').click();
  await page.locator('.play-stop').click();

  await page.locator('.fen-input').fill('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/1NSKMSN1 w - - 0 1');
  await page.locator('.fen-input').press('Enter');
  await page.locator('.play-start').click();
  await page.locator('button.offer-draw').click();
  await expect(page.locator('.draw-answer')).toHaveText('The computer declines the draw.', { timeout: 30_000 });
  await expect(page.locator('.result')).toHaveCount(0);
  await clickMove(page, 'e3', 'e4'); // play goes on
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "]')).toHaveCount(1, { timeout: 30_000 });
});

test('threefold repetition (1.Nd2 Nd7 2.Nb1 Nb8 3.Nd2 Nd7 4.Nb1 Nb8) offers a claim', async ({ page }) => {
  await openPage(page);
  const input = page.locator('.move-input');
  for (const san of ['Nd2', 'Nd7', 'Nb1', 'Nb8', 'Nd2', 'Nd7', 'Nb1']) {
    await input.fill(san);
    await input.press('Enter');
  }
  await expect(page.locator('.fen-input')).toHaveValue(/ b - /);
  await expect(page.locator('button.claim-draw')).toHaveCount(0);
  await input.fill('Nb8');
  await input.press('Enter');
  await page.locator('button.claim-draw').click();
  await expect(page.locator('.result')).toContainText('1/2-1/2');
  await expect(page.locator('.result')).toContainText('threefold repetition claimed');
  await expect(page.locator('button.claim-draw')).toHaveCount(0);
});
