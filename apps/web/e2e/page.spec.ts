import { expect, test } from '@playwright/test';
import { axeScanner, clickMove, moveButton, openEngineSettings, openPage, openSettings, pageUrl } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('the page loads without console errors and engine lines appear', async ({ page }) => {
  const problems = await openPage(page);
  await expect(page.locator('h1')).toHaveText('Makruk analysis');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await expect(page.locator('engine-lines .pv-san').first()).toHaveText(/\S/);
  await expect(page.locator('.engine-stats')).toContainText('Depth');
  expect(problems).toEqual([]);
});

test('moves by clicking update the tree and the analysis', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await clickMove(page, 'e3', 'e4');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.fen-input')).toHaveValue('rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1');
  // the engine now analyses Black's reply: its lines start with Black moves (legal from the new position)
  await expect
    .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
    .toMatch(/^[a-h][5-8]/);
  await clickMove(page, 'e6', 'e5');
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
});

test('clicking an engine line plays it into the tree', async ({ page }) => {
  await openPage(page);
  const line = page.locator('engine-lines .pv').first();
  await expect(line).toBeVisible();
  await page.locator('.engine-toggle').click(); // stop, so the line stays put
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  const first = ((await line.getAttribute('data-uci')) ?? '').split(' ')[0] as string;
  await line.click();
  await expect(page.locator(`move-tree button.move[data-path^="${first}"]`).first()).toBeVisible();
});

test('with the engine stopped, its lines are not shown for another position', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await page.locator('.engine-toggle').click();
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible(); // still this position's
  await clickMove(page, 'e3', 'e4');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('engine-lines .pv')).toHaveCount(0);
  await page.locator('.engine-toggle').click();
  await expect
    .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
    .toMatch(/^[a-h][5-8]/);
});

test('the evaluation bar’s score stays readable when Black is winning (light text on the black part)', async ({
  page,
}) => {
  await openPage(page, `?fen=${encodeURIComponent('r7/8/8/8/8/6k1/8/7K b - - 0 1')}`); // Black mates with Ra1
  await expect(page.locator('.eval-text')).toHaveText(/#-|-\d/);
  const seen = await page.locator('.eval-text').evaluate((text) => {
    const black = (text.parentElement as HTMLElement).querySelector('.eval-black') as HTMLElement;
    const t = text.getBoundingClientRect();
    const b = black.getBoundingClientRect();
    const [r, g, bl] = (getComputedStyle(text).color.match(/\d+/g) ?? []).map(Number);
    return {
      overBlack: t.top >= b.top && t.bottom <= b.bottom,
      luminance: (0.2126 * r! + 0.7152 * g! + 0.0722 * bl!) / 255,
    };
  });
  expect(seen.overBlack).toBe(true);
  expect(seen.luminance).toBeGreaterThan(0.6);
  // large enough to read (it was 9.6 px), and a usual score (five characters) fits inside the bar
  const fit = await page.locator('.eval-text').evaluate((text) => {
    text.textContent = '-3.25';
    return { size: Number.parseFloat(getComputedStyle(text).fontSize), fits: text.scrollWidth <= text.clientWidth };
  });
  expect(fit.size).toBeGreaterThanOrEqual(11);
  expect(fit.fits).toBe(true);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`six-character scores are shown whole inside the evaluation bar (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openPage(page, `?fen=${encodeURIComponent('r7/8/8/8/8/6k1/8/7K b - - 0 1')}`);
    await expect(page.locator('.eval-text')).toHaveText(/#-|-\d/);
    for (const score of ['+10.25', '-12.50', '\u221212.50', '#-12', '+99.99']) {
      const seen = await page.locator('.eval-text').evaluate((text, value) => {
        text.textContent = value;
        const range = document.createRange();
        range.selectNodeContents(text);
        const glyphs = range.getBoundingClientRect();
        const bar = (text.parentElement as HTMLElement).getBoundingClientRect();
        return {
          inside: glyphs.left >= bar.left + 1 && glyphs.right <= bar.right - 1,
          notClipped: text.scrollWidth <= text.clientWidth,
          size: Number.parseFloat(getComputedStyle(text).fontSize),
          widths: `${glyphs.width.toFixed(1)} in ${bar.width.toFixed(1)}`,
        };
      }, score);
      expect(seen.inside, `${score}: ${seen.widths}`).toBe(true);
      expect(seen.notClipped, score).toBe(true);
      expect(seen.size).toBeGreaterThanOrEqual(11);
    }
  });
}

test('a variation is created, navigated with the keys and promoted', async ({ page }) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'e6', 'e5');
  await page.keyboard.press('ArrowLeft');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await clickMove(page, 'b8', 'd7'); // a different move: a variation
  await expect(page.locator('move-tree .variation')).toHaveCount(1);
  await expect(moveButton(page, 'e3e4 b8d7')).toHaveAttribute('aria-current', 'true');
  await page.locator('h1').click();
  await page.keyboard.press('ArrowUp');
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(moveButton(page, 'e3e4 b8d7')).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Home');
  await expect(page.locator('move-tree button.move[aria-current="true"]')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(moveButton(page, 'e3e4 e6e5')).toHaveAttribute('aria-current', 'true');
  await moveButton(page, 'e3e4 b8d7').click();
  await page.locator('move-tree .promote').click();
  // Nd7 is now the main line and e5 the variation
  await expect(page.locator('move-tree .variation button.move')).toHaveAttribute('data-path', 'e3e4 e6e5');
  await page.keyboard.press('f');
  await expect(page.locator('makruk-board')).toHaveAttribute('orientation', 'black');
});

test('PGN import then export keeps the variations and comments', async ({ page }) => {
  await openPage(page);
  const pgn = [
    '[Event "Study"]',
    '',
    '1. e4 {centre} 1... e5 (1... Nd7 $5 {solid} 2. Nd2 (2. a4 {edge}) 2... a5) 2. Nd2 $1 ({or} 2. Ne2 Nd7) 2... Nd7 *',
  ].join('\n');
  await page.locator('.pgn-input').fill(pgn);
  await page.locator('.pgn-import').click();
  await expect(page.locator('move-tree .variation')).toHaveCount(3);
  await expect(page.locator('move-tree .comment').first()).toHaveText('centre');
  const exported = await page.locator('.pgn-input').inputValue();
  const movetext = (text: string) => (text.split('\n\n')[1] ?? '').replace(/\s+/g, ' ').trim();
  expect(movetext(exported)).toBe(movetext(pgn));
  expect(exported).toContain('[Event "Study"]');
  const download = page.waitForEvent('download');
  await page.locator('.pgn-download').click();
  expect((await download).suggestedFilename()).toBe('makruk.pgn');
});

test('a broken PGN and a broken FEN show the library errors', async ({ page }) => {
  await openPage(page);
  await page.locator('.pgn-input').fill('1. e4 e5\n2. Ke5 *');
  await page.locator('.pgn-import').click();
  await expect(page.locator('.pgn-error')).toContainText('Line 2');
  await page.locator('.fen-input').fill('8/8/8 w');
  await page.locator('.fen-input').press('Enter');
  await expect(page.locator('.fen-error')).toHaveText(/\S/);
});

test('a pawnless endgame from ?fen= shows the count; board’s honour starts and stops', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
  // Black to move has said 5 (of 8); White has three moves to mate (after Black's 6, 7 and 8)
  await expect(page.locator('.count-say')).toHaveText('Black counts: 5 of 8');
  await expect(page.locator('.count-kind')).toContainText("Pieces' honour");
  await expect(page.locator('.count-left')).toHaveText('White must mate within 3 moves');
  await clickMove(page, 'b2', 'a3');
  await expect(page.locator('.count-say')).toHaveText('Black counts: 6 of 8');
  await expect(page.locator('.count-left')).toHaveText('White must mate within 3 moves');

  await page.goto(pageUrl(`?fen=${encodeURIComponent('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40')}`));
  await expect(page.locator('.count-none')).toBeVisible();
  await page.locator('.count-start').click();
  await expect(page.locator('.count-say')).toHaveText('White counts: starts at 1 of 64');
  await expect(page.locator('.count-left')).toHaveText('Black must mate within 64 moves');
  await clickMove(page, 'a1', 'a2');
  await expect(page.locator('.count-say')).toHaveText('White counts: 1 of 64');
  await expect(page.locator('.count-left')).toHaveText('Black must mate within 64 moves');
  await clickMove(page, 'e8', 'd8');
  await expect(page.locator('.count-say')).toHaveText('White counts: 1 of 64');
  await page.locator('.count-stop').click();
  await expect(page.locator('.count-none')).toBeVisible();
  await expect(page.locator('.pgn-input')).toHaveValue(/\[%count start\][\s\S]*\[%count stop\]/);
});

test('a reload keeps the game, and a share link reproduces it', async ({ page, browser }) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'e6', 'e5');
  await page.keyboard.press('ArrowLeft');
  await clickMove(page, 'b8', 'd7');
  await page.reload();
  await expect(moveButton(page, 'e3e4 b8d7')).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('move-tree .variation')).toHaveCount(1);

  await page.locator('.share').click();
  const link = await page.locator('.share-url').inputValue();
  const other = await browser.newContext(); // fresh storage: only the link
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.locator('move-tree button.move')).toHaveCount(3);
  await expect(second.locator('move-tree .variation')).toHaveCount(1);
  await other.close();

  const plain = await browser.newContext();
  const third = await plain.newPage();
  await third.goto(
    pageUrl(
      `?fen=${encodeURIComponent('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40')}&moves=${encodeURIComponent('a1a2 e8d8')}`,
    ),
  );
  await expect(third.locator('.fen-input')).toHaveValue('3k4/8/2n5/8/8/8/R7/1R2K3 w - 128 1 41');
  await plain.close();
});

test('a bad link parameter shows the library error and opens the start position', async ({ page }) => {
  const problems = await openPage(
    page,
    `?fen=${encodeURIComponent('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 x')}`,
  );
  await expect(page.locator('.link-error')).toContainText('could not be opened');
  await expect(page.locator('.fen-input')).toHaveValue('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  expect(problems).toEqual([]);
});

test('the engine plays as an opponent', async ({ page }) => {
  await openPage(page);
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-start').click();
  await clickMove(page, 'e3', 'e4');
  await expect(page.locator('move-tree button.move[data-path^="e3e4 "]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.fen-input')).toHaveValue(/ w - /);
  await page.locator('.takeback').click();
  await expect(page.locator('.fen-input')).toHaveValue('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  await page.reload(); // side and level are kept
  await expect(page.locator('.play-level')).toHaveValue('beginner');
  await expect(page.locator('.play-side')).toHaveValue('black');
});

test('PGN with <script> and <img onerror> in tags and comments shows as text and runs nothing', async ({ page }) => {
  const problems = await openPage(page);
  await page.evaluate(() => {
    (window as unknown as { pwned: number }).pwned = 0;
  });
  const evil = [
    '[Event "<script>window.pwned=1</script>"]',
    '[White "<img src=x onerror=window.pwned=2>"]',
    '',
    '{<img src=x onerror="window.pwned=3">} 1. e4 {<script>window.pwned=4</script>} e5 *',
  ].join('\n');
  await page.locator('.pgn-input').fill(evil);
  await page.locator('.pgn-import').click();
  await expect(page.locator('move-tree .comment').first()).toHaveText('<img src=x onerror="window.pwned=3">');
  await expect(page.locator('move-tree .comment').nth(1)).toHaveText('<script>window.pwned=4</script>');
  await page.reload(); // and again from the saved game
  await expect(page.locator('move-tree .comment').nth(1)).toHaveText('<script>window.pwned=4</script>');
  await page.goto(pageUrl(`?pgn=${encodeURIComponent(evil)}`));
  await expect(page.locator('move-tree .comment').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? 0)).toBe(0);
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.locator('script', { hasText: 'pwned' }).count()).toBe(0);
  expect(problems).toEqual([]);
});

test('an axe scan of the main view is clean (light and dark)', async ({ page }) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  // the settings behind their controls, open
  await openSettings(page);
  await openEngineSettings(page);
  await page.locator('details.engine-input summary').click();
  expect(await scan()).toEqual([]);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await scan()).toEqual([]);
  // the other views: whole-game analysis with its graph, the keys, then the board editor (in the board's place)
  await page.locator('.keys').click();
  await page.locator('.game-depth').selectOption('4');
  await page.locator('.game-run').click();
  await expect(page.locator('.eval-graph')).toBeVisible();
  await expect(page.locator('.game-run')).toBeVisible();
  expect(await scan()).toEqual([]);
  await page.locator('.editor-open').click();
  await expect(page.locator('board-editor .editor-board')).toBeVisible();
  expect(await scan()).toEqual([]);
  await page.locator('.theme').click();
  expect(await scan()).toEqual([]);
});

test('the Thai interface shows Thai text in the bundled Sarabun font', async ({ page }) => {
  await openPage(page);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await expect(page.locator('h1')).toHaveText('วิเคราะห์หมากรุกไทย');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.locator('#engine-heading')).toHaveText('เครื่องวิเคราะห์');
  const loaded = await page.evaluate(async () => {
    await document.fonts.load('16px Sarabun', 'ไทย');
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Sarabun' && face.status === 'loaded')
      .length;
  });
  expect(loaded).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.fonts.check('16px Sarabun', 'วิเคราะห์'))).toBe(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('วิเคราะห์หมากรุกไทย');
  // the Thai view, with the practice panel in use, passes an axe scan too
  await page.locator('.practice-start').click();
  await expect(page.locator('.practice-goal')).toBeVisible();
  const violations = await (await axeScanner(page))();
  expect(violations).toEqual([]);
});

test('moves typed in SAN, UCI or Thai SAN; Thai notation in the tree', async ({ page }) => {
  await openPage(page);
  const input = page.locator('.move-input');
  await input.fill('e4');
  await input.press('Enter');
  await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
  await input.fill('Ke5');
  await input.press('Enter');
  await expect(page.locator('.move-error')).toHaveText(/\S/);
  await input.fill('e6e5');
  await input.press('Enter');
  await input.fill('ม-ง๒'); // Nd2 in Thai SAN
  await input.press('Enter');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toHaveAttribute('aria-current', 'true');
  await openSettings(page);
  await page.locator('.notation').selectOption('thai');
  await expect(moveButton(page, 'e3e4')).toContainText('จ๔');
  await expect(moveButton(page, 'e3e4 e6e5 b1d2')).toContainText('ม-ง๒');
});

test('whole-game analysis: progress, a blunder marked, a clickable graph, cancel and resume', async ({ page }) => {
  // White could take the rook (Rxh1); 1. Kd2?? lets Black take White's rook instead. The pawns keep the tables out:
  // without them K v K+R is a count draw, which the tables (rightly) score 0.00
  const pgn = '[SetUp "1"]\n[FEN "4k3/p7/8/8/8/8/P6R/3K3r w - - 0 1"]\n\n1. Kd2 Rxh2+ 2. Kc3 Rh4 *';
  await openPage(page, `?pgn=${encodeURIComponent(pgn)}`);
  await page.locator('.game-depth').selectOption('6');
  await page.locator('.game-run').click();
  await expect(page.locator('.game-count')).toHaveText('5 / 5', { timeout: 40_000 });
  await expect(page.locator('.game-run')).toBeVisible();
  await expect(moveButton(page, 'd1d2').locator('.judgment.blunder')).toHaveText('??');
  await expect(page.locator('.game-summary li').first()).toHaveText(/1 blunder\s*$/);
  const graph = page.locator('.eval-graph');
  const box = await graph.boundingBox();
  if (!box) throw new Error('no graph');
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await expect(page.locator('move-tree button.move[aria-current="true"]')).toHaveCount(0);
  const again = (await graph.boundingBox()) ?? box;
  await page.mouse.click(again.x + again.width - 2, again.y + again.height / 2);
  await expect(moveButton(page, 'd1d2 h1h2 d2c3 h2h4')).toHaveAttribute('aria-current', 'true');

  // cancelled after its first position (at the moment the progress reports it), then resumed: what was searched is kept
  await page.locator('.game-depth').selectOption('8');
  await page.evaluate(() => {
    const analysis = (
      document.querySelector('makruk-analysis') as unknown as {
        ctx: { analysis: EventTarget & { done: number; cancel(): void } };
      }
    ).ctx.analysis;
    const onChange = () => {
      if (analysis.done >= 1) {
        analysis.cancel();
        analysis.removeEventListener('change', onChange);
      }
    };
    analysis.addEventListener('change', onChange);
  });
  await page.locator('.game-run').click();
  await expect(page.locator('.game-run')).toHaveText('Resume');
  await expect(page.locator('.game-count')).toHaveText('1 / 5');
  await page.locator('.game-run').click();
  await expect(page.locator('.game-count')).toHaveText('5 / 5', { timeout: 40_000 });
});

test('the evaluation graph is keyboard accessible: focus, ← → Home End move the board, a live value', async ({
  page,
}) => {
  const pgn = '[SetUp "1"]\n[FEN "4k3/p7/8/8/8/8/P6R/3K3r w - - 0 1"]\n\n1. Kd2 Rxh2+ 2. Kc3 Rh4 *';
  await openPage(page, `?pgn=${encodeURIComponent(pgn)}`);
  await page.locator('.game-depth').selectOption('4');
  await page.locator('.game-run').click();
  await expect(page.locator('.game-count')).toHaveText('5 / 5', { timeout: 40_000 });
  const graph = page.getByRole('slider', { name: /Evaluation graph/ });
  await graph.focus();
  await expect(graph).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator('move-tree button.move[aria-current="true"]')).toHaveCount(0);
  await expect(graph).toHaveAttribute('aria-valuenow', '0');
  await expect(graph).toHaveAttribute('aria-valuetext', /^Start, White [+-]?\d+\.\d\d$|^Start, White #-?\d+$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(moveButton(page, 'd1d2 h1h2')).toHaveAttribute('aria-current', 'true');
  await expect(graph).toHaveAttribute('aria-valuenow', '2');
  // after 1. Kd2?? Rxh2+ Black is a rook up: White's score is negative
  await expect(graph).toHaveAttribute('aria-valuetext', /^Move 1\.\.\. Rxh2\+, White (-\d+\.\d\d|#-\d+)$/);
  await page.keyboard.press('ArrowLeft');
  await expect(moveButton(page, 'd1d2')).toHaveAttribute('aria-current', 'true');
  await expect(graph).toBeFocused();
  await page.keyboard.press('End');
  await expect(moveButton(page, 'd1d2 h1h2 d2c3 h2h4')).toHaveAttribute('aria-current', 'true');
  await expect(graph).toHaveAttribute('aria-valuenow', '4');
});

/** Starts counting practice on a fixed seed (the UI's button uses a random one) with the engine defending. */
async function startPractice(page: import('@playwright/test').Page, ending: string, seed: number): Promise<void> {
  await page.evaluate(
    async ([id, s]) => {
      const { ctx } = document.querySelector('makruk-analysis') as unknown as {
        ctx: {
          practice: { start(id: string, seed: number): Promise<void> };
          opponent: { start(side: string, level: string): void };
        };
      };
      await ctx.practice.start(id as string, s as number);
      ctx.opponent.start('black', 'full');
    },
    [ending, seed],
  );
}

async function whiteToMove(page: import('@playwright/test').Page): Promise<string | undefined> {
  await expect
    .poll(
      async () =>
        (await page.locator('.practice-result').count()) > 0 ? 'over' : await page.locator('.fen-input').inputValue(),
      {
        timeout: 30_000,
      },
    )
    .toMatch(/^over$| w /);
  if ((await page.locator('.practice-result').count()) > 0) return undefined;
  return page.locator('.fen-input').inputValue();
}

test('counting practice: the UI starts a position; a count-out ends it as a draw and is recorded', async ({ page }) => {
  const { Position } = await import('@makruk/makruk');
  await openPage(page);
  await page.locator('.practice-ending').selectOption('KRRK');
  await page.locator('.practice-start').click();
  await expect(page.locator('.count-say')).toHaveText('Black counts: 5 of 8');
  await expect(page.locator('.practice-goal')).toBeVisible();
  // the start is the tables' win for White within Black's count, and the page says how long the mate is
  await expect(page.locator('.practice-mate')).toHaveText(/^\s*White mates in [1-4] moves?; the count allows 4\s*$/);
  await expect(page.locator('.practice-record')).toContainText('1 try,');
  // White only shuffles (never mates, never stalemates, never leaves a piece to be taken, which could end the game
  // as a dead position instead): the count runs out
  for (let moves = 0; moves < 12; moves++) {
    const fen = await whiteToMove(page);
    if (fen === undefined) break;
    const position = Position.fromFen(fen);
    if (!position.ok) throw position.error;
    const quiet = position.value.legalMoves().find((move) => {
      const after = position.value.play(move);
      const replies = after.legalMoves();
      return !after.isCheck() && replies.length > 0 && !replies.some((reply) => after.isCapture(reply));
    });
    if (!quiet) throw new Error(`no quiet move in ${fen}`);
    await clickMove(page, quiet.from, quiet.to);
  }
  await expect(page.locator('.practice-result')).toHaveText('The count ran out: a draw.');
  await expect(page.locator('.result')).toContainText('the count ran out');
  await expect(page.locator('.practice-record')).toHaveText(/1 count-out\s*$/);
});

test('counting practice leaves the player’s own side and level for playing the computer alone', async ({ page }) => {
  await openPage(page);
  await page.locator('.play-side').selectOption('white');
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-start').click();
  await page.locator('.play-stop').click();
  await page.locator('.practice-start').click();
  await expect(page.locator('.practice-goal')).toBeVisible();
  await expect(page.locator('.play-level')).toHaveValue('full'); // the practice's defence, while it plays
  await page.locator('.play-stop').click();
  await expect(page.locator('.play-level')).toHaveValue('beginner');
  await expect(page.locator('.play-side')).toHaveValue('white');
  await page.reload();
  await expect(page.locator('.play-level')).toHaveValue('beginner');
  await expect(page.locator('.play-side')).toHaveValue('white');
});

test('counting practice: mating the engine’s defence in time is a win', async ({ page }) => {
  test.setTimeout(180_000);
  const { Engine, Position } = await import('@makruk/makruk');
  const engine = await Engine.start({ hashMb: 16 });
  try {
    await openPage(page);
    await startPractice(page, 'KRK', 30); // a start the engine mates in 5
    await expect(page.locator('.count-say')).toHaveText('Black counts: 4 of 16');
    for (let moves = 0; moves < 20; moves++) {
      const fen = await whiteToMove(page);
      if (fen === undefined) break;
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      const best = await engine.analyse({ fen }, { depth: 14 }).result;
      const move = best.bestMove;
      if (!move) throw new Error(`no move in ${fen}`);
      await clickMove(page, move.from, move.to);
    }
    await expect(page.locator('.practice-result')).toHaveText('Mate in time: you win!');
    await expect(page.locator('.result')).toContainText('White wins');
    await expect(page.locator('.practice-record')).toContainText('1 win,');
  } finally {
    await engine.quit();
  }
});

test('after the first visit the page works offline (service worker)', async ({ page, context }) => {
  const problems = await openPage(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The eight thread builds are not downloaded on a first visit (only when Threads > 1 asks for them).
  const cachedThreadBuilds = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return { all: urls.length, threads: urls.filter((url) => url.includes('wasm-thread-')) };
  });
  expect(cachedThreadBuilds.all).toBeGreaterThan(5);
  expect(cachedThreadBuilds.threads).toEqual([]);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('makruk-board')).toBeVisible();
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await context.setOffline(false);
  expect(problems).toEqual([]);
});

test('cross-origin isolated (COOP/COEP headers): the engine follows the moves, stopped through shared memory', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(process.env.WEB_URL_ISOLATED ?? '');
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  for (const [from, to, next] of [
    ['e3', 'e4', /^[a-h][5-8]/],
    ['e6', 'e5', /^[a-h][1-4]/],
  ] as const) {
    await clickMove(page, from, to);
    await expect
      .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
      .toMatch(next);
  }
  // Threads: offered only here (cross-origin isolated); two threads keep the analysis going
  await openEngineSettings(page);
  const threads = page.locator('select.threads');
  await expect(threads).toBeVisible();
  await threads.selectOption('2');
  await clickMove(page, 'd3', 'd4');
  await expect
    .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
    .toMatch(/^[a-h][5-8]/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('makruk-web:engine:v1') ?? '{}').threads)).toBe(2);
  await page.locator('.engine-toggle').click();
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  const settled = await page.locator('.engine-stats').textContent();
  await page.waitForTimeout(500); // stopped: no more iterations arrive
  expect(await page.locator('.engine-stats').textContent()).toBe(settled);
  expect(problems).toEqual([]);
});

test('Threads 2 where the thread builds cannot load: one thread searches on and the page says why', async ({
  browser,
}) => {
  // As on a page offline that never fetched the thread builds (they are not precached): every request for one fails.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const refused: string[] = [];
    await context.route(/wasm-thread-/, (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    await page.goto(process.env.WEB_URL_ISOLATED ?? '');
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    await expect(page.locator('engine-lines .pv').first()).toBeVisible();
    await expect(page.locator('.threads-failure')).toHaveCount(0);
    await openEngineSettings(page);
    await page.locator('select.threads').selectOption('2');
    await expect(page.locator('.threads-failure')).toHaveText(
      'Searching with 1 thread: the helper threads could not start.',
    );
    expect(refused.length).toBeGreaterThan(0);
    await clickMove(page, 'e3', 'e4');
    await expect
      .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
      .toMatch(/^[a-h][5-8]/);
    await expect(page.locator('engine-lines .error')).toHaveCount(0);
    // back to one thread: nothing to explain any more
    await page.locator('select.threads').selectOption('1');
    await expect(page.locator('.threads-failure')).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('board editor: a position opened from move 5 keeps its move number and count fields', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')}`);
  await page.locator('.editor-open').click();
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
  await page.locator('[data-tool="white-rook"]').click();
  await page.locator('.editor-grid [data-square="h1"]').click(); // the same tool on its own piece takes it off
  await expect(page.locator('.editor-fen')).toHaveText('8/8/8/8/8/8/1k6/1R2K3 b - 16 10 5');
  await page.locator('.editor-use').click();
  await expect(page.locator('.fen-input')).toHaveValue('8/8/8/8/8/8/1k6/1R2K3 b - 16 10 5');
});

test('engine-line arrows: lower-ranked lines are drawn thinner (and fainter)', async ({ page }) => {
  await openPage(page);
  await openEngineSettings(page);
  await page.locator('select.multipv').selectOption('3');
  await expect(page.locator('engine-lines .pv')).toHaveCount(3);
  await expect(page.locator('select.threads')).toHaveCount(0); // not cross-origin isolated: one thread, no setting
  const shafts = page.locator('makruk-board').locator('.shapes .arrow line');
  await expect(shafts).toHaveCount(3);
  const widths = (await shafts.evaluateAll((lines) => lines.map((line) => line.getAttribute('stroke-width')))).map(
    Number,
  );
  expect(widths[0]!).toBeGreaterThan(widths[1]!);
  expect(widths[1]!).toBeGreaterThan(widths[2]!);
});

test('threat view (x): what the other side would play now, in red', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await page.locator('h1').click();
  await page.keyboard.press('x');
  await expect(page.locator('.threat-note')).toContainText('what Black would play');
  await expect
    .poll(async () => (await page.locator('engine-lines .pv').first().getAttribute('data-uci'))?.split(' ')[0] ?? '')
    .toMatch(/^[a-h][5-8]/);
  await page.locator('.threat').click();
  await expect(page.locator('.threat-note')).toHaveCount(0);
});

test('board editor in Thai: the palette and squares show the board’s piece art with Thai names, no Latin letters', async ({
  page,
}) => {
  await openPage(page);
  await openSettings(page);
  await page.locator('.language').selectOption('th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.locator('.editor-open').click();
  const tools = page.locator('.palette .tool[data-tool]');
  await expect(tools).toHaveCount(12);
  for (const [tool, name] of [
    ['white-king', 'ฝ่ายขาว ขุน'],
    ['black-rook', 'ฝ่ายดำ เรือ'],
  ] as const) {
    const button = page.locator(`.palette [data-tool="${tool}"]`);
    await expect(button).toHaveAttribute('aria-label', name);
    await expect(button).toHaveAttribute('title', name);
    await expect(button.locator('svg.piece-art')).toHaveCount(1);
  }
  // the same drawing as the board's: the board's king symbol and the palette's king art have the same paths
  const same = await page.evaluate(() => {
    const board = document.querySelector('makruk-board')?.shadowRoot?.querySelector('symbol#mk-king');
    const tool = document.querySelector('.palette [data-tool="white-king"] svg.piece-art');
    return Boolean(board && tool && board.innerHTML.trim() === tool.innerHTML.replace(/<!--[^>]*-->/g, '').trim());
  });
  expect(same).toBe(true);
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is checked (hidden text aside)
  const text = async (selector: string) => (await page.locator(selector).innerText()).trim();
  expect(await text('.palette')).not.toMatch(/[A-Za-z]/);
  expect(await text('.editor-grid')).not.toMatch(/[A-Za-z]/);
  await expect(page.locator('.editor-grid [data-square="d1"] svg.piece-art')).toHaveCount(1);
  await expect(page.locator('.editor-grid [data-square="d1"]')).toHaveAttribute('title', /ฝ่ายขาว ขุน/);
  // one plain colour for every square, like the board (no checkered grid)
  const colours = await page
    .locator('.editor-grid .cell')
    .evaluateAll((cells) => new Set(cells.map((cell) => getComputedStyle(cell).backgroundColor)).size);
  expect(colours).toBe(1);
});

test('board editor: a position set up square by square, checked by the library, then analysed', async ({ page }) => {
  await openPage(page);
  await page.locator('.editor-open').click();
  await page.locator('.editor-clear').click();
  await expect(page.locator('.editor-error')).toHaveText(/Not a legal position/);
  await expect(page.locator('.editor-use')).toBeDisabled();
  await page.locator('[data-tool="white-king"]').click();
  await page.locator('.editor-grid [data-square="e1"]').click();
  await page.locator('[data-tool="black-king"]').click();
  await page.locator('.editor-grid [data-square="e8"]').click();
  await page.locator('[data-tool="white-rook"]').click();
  await page.locator('.editor-grid [data-square="a1"]').click();
  await page.locator('.editor-grid [data-square="h1"]').click();
  await page.locator('.editor-grid [data-square="h1"]').click(); // the same piece again: taken off
  await expect(page.locator('.editor-fen')).toHaveText('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  await page.locator('.editor-use').click();
  await expect(page.locator('.fen-input')).toHaveValue('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
});

test('hovering a move of an engine line shows that position on a small board; a click plays up to it', async ({
  page,
}) => {
  await openPage(page);
  const line = page.locator('engine-lines .pv').first();
  await expect(line.locator('.pv-move').nth(2)).toBeVisible();
  await page.locator('.engine-toggle').click();
  await expect(page.locator('.engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  const ucis = ((await line.getAttribute('data-uci')) ?? '').split(' ');
  await line.locator('.pv-move').nth(1).hover();
  await expect(page.locator('.mini-board makruk-board')).toHaveAttribute('last-move', ucis[1] as string);
  await line.locator('.pv-move').nth(1).click();
  await expect(moveButton(page, `${ucis[0]} ${ucis[1]}`)).toHaveAttribute('aria-current', 'true');
});

test('copy the PGN of a line; the best line announced to screen readers on request', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'e6', 'e5');
  await page.keyboard.press('ArrowLeft');
  await clickMove(page, 'b8', 'd7');
  await page.locator('.copy-line').click();
  await expect(page.locator('.copy-line')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/1\. e4 Nd7 \*/);
  await expect(page.locator('.best-line-live')).toHaveText('');
  await openEngineSettings(page);
  await page.locator('.announce-toggle').check();
  await expect(page.locator('.best-line-live')).toContainText('Depth');
});

test('playing the computer: a mate ends the game with a result dialog', async ({ page }) => {
  await openPage(page, `?fen=${encodeURIComponent('k7/8/1K6/8/8/8/8/7R w - - 0 40')}`);
  await page.locator('.play-side').selectOption('black');
  await page.locator('.play-start').click();
  await clickMove(page, 'h1', 'h8');
  const dialog = page.locator('dialog.result-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText('White wins');
  await expect(dialog).toContainText('1-0 — checkmate');
  // the page behind is dimmed, so the dialog does not read as mixed with the panels under it
  const backdropAlpha = await dialog.evaluate((d) => {
    const parts = getComputedStyle(d, '::backdrop').backgroundColor.match(/[\d.]+/g) ?? [];
    return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
  });
  expect(backdropAlpha).toBeGreaterThanOrEqual(0.3);
  await dialog.locator('.result-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.result')).toContainText('White wins');
});

test('a PNG of the position is downloaded', async ({ page }) => {
  await openPage(page);
  await clickMove(page, 'e3', 'e4');
  const download = page.waitForEvent('download');
  await page.locator('.png-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('makruk.png');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.readUInt32BE(16)).toBe(480); // width
});

test('analysis follows automatic counting or the players’ choices (kept between visits)', async ({ page }) => {
  await openPage(
    page,
    `?fen=${encodeURIComponent('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40')}&moves=${encodeURIComponent('a1a2')}`,
  );
  // automatic: the engine's FEN has board's honour running since a1a2 (as Fairy-Stockfish would)
  await openEngineSettings(page);
  await expect(page.locator('.engine-input-fen')).toHaveText('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
  await page.locator('.engine-counting').selectOption('game');
  // the players started no count: the FEN says so
  await expect(page.locator('.engine-input-fen')).toHaveText('4k3/8/2n5/8/8/8/R7/1R2K3 b - - 1 40');
  await expect(page.locator('engine-lines .pv').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('.engine-counting')).toHaveValue('game');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a touch drag moves a piece and does not scroll the page', async ({ page }) => {
    await openPage(page);
    const board = page.locator('makruk-board');
    const from = await board.locator('[data-square="e3"]').boundingBox();
    const to = await board.locator('[data-square="e4"]').boundingBox();
    if (!from || !to) throw new Error('no squares');
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const cdp = await page.context().newCDPSession(page);
    const point = (box: { x: number; y: number; width: number; height: number }, dy = 0) => ({
      x: box.x + box.width / 2,
      y: box.y + box.height / 2 + dy,
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(from)] });
    for (let step = 1; step <= 5; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [point(from, ((to.y - from.y) * step) / 5)],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(moveButton(page, 'e3e4')).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });

  test('long engine lines end in an ellipsis inside their row instead of running past it', async ({ page }) => {
    await openPage(page);
    const line = page.locator('engine-lines .pv').first();
    await expect(line.locator('.pv-move').nth(8)).toBeAttached(); // a line longer than the phone is wide
    const overflow = await line.evaluate((row) => {
      const san = row.querySelector('.pv-san') as HTMLElement;
      return {
        pastRow: san.getBoundingClientRect().right - row.getBoundingClientRect().right,
        clipped: san.scrollWidth > san.clientWidth,
        ellipsis: getComputedStyle(san).textOverflow,
      };
    });
    expect(overflow.pastRow).toBeLessThanOrEqual(0);
    expect(overflow.clipped).toBe(true);
    expect(overflow.ellipsis).toBe('ellipsis');
  });
});
