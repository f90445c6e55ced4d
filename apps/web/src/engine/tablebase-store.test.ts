// Issue 18: the page keeps a table it made (IndexedDB in the worker; here a Map), reads it back on the next visit
// instead of making it again, and makes it again when what was kept is damaged or unreadable.
import { Tablebase } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { type TableStore, answerProbe, answerRequest, prepareTable } from './tablebase-answer.js';

const KRK = '7k/8/6K1/8/8/8/8/R7 w - - 0 1';

/** A Map as the store, counting its calls; `failing` makes every call reject. */
function mapStore(failing = false) {
  const entries = new Map<string, Uint8Array>();
  const calls = { get: 0, set: 0 };
  const store: TableStore = {
    async get(material) {
      calls.get++;
      if (failing) throw new Error('no IndexedDB');
      return entries.get(material);
    },
    async set(material, bytes) {
      calls.set++;
      if (failing) throw new Error('quota');
      entries.set(material, bytes);
    },
  };
  return { store, entries, calls };
}

describe('the worker keeps its tables (issue 18)', () => {
  it('makes a table once and stores it; a fresh worker reads it back and answers the same', async () => {
    const { store, entries, calls } = mapStore();
    const first = await Tablebase.create();
    expect(await prepareTable(first, KRK, store)).toBe('made');
    expect([...entries.keys()]).toEqual(['KRK']);
    expect(calls.set).toBe(1);
    expect(await prepareTable(first, KRK, store)).toBe('ready'); // no second read or write
    expect(calls).toEqual({ get: 1, set: 1 });

    const second = await Tablebase.create();
    expect(await prepareTable(second, KRK, store)).toBe('loaded');
    expect(calls.set).toBe(1); // read, not made and written again
    expect(answerProbe(second, KRK)).toEqual(answerProbe(first, KRK));
  });

  it('makes the table again when the stored bytes are damaged, and replaces them', async () => {
    const { store, entries } = mapStore();
    const maker = await Tablebase.create();
    await prepareTable(maker, KRK, store);
    const good = entries.get('KRK') as Uint8Array;
    const damaged = good.slice();
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] as number) ^ 0xff;
    entries.set('KRK', damaged);
    const fresh = await Tablebase.create();
    expect(await prepareTable(fresh, KRK, store)).toBe('made');
    expect(entries.get('KRK')).toEqual(good);
    entries.set('KRK', new Uint8Array([1, 2, 3])); // cut short
    expect(await prepareTable(await Tablebase.create(), KRK, store)).toBe('made');
  });

  it('answers as before when the store fails, and has nothing to prepare where there is no table', async () => {
    const { store, calls } = mapStore(true);
    const tablebase = await Tablebase.create();
    const answer = await answerRequest(Promise.resolve(tablebase), { id: 3, fen: KRK }, store);
    expect(answer).toMatchObject({ id: 3, ok: true, value: { result: 'win', mate: 1, bestMove: 'a1a8' } });
    expect(calls).toEqual({ get: 1, set: 1 });
    const initial = 'rnbkqbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1';
    expect(await prepareTable(tablebase, initial, store)).toBe('none');
    expect(await prepareTable(tablebase, 'not a fen', store)).toBe('none');
    expect(calls.get).toBe(1);
  });
});
