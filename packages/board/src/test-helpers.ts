// Shared set-up for the browser tests: mount a board in a sized container and wait for it to settle.
import { MakrukBoard } from './index.js';

export async function mountBoard(attributes: Record<string, string> = {}, size = 400): Promise<MakrukBoard> {
  const container = document.createElement('div');
  container.style.cssText = `width:${size}px;height:${size}px;position:relative`;
  const board = document.createElement('makruk-board');
  for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
  board.animationDuration = 0;
  container.append(board);
  document.body.append(container);
  await settle(board);
  return board;
}

/** Waits for Lit's update and for ResizeObserver to have sized the board. */
export async function settle(board: MakrukBoard): Promise<void> {
  await board.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await board.updateComplete;
}

export function cell(board: MakrukBoard, square: string): HTMLElement {
  const found = board.shadowRoot!.querySelector<HTMLElement>(`[role="gridcell"][data-square="${square}"]`);
  if (!found) throw new Error(`no cell ${square}`);
  return found;
}

export function cleanup(): void {
  document.body.replaceChildren();
}
