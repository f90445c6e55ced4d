// @makruk/board: importing this module defines <makruk-board> (once; safe to import twice and outside browsers).
import { MakrukBoard } from './makruk-board.js';

export { MakrukBoard, INITIAL_FEN } from './makruk-board.js';
export type { BoardStyle, CoordinateNotation, CoordinatesMode, Dests, Movable, Palette } from './makruk-board.js';
export type {
  MakrukBoardEventDetails,
  MakrukBoardEventMap,
  MakrukMoveDetail,
  MakrukPremoveDetail,
  MakrukPremoveDropDetail,
  MakrukSelectDetail,
  MakrukShapesDetail,
} from './events.js';
export { MAX_SHAPES, type Shape, type ShapeBrush } from './shapes.js';
export { ENGLISH_PIECE_NAMES, type PieceNames } from './a11y.js';
export type { Color, Piece as BoardPiece, Role, Square } from '@makruk/makruk';
export { registerPieceSet, type PieceKind, type PieceSet } from './piece-set.js';
export { thaiPieceSet } from './pieces-thai.js';
export { westernPieceSet } from './pieces-western.js';

if (typeof customElements !== 'undefined' && !customElements.get('makruk-board')) {
  customElements.define('makruk-board', MakrukBoard);
}
