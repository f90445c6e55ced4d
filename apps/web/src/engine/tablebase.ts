// The page's tablebase client: probe(fen) asks the tables (the library's Tablebase, in a module Worker of its own,
// created on the first probe) what a position is worth under the count. The answer is a value, never a throw:
// ERR_TABLEBASE_POSITION means the position has no table (pawns, more than four men, both sides with pieces).
import type { TablebaseAnswer, TablebaseResponse } from './tablebase-answer.js';

export type { TablebaseAnswer, TablebaseMoveAnswer, TablebaseVerdict } from './tablebase-answer.js';
export type TablebaseProbeFn = (fen: string) => Promise<TablebaseAnswer>;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (answer: TablebaseAnswer) => void>();

function failAll(message: string): void {
  for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'ERR_TABLEBASE_WORKER', message } });
  pending.clear();
  worker?.terminate();
  worker = undefined; // the next probe starts a fresh worker
}

function started(): Worker {
  if (worker) return worker;
  const made = new Worker(new URL('./tablebase-worker.ts', import.meta.url), { type: 'module' });
  made.onmessage = (event: MessageEvent<TablebaseResponse>) => {
    const { id, ...answer } = event.data;
    const resolve = pending.get(id);
    pending.delete(id);
    resolve?.(answer as TablebaseAnswer);
  };
  made.onerror = (event) => failAll(`the tablebase worker failed: ${event.message || 'no message'}`);
  worker = made;
  return made;
}

/** What the tables say of a FEN (the first probe of a material waits for its table: up to about 2.5 s). */
export const probe: TablebaseProbeFn = (fen) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    started().postMessage({ id, fen });
  });
