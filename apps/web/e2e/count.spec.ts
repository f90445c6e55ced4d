// The count as players say it (docs/rules.md "The counting rules"), checked move by move in the counting panel and
// beside the board, through a whole pieces'-honour count (from the capture that leaves Black's king bare to its
// count-out) and the end of a board's-honour count, in English and in Thai.
import { type Page, expect, test } from '@playwright/test';
import { clickMove, openPage, openSettings, pageUrl } from './helpers.js';

type Locale = 'en' | 'th';
/** After a move: the number said, and how long the mating side has (or, once over, the result and why). */
interface Step {
  move: [string, string];
  say: Record<Locale, string>;
  mate?: Record<Locale, string>;
  result?: Record<Locale, string>;
}

async function openFen(page: Page, fen: string, locale: Locale): Promise<void> {
  await openPage(page);
  if (locale === 'th') {
    await openSettings(page);
    await page.locator('.language').selectOption('th');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  }
  await page.goto(pageUrl(`?fen=${encodeURIComponent(fen)}`));
  await expect(page.locator('makruk-board')).toBeVisible();
}

/** Whether the element lies wholly on the page's first screen (the window scrolled to the top), however scrolled now. */
async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top + window.scrollY >= 0 && box.bottom + window.scrollY <= window.innerHeight;
  });
}

async function playThrough(page: Page, steps: Step[], locale: Locale, firstScreen = false): Promise<void> {
  const panel = page.locator('counting-panel');
  const beside = page.locator('.board-count');
  for (const step of steps) {
    await clickMove(page, ...step.move);
    const where = `after ${step.move.join('')}`;
    if (firstScreen) {
      await expect(beside, where).toBeVisible();
      expect(
        await onFirstScreen(page, '.board-count'),
        `${where}: the count beside the board, on the first screen`,
      ).toBe(true);
    }
    await expect(panel.locator('.count-say'), where).toHaveText(step.say[locale]);
    await expect(beside.locator('.board-count-say'), where).toHaveText(step.say[locale]);
    await expect(panel, where).not.toContainText(/\b(9 (of|จาก) 8|65 (of|จาก) 64)\b/);
    if (step.mate) {
      await expect(panel.locator('.count-left'), where).toHaveText(step.mate[locale]);
      await expect(beside.locator('.board-count-mate'), where).toHaveText(step.mate[locale]);
      await expect(panel.locator('.result'), where).toHaveCount(0);
    }
    if (step.result) {
      await expect(panel.locator('.count-left'), where).toHaveCount(0);
      await expect(panel.locator('.result'), where).toHaveText(step.result[locale]);
      await expect(beside.locator('.board-count-result'), where).toHaveText(step.result[locale]);
    }
  }
}

const said = (side: 'White' | 'Black', n: number, limit: number): Record<Locale, string> => ({
  en: `${side} counts: ${n} of ${limit}`,
  th: `${side === 'White' ? 'ฝ่ายขาว' : 'ฝ่ายดำ'}นับ: ${n} จาก ${limit}`,
});
const within = (side: 'White' | 'Black', n: number): Record<Locale, string> => ({
  en: `${side} must mate within ${n} move${n === 1 ? '' : 's'}`,
  th: `${side === 'White' ? 'ฝ่ายขาว' : 'ฝ่ายดำ'}ต้องรุกจนภายใน ${n} ตา`,
});

// K+R+R v K+N: White takes the knight, Black's king is bare: pieces' honour, N = 4, limit 8, Black counts 5 to 8 and
// White has 4 moves to mate; White only shuffles a rook, so Black's ninth move draws.
const PIECES_HONOUR: Step[] = [
  {
    move: ['e1', 'e2'],
    say: { en: 'Black counts: starts at 5 of 8', th: 'ฝ่ายดำนับ: เริ่มที่ 5 จาก 8' },
    mate: within('White', 4),
  },
  { move: ['e8', 'd8'], say: said('Black', 5, 8), mate: within('White', 4) },
  { move: ['a1', 'a2'], say: said('Black', 5, 8), mate: within('White', 3) },
  { move: ['d8', 'e8'], say: said('Black', 6, 8), mate: within('White', 3) },
  { move: ['a2', 'a3'], say: said('Black', 6, 8), mate: within('White', 2) },
  { move: ['e8', 'd8'], say: said('Black', 7, 8), mate: within('White', 2) },
  { move: ['a3', 'a4'], say: said('Black', 7, 8), mate: within('White', 1) },
  // Black has said 8 of 8: White still has this move to mate
  { move: ['d8', 'e8'], say: said('Black', 8, 8), mate: within('White', 1) },
  {
    move: ['a4', 'a5'],
    say: said('Black', 8, 8),
    mate: {
      en: 'White has no move left to mate: Black’s next count, 9, ends the game in a draw',
      th: 'ฝ่ายขาวไม่เหลือตาให้รุกจนแล้ว: ฝ่ายดำนับ 9 ตาถัดไปเกมจะเสมอ',
    },
  },
  {
    move: ['e8', 'd8'],
    say: { en: 'Black has counted to 8: the count ran out', th: 'ฝ่ายดำนับครบ 8 แล้ว: หมดการนับ' },
    result: {
      en: "1/2-1/2 — Draw: the count ran out — Black counted pieces' honour to 8 and White did not mate",
      th: '1/2-1/2 — เสมอ: นับครบ — ฝ่ายดำนับศักดิ์หมากครบ 8 และฝ่ายขาวรุกไม่จน',
    },
  },
];

// Board's honour, White counting, opened at ply 124 of 128 (White has said 62): its 65th counted move draws.
const BOARD_HONOUR: Step[] = [
  { move: ['a1', 'a2'], say: said('White', 63, 64), mate: within('Black', 2) },
  { move: ['e8', 'd8'], say: said('White', 63, 64), mate: within('Black', 1) },
  { move: ['a2', 'a1'], say: said('White', 64, 64), mate: within('Black', 1) },
  {
    move: ['d8', 'e8'],
    say: said('White', 64, 64),
    mate: {
      en: 'Black has no move left to mate: White’s next count, 65, ends the game in a draw',
      th: 'ฝ่ายดำไม่เหลือตาให้รุกจนแล้ว: ฝ่ายขาวนับ 65 ตาถัดไปเกมจะเสมอ',
    },
  },
  {
    move: ['a1', 'a2'],
    say: { en: 'White has counted to 64: the count ran out', th: 'ฝ่ายขาวนับครบ 64 แล้ว: หมดการนับ' },
    result: {
      en: "1/2-1/2 — Draw: the count ran out — White counted board's honour to 64 and Black did not mate",
      th: '1/2-1/2 — เสมอ: นับครบ — ฝ่ายขาวนับศักดิ์กระดานครบ 64 และฝ่ายดำรุกไม่จน',
    },
  },
];

for (const locale of ['en', 'th'] as const) {
  test(`a whole pieces’ honour count to its count-out, panel and board side (${locale})`, async ({ page }) => {
    await openFen(page, '4k3/8/8/8/8/8/4n3/RR2K3 w - - 0 40', locale);
    await expect(page.locator('.count-none')).toBeVisible();
    await playThrough(page, PIECES_HONOUR, locale);
  });

  test(`a board’s honour count-out, panel and board side (${locale})`, async ({ page }) => {
    await openFen(page, '4k3/8/2n5/8/8/8/8/RR2K3 w - 128 124 40', locale);
    await expect(page.locator('.board-count-say')).toHaveText(said('White', 62, 64)[locale]);
    await expect(page.locator('.board-count-mate')).toHaveText(within('Black', 2)[locale]);
    await playThrough(page, BOARD_HONOUR, locale);
  });
}

// On a phone the count is under the board, on the first screen, through the same counts (issue 21: "also on phones").
test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const locale of ['en', 'th'] as const) {
    test(`a whole pieces’ honour count to its count-out, beside the board on the first screen (${locale})`, async ({
      page,
    }) => {
      await openFen(page, '4k3/8/8/8/8/8/4n3/RR2K3 w - - 0 40', locale);
      await expect(page.locator('.count-none')).toBeVisible();
      await playThrough(page, PIECES_HONOUR, locale, true);
    });

    test(`a board’s honour count-out, beside the board on the first screen (${locale})`, async ({ page }) => {
      await openFen(page, '4k3/8/2n5/8/8/8/8/RR2K3 w - 128 124 40', locale);
      await expect(page.locator('.board-count-say')).toHaveText(said('White', 62, 64)[locale]);
      expect(await onFirstScreen(page, '.board-count')).toBe(true);
      await playThrough(page, BOARD_HONOUR, locale, true);
    });
  }
});
