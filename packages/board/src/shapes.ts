// Arrows and circles drawn over the board, in board units (one square = 1, viewBox 0 0 8 8).
import { svg, type SVGTemplateResult } from 'lit';
import { isSquare, type Color, type Square } from '@makruk/makruk';
import { squareXY } from './squares.js';

/** Named brushes map to CSS custom properties; any other string is used as a CSS colour. */
export type ShapeBrush = 'green' | 'red' | 'blue' | 'yellow';

export interface Shape {
  from: Square;
  /** Absent or equal to `from`: a circle on `from`. */
  to?: Square;
  brush?: ShapeBrush | (string & {});
  /**
   * Line width in squares (default {@link DEFAULT_SHAPE_WIDTH}, 0.15): an arrow's shaft, with its head scaled to
   * match, or a circle's ring (drawn at half the width). Kept between 0.02 and 0.5; anything else is the default.
   * E.g. thinner arrows for an engine's lower-ranked lines.
   */
  width?: number;
}

/** An arrow's default shaft width, in squares. */
export const DEFAULT_SHAPE_WIDTH = 0.15;

/** The width a shape is drawn with: its `width` when a finite number, clamped to 0.02…0.5, else the default. */
export function shapeWidth(shape: Pick<Shape, 'width'>): number {
  const w = shape.width;
  return typeof w === 'number' && Number.isFinite(w) ? Math.min(0.5, Math.max(0.02, w)) : DEFAULT_SHAPE_WIDTH;
}

const BRUSH_DEFAULTS: Readonly<Record<ShapeBrush, string>> = {
  green: 'rgb(21 120 27 / 0.8)',
  red: 'rgb(200 30 30 / 0.8)',
  blue: 'rgb(0 48 136 / 0.8)',
  yellow: 'rgb(230 160 0 / 0.85)',
};

export function brushColor(brush: string | undefined): string {
  const name = (brush ?? 'green') as ShapeBrush;
  return name in BRUSH_DEFAULTS ? `var(--makruk-brush-${name}, ${BRUSH_DEFAULTS[name]})` : (brush as string);
}

/** Brush chosen by modifier keys while right-dragging: none green, Shift red, Alt blue, Ctrl/Meta yellow. */
export function brushForModifiers(e: {
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): ShapeBrush {
  return e.shiftKey ? 'red' : e.altKey ? 'blue' : e.ctrlKey || e.metaKey ? 'yellow' : 'green';
}

/**
 * The most shapes the board looks at: the first 256 entries of the host's `shapes` followed by the user's
 * `userShapes` (a board has 64 squares; a few dozen arrows is already a crowded board). Entries beyond are not
 * drawn, and the element's `shapesLeftOut` says how many there were; bad entries among the first 256 are skipped.
 */
export const MAX_SHAPES = 256;

/** A shape the board can draw: `from` a square, `to` absent or a square. Anything else is skipped. */
function drawable(shape: unknown): shape is Shape {
  const s = shape as Partial<Shape> | null | undefined;
  return isSquare(s?.from) && (s.to === undefined || isSquare(s.to));
}

/**
 * The shapes to draw from lists taken in order (host shapes, then the user's): only the first {@link MAX_SHAPES}
 * entries are read, whatever the lists' lengths (a sparse `new Array(1e9)` costs no more than 256 entries), and
 * the bad ones among them are skipped.
 */
export function shapesToDraw(lists: readonly (readonly unknown[])[]): Shape[] {
  const drawn: Shape[] = [];
  let read = 0;
  for (const list of lists) {
    const end = Math.min(list.length, MAX_SHAPES - read);
    for (let i = 0; i < end; i++) {
      const shape = list[i];
      if (drawable(shape)) drawn.push(shape);
    }
    read += end;
  }
  return drawn;
}

/** How many entries of the lists {@link shapesToDraw} leaves unread: all beyond the first {@link MAX_SHAPES}. */
export function shapesLeftOut(lists: readonly (readonly unknown[])[]): number {
  return Math.max(0, lists.reduce((n, list) => n + list.length, 0) - MAX_SHAPES);
}

export function sameShape(a: Shape, b: Shape): boolean {
  return a.from === b.from && (a.to ?? a.from) === (b.to ?? b.from);
}

function centre(sq: Square, orientation: Color): [number, number] {
  const [f, r] = squareXY(sq);
  return orientation === 'white' ? [f + 0.5, 7.5 - r] : [7.5 - f, r + 0.5];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function renderShape(shape: Shape, orientation: Color): SVGTemplateResult {
  const colour = brushColor(shape.brush);
  const width = shapeWidth(shape);
  // the head grows and shrinks with the shaft, but never below a readable size
  const scale = Math.max(0.5, width / DEFAULT_SHAPE_WIDTH);
  const [x1, y1] = centre(shape.from, orientation);
  if (!shape.to || shape.to === shape.from) {
    return svg`<circle class="circle" cx=${x1} cy=${y1} r="0.45" fill="none" stroke=${colour} stroke-width=${round(width * (0.07 / DEFAULT_SHAPE_WIDTH))}/>`;
  }
  const [x2, y2] = centre(shape.to, orientation);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  // the shaft stops where the head begins, so the translucent colours do not overlap
  const head = 0.36 * scale;
  const tipX = x2 - ux * 0.12;
  const tipY = y2 - uy * 0.12;
  const baseX = tipX - ux * head;
  const baseY = tipY - uy * head;
  const wing = Math.max(0.2 * scale, width * 0.75);
  const points = [
    [tipX, tipY],
    [baseX - uy * wing, baseY + ux * wing],
    [baseX + uy * wing, baseY - ux * wing],
  ]
    .map(([x, y]) => `${round(x!)},${round(y!)}`)
    .join(' ');
  return svg`<g class="arrow"><line x1=${round(x1 + ux * 0.2)} y1=${round(y1 + uy * 0.2)} x2=${round(baseX)} y2=${round(baseY)}
    stroke=${colour} stroke-width=${round(width)} stroke-linecap="butt"/><polygon points=${points} fill=${colour}/></g>`;
}
