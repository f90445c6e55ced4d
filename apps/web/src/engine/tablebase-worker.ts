// The tablebase's worker: one Tablebase (its own wasm), made when the worker starts; each { id, fen } request is
// answered in order with a plain answer (tablebase-answer.ts). A table's first generation takes up to about 2.5 s,
// which is why it runs here and not on the page's thread.
import { Tablebase } from '@makruk/makruk';
import { type TablebaseRequest, answerRequest } from './tablebase-answer.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TablebaseRequest>) => void) | null;
  postMessage(message: unknown): void;
};
const tablebase = Tablebase.create();
tablebase.catch(() => undefined); // each request reports the failure as its answer
// requests are answered one after another, in the order they came
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(async () => scope.postMessage(await answerRequest(tablebase, event.data)));
};
