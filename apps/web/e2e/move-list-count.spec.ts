// The count in the move list (docs/rules.md "Pieces' honour"): each move of the counting side carries the number it
// said ("6/8", as pychess shows it beside the move), for the eye a small mark and for a screen reader the counting
// panel's own words; the move that runs the count out says so. English and Thai, desktop and phone, and axe.
import { type Page, expect, test } from '@playwright/test';
import { axeScanner, clickMove, moveButton, openPage, openSettings, pageUrl } from './helpers.js';

type Locale = 'en' | 'th';
// Black's king is bare: pieces' honour, 4 pieces, limit 8, Black has said 5 and says 6 with its next move.
const FEN = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
// The walkthrough's D3 line, then Black's ninth move, which runs the count out (a draw).
const COUNT_OUT: Array<[string, string]> = [
  ['b2', 'b1'],
  ['h1', 'h2'],
  ['b1', 'c1'],
  ['h2', 'f2'],
  ['c1', 'b1'],
  ['e1', 'd1'],
  ['b1', 'a1'],
];
const path = (plies: number): string =>
  COUNT_OUT.slice(0, plies)
    .map(([from, to]) => from + to)
    .join(' ');
const said = (n: number): Record<Locale, string> => ({ en: `Black counts: ${n} of 8`, th: `ฝ่ายดำนับ: ${n} จาก 8` });

async function openFen(page: Page, locale: Locale): Promise<void> {
  await openPage(page);
  if (locale === 'th') {
    await openSettings(page);
    await page.locator('.language').selectOption('th');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  }
  await page.goto(pageUrl(`?fen=${encodeURIComponent(FEN)}`));
  await expect(page.locator('makruk-board')).toBeVisible();
}

async function playCountOut(page: Page): Promise<void> {
  for (const [index, [from, to]] of COUNT_OUT.entries()) {
    await clickMove(page, from, to);
    await expect(moveButton(page, path(index + 1))).toBeVisible();
  }
}

for (const locale of ['en', 'th'] as const) {
  test(`the move list marks each counted move with the number said, to the count-out (${locale})`, async ({ page }) => {
    await openFen(page, locale);
    await playCountOut(page);
    // Black's counted moves: 6, 7, 8 of 8, then the move that runs the count out (never "9/8")
    const marks: Array<[number, string, string]> = [
      [1, '6/8', said(6)[locale]],
      [3, '7/8', said(7)[locale]],
      [5, '8/8', said(8)[locale]],
      [
        7,
        locale === 'en' ? 'count out' : 'นับครบ',
        locale === 'en' ? 'Black has counted to 8: the count ran out' : 'ฝ่ายดำนับครบ 8 แล้ว: หมดการนับ',
      ],
    ];
    for (const [plies, mark, words] of marks) {
      const button = moveButton(page, path(plies));
      await expect(button.locator('.count-mark'), `mark on ply ${plies}`).toHaveText(mark);
      await expect(button.locator('.count-mark')).toHaveAttribute('aria-hidden', 'true');
      // a screen reader hears the words, not "6/8"
      await expect(button).toHaveAccessibleName(new RegExp(`${words}$`));
    }
    // White's moves (the mating side) say no number
    for (const plies of [2, 4, 6]) await expect(moveButton(page, path(plies)).locator('.count-mark')).toHaveCount(0);
    await expect(page.locator('move-tree .count-mark')).toHaveCount(4);
    await expect(page.locator('move-tree')).not.toContainText('9/8');
    // the same count as beside the board: the game is drawn on the count
    await expect(page.locator('.board-count-result')).toContainText('1/2-1/2');
  });
}

test('no count, no mark: the start position’s moves carry none', async ({ page }) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'd6', 'd5');
  await expect(moveButton(page, 'e3e4 d6d5')).toBeVisible();
  await expect(page.locator('move-tree .count-mark')).toHaveCount(0);
});

test('phone (390×844): the count marks are visible in the move list, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openFen(page, 'en');
  await playCountOut(page);
  for (const plies of [1, 3, 5, 7]) {
    const button = moveButton(page, path(plies));
    const mark = button.locator('.count-mark');
    // the list scrolls: bring the move into the list's view and the page's
    await button.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
    await expect(mark).toBeVisible();
    await expect(mark).toBeInViewport();
    const [markBox, buttonBox, listBox] = await Promise.all([
      mark.boundingBox(),
      button.boundingBox(),
      page.locator('move-tree .moves').boundingBox(),
    ]);
    if (!markBox || !buttonBox || !listBox) throw new Error(`no box for the mark on ply ${plies}`);
    expect(markBox.height, 'a readable mark').toBeGreaterThanOrEqual(8);
    // inside its move and inside the list, not cut off at the phone's edge
    expect(markBox.x).toBeGreaterThanOrEqual(buttonBox.x - 1);
    expect(markBox.x + markBox.width).toBeLessThanOrEqual(buttonBox.x + buttonBox.width + 1);
    expect(markBox.x + markBox.width).toBeLessThanOrEqual(Math.min(listBox.x + listBox.width, 390) + 1);
  }
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
});

for (const locale of ['en', 'th'] as const) {
  test(`axe finds nothing in the move list with counts (${locale}, light and dark)`, async ({ page }) => {
    await openFen(page, locale);
    await playCountOut(page);
    // a counted move on screen (its mark on the current move's background), then the last one
    await moveButton(page, path(3)).click();
    await expect(page.locator('move-tree .move.current .count-mark')).toHaveText('7/8');
    const scan = await axeScanner(page);
    expect(await scan()).toEqual([]);
    await openSettings(page);
    await page.locator('button.theme').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await scan()).toEqual([]);
  });
}
