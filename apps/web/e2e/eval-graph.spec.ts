// The evaluation graph as lichess draws it: White's advantage filled above the axis, Black's below, and a dot on each
// move judged an inaccuracy, mistake or blunder, in the colour of the move list's mark (light and dark). The scores are
// put on the device before the page loads (as a finished analysis leaves them), so the marks are known exactly.
import { type Page, expect, test } from '@playwright/test';
import { axeScanner, moveButton, openPage, openSettings } from './helpers.js';

const DEPTH = 8;
const PGN = '1. e4 e5 2. Nd2 Nd7 3. Nc4 Nc5 4. Ne2 Ne7 5. Nf4 Nf5 *';
/**
 * White's winning chances after each ply. Black's 1... e5 loses 0.15 (?!: White's go up), White's 2. Nd2 0.65 (??, the line crosses
 * the axis), 3. Nc4 0.25 (?), Black's 4... Ne7 0.75 (??, back across the axis).
 */
const WHITE = [0.1, 0.2, 0.35, -0.3, -0.3, -0.55, -0.55, -0.55, 0.2, 0.2, 0.2];
const MARKS = [
  { ply: 2, mark: 'inaccuracy' },
  { ply: 3, mark: 'blunder' },
  { ply: 5, mark: 'mistake' },
  { ply: 8, mark: 'blunder' },
];

async function seed(page: Page): Promise<string[]> {
  const { parsePgnTree } = await import('@makruk/makruk');
  const tree = parsePgnTree(PGN);
  if (!tree.ok) throw tree.error;
  const main = tree.value.mainlinePath();
  expect(main).toHaveLength(WHITE.length - 1);
  const scores = WHITE.map((white, ply) => [
    `${tree.value.root.fen}|${main.slice(0, ply).join(' ')}|${DEPTH}`,
    white,
    // the score is the side to move's (White's after an even ply)
    { cp: Math.round(white * 400) * (ply % 2 === 0 ? 1 : -1) },
  ]);
  await page.addInitScript(
    (value) => {
      localStorage.setItem('makruk-web:analysis:v1', value);
    },
    JSON.stringify({ depth: DEPTH, scores }),
  );
  await openPage(page, `?pgn=${encodeURIComponent(PGN)}`);
  await expect(page.locator('.game-count')).toHaveText(`${WHITE.length} / ${WHITE.length}`);
  return main;
}

/** The y coordinates (in the graph's 600 × 120 units; the axis at 60) of a filled area's path. */
async function areaYs(page: Page, selector: string): Promise<number[]> {
  const d = (await page.locator(selector).getAttribute('d')) ?? '';
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((match) => Number(match[2]));
}

/** Each dot's mark colour and the move list's mark colour for the same move, as computed. */
async function dotColours(page: Page, main: string[]) {
  return Promise.all(
    MARKS.map(async ({ ply, mark }) => {
      const dot = page.locator(`.eval-graph .graph-dot.${mark}[data-ply="${ply}"] .graph-dot-fill`);
      const listed = moveButton(page, main.slice(0, ply).join(' ')).locator(`.judgment.${mark}`);
      return {
        dot: await dot.evaluate((line) => getComputedStyle(line).stroke),
        list: await listed.evaluate((span) => getComputedStyle(span).color),
      };
    }),
  );
}

test('the graph is filled: White’s advantage above the axis, Black’s below, split where the line crosses', async ({
  page,
}) => {
  await seed(page);
  const white = await areaYs(page, '.eval-graph .graph-area-white');
  const black = await areaYs(page, '.eval-graph .graph-area-black');
  expect(white.length).toBeGreaterThan(WHITE.length);
  expect(Math.max(...white)).toBeLessThanOrEqual(60);
  expect(Math.min(...white)).toBeCloseTo(60 * (1 - 0.35), 0); // White's best, +0.35
  expect(Math.min(...black)).toBeGreaterThanOrEqual(60);
  expect(Math.max(...black)).toBeCloseTo(60 * (1 + 0.55), 0); // Black's best, -0.55
  // the two crossings are on the axis in both areas, between plies 2–3 and 7–8
  const d = (await page.locator('.eval-graph .graph-area-white').getAttribute('d')) ?? '';
  const onAxis = [...d.matchAll(/L(-?[\d.]+),60\.0/g)].map((match) => Number(match[1]) / 60);
  expect(onAxis.some((ply) => ply > 2 && ply < 3)).toBe(true);
  expect(onAxis.some((ply) => ply > 7 && ply < 8)).toBe(true);
  // painted: White's area light, Black's dark, in both themes
  const fills = () =>
    page.evaluate(() => {
      const fill = (selector: string) => getComputedStyle(document.querySelector(selector) as Element).fill;
      return { white: fill('.graph-area-white'), black: fill('.graph-area-black'), ground: fill('.graph-bg') };
    });
  const lightness = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    return (r + g + b) / 3;
  };
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') {
      await openSettings(page);
      await page.locator('.theme').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    const { white: w, black: b, ground } = await fills();
    expect(lightness(w), theme).toBeGreaterThan(lightness(ground) + 30);
    expect(lightness(b), theme).toBeLessThan(lightness(ground) - 30);
  }
});

test('a dot on each inaccuracy, mistake and blunder, in the move list’s colours (light and dark)', async ({ page }) => {
  const main = await seed(page);
  await expect(page.locator('.eval-graph .graph-dot')).toHaveCount(MARKS.length);
  await expect(page.locator('move-tree .judgment')).toHaveCount(MARKS.length);
  await page.locator('.eval-graph').scrollIntoViewIfNeeded();
  const graph = await page.locator('.eval-graph').boundingBox();
  if (!graph) throw new Error('no graph');
  for (const { ply, mark } of MARKS) {
    const dot = page.locator(`.eval-graph .graph-dot.${mark}[data-ply="${ply}"]`);
    await expect(dot).toHaveCount(1);
    // the dot is drawn round where the line is after that move: the point there is the dot
    const x = graph.x + (graph.width * ply) / (WHITE.length - 1);
    const y = graph.y + (graph.height / 2) * (1 - (WHITE[ply] as number));
    for (const [dx, dy] of [
      [0, 0],
      [3, 0],
      [0, 3],
      [-3, 0],
      [0, -3],
    ] as const) {
      const hit = await page.evaluate(
        ([px, py]) => {
          const element = document.elementFromPoint(px as number, py as number);
          return element?.closest('.graph-dot')?.getAttribute('class') ?? element?.getAttribute('class');
        },
        [x + dx, y + dy],
      );
      expect(hit, `${mark} at ply ${ply}, ${dx},${dy}`).toBe(`graph-dot ${mark}`);
    }
  }
  const light = await dotColours(page, main);
  for (const { dot, list } of light) expect(dot).toBe(list);
  expect(new Set(light.map((c) => c.dot)).size).toBe(3); // three marks, three colours
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await dotColours(page, main);
  for (const [index, { dot, list }] of dark.entries()) {
    expect(dot).toBe(list);
    expect(dot).not.toBe(light[index]?.dot); // the dark theme's lighter marks
  }
  // the dots go with the analysis: a new game has none
  await page.locator('.new-game').click();
  await expect(page.locator('.eval-graph .graph-dot')).toHaveCount(0);
});

test('the filled graph keeps its keys and values; axe finds nothing (light and dark)', async ({ page }) => {
  const main = await seed(page);
  const graph = page.getByRole('slider', { name: /Evaluation graph/ });
  await graph.focus();
  await page.keyboard.press('Home');
  await expect(graph).toHaveAttribute('aria-valuenow', '0');
  await expect(graph).toHaveAttribute('aria-valuetext', 'Start, White +0.40');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(graph).toHaveAttribute('aria-valuenow', '3');
  await expect(graph).toHaveAttribute('aria-valuetext', 'Move 2. Nd2, White -1.20');
  await expect(moveButton(page, main.slice(0, 3).join(' '))).toHaveAttribute('aria-current', 'true');
  // a click on a dot goes to its move
  const box = await page.locator('.eval-graph').boundingBox();
  if (!box) throw new Error('no graph');
  await page.mouse.click(box.x + box.width / 2, box.y + (box.height / 2) * (1 - (WHITE[5] as number)));
  await expect(moveButton(page, main.slice(0, 5).join(' '))).toHaveAttribute('aria-current', 'true');
  const scan = await axeScanner(page);
  expect(await scan()).toEqual([]);
  await openSettings(page);
  await page.locator('.theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await scan()).toEqual([]);
});
