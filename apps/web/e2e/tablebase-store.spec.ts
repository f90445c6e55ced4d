// Issue 18: a table the page made is kept (IndexedDB, database "makruk-tablebases") for the next visit; damaged
// bytes there are not trusted: the table is made again and the entry replaced.
import { type Page, expect, test } from '@playwright/test';
import { openPage } from './helpers';

const KRK = '8/8/2k5/8/8/8/3K4/R7 w - 32 6 1';

/** The byte length of the stored KRK table (0: none), or writes `replace` there first. */
async function storedKrk(page: Page, replace?: number[]): Promise<number> {
  return page.evaluate(
    (replace) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('makruk-tablebases');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tables')) return resolve(0);
          const tables = db.transaction('tables', 'readwrite').objectStore('tables');
          if (replace) tables.put(new Uint8Array(replace), 'KRK');
          const read = tables.get('KRK');
          read.onsuccess = () => resolve(read.result instanceof Uint8Array ? read.result.length : 0);
          read.onerror = () => reject(read.error);
        };
      }),
    replace,
  );
}

test('the K+R v K table is kept on the device; damaged bytes there are made again', async ({ page }) => {
  const { Tablebase } = await import('@makruk/makruk');
  const made = (await Tablebase.create()).exportTable('KRK');
  if (!made.ok) throw made.error;
  const problems = await openPage(page, `?fen=${encodeURIComponent(KRK)}`);
  const verdict = page.locator('tablebase-panel .tablebase-verdict');
  await expect(verdict).toHaveText('White mates in 13; the count allows 13');
  await expect.poll(() => storedKrk(page)).toBe(made.value.length);
  // the next visit, with the stored table cut short: the answer is the same and the entry whole again
  expect(await storedKrk(page, [1, 2, 3])).toBe(3);
  await page.reload();
  await expect(verdict).toHaveText('White mates in 13; the count allows 13');
  await expect.poll(() => storedKrk(page)).toBe(made.value.length);
  // and once more with the good table there: read, still the same answer
  await page.reload();
  await expect(verdict).toHaveText('White mates in 13; the count allows 13');
  expect(await storedKrk(page)).toBe(made.value.length);
  expect(problems).toEqual([]);
});
