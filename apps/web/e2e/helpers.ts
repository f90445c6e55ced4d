import { type Page, expect } from '@playwright/test';

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
