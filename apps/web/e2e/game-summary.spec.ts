// Issue 21: the whole-game summary counts in words, "1 inaccuracy" and "2 inaccuracies", never "1 inaccuracies".
// The engine does not decide what is shown here: the scores of every position are put on the device before the page
// loads (as a finished analysis leaves them), so each count is exactly 0, 1 or 2 and every form is checked.
import { type Page, expect, test } from '@playwright/test';
import { openPage } from './helpers.js';

const DEPTH = 8;
/** White's winning chances after each ply (-1…+1). A move that loses 0.1, 0.2 or 0.3 of them is ?!, ? or ??. */
const GAMES = [
  {
    pgn: '1. e4 e5 2. Nd2 Nd7 3. Nc4 Nc5 4. Ne2 Ne7 5. Nf4 Nf5 *',
    // White: ?! (0 → -0.15), ? (-0.15 → -0.4), ? (-0.4 → -0.65); Black: ?? (-0.65 → -0.3), ?! (→ -0.15), ?! (→ 0)
    white: [0, -0.15, -0.15, -0.4, -0.4, -0.65, -0.3, -0.3, -0.15, -0.15, 0],
    summary: {
      en: ['White: 1 inaccuracy, 2 mistakes, 0 blunders', 'Black: 2 inaccuracies, 0 mistakes, 1 blunder'],
      th: [
        'ฝ่ายขาว: พลาดเล็กน้อย 1 ครั้ง, พลาด 2 ครั้ง, พลาดร้ายแรง 0 ครั้ง',
        'ฝ่ายดำ: พลาดเล็กน้อย 2 ครั้ง, พลาด 0 ครั้ง, พลาดร้ายแรง 1 ครั้ง',
      ],
    },
  },
  {
    pgn: '1. c4 c5 2. Nd2 Nd7 3. Nb1 Nb8 *',
    // the same start as the first game (one stored score); White: ?? (0 → -0.35), ?? (→ -0.7), ? (→ -0.95)
    white: [0, -0.35, -0.35, -0.7, -0.7, -0.95, -0.95],
    summary: {
      en: ['White: 0 inaccuracies, 1 mistake, 2 blunders', 'Black: 0 inaccuracies, 0 mistakes, 0 blunders'],
      th: [
        'ฝ่ายขาว: พลาดเล็กน้อย 0 ครั้ง, พลาด 1 ครั้ง, พลาดร้ายแรง 2 ครั้ง',
        'ฝ่ายดำ: พลาดเล็กน้อย 0 ครั้ง, พลาด 0 ครั้ง, พลาดร้ายแรง 0 ครั้ง',
      ],
    },
  },
];

/** The stored analysis (apps/web/src/engine/game-analysis.ts): per position `root FEN|path|depth`, White's chances. */
async function storedAnalysis(): Promise<string> {
  const { parsePgnTree } = await import('@makruk/makruk');
  const scores: Array<[string, number, { cp: number }]> = [];
  for (const game of GAMES) {
    const tree = parsePgnTree(game.pgn);
    if (!tree.ok) throw tree.error;
    const main = tree.value.mainlinePath();
    expect(main).toHaveLength(game.white.length - 1);
    game.white.forEach((white, ply) => {
      const key = `${tree.value.root.fen}|${main.slice(0, ply).join(' ')}|${DEPTH}`;
      scores.push([key, white, { cp: Math.round(white * 400) }]);
    });
  }
  return JSON.stringify({ depth: DEPTH, scores });
}

async function seed(page: Page, locale: 'en' | 'th'): Promise<void> {
  const analysis = await storedAnalysis();
  await page.addInitScript(
    ([value, language]) => {
      localStorage.setItem('makruk-web:analysis:v1', value as string);
      localStorage.setItem('makruk-web:locale', language as string);
    },
    [analysis, locale],
  );
}

for (const locale of ['en', 'th'] as const) {
  test(`the summary's counts: 0, 1 and 2 of each mark, singular and plural (${locale})`, async ({ page }) => {
    await seed(page, locale);
    for (const game of GAMES) {
      await openPage(page, `?pgn=${encodeURIComponent(game.pgn)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.game-count')).toHaveText(`${game.white.length} / ${game.white.length}`);
      await expect(page.locator('.game-summary li')).toHaveText(game.summary[locale]);
    }
  });
}
