// Event details and the typed event map of <makruk-board>.
import type { Shape } from './shapes.js';
import type { Piece, Square } from '@makruk/makruk';

/** Detail of `makruk-move`, sent (cancelable) before a user move is applied. */
export interface MakrukMoveDetail {
  from: Square;
  to: Square;
  /** 'e3e4', 'c5c6m' for a promotion. */
  uci: string;
  san: string;
  /** FEN of the position after the move. */
  fen: string;
  piece: Piece;
  captured?: Piece;
  promotion?: 'met';
}

/** Detail of `makruk-select`: the square picked up (null when the selection is dropped) and where it may go. */
export interface MakrukSelectDetail {
  square: Square | null;
  piece?: Piece;
  dests: Square[];
}

/** Detail of `makruk-premove`: the user set a premove, the move to make when their turn comes. */
export interface MakrukPremoveDetail {
  from: Square;
  to: Square;
  piece: Piece;
}

/**
 * Detail of `makruk-premove-drop`: a premove went without being made, `cancelled` (a click elsewhere, a right-click,
 * Escape, `cancelPremove()`, or `premove`/`movable` turned off) or `illegal` (not a legal move when its turn came).
 */
export interface MakrukPremoveDropDetail {
  from: Square;
  to: Square;
  reason: 'cancelled' | 'illegal';
}

/** Detail of `makruk-shapes`: the user's drawn shapes after a right-click or right-drag. */
export interface MakrukShapesDetail {
  shapes: Shape[];
}

/**
 * The element's own events, name → detail: the one list. `MakrukBoardEventMap`, the global `HTMLElementEventMap`
 * entries (so `board.addEventListener('makruk-move', e => e.detail.uci)` type-checks) and the element's `emit()`
 * all derive from it. Each is a CustomEvent that bubbles out of the shadow root (composed).
 */
export interface MakrukBoardEventDetails {
  /** Cancelable, before a user move is applied. */
  'makruk-move': MakrukMoveDetail;
  /** A piece was picked up or put down. */
  'makruk-select': MakrukSelectDetail;
  /** The user set a premove (its turn comes: it is made as a `makruk-move`, or dropped). */
  'makruk-premove': MakrukPremoveDetail;
  /** A premove was cancelled, or dropped as not legal when its turn came. */
  'makruk-premove-drop': MakrukPremoveDropDetail;
  /** The user's drawn shapes changed. */
  'makruk-shapes': MakrukShapesDetail;
}

/** The element's own events as CustomEvents. */
export type MakrukBoardCustomEvents = {
  [Name in keyof MakrukBoardEventDetails]: CustomEvent<MakrukBoardEventDetails[Name]>;
};

/** Every event the element fires: its own, and `change` (a plain Event after a user move has been applied). */
export interface MakrukBoardEventMap extends MakrukBoardCustomEvents {
  /** After a user move has been applied (not after host changes). */
  change: Event;
}

declare global {
  interface HTMLElementEventMap extends MakrukBoardCustomEvents {}
}
