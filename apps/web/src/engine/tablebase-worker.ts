// The tablebase's worker: one Tablebase (its own wasm), made when the worker starts; each { id, fen } request is
// answered in order with a plain answer (tablebase-answer.ts). A table's first generation takes up to about 2.5 s,
// which is why it runs here and not on the page's thread; once made it is kept in IndexedDB (idb-keyval), so the
// next visit reads it in milliseconds.
import { Tablebase } from '@makruk/makruk';
import { createStore, get, set } from 'idb-keyval';
import { type TableStore, type TablebaseRequest, answerRequest } from './tablebase-answer.js';

/** The IndexedDB database and object store the tables live in (one entry per material: 'KRK', 'KSMK', …). */
const TABLE_DB = 'makruk-tablebases';
const idb = typeof indexedDB === 'undefined' ? undefined : createStore(TABLE_DB, 'tables');
const store: TableStore | undefined = idb && {
  get: (material) => get<Uint8Array>(material, idb),
  set: (material, bytes) => set(material, bytes, idb),
};

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TablebaseRequest>) => void) | null;
  postMessage(message: unknown): void;
};
const tablebase = Tablebase.create();
tablebase.catch(() => undefined); // each request reports the failure as its answer
// requests are answered one after another, in the order they came
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(async () => scope.postMessage(await answerRequest(tablebase, event.data, store)));
};
