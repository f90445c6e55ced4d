// @makruk/makruk — the public API.
export * from './types.js';
export { MakrukError, ok, err, type MakrukErrorCode } from './errors.js';
export { squareIndex, squareAt, parseSquare, isSquare, fileOf, rankOf, isDarkSquare } from './squares.js';
export { Board } from './board.js';
export { defaultSetup, copySetup, materialOf, validateSetup, type Setup } from './setup.js';
export { INITIAL_FEN, parseFen, makeFen, parseBoardFen, makeBoardFen, type FenOptions } from './fen.js';
export { Position } from './position.js';
export { parseSan, makeSan, type SanOptions } from './san.js';
export { parseUci, makeUci } from './uci.js';
export { perft, loadEngine, type PerftOptions, type PerftDivide } from './perft.js';
