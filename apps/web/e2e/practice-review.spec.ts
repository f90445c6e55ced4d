// Issue 18: after a practice game the panel says, by the tables, where White lost moves — each slower move with the
// moves it cost, a move that let the win go — or that every move was on the fastest mate. English and Thai.
import { type Page, expect, test } from '@playwright/test';
import { openPage, openSettings } from './helpers';

async function currentFen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { model } = (
      document.querySelector('makruk-analysis') as unknown as {
        ctx: { model: { game: { position: { fen(): string } } } };
      }
    ).ctx;
    return model.game.position.fen();
  });
}

/**
 * Starts practice with a fixed seed (the page draws one from Math.random on the click), so the start is always the
 * same one: a K+R v K whose mate leaves the count moves to spare, so a slower mate still wins.
 */
async function startWithSeed(page: Page): Promise<void> {
  await page.evaluate(() => {
    const random = Math.random;
    Math.random = () => 0.25;
    try {
      (document.querySelector('.practice-start') as HTMLButtonElement).click(); // the handler takes its seed at once
    } finally {
      Math.random = random;
    }
  });
}

for (const locale of ['en', 'th'] as const) {
  test(`practice K+R v K (${locale}): one slower move is named with the moves it cost`, async ({ page }) => {
    const { Position, Tablebase } = await import('@makruk/makruk');
    const tables = await Tablebase.create();
    const problems = await openPage(page);
    if (locale === 'th') {
      await openSettings(page);
      await page.locator('.language').selectOption('th');
    }
    await page.locator('.practice-ending').selectOption('KRK');
    await startWithSeed(page);
    await expect(page.locator('.practice-goal')).toBeVisible();
    const mateText = (await page.locator('.practice-mate').textContent()) ?? '';
    const mateIn = Number(/(\d+)/.exec(mateText)?.[1]);
    expect(mateIn).toBeGreaterThan(0);
    const input = page.locator('.move-input');
    let whiteMoves = 0;
    let lost = 0;
    let slowSan = '';
    let slowNumber = 0;
    while (whiteMoves < 40) {
      // White to move once the tables' defence has replied
      await expect.poll(async () => (await currentFen(page)).split(' ')[1]).toBe('w');
      const fen = await currentFen(page);
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      const probed = tables.probe(position.value);
      if (!probed.ok) throw probed.error;
      const best = probed.value.moves.find((move) => move.result === 'win' && move.mate === probed.value.mate);
      if (!best) throw new Error(`no winning move in ${fen}`);
      let move = best;
      if (lost === 0) {
        // the first move that has one: a winning move that mates more slowly than the best
        const slower = probed.value.moves
          .filter((candidate) => candidate.result === 'win' && (candidate.mate ?? 0) > (best.mate ?? 0))
          .sort((a, b) => (a.mate ?? 0) - (b.mate ?? 0))[0];
        if (slower) {
          move = slower;
          lost = (slower.mate ?? 0) - (best.mate ?? 0);
          slowSan = `${move.move.from}${move.move.to}`;
          slowNumber = Number(fen.split(' ')[5]);
        }
      }
      whiteMoves++;
      await input.fill(`${move.move.from}${move.move.to}`);
      await input.press('Enter');
      if (position.value.play(move.move).isCheckmate()) break;
    }
    expect(lost).toBeGreaterThan(0);
    expect(slowSan).not.toBe('');
    await expect(page.locator('.practice-result')).toBeVisible();
    const summary = page.locator('.practice-review-summary');
    await expect(summary).toHaveText(
      locale === 'en'
        ? new RegExp(`^\\s*You played ${mateIn + lost} moves; the fastest mate needed ${mateIn}\\.\\s*$`)
        : new RegExp(`^\\s*คุณเดิน ${mateIn + lost} ตา; ทางรุกจนที่เร็วที่สุดใช้ ${mateIn} ตา\\s*$`),
    );
    const slips = page.locator('.practice-slip');
    await expect(slips).toHaveCount(1);
    // named by its move number in the game (White's first move is move 2: practice starts with Black to move)
    expect(slowNumber).toBeGreaterThanOrEqual(2);
    await expect(slips.first()).toHaveText(
      locale === 'en'
        ? new RegExp(`^${slowNumber}\\. \\S+: ${lost === 1 ? '1 move' : `${lost} moves`} slower$`)
        : new RegExp(`^${slowNumber}\\. \\S+: ช้าไป ${lost} ตา$`),
    );
    expect(problems).toEqual([]);
  });
}

test('practice: the tables’ own moves earn "every move was on the fastest mate"', async ({ page }) => {
  const { Position, Tablebase } = await import('@makruk/makruk');
  const tables = await Tablebase.create();
  const problems = await openPage(page);
  await page.locator('.practice-ending').selectOption('KRRK');
  await page.locator('.practice-start').click();
  await expect(page.locator('.practice-goal')).toBeVisible();
  const input = page.locator('.move-input');
  for (let moves = 0; moves < 10; moves++) {
    await expect.poll(async () => (await currentFen(page)).split(' ')[1]).toBe('w');
    const position = Position.fromFen(await currentFen(page));
    if (!position.ok) throw position.error;
    const probed = tables.probe(position.value);
    if (!probed.ok || !probed.value.bestMove) throw new Error('no best move');
    const { from, to } = probed.value.bestMove;
    await input.fill(`${from}${to}`);
    await input.press('Enter');
    if (position.value.play(probed.value.bestMove).isCheckmate()) break;
  }
  await expect(page.locator('.practice-result')).toHaveText(/you win/i);
  await expect(page.locator('.practice-review-perfect')).toHaveText('Every move was on the fastest mate.');
  await expect(page.locator('.practice-slip')).toHaveCount(0);
  expect(problems).toEqual([]);
});
