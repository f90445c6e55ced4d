// Issue 21 (D5, D12): the board editor's count fields in moves with errors in words; its pieces visible in both themes.
import { expect, test } from '@playwright/test';
import { openPage, openSettings } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('board editor: the count fields are in moves, and their errors are in words', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
  await page.locator('.editor-open').click();
  // FEN 16 10: a limit of 8 moves, and Black (bare king, pieces' honour) says 6 next
  await expect(page.locator('.editor-count')).toHaveValue('8');
  await expect(page.locator('.editor-count-next')).toHaveValue('6');
  await expect(page.locator('.editor-count-side')).toHaveValue('black');
  await expect(page.locator('.editor-count-side')).toBeDisabled();
  await expect(page.locator('label', { has: page.locator('.editor-count') })).toContainText('Count limit (moves)');
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
  await page.locator('.editor-count-next').fill('8');
  await page.locator('.editor-count-next').press('Tab');
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K2R b - 16 14 5');
  await page.locator('.editor-count').fill('x');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/^The count limit is a number of moves/);
  await expect(page.locator('.editor-use')).toBeDisabled();
  await page.locator('.editor-count').fill('4');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/^The next count is .*: 1 to 5\.$/);
  // a count with pawns on the board: said in the editor's words, not "FEN field 4"
  await page.locator('.editor-start').click();
  await page.locator('.editor-count').fill('64');
  await page.locator('.editor-count').press('Tab');
  await page.locator('.editor-count-next').fill('1');
  await page.locator('.editor-count-next').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText(/No count can run while an unpromoted pawn stands/);
  await expect(page.locator('.editor-error')).not.toContainText('field');
  await page.locator('.editor-count').fill('');
  await page.locator('.editor-count').press('Tab');
  await expect(page.locator('.editor-error')).toHaveText('');
  await expect(page.locator('.editor-fen')).toHaveText('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
});

/** WCAG contrast ratio of two CSS colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('board editor: black pieces stand out in the dark theme, white pieces in the light one', async ({ page }) => {
  await openPage(page);
  await page.locator('.editor-open').click();
  const colours = async (tool: string) =>
    page.locator(`.palette [data-tool="${tool}"]`).evaluate((button) => {
      const rgb = (text: string) => (text.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      const art = button.querySelector('.piece-art') as SVGElement;
      return {
        background: rgb(getComputedStyle(button).backgroundColor),
        fill: rgb(getComputedStyle(art).fill),
        stroke: rgb(getComputedStyle(art).stroke),
      };
    });
  const light = await colours('white-rook');
  expect(contrast(light.stroke, light.background)).toBeGreaterThanOrEqual(4.5);
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await colours('black-rook');
  expect(contrast(dark.fill, dark.background)).toBeGreaterThanOrEqual(3);
});
