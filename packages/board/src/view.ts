// The drawing of the grid: one gridcell per square with its state classes and parts, and the piece drawings
// (one <symbol> per piece kind of the chosen set, used by every piece).
import type { Color, Piece, Square } from '@makruk/makruk';
import { html, nothing, type TemplateResult } from 'lit';
import { squareName, type PieceNames } from './a11y.js';
import type { BoardMap } from './facade.js';
import { pieceKind, type PieceKind, type PieceSet } from './piece-set.js';
import type { DragState } from './pointer-input.js';
import { squareOnGrid } from './squares.js';

const KINDS: readonly PieceKind[] = ['pawn', 'promoted', 'met', 'khon', 'knight', 'rook', 'king'];

/** <symbol> markup per piece set, built once per set. */
const symbolCache = new WeakMap<PieceSet, string>();

export function pieceSymbols(set: PieceSet): string {
  let markup = symbolCache.get(set);
  if (!markup) {
    markup = KINDS.map((k) => `<symbol id="mk-${k}" viewBox="0 0 50 50">${set.art[k]}</symbol>`).join('');
    symbolCache.set(set, markup);
  }
  return markup;
}

export function pieceSvg(piece: Piece, lifted: boolean): TemplateResult {
  const kind = pieceKind(piece);
  return html`<svg class="pc ${piece.color}${lifted ? ' lifted' : ''}" part="piece ${piece.color}-piece ${kind}"
      viewBox="0 0 50 50" aria-hidden="true" data-piece=${`${piece.color} ${kind}`}><use href="#mk-${kind}"></use></svg>`;
}

export interface GridState {
  orientation: Color;
  pieces: BoardMap;
  selected: Square | undefined;
  dests: ReadonlySet<Square>;
  last: readonly [Square, Square] | undefined;
  check: Square | undefined;
  drag: DragState | undefined;
  /** The roving tab stop. */
  focus: Square;
  /** The two squares of a waiting premove. */
  premove: readonly [Square, Square] | undefined;
  names: PieceNames;
}

const words = (list: (string | false)[]) => list.filter(Boolean).join(' ');

/** The eight rows of gridcells, top row first as seen on screen. */
export function renderRows(s: GridState): TemplateResult[] {
  const white = s.orientation !== 'black';
  const rankOrder = white ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
  const fileOrder = white ? [0, 1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1, 0];
  return rankOrder.map(
    (r) =>
      html`<div class="row" role="row">${fileOrder.map((f) => {
        const sq = squareOnGrid(f, r)!;
        const piece = s.pieces.get(sq);
        const dark = (f + r) % 2 === 0;
        const isSel = sq === s.selected;
        const isLast = s.last !== undefined && (sq === s.last[0] || sq === s.last[1]);
        const isCheck = sq === s.check;
        const isDest = s.dests.has(sq);
        const isPremove = s.premove !== undefined && (sq === s.premove[0] || sq === s.premove[1]);
        const isOver = s.drag?.active === true && s.drag.over === sq && isDest;
        const cls = words([
          'sq',
          dark ? 'dark' : 'light',
          isSel && 'sel',
          isLast && 'last',
          isPremove && 'premove',
          isCheck && 'check',
          isDest && 'dest',
          isDest && piece !== undefined && 'occupied',
          isOver && 'over',
        ]);
        const part = words([
          'square',
          dark ? 'dark' : 'light',
          isSel && 'selected',
          isLast && 'last-move',
          isPremove && 'premove',
          isCheck && 'check',
          isDest && 'dest',
          isOver && 'drag-over',
        ]);
        return html`<div role="gridcell" class=${cls} part=${part} data-square=${sq}
          aria-label=${squareName(sq, piece, s.names)} aria-selected=${isSel ? 'true' : 'false'}
          tabindex=${sq === s.focus ? '0' : '-1'}>${
            piece ? pieceSvg(piece, Boolean(s.drag?.active && s.drag.from === sq)) : nothing
          }</div>`;
      })}</div>`,
  );
}
