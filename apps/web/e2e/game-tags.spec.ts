// The PGN's player and event tags on the page, as lichess shows them: the players (name and rating) above and below
// the board, following a flip; the event, date and result in the game panel. As text, never as HTML; nothing where
// the tags are absent or "?"; English and Thai; the phone's first screen keeps the board and the move navigation.
import { type Page, expect, test } from '@playwright/test';
import { axeScanner, longGamePgn, openPage, openSettings } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** A 38-move game (so the move list is long) with `tags` in place of the "?" of the seven-tag roster. */
async function taggedGame(tags: Record<string, string>, moves = 38): Promise<string> {
  let pgn = await longGamePgn(moves);
  for (const [name, value] of Object.entries(tags)) {
    const tag = `[${name} "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]`;
    pgn = pgn.includes(`[${name} `) ? pgn.replace(new RegExp(`\\[${name} "[^"]*"\\]`), tag) : `${tag}\n${pgn}`;
  }
  // the movetext's result is the game's (the library reads it over the tag)
  return tags.Result ? pgn.replace(/\*\s*$/, tags.Result) : pgn;
}

async function importPgn(page: Page, text: string): Promise<void> {
  await page.locator('.pgn-input').fill(text);
  await page.locator('.pgn-import').click();
  await expect(page.locator('move-tree button.move').first()).toBeVisible();
}

const GAME_TAGS = {
  Event: 'Bangkok Open',
  Date: '2024.05.01',
  White: 'Somchai',
  Black: 'Nattapong',
  WhiteElo: '2105',
  BlackElo: '?',
  Result: '1-0',
};

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

test('the players by the board (name and rating, Black on top), following a flip; event, date, result', async ({
  page,
}) => {
  await openPage(page);
  await importPgn(page, await taggedGame(GAME_TAGS, 4));
  const top = page.locator('.board-area .player-top');
  const bottom = page.locator('.board-area .player-bottom');
  await expect(top).toHaveAttribute('data-color', 'black');
  await expect(top.locator('.player-name')).toHaveText('Nattapong');
  await expect(top.locator('.player-elo')).toHaveCount(0); // BlackElo "?"
  await expect(bottom).toHaveAttribute('data-color', 'white');
  await expect(bottom.locator('.player-name')).toHaveText('Somchai');
  await expect(bottom.locator('.player-elo')).toHaveText(/2105$/);
  // screen readers hear the side and the rating: "White: Somchai rating 2105"
  await expect(bottom).toHaveText('White: Somchai rating 2105');
  const board = await boxOf(page, 'makruk-board');
  expect((await boxOf(page, '.player-top')).y + (await boxOf(page, '.player-top')).height).toBeLessThanOrEqual(
    board.y + 1,
  );
  expect((await boxOf(page, '.player-bottom')).y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  // a flip: White on top
  await page.locator('button.flip').click();
  await expect(top).toHaveAttribute('data-color', 'white');
  await expect(top.locator('.player-name')).toHaveText('Somchai');
  await expect(bottom.locator('.player-name')).toHaveText('Nattapong');
  // the event, the date and the result in the game panel
  const event = page.locator('game-panel .game-event');
  await expect(event).toHaveText('Bangkok Open · 1 May 2024 · White wins');
  await expect(event.locator('time')).toHaveAttribute('datetime', '2024-05-01');
  // in Thai: the side's name, the date in Thai (Buddhist era), the result in words
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await expect(top).toHaveText('ฝ่ายขาว: Somchai เรตติ้ง 2105');
  await expect(event).toHaveText('Bangkok Open · 1 พฤษภาคม 2567 · ฝ่ายขาวชนะ');
});

test('a tag with HTML in it is shown as text (and runs nothing)', async ({ page }) => {
  const problems = await openPage(page);
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await importPgn(
    page,
    await taggedGame(
      {
        White: '<img src=x onerror=alert(1)>',
        Black: '<b>bold</b>',
        WhiteElo: '<i>2000</i>',
        Event: '<script>alert(2)</script>',
      },
      2,
    ),
  );
  await expect(page.locator('.player-bottom .player-name')).toHaveText('<img src=x onerror=alert(1)>');
  await expect(page.locator('.player-bottom .player-elo')).toHaveText(/<i>2000<\/i>$/);
  await expect(page.locator('.player-top .player-name')).toHaveText('<b>bold</b>');
  await expect(page.locator('game-panel .game-event-name')).toHaveText('<script>alert(2)</script>');
  await page.reload(); // and from the saved game
  await expect(page.locator('.player-bottom .player-name')).toHaveText('<img src=x onerror=alert(1)>');
  expect(await page.locator('img, .player b, .player i').count()).toBe(0);
  expect(await page.locator('script', { hasText: 'alert' }).count()).toBe(0);
  expect(problems).toEqual([]);
});

test('nothing is shown where the tags are absent or "?"; a partial date shows what it knows', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('.player')).toHaveCount(0);
  await expect(page.locator('.game-event')).toHaveCount(0);
  // the seven-tag roster of "?" and a Result
  await importPgn(page, (await longGamePgn(3)).replace('[Result "*"]', '[Result "1-0"]').replace(/\*\s*$/, '1-0'));
  await expect(page.locator('move-tree button.move')).toHaveCount(6);
  await expect(page.locator('.player')).toHaveCount(0);
  await expect(page.locator('.game-event')).toHaveCount(0);
  // no tags at all
  await importPgn(page, '1. e4 e5 *');
  await expect(page.locator('move-tree button.move')).toHaveCount(2);
  await expect(page.locator('.player')).toHaveCount(0);
  await expect(page.locator('.game-event')).toHaveCount(0);
  // one player only, and a year
  await importPgn(page, '[White "Somchai"]\n[Date "2024.??.??"]\n\n1. e4 e5 *');
  await expect(page.locator('.player')).toHaveCount(1);
  await expect(page.locator('.player-bottom .player-name')).toHaveText('Somchai');
  await expect(page.locator('game-panel .game-event')).toHaveText('2024');
  // a new game drops them
  await page.locator('.new-game').click();
  await expect(page.locator('.player')).toHaveCount(0);
  await expect(page.locator('.game-event')).toHaveCount(0);
});

test('axe finds nothing with the players and the event shown (light and dark, English and Thai)', async ({ page }) => {
  await openPage(page);
  await importPgn(page, await taggedGame({ ...GAME_TAGS, BlackElo: '1980' }, 4));
  await expect(page.locator('.player')).toHaveCount(2);
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await scan()).toEqual([]);
  await page.locator('.language').selectOption('th');
  await expect(page.locator('.player-top')).toContainText('ฝ่ายดำ');
  expect(await scan()).toEqual([]);
  await page.locator('.theme').click();
  expect(await scan()).toEqual([]);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const locale of ['en', 'th'] as const) {
    test(`the players by the board, with the board and the move navigation on one screen (${locale})`, async ({
      page,
    }) => {
      await openPage(page);
      if (locale === 'th') {
        await openSettings(page);
        await page.locator('.language').selectOption('th');
        await page.locator('button.settings-toggle').click();
      }
      await importPgn(
        page,
        await taggedGame({
          ...GAME_TAGS,
          White: 'Somchai Wongsawat-Phanomyong of the Bangkok Makruk Club',
          Black: 'สมศักดิ์ ศรีสุวรรณ',
          BlackElo: '1980',
        }),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const selector of ['.player-top', 'makruk-board', '.player-bottom', '.nav-first', '.nav-last']) {
        const box = await boxOf(page, selector);
        expect(box.y, selector).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, selector).toBeLessThanOrEqual(844);
        expect(box.x + box.width, selector).toBeLessThanOrEqual(390);
      }
      const board = await boxOf(page, 'makruk-board');
      const top = await boxOf(page, '.player-top');
      expect(top.y + top.height).toBeLessThanOrEqual(board.y + 1);
      expect((await boxOf(page, '.player-bottom')).y).toBeGreaterThanOrEqual(board.y + board.height - 1);
      // a long name ends in an ellipsis on one line; the page does not scroll sideways
      expect((await boxOf(page, '.player-bottom')).height).toBeLessThan(40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.locator('.player-top .player-name')).toHaveText('สมศักดิ์ ศรีสุวรรณ');
      await page.locator('button.flip').click();
      await expect(page.locator('.player-top')).toHaveAttribute('data-color', 'white');
    });
  }
});
