// Issue 21: a PGN pasted into the page is read strictly, as a typed move is. A pawn capture written as a push (e5 for
// fxe5) and a variation never closed are refused with a message that names the move and the line, and the game on
// screen stays as it was.
import { type Page, expect, test } from '@playwright/test';
import { moveButton, openPage } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const GAME = '1. e4 e5 2. Nd2 Nd7 *';
const CURRENT = 'e3e4 e6e5 b1d2 b8d7';

async function importPgn(page: Page, text: string): Promise<void> {
  await page.locator('.pgn-input').fill(text);
  await page.locator('.pgn-import').click();
}

/** The game imported first is still the one on screen: its four moves, the last one current, nothing else. */
async function gameKept(page: Page): Promise<void> {
  await expect(page.locator('move-tree button.move')).toHaveCount(4);
  await expect(moveButton(page, CURRENT)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('move-tree .variation')).toHaveCount(0);
}

test('a pasted PGN with e5 for the capture fxe5 is refused at that move; the game on screen stays', async ({
  page,
}) => {
  await openPage(page);
  await importPgn(page, GAME);
  await expect(moveButton(page, CURRENT)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.pgn-error')).toHaveText('');
  await importPgn(page, '[Event "typo"]\n\n1. f4 e5\n2. e5 *');
  const error = page.locator('.pgn-error');
  await expect(error).toHaveAttribute('role', 'alert');
  // the line, the move as written and the capture meant
  await expect(error).toContainText('Line 4');
  await expect(error).toContainText("Move 2. 'e5'");
  await expect(error).toContainText('fxe5');
  await gameKept(page);
  // the corrected PGN is read
  await importPgn(page, '[Event "typo"]\n\n1. f4 e5\n2. fxe5 *');
  await expect(moveButton(page, 'f3f4 e6e5 f4e5')).toHaveAttribute('aria-current', 'true');
  await expect(error).toHaveText('');
});

test('a pasted PGN with an unclosed "(" is refused as such, not as an illegal move; the game on screen stays', async ({
  page,
}) => {
  await openPage(page);
  await importPgn(page, GAME);
  await expect(moveButton(page, CURRENT)).toHaveAttribute('aria-current', 'true');
  await importPgn(page, '[Event "unclosed"]\n\n1. e4 e5\n2. Nd2 (2. Nc3 Nd7\n3. Nd5 *');
  const error = page.locator('.pgn-error');
  await expect(error).toHaveAttribute('role', 'alert');
  // the variation never closed, where it was opened and its first move
  await expect(error).toContainText('Line 4');
  await expect(error).toContainText('never closed');
  await expect(error).toContainText("'Nc3'");
  await expect(error).not.toContainText(/illegal|cannot be played|not legal/i);
  await gameKept(page);
});
