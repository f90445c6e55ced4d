// Issue 18: the tablebase panel shows, where the position has a table, the verdict under the count in words and every
// move with its result, best first; a click plays the move. Elsewhere (pawns, more men) it is not there.
import { expect, test } from '@playwright/test';
import { axeScanner, moveButton, openPage, openSettings } from './helpers';

const KRK = '8/8/2k5/8/8/8/3K4/R7 w - 32 6 1'; // White mates in 13, and Black's count leaves 13
const KRRK_DRAW = '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1'; // issue 21: mate in 6, the count leaves 4

test('K+R v K: the verdict, every move best first, and a click plays the first', async ({ page }) => {
  const { Position, Tablebase } = await import('@makruk/makruk');
  const problems = await openPage(page, `?fen=${encodeURIComponent(KRK)}`);
  const panel = page.locator('tablebase-panel');
  await expect(panel.locator('.tablebase-verdict')).toHaveText('White mates in 13; the count allows 13');
  await expect(panel.locator('.tablebase-verdict')).toHaveClass(/tablebase-win/);
  const position = Position.fromFen(KRK);
  if (!position.ok) throw position.error;
  const probed = (await Tablebase.create()).probe(position.value);
  if (!probed.ok) throw probed.error;
  const moves = panel.locator('button.tablebase-move');
  await expect(moves).toHaveCount(position.value.legalMoves().length);
  // the first is the tables' best move (the fastest mate), with its result in words and colour
  const best = probed.value.bestMove;
  if (!best) throw new Error('no best move');
  const first = moves.first();
  await expect(first).toHaveAttribute('data-uci', `${best.from}${best.to}`);
  await expect(first.locator('.tablebase-result')).toHaveText('mate in 13');
  await expect(first).toHaveClass(/tablebase-win/);
  // draws come after every win (a rook left to be taken)
  const results = await moves.evaluateAll((buttons) =>
    buttons.map((button) => (button.className.match(/tablebase-(win|draw|loss)/) ?? [])[1]),
  );
  expect(results.indexOf('draw')).toBeGreaterThan(results.lastIndexOf('win'));
  await first.click();
  await expect(moveButton(page, `${best.from}${best.to}`)).toHaveAttribute('aria-current', 'true');
  // the panel follows the position: now Black to move, mated in 12 at most
  await expect(panel.locator('.tablebase-verdict')).toHaveText(/^White mates in 1[0-2]; the count allows \d+$/);
  expect(problems).toEqual([]);
});

test('K+R v K in Thai', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent(KRK)}`);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  const panel = page.locator('tablebase-panel');
  await expect(panel.locator('h2')).toHaveText('ตารางเผด็จ');
  await expect(panel.locator('.tablebase-verdict')).toHaveText('ฝ่ายขาวรุกจนได้ใน 13 ตา; การนับให้ 13 ตา');
  await expect(panel.locator('button.tablebase-move').first().locator('.tablebase-result')).toHaveText('รุกจนใน 13');
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  await openSettings(page);
  await page.locator('.theme').click();
  expect(await scan()).toEqual([]);
});

test('a K+R+R v K count draw, a K+S v K with no mate, and no panel where there is no table', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent(KRRK_DRAW)}`);
  const verdict = page.locator('tablebase-panel .tablebase-verdict');
  await expect(verdict).toHaveText('Draw: mate needs 6 moves, the count allows 4');
  await expect(verdict).toHaveClass(/tablebase-draw/);
  await openPage(page, `?fen=${encodeURIComponent('4k3/8/8/8/8/8/8/3SK3 w - - 0 1')}`);
  await expect(verdict).toHaveText('Draw: no mate can be forced');
  const { INITIAL_FEN } = await import('@makruk/makruk');
  await openPage(page, `?fen=${encodeURIComponent(INITIAL_FEN)}`);
  await expect(page.locator('.fen-input')).toHaveValue(INITIAL_FEN);
  await expect(page.locator('tablebase-panel section')).toHaveCount(0);
});
