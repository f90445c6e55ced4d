// Coordinate labels, drawn in their own layer over (inside) or around (outside) the grid — never inside a grid
// cell, so a cell's accessible name ("a7, black rook") is all a screen reader meets there. Inside labels sit in the
// corners of the edge squares, small enough to stay clear of every piece drawing (the pieces stand in the middle
// of a 50×50 box, layout.test.ts checks the corners). Thai letters and digits are drawn as SVG outlines
// (thai-glyphs.ts, from the OFL Sarabun font) so they render where the system has no Thai font.
import type { Color } from '@makruk/makruk';
import { html, nothing, svg, type TemplateResult } from 'lit';
import { fileLabel, rankLabel } from './squares.js';
import { THAI_GLYPHS } from './thai-glyphs.js';

export type CoordinatesMode = 'inside' | 'outside' | 'none';
export type CoordinateNotation = 'algebraic' | 'thai';

// glyph box in the font's 200-unit em: from 125 above the baseline to 5 below (Thai letters and digits are short)
const GLYPH_TOP = -125;
const GLYPH_HEIGHT = 130;

function label(text: string): TemplateResult | string {
  const glyph = THAI_GLYPHS[text];
  if (!glyph) return text;
  return html`<svg class="glyph" viewBox="0 ${GLYPH_TOP} ${glyph.advance} ${GLYPH_HEIGHT}"
    style="aspect-ratio:${glyph.advance}/${GLYPH_HEIGHT}">${svg`<path d=${glyph.d}></path>`}</svg>`;
}

export function renderCoordinates(
  mode: CoordinatesMode,
  notation: CoordinateNotation,
  orientation: Color,
): TemplateResult | typeof nothing {
  if (mode !== 'inside' && mode !== 'outside') return nothing;
  const white = orientation !== 'black';
  const order = white ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
  const files = order.map((f, col) => {
    const text = fileLabel(f, notation);
    // the bottom row's squares: dark when file + rank (1 or 8) is even
    const dark = (f + (white ? 0 : 7)) % 2 === 0;
    const place = mode === 'inside' ? `right:${(7 - col) * 12.5}%` : `left:${col * 12.5}%`;
    return html`<span class="coord file ${dark ? 'on-dark' : ''}" part="coord" data-label=${text} style=${place}>${label(text)}</span>`;
  });
  const ranks = [...order].reverse().map((r, row) => {
    const text = rankLabel(r, notation);
    const dark = (r + (white ? 0 : 7)) % 2 === 0;
    return html`<span class="coord rank ${dark ? 'on-dark' : ''}" part="coord" data-label=${text} style="top:${row * 12.5}%">${label(text)}</span>`;
  });
  return html`<div class="coords ${mode}" aria-hidden="true">${files}${ranks}</div>`;
}
