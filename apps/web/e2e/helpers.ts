import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';

const require = createRequire(import.meta.url);

export function pageUrl(search = ''): string {
  const base = process.env.WEB_URL;
  if (!base) throw new Error('WEB_URL is not set (e2e/global-setup.ts serves the page)');
  return `${base}${search}`;
}

/** Opens the page and collects console errors and page errors (a test asserts there are none). */
export async function openPage(page: Page, search = ''): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(pageUrl(search));
  await expect(page.locator('makruk-board')).toBeVisible();
  return problems;
}

/** Clicks a move on the board: the piece's square, then the destination. */
export async function clickMove(page: Page, from: string, to: string): Promise<void> {
  const board = page.locator('makruk-board');
  await board.locator(`[data-square="${from}"]`).click();
  await board.locator(`[data-square="${to}"]`).click();
}

export function moveButton(page: Page, path: string) {
  return page.locator(`move-tree button.move[data-path="${path}"]`);
}

/**
 * A PGN of a legal game of `moves` full moves (2 × moves plies), the same every time: at each ply the move at a
 * fixed stride through the legal moves, skipping any that would end the game.
 */
export async function longGamePgn(moves: number): Promise<string> {
  const { Game, makePgn } = await import('@makruk/makruk');
  const game = Game.initial();
  for (let ply = 0; ply < moves * 2; ply++) {
    const legal = game.position.legalMoves();
    let played = false;
    for (let i = 0; i < legal.length && !played; i++) {
      const trial = game.clone();
      const move = legal[(ply * 7 + i) % legal.length];
      if (move && trial.play(move).ok && !trial.isOver()) played = game.play(move).ok;
    }
    if (!played) throw new Error(`no quiet move at ply ${ply + 1}`);
  }
  return makePgn(game);
}

/** Opens the page's settings (language, notation, theme, keys), which are behind the Settings button. */
export async function openSettings(page: Page): Promise<void> {
  const toggle = page.locator('button.settings-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.locator('#page-settings')).toBeVisible();
}

/** Opens the engine's settings (lines, counting, hash, threads, the position sent), folded under the lines. */
export async function openEngineSettings(page: Page): Promise<void> {
  const details = page.locator('details.engine-settings');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator(':scope > summary').click();
  await expect(page.locator('.engine-settings-body')).toBeVisible();
}

/**
 * Loads axe-core into the page and returns a scan of the whole document: each violation as `id (count): targets
 * summary`, so that a failing test says what to fix. The script stays loaded until the page reloads.
 */
export async function axeScanner(page: Page): Promise<() => Promise<string[]>> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return () =>
    page.evaluate(async () => {
      type AxeNode = { target: unknown; failureSummary?: string };
      const axe = (
        window as unknown as {
          axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; nodes: AxeNode[] }> }> };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations.map(
        (v) =>
          `${v.id} (${v.nodes.length}): ${JSON.stringify(v.nodes.map((n) => n.target))} ${v.nodes[0]?.failureSummary ?? ''}`,
      );
    });
}

/** Starts a game against the computer from the position on screen: it plays `computer` at the beginner level. */
export async function playComputer(page: Page, computer: 'white' | 'black' = 'black'): Promise<void> {
  await page.locator('.play-side').selectOption(computer);
  await page.locator('.play-level').selectOption('beginner');
  await page.locator('.play-start').click();
}
