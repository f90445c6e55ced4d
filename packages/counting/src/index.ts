export type {
  Color,
  Count,
  CountKind,
  CountingErrorCode,
  CountingResult,
  Material,
  MoveFacts,
  Result,
  SideMaterial,
} from './types.js';
export { COUNTING_ERROR_CODES, CountingError, opposite } from './types.js';
export {
  BOARDS_HONOUR_LIMIT,
  NO_MATERIAL,
  bareKingSide,
  countMayRunFor,
  countingPossible,
  isBare,
  pieceCount,
  piecesHonourLimit,
} from './material.js';
export { materialFromPlacement } from './placement.js';
export { advanceCount, automaticCountAfterMove, countStartingFor } from './automatic.js';
export type { CountingMode, CountingVerdict } from './outcome.js';
export { countingVerdict, isCountExpired, limitMoves, nextCountNumber } from './outcome.js';
export type { CountingFields } from './fen.js';
export { FEN_NUMBER_MAX, fenNumber, makeCountingFields, parseCountingFields } from './fen.js';
export type { CountingState, SpokenCount } from './spoken.js';
export { spokenCount } from './spoken.js';
export type { GameMoveFacts } from './game.js';
export { CountingGame } from './game.js';
