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

/** Detail of `makruk-shapes`: the user's drawn shapes after a right-click or right-drag. */
export interface MakrukShapesDetail {
  shapes: Shape[];
}

export interface MakrukBoardEventMap {
  'makruk-move': CustomEvent<MakrukMoveDetail>;
  'makruk-select': CustomEvent<MakrukSelectDetail>;
  'makruk-shapes': CustomEvent<MakrukShapesDetail>;
  /** After a user move has been applied (not after host changes). */
  change: Event;
}
