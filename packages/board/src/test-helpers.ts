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

/** The pixels of an element as the browser painted them (a real screenshot, decoded). */
export async function pixelsOf(element: Element): Promise<ImageData> {
  const { page } = await import('vitest/browser');
  const base64 = await page.screenshot({ element, save: false });
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** Mean colour of an image, [r, g, b]. */
export function meanColour(image: ImageData): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += image.data[i + c]!;
  const n = image.data.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}
