// The training-data file: self-play game records, a few bytes a position (issue 17). One owner of the format: the
// generator writes it, the merge and the trainer (trainer/data.c) read it. Little-endian throughout.
//
//   file   = header record*
//   header = "MKGAMES1" (8 bytes) · u32 metaLength · metaLength bytes of UTF-8 JSON (generator, seed, nodes, …)
//   record = u8 0xA7 · u32 gameIndex · u8 result · u8 termination · u8 fenLength · fen (ASCII)
//            · u16 plies · plies × (u16 moveWord · i16 score)
//
// result: 0 = Black won, 1 = draw, 2 = White won. moveWord: the engine's move (from | to << 6 | promotion << 12)
// and two flags: NOISY (the side to move was in check, or the searched best move — the move played — captures or
// promotes: not a quiet position to train on) and UNSCORED (a random opening ply: the score is 0 and means nothing).
// score: the search's score of the position before the move, centipawns from the side to move, clamped to
// ±SCORE_LIMIT; a mate in n moves is ±(SCORE_MATE − n). The record is ~4 bytes a position plus ~70 a game.
// A file cut short (a killed run) ends in a partial record: readers report where the last whole one ends.

export const FILE_MAGIC = 'MKGAMES1';
export const RECORD_MARK = 0xa7;
export const MOVE_MASK = 0x1fff;
export const FLAG_NOISY = 1 << 13;
export const FLAG_UNSCORED = 1 << 14;
export const SCORE_MATE = 32000;
export const SCORE_LIMIT = 30000;

/** @typedef {0 | 1 | 2} GameResult 0 = Black won, 1 = draw, 2 = White won */

/** How a game ended, by code (the stored byte is the index). */
export const TERMINATIONS = /** @type {const} */ ([
  'checkmate',
  'stalemate',
  'dead-position',
  'repetition',
  'counting-limit',
  'mate-announced',
  'max-plies',
]);
/** @typedef {typeof TERMINATIONS[number]} Termination */

/**
 * One game: where it started, every ply (move word with flags, score of the position before it), how it ended.
 * @typedef {object} GameRecord
 * @property {number} index the game's number in its run (its seed derives from it)
 * @property {string} fen the start position
 * @property {GameResult} result
 * @property {Termination} termination
 * @property {Uint16Array} moves move words (MOVE_MASK bits of move, FLAG_NOISY, FLAG_UNSCORED)
 * @property {Int16Array} scores one per move
 */

/** A typed error of the data tools: `code` is stable, the message says what is wrong. */
export class GameFileError extends Error {
  /** @param {'ERR_GAMEFILE_HEADER' | 'ERR_GAMEFILE_RECORD' | 'ERR_GAMEFILE_MISMATCH'} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'GameFileError';
    this.code = code;
  }
}

/** A search score as stored: centipawns clamped, mates as ±(SCORE_MATE − moves). @param {number} kind 0 cp, 1 mate @param {number} value */
export function storedScore(kind, value) {
  if (kind === 1) {
    const moves = Math.min(Math.abs(value), SCORE_MATE - SCORE_LIMIT - 1);
    return value >= 0 ? SCORE_MATE - moves : -(SCORE_MATE - moves);
  }
  return Math.max(-SCORE_LIMIT, Math.min(SCORE_LIMIT, Math.round(value)));
}

/** @param {Record<string, unknown>} meta */
export function encodeHeader(meta) {
  const json = new TextEncoder().encode(JSON.stringify(meta));
  const bytes = new Uint8Array(12 + json.length);
  bytes.set(new TextEncoder().encode(FILE_MAGIC), 0);
  new DataView(bytes.buffer).setUint32(8, json.length, true);
  bytes.set(json, 12);
  return bytes;
}

/**
 * The header of a file's bytes: its metadata and where the records start.
 * @param {Uint8Array} bytes
 * @returns {{ meta: Record<string, unknown>, recordsStart: number }}
 */
export function decodeHeader(bytes) {
  const magic = new TextDecoder().decode(bytes.subarray(0, 8));
  if (bytes.length < 12 || magic !== FILE_MAGIC) {
    throw new GameFileError('ERR_GAMEFILE_HEADER', `not a game file (it does not start with ${FILE_MAGIC})`);
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (12 + length > bytes.length) throw new GameFileError('ERR_GAMEFILE_HEADER', 'the header is cut short');
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  } catch {
    throw new GameFileError('ERR_GAMEFILE_HEADER', 'the header metadata is not JSON');
  }
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    throw new GameFileError('ERR_GAMEFILE_HEADER', 'the header metadata is not a JSON object');
  }
  return { meta, recordsStart: 12 + length };
}

/** @param {GameRecord} game */
export function encodeGame(game) {
  const fen = new TextEncoder().encode(game.fen);
  const plies = game.moves.length;
  if (fen.length > 255) throw new GameFileError('ERR_GAMEFILE_RECORD', 'a start FEN is longer than 255 bytes');
  if (plies > 0xffff || game.scores.length !== plies) {
    throw new GameFileError('ERR_GAMEFILE_RECORD', `game ${game.index}: moves and scores differ or exceed 65535`);
  }
  const termination = TERMINATIONS.indexOf(game.termination);
  if (termination < 0 || ![0, 1, 2].includes(game.result) || !Number.isInteger(game.index) || game.index < 0) {
    throw new GameFileError('ERR_GAMEFILE_RECORD', `game ${game.index}: bad index, result or termination`);
  }
  const bytes = new Uint8Array(10 + fen.length + 4 * plies);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, RECORD_MARK);
  view.setUint32(1, game.index, true);
  view.setUint8(5, game.result);
  view.setUint8(6, termination);
  view.setUint8(7, fen.length);
  bytes.set(fen, 8);
  let at = 8 + fen.length;
  view.setUint16(at, plies, true);
  at += 2;
  for (let i = 0; i < plies; i++, at += 4) {
    view.setUint16(at, /** @type {number} */ (game.moves[i]), true);
    view.setInt16(at + 2, /** @type {number} */ (game.scores[i]), true);
  }
  return bytes;
}

/**
 * Reads records from `offset` on. Stops at the end or at a record cut short (`complete` false, `end` = where the
 * last whole record ends, for a resume to cut the file there); a record that is not cut short but malformed throws.
 * @param {Uint8Array} bytes
 * @param {number} offset
 * @returns {{ games: GameRecord[], end: number, complete: boolean }}
 */
export function decodeGames(bytes, offset) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  /** @type {GameRecord[]} */
  const games = [];
  let at = offset;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return { games, end: at, complete: false };
    if (view.getUint8(at) !== RECORD_MARK) {
      throw new GameFileError('ERR_GAMEFILE_RECORD', `no record starts at byte ${at}`);
    }
    const index = view.getUint32(at + 1, true);
    const result = view.getUint8(at + 5);
    const termination = TERMINATIONS[view.getUint8(at + 6)];
    const fenLength = view.getUint8(at + 7);
    if (result > 2 || termination === undefined) {
      throw new GameFileError('ERR_GAMEFILE_RECORD', `game ${index} at byte ${at}: bad result or termination`);
    }
    if (at + 10 + fenLength > bytes.length) return { games, end: at, complete: false };
    const fen = decoder.decode(bytes.subarray(at + 8, at + 8 + fenLength));
    const plies = view.getUint16(at + 8 + fenLength, true);
    const body = at + 10 + fenLength;
    if (body + 4 * plies > bytes.length) return { games, end: at, complete: false };
    const moves = new Uint16Array(plies);
    const scores = new Int16Array(plies);
    for (let i = 0; i < plies; i++) {
      moves[i] = view.getUint16(body + 4 * i, true);
      scores[i] = view.getInt16(body + 4 * i + 2, true);
    }
    games.push({ index, fen, result: /** @type {GameResult} */ (result), termination, moves, scores });
    at = body + 4 * plies;
  }
  return { games, end: at, complete: true };
}

/** Scored, quiet positions of a game (the ones a trainer keeps before its own ply filter). @param {GameRecord} game */
export function trainingPositionCount(game) {
  let n = 0;
  for (const word of game.moves) if ((word & (FLAG_NOISY | FLAG_UNSCORED)) === 0) n++;
  return n;
}
