// What the screen-reader live region says after a move (the walkthrough's flow 11: it said only "e4"): the move in
// words with the piece's name, check or mate, the count while one runs (the number said, how long the other side
// has to mate) and the result once the game is over, in English and in Thai.
import { type Page, expect, test } from '@playwright/test';
import { clickMove, openPage, openSettings, pageUrl } from './helpers.js';

type Locale = 'en' | 'th';
// Black's king is bare: pieces' honour, limit 8, Black says 6 with its next move; White mates on the count's last ply.
const FEN = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';

async function open(page: Page, locale: Locale, search = ''): Promise<void> {
  await openPage(page);
  if (locale === 'th') {
    await openSettings(page);
    await page.locator('.language').selectOption('th');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  }
  await page.goto(pageUrl(search));
  await expect(page.locator('makruk-board')).toBeVisible();
}

const live = (page: Page) => page.locator('p.live-move[aria-live="polite"]');

const SAID: Record<Locale, (n: number) => string> = {
  en: (n) => `Black counts: ${n} of 8`,
  th: (n) => `ฝ่ายดำนับ: ${n} จาก 8`,
};
const WITHIN: Record<Locale, (n: number) => string> = {
  en: (n) => `White must mate within ${n} move${n === 1 ? '' : 's'}`,
  th: (n) => `ฝ่ายขาวต้องรุกจนภายใน ${n} ตา`,
};
const join = (locale: Locale, ...parts: string[]): string => parts.join(locale === 'en' ? '. ' : ' ');

// 5…Kxb1 6.Kd2+ (a discovered check) Ka2 7.Kc3 Ka3 8.Ra1#: White mates on the ply that brings the count to its limit.
const MATE_LINE: Record<Locale, Array<{ move: [string, string]; says: string }>> = {
  en: [
    { move: ['b2', 'b1'], says: join('en', 'Black king b2 takes rook on b1', SAID.en(6), WITHIN.en(3)) },
    { move: ['e1', 'd2'], says: join('en', 'White king e1 to d2, check', SAID.en(6), WITHIN.en(2)) },
    { move: ['b1', 'a2'], says: join('en', 'Black king b1 to a2', SAID.en(7), WITHIN.en(2)) },
    { move: ['d2', 'c3'], says: join('en', 'White king d2 to c3', SAID.en(7), WITHIN.en(1)) },
    { move: ['a2', 'a3'], says: join('en', 'Black king a2 to a3', SAID.en(8), WITHIN.en(1)) },
    {
      move: ['h1', 'a1'],
      says: join('en', 'White rook h1 to a1, checkmate', SAID.en(8), '1-0 — White wins: checkmate'),
    },
  ],
  th: [
    { move: ['b2', 'b1'], says: join('th', 'ฝ่ายดำ ใช้ขุนจาก b2 กินเรือที่ b1', SAID.th(6), WITHIN.th(3)) },
    { move: ['e1', 'd2'], says: join('th', 'ฝ่ายขาว เดินขุนจาก e1 ไป d2 รุก', SAID.th(6), WITHIN.th(2)) },
    { move: ['b1', 'a2'], says: join('th', 'ฝ่ายดำ เดินขุนจาก b1 ไป a2', SAID.th(7), WITHIN.th(2)) },
    { move: ['d2', 'c3'], says: join('th', 'ฝ่ายขาว เดินขุนจาก d2 ไป c3', SAID.th(7), WITHIN.th(1)) },
    { move: ['a2', 'a3'], says: join('th', 'ฝ่ายดำ เดินขุนจาก a2 ไป a3', SAID.th(8), WITHIN.th(1)) },
    {
      move: ['h1', 'a1'],
      says: join('th', 'ฝ่ายขาว เดินเรือจาก h1 ไป a1 รุกจน', SAID.th(8), '1-0 — ฝ่ายขาวชนะ: รุกจน'),
    },
  ],
};

for (const locale of ['en', 'th'] as const) {
  test(`a normal move is said in words with the piece's name, not only "e4" (${locale})`, async ({ page }) => {
    await open(page, locale);
    await expect(live(page)).toHaveText('');
    await clickMove(page, 'e3', 'e4');
    await expect(live(page)).toHaveText(locale === 'en' ? 'White pawn e3 to e4' : 'ฝ่ายขาว เดินเบี้ยจาก e3 ไป e4');
    await clickMove(page, 'd6', 'd5');
    await expect(live(page)).toHaveText(locale === 'en' ? 'Black pawn d6 to d5' : 'ฝ่ายดำ เดินเบี้ยจาก d6 ไป d5');
    await clickMove(page, 'e4', 'd5');
    await expect(live(page)).toHaveText(
      locale === 'en' ? 'White pawn e4 takes pawn on d5' : 'ฝ่ายขาว ใช้เบี้ยจาก e4 กินเบี้ยที่ d5',
    );
  });

  test(`check, the count and the mate are said, move by move (${locale})`, async ({ page }) => {
    await open(page, locale, `?fen=${encodeURIComponent(FEN)}`);
    for (const step of MATE_LINE[locale]) {
      await clickMove(page, ...step.move);
      await expect(live(page), `after ${step.move.join('')}`).toHaveText(step.says);
    }
    // stepping back through the game says the move on screen again
    await page.locator('.nav-prev').click();
    await expect(live(page)).toHaveText(MATE_LINE[locale][4]?.says ?? '');
  });
}

test('a promotion is said', async ({ page }) => {
  // the last pawn becomes a met: Black's king is bare and its count starts (said after the move)
  await open(page, 'en', `?fen=${encodeURIComponent('4k3/8/8/2P5/8/8/8/R3K3 w - - 0 40')}`);
  await clickMove(page, 'c5', 'c6');
  await expect(live(page)).toHaveText(/^White pawn c5 to c6, promotes to met\. Black counts: starts at \d+ of 16\. /);
});
