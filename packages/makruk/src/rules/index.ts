// @makruk/makruk's rules: positions, moves, games and their notations, synchronous plain TypeScript with no wasm
// and no worker. The facade's index.ts re-exports all of it; ../engine/ is the engine host, which uses these.
export * from './types.js';
export {
  MakrukError,
  ok,
  err,
  isMakrukErrorCode,
  quoteInput,
  describeValue,
  MAKRUK_ERROR_CODES,
  type MakrukErrorCode,
} from './errors.js';
export { squareIndex, squareAt, parseSquare, isSquare, fileOf, rankOf, isDarkSquare } from './squares.js';
export { PROMOTION_RANK } from './step-tables.js';
export { pieceReach } from './reach.js';
export { Board } from './board.js';
export { copySetup, materialOf, validateSetup, type Setup } from './setup.js';
export { INITIAL_FEN, defaultSetup, parseFen, makeFen, parseBoardFen, makeBoardFen, type FenOptions } from './fen.js';
export { Position } from './position.js';
export { canMate, isDeadPosition } from './dead-position.js';
export { replay, ReplayError, moveListItems, type Replayed, type MoveList } from './replay.js';
export {
  parseSan,
  makeSan,
  readSanPattern,
  type SanOptions,
  type SanPattern,
  type SanPosition,
  type SanReadOptions,
} from './san.js';
export { parseUci, makeUci } from './uci.js';
// The game record: Game (a line) and GameTree (variations) over one kind of node; PGN reads and writes both.
export {
  Game,
  type CountingAction,
  type GameErrorCode,
  type GameMove,
  type GameOutcome,
  type GameOutcomeReason,
  type GameResult,
  type Shape,
  type ShapeColor,
} from './game.js';
export { moveNumberAt, moveNumberText, type MoveNumber } from './move-number.js';
// The count as players say it (one owner, @makruk/counting): spokenCount(game.countingState), (node.countingState),
// (position.countingState).
export type { CountingState, SpokenCount } from '@makruk/counting';
export { spokenCount } from './spoken-count.js';
export {
  NAG_SYMBOLS,
  PgnError,
  makePgn,
  makePgnTree,
  parsePgn,
  parsePgnGame,
  parsePgnTree,
  type PgnErrorCode,
  type PgnOptions,
} from './pgn.js';
// Where each game of a PGN text begins and ends, streamed line by line (files read game by game).
export { PgnSplitter, splitPgnLines, splitPgnText, type PgnGameText } from './pgn-split.js';
// EPD / FEN-per-line files (opening books, perft suites).
export { parseEpd, parseEpdLine, EpdError, type EpdRecord, type EpdOperation } from './epd.js';
// Game tree with variations (PGN with variations).
export { GameTree, type TreeNode, type TreePath } from './tree.js';
