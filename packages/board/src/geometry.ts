// Screen geometry: which square is under a point, and which square an arrow key leads to, for either orientation.
import type { Color, Square } from '@makruk/makruk';
import { squareOnGrid, squareXY } from './squares.js';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The square drawn at (x, y) inside the board box, or undefined when the point is off the board. */
export function squareAtPoint(box: Box, x: number, y: number, orientation: Color): Square | undefined {
  if (!(box.width > 0 && box.height > 0)) return undefined;
  const col = Math.floor(((x - box.left) / box.width) * 8);
  const row = Math.floor(((y - box.top) / box.height) * 8);
  if (col < 0 || col > 7 || row < 0 || row > 7) return undefined;
  return orientation === 'black' ? squareOnGrid(7 - col, row) : squareOnGrid(col, 7 - row);
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The square a navigation key moves focus to, as the squares appear on screen (so it follows the orientation):
 * arrows step and stop at the edge; Home and End go to the ends of the row. Undefined for other keys.
 */
export function squareAfterKey(from: Square, key: string, orientation: Color): Square | undefined {
  const sign = orientation === 'black' ? -1 : 1;
  const [f, r] = squareXY(from);
  if (key === 'Home' || key === 'End') return squareOnGrid((key === 'Home') === sign > 0 ? 0 : 7, r);
  const step = ARROWS[key];
  if (!step) return undefined;
  const clamp = (n: number) => Math.min(7, Math.max(0, n));
  return squareOnGrid(clamp(f + step[0] * sign), clamp(r + step[1] * sign));
}
