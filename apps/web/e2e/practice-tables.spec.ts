// Issue 21: every practice start is won by White within the count, as the tables say, and the panel says how many
// moves the mate needs and how many the count allows, in English and in Thai. Issue 18: Black defends from the tables.
import { expect, test } from '@playwright/test';
import { openPage, openSettings } from './helpers';

// the moves Black's count leaves White at the start (limit − the first count + 1)
const COUNT_MOVES: Record<string, number> = { KRRK: 4, KSMK: 40 };

for (const locale of ['en', 'th'] as const) {
  for (const ending of ['KRRK', 'KSMK']) {
    test(`practice ${ending} (${locale}): the tables' start, its mate's length and the count's moves`, async ({
      page,
    }) => {
      const { Position, Tablebase } = await import('@makruk/makruk');
      const problems = await openPage(page);
      if (locale === 'th') {
        await openSettings(page);
        await page.locator('.language').selectOption('th');
        await expect(page.locator('#practice-heading')).toHaveText('ฝึกนับ');
      }
      await page.locator('.practice-ending').selectOption(ending);
      await page.locator('.practice-start').click();
      await expect(page.locator('.practice-goal')).toBeVisible();
      const left = COUNT_MOVES[ending] as number;
      const mate = page.locator('.practice-mate');
      const words =
        locale === 'en'
          ? new RegExp(`^\\s*White mates in (\\d+) moves?; the count allows ${left}\\s*$`)
          : new RegExp(`^\\s*ฝ่ายขาวรุกจนได้ใน (\\d+) ตา; การนับให้ ${left} ตา\\s*$`);
      await expect(mate).toHaveText(words);
      const mateIn = Number(words.exec((await mate.textContent()) ?? '')?.[1]);
      // the start is the tables' loss for Black, with that very mate
      const tree = async () =>
        page.evaluate(() => {
          const { model } = (
            document.querySelector('makruk-analysis') as unknown as {
              ctx: { model: { tree: { root: { fen: string } }; path: string[] } };
            }
          ).ctx;
          return { start: model.tree.root.fen, path: model.path.join(' ') };
        });
      const { start } = await tree();
      const position = Position.fromFen(start);
      if (!position.ok) throw position.error;
      const probed = (await Tablebase.create()).probe(position.value);
      if (!probed.ok) throw probed.error;
      expect(probed.value.result, start).toBe('loss');
      expect(probed.value.mate).toBe(-mateIn);
      expect(mateIn).toBeLessThanOrEqual(left);
      // Black (to move) answers with the tables' longest resistance
      const best = probed.value.bestMove;
      await expect.poll(async () => (await tree()).path).toBe(best ? `${best.from}${best.to}` : '');
      // while the computer defends, the tables' panel keeps quiet (as the engine's lines)
      await expect(page.locator('tablebase-panel section')).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }
}
