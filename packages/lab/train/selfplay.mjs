// One self-play game of the data generator (issue 17): our engine (the release wasm, in-process) against itself at
// a fixed node limit, from a seeded opening plus seeded random plies, ended by the engine's own exact rules
// (docs/rules.md: checkmate, stalemate, dead position, threefold repetition, the count run out) or a mate announced twice.
// A game depends only on (seed, index) and the engine build: which worker plays it, and when, does not matter.
import { instantiateEngine } from '@makruk/engine';
import { FLAG_NOISY, FLAG_UNSCORED, SCORE_LIMIT, storedScore } from './gamefile.mjs';

export const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** @typedef {import('./gamefile.mjs').GameRecord} GameRecord */
/** @typedef {import('./gamefile.mjs').GameResult} GameResult */
/** @typedef {import('./gamefile.mjs').Termination} Termination */

/**
 * @typedef {object} SelfPlayOptions
 * @property {number} seed the run's seed: game `index` plays from randomness seeded by (seed, index)
 * @property {number} nodes node limit of every search
 * @property {number} randomPlies random legal moves after the opening
 * @property {number} maxOpeningScore a game whose first search scores beyond ± this (cp) is drawn again
 * @property {number} maxPlies plies after which the game is a draw (a safety net: the rules end nearly every game)
 * @property {readonly string[]} openings start FENs; each game picks one at random
 */

/** The engine over its raw ABI, with the score of the last search's first line. */
export function createSelfPlayEngine() {
  /** @type {{ kind: number, value: number } | undefined} */
  let last;
  const engine = instantiateEngine('release', {
    info(_depth, _seldepth, multipv, kind, score) {
      if (multipv === 1) last = { kind, value: score };
    },
  });
  engine.setHashSize(16);
  /** @param {string} fen */
  const setFen = (fen) => {
    const bytes = encoder.encode(fen);
    if (bytes.length > 1024) return false;
    new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
    return engine.setFen(bytes.length) === 0;
  };
  const getFen = () => decoder.decode(new Uint8Array(engine.memory.buffer, engine.inputBuffer(), engine.getFen()));
  const legalMoves = () =>
    Uint32Array.from(new Uint32Array(engine.memory.buffer, engine.moveBuffer(), engine.generateMoves()));
  /** @param {number} nodes */
  const search = (nodes) => {
    last = undefined;
    const move = engine.search(-1, nodes, -1, -1, -1, -1, -1, 0, 0) >>> 0;
    // searchedNodes is exported by every build (README), though only the thread builds' type declares it.
    const searched = /** @type {{ searchedNodes(): number }} */ (/** @type {unknown} */ (engine)).searchedNodes();
    return { move, score: /** @type {{ kind: number, value: number } | undefined} */ (last), nodes: searched };
  };
  return { engine, setFen, getFen, legalMoves, search };
}
/** @typedef {ReturnType<typeof createSelfPlayEngine>} SelfPlayEngine */

/**
 * A 32-bit seed for game `index` of a run seeded `seed` (splitmix-style mixing: nearby inputs, unrelated seeds).
 * @param {number} seed @param {number} index
 */
export function gameSeed(seed, index) {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: uniform in [0, 1), seeded. @param {number} seed */
export function createRandom(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- the board as the data sees it: a mailbox replayed from the start FEN (the trainer does the same in C) -------
// Pieces: colour << 3 | role, roles as the engine's (1 pawn, 2 met, 3 khon, 4 knight, 5 rook, 6 king), 0 empty.
const ROLE_OF_LETTER = /** @type {Record<string, number>} */ ({ p: 1, m: 2, q: 2, f: 2, s: 3, b: 3, n: 4, r: 5, k: 6 });

/** The placement of a FEN as 64 squares (a1 = 0); `~` promotion marks are ignored (a promoted pawn is a met). @param {string} fen */
export function boardFromFen(fen) {
  const board = new Uint8Array(64);
  const ranks = (fen.split(' ')[0] ?? '').split('/');
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of ranks[7 - r] ?? '') {
      if (c >= '1' && c <= '8') file += Number(c);
      else if (c !== '~') {
        const role = ROLE_OF_LETTER[c.toLowerCase()];
        if (role === undefined || file > 7) throw new Error(`bad board in FEN ${fen}`);
        board[r * 8 + file] = (c === c.toLowerCase() ? 8 : 0) | role;
        file++;
      }
    }
  }
  return board;
}

/** Plays a move word on the mailbox (Makruk has no castling, en passant or choice of promotion). @param {Uint8Array} board @param {number} word */
export function applyMove(board, word) {
  const from = word & 63;
  const to = (word >> 6) & 63;
  const piece = /** @type {number} */ (board[from]);
  board[to] = word & (1 << 12) ? (piece & 8) | 2 : piece;
  board[from] = 0;
}

/**
 * The result when the game is over in the engine's position (the same tests, in the same order, as the library's
 * Position.outcome), else undefined.
 * @param {SelfPlayEngine} e
 * @returns {{ result: GameResult, termination: Termination } | undefined}
 */
export function finishedGame(e) {
  const { engine } = e;
  const fields = e.getFen().split(' ');
  const whiteToMove = fields[1] === 'w';
  if (engine.generateMoves() === 0) {
    if (engine.inCheck() === 0) return { result: 1, termination: 'stalemate' };
    return { result: whiteToMove ? 0 : 2, termination: 'checkmate' };
  }
  if (engine.isDeadPosition() === 1) return { result: 1, termination: 'dead-position' };
  if (fields[3] !== '-' && Number(fields[4]) > Number(fields[3])) return { result: 1, termination: 'counting-limit' };
  if (engine.repetitionCount() >= 3) return { result: 1, termination: 'repetition' };
  return undefined;
}

/**
 * Plays game `index`. Up to 8 draws of opening and random plies are tried until the first search scores within
 * ±maxOpeningScore (the last is played whatever it scores).
 * @param {SelfPlayEngine} e
 * @param {SelfPlayOptions} options
 * @param {number} index
 * @returns {{ game: GameRecord, nodes: number }}
 */
export function playGame(e, options, index) {
  const random = createRandom(gameSeed(options.seed, index));
  let nodes = 0;
  for (let attempt = 0; ; attempt++) {
    const fen = options.openings[Math.floor(random() * options.openings.length)] ?? START_FEN;
    if (!e.setFen(fen)) throw new Error(`bad opening FEN: ${fen}`);
    e.engine.newGame();
    const board = boardFromFen(fen);
    /** @type {number[]} */
    const moves = [];
    /** @type {number[]} */
    const scores = [];
    let ended = finishedGame(e);
    for (let ply = 0; ply < options.randomPlies && ended === undefined; ply++) {
      const legal = e.legalMoves();
      const move = /** @type {number} */ (legal[Math.floor(random() * legal.length)]);
      moves.push(move | FLAG_UNSCORED);
      scores.push(0);
      applyMove(board, move);
      e.engine.makeMove(move);
      ended = finishedGame(e);
    }
    if (ended !== undefined && attempt < 7) continue;
    let mateStreak = 0;
    let mateWinner = 0;
    while (ended === undefined) {
      if (moves.length >= options.maxPlies) {
        ended = { result: 1, termination: 'max-plies' };
        break;
      }
      const whiteToMove = e.getFen().split(' ')[1] === 'w';
      const inCheck = e.engine.inCheck() === 1;
      const found = e.search(options.nodes);
      nodes += found.nodes;
      const { move, score } = found;
      if (!move) throw new Error(`game ${index}: the search returned no move`);
      // A node limit can stop even the first iteration (no line reported): the move is played, the score unknown.
      const stored = score === undefined ? 0 : storedScore(score.kind, score.value);
      if (moves.length === options.randomPlies && attempt < 7 && Math.abs(stored) > options.maxOpeningScore) break;
      const noisy = inCheck || (move & (1 << 12)) !== 0 || board[(move >> 6) & 63] !== 0;
      moves.push(move | (noisy ? FLAG_NOISY : 0) | (score === undefined ? FLAG_UNSCORED : 0));
      scores.push(stored);
      applyMove(board, move);
      if (e.engine.makeMove(move) !== 1) throw new Error(`game ${index}: the engine's move ${move} is illegal`);
      const winner = Math.abs(stored) > SCORE_LIMIT ? (stored > 0 === whiteToMove ? 1 : -1) : 0;
      mateStreak = winner !== 0 && winner === mateWinner ? mateStreak + 1 : winner !== 0 ? 1 : 0;
      mateWinner = winner;
      ended = finishedGame(e);
      if (ended === undefined && mateStreak >= 2) ended = { result: winner > 0 ? 2 : 0, termination: 'mate-announced' };
    }
    if (ended === undefined) continue; // the opening scored too far from level: draw another
    const game = {
      index,
      fen,
      result: ended.result,
      termination: ended.termination,
      moves: Uint16Array.from(moves),
      scores: Int16Array.from(scores),
    };
    return { game, nodes };
  }
}
