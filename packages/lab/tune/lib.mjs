// Shared pieces of the tuning pipeline (datagen.mjs, tune.mjs, their tests): the engine over its raw ABI, a seeded
// PRNG, the data-file format, the quiet filter, phase balancing, the logistic loss and Texel's local search.
// Everything is deterministic for a seed. Plain ESM with JSDoc types (type-checked by the package's tsconfig).
import { instantiateEngine, WEIGHTS } from '@makruk/engine';
import { adamTune } from './gradient.mjs';

export const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

/** @typedef {import('@makruk/engine').EngineExports} EngineExports */
/** @typedef {'1-0' | '0-1' | '1/2-1/2'} Result */
/**
 * A labelled position: the game's result and, from self-play, the search score of the move played there (White's
 * side, centipawns, clamped to ±SCORE_LIMIT; mates at the limit).
 * @typedef {{ fen: string, result: Result, score?: number }} Sample
 */

/** Search-score labels are clamped to this (a mate is a won position, not a bigger number). */
export const SCORE_LIMIT = 3000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The release engine with small helpers. `score` holds the last principal line's score (side to move, centipawns;
 * mate scores as ±(100000 − moves)).
 */
export function createEngine() {
  let lastScore = 0;
  const engine = instantiateEngine('release', {
    info(_depth, _seldepth, multipv, kind, score) {
      if (multipv === 1) lastScore = kind === 1 ? Math.sign(score) * (100000 - Math.abs(score)) : score;
    },
  });
  /** @param {string} fen */
  const setFen = (fen) => {
    const bytes = encoder.encode(fen);
    if (bytes.length > 1024) return false;
    new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
    return engine.setFen(bytes.length) === 0;
  };
  const getFen = () => decoder.decode(new Uint8Array(engine.memory.buffer, engine.inputBuffer(), engine.getFen()));
  const legalMoves = () =>
    Array.from(new Uint32Array(engine.memory.buffer, engine.moveBuffer(), engine.generateMoves()));
  const weights = () => new Int32Array(engine.memory.buffer, engine.weightsBuffer(), engine.weightsCount());
  return { engine, setFen, getFen, legalMoves, weights, lastScore: () => lastScore };
}

/** mulberry32: a tiny seeded PRNG (uniform in [0, 1)); the data only needs reproducibility, not quality. */
export function createRandom(seed = 1) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fisher–Yates shuffle of a copy, seeded.
 * @template T
 * @param {readonly T[]} items
 * @param {() => number} random
 * @returns {T[]}
 */
export function shuffled(items, random) {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = /** @type {T} */ (copy[i]);
    copy[i] = /** @type {T} */ (copy[j]);
    copy[j] = t;
  }
  return copy;
}

// --- data file: one position a line, "<FEN> ; result <1-0|0-1|1/2-1/2>[ ; score <cp>]" (EPD-like; '#' starts a
// comment; score = the search score from White's side, when the data has one) -----------------------------------

/** @param {readonly Sample[]} samples */
export function formatSamples(samples) {
  return samples
    .map((s) => `${s.fen} ; result ${s.result}${s.score === undefined ? '' : ` ; score ${s.score}`}\n`)
    .join('');
}

/**
 * @param {string} text
 * @returns {Sample[]}
 */
export function parseSamples(text) {
  /** @type {Sample[]} */
  const samples = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [fen, ...fields] = line.split(';').map((f) => f.trim());
    const resultField = fields.find((f) => f.startsWith('result '));
    const result = resultField?.slice(7).trim();
    if (!fen || (result !== '1-0' && result !== '0-1' && result !== '1/2-1/2')) {
      throw new Error(`line ${index + 1}: expected "<FEN> ; result 1-0|0-1|1/2-1/2"`);
    }
    const scoreField = fields.find((f) => f.startsWith('score '));
    if (scoreField === undefined) {
      samples.push({ fen, result });
      continue;
    }
    const score = Number(scoreField.slice(6).trim());
    if (!Number.isInteger(score) || Math.abs(score) > SCORE_LIMIT) {
      throw new Error(`line ${index + 1}: the score must be a whole number of centipawns within ±${SCORE_LIMIT}`);
    }
    samples.push({ fen, result, score });
  }
  return samples;
}

/** @param {Result} result White's score: 1, 0.5 or 0. */
export function resultScore(result) {
  return result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
}

// --- phases -------------------------------------------------------------------------------------------------------

/**
 * The evaluation's game phase from a FEN: knights, khons and mets 1, rooks 2 (0 = bare endgame … 18 = all pieces).
 * @param {string} fen
 */
export function gamePhase(fen) {
  const board = fen.split(' ')[0] ?? '';
  let phase = 0;
  for (const c of board.toLowerCase())
    phase += c === 'r' ? 2 : c === 'n' || c === 's' || c === 'm' || c === 'q' || c === 'b' || c === 'f' ? 1 : 0;
  return Math.min(phase, 18);
}

/** @param {string} fen */
export function isPawnless(fen) {
  return !/p/i.test(fen.split(' ')[0] ?? '');
}

/** Phase buckets: 0 endgame (phase ≤ 4), 1 late middlegame (≤ 9), 2 middlegame (≤ 14), 3 opening (≥ 15). */
export const PHASE_BUCKETS = ['endgame', 'late middlegame', 'middlegame', 'opening'];
/** @param {string} fen */
export function phaseBucket(fen) {
  const phase = gamePhase(fen);
  return phase <= 4 ? 0 : phase <= 9 ? 1 : phase <= 14 ? 2 : 3;
}

// --- quiet filter, de-duplication, balancing ----------------------------------------------------------------------

/**
 * Positions to train on: legal FEN, not in check, a legal move, no capture or promotion that wins material by SEE,
 * not a dead position.
 * @param {ReturnType<typeof createEngine>} e
 * @param {string} fen
 */
export function isQuiet(e, fen) {
  return e.setFen(fen) && e.engine.isDeadPosition() === 0 && e.engine.isQuietPosition() === 1;
}

/** The FEN without the full-move number (the same position, count included, met again later in a game). */
/** @param {string} fen */
export function positionKey(fen) {
  return fen.split(' ').slice(0, 5).join(' ');
}

/**
 * Quiet, de-duplicated (first occurrence kept) and balanced over PHASE_BUCKETS: each bucket keeps at most
 * `perBucket` positions (seeded choice; default: twice the smallest non-empty bucket); pawnless positions (the
 * counting endgames) are always kept.
 * @param {ReturnType<typeof createEngine>} e
 * @param {readonly Sample[]} samples
 * @param {{ seed?: number, perBucket?: number }} [options]
 */
export function selectTrainingPositions(e, samples, options = {}) {
  const seen = new Set();
  /** @type {{ sample: Sample, index: number }[][]} */
  const buckets = [[], [], [], []];
  /** @type {{ sample: Sample, index: number }[]} */
  const always = [];
  for (const [index, sample] of samples.entries()) {
    const key = positionKey(sample.fen);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isQuiet(e, sample.fen)) continue;
    if (isPawnless(sample.fen)) always.push({ sample, index });
    else buckets[phaseBucket(sample.fen)]?.push({ sample, index });
  }
  const sizes = buckets.map((b) => b.length).filter((n) => n > 0);
  const cap = options.perBucket ?? (sizes.length ? 2 * Math.min(...sizes) : 0);
  const random = createRandom(options.seed ?? 1);
  const kept = [...always];
  for (const bucket of buckets) kept.push(...shuffled(bucket, random).slice(0, cap));
  kept.sort((a, b) => a.index - b.index);
  return kept.map((k) => k.sample);
}

// --- self-play ----------------------------------------------------------------------------------------------------

/**
 * @typedef {object} SelfPlayOptions
 * @property {number} [seed] PRNG seed for the random opening plies (default 1)
 * @property {number} [games] games to play (default 10)
 * @property {number} [nodes] node limit per move (default 2000)
 * @property {number} [randomPlies] random legal moves at the start of each game (default 8)
 * @property {number} [maxPlies] plies after which a game is a draw (default 400)
 * @property {readonly string[]} [openings] start FENs, used in turn (default: the start position)
 */

/**
 * Plays self-play games at a node limit (deterministic: fixed nodes, newGame() before each game) and returns every
 * position after the random opening plies with the game's result and the search score of the move played there
 * (unfiltered). Results: mate or stalemate as
 * docs/rules.md, draws by dead position, threefold repetition, an expired count or maxPlies; a mate score reported by
 * the search on two moves in a row adjudicates the game for the side announcing it.
 * @param {SelfPlayOptions} [options]
 * @returns {Sample[]}
 */
export function selfPlay(options = {}) {
  const { seed = 1, games = 10, nodes = 2000, randomPlies = 8, maxPlies = 400, openings = [START_FEN] } = options;
  const random = createRandom(seed);
  const e = createEngine();
  /** @type {Sample[]} */
  const samples = [];
  for (let game = 0; game < games; game++) {
    const opening = openings[game % openings.length] ?? START_FEN;
    if (!e.setFen(opening)) throw new Error(`bad opening FEN ${opening}`);
    e.engine.newGame();
    /** @type {{ fen: string, score: number }[]} */
    const played = [];
    /** @type {Result | undefined} */
    let result;
    let mateStreak = 0;
    let mateWinner = 0;
    for (let ply = 0; result === undefined; ply++) {
      const white = (e.getFen().split(' ')[1] ?? 'w') === 'w';
      result = terminalResult(e, white);
      if (result !== undefined) break;
      if (ply >= maxPlies) {
        result = '1/2-1/2';
        break;
      }
      let move;
      if (ply < randomPlies) {
        const moves = e.legalMoves();
        move = moves[Math.floor(random() * moves.length)] ?? 0;
      } else {
        const fen = e.getFen();
        move = e.engine.search(-1, nodes, -1, -1, -1, -1, -1, 0, 0) >>> 0;
        const score = e.lastScore();
        const clamped = Math.max(-SCORE_LIMIT, Math.min(SCORE_LIMIT, score));
        played.push({ fen, score: white ? clamped : 0 - clamped }); // 0 - x: never −0 (a draw score from Black's side)
        const winner = Math.abs(score) > 50000 ? (score > 0 === white ? 1 : -1) : 0;
        mateStreak = winner !== 0 && winner === mateWinner ? mateStreak + 1 : winner !== 0 ? 1 : 0;
        mateWinner = winner;
        if (mateStreak >= 2) {
          result = winner > 0 ? '1-0' : '0-1';
          break;
        }
      }
      if (!move || e.engine.makeMove(move) !== 1) throw new Error(`engine gave no legal move in game ${game}`);
    }
    for (const p of played) samples.push({ fen: p.fen, result: /** @type {Result} */ (result), score: p.score });
  }
  return samples;
}

/**
 * The result when the game is over in the engine's current position, else undefined.
 * @param {ReturnType<typeof createEngine>} e
 * @param {boolean} whiteToMove
 * @returns {Result | undefined}
 */
function terminalResult(e, whiteToMove) {
  if (e.engine.generateMoves() === 0) {
    if (e.engine.inCheck() === 0) return '1/2-1/2';
    return whiteToMove ? '0-1' : '1-0';
  }
  if (e.engine.isDeadPosition() === 1 || e.engine.repetitionCount() >= 3) return '1/2-1/2';
  const fields = e.getFen().split(' ');
  const limit = Number(fields[3]);
  if (fields[3] !== '-' && Number.isFinite(limit) && Number(fields[4]) >= limit) return '1/2-1/2';
  return undefined;
}

// --- Texel tuning -------------------------------------------------------------------------------------------------

/**
 * Positions prepared for fast evaluation: FEN bytes, White's score and the side to move.
 * @param {readonly Sample[]} samples
 */
export function prepare(samples) {
  return samples.map((s) => ({
    fen: s.fen,
    bytes: encoder.encode(s.fen),
    target: resultScore(s.result),
    white: s.fen.split(' ')[1] !== 'b',
  }));
}
/** @typedef {ReturnType<typeof prepare>[number]} Prepared */

/**
 * Static evaluations from White's side under the engine's current weights.
 * @param {ReturnType<typeof createEngine>} e
 * @param {readonly Prepared[]} data
 */
export function evaluations(e, data) {
  const out = new Float64Array(data.length);
  const { engine } = e;
  for (let i = 0; i < data.length; i++) {
    const p = /** @type {Prepared} */ (data[i]);
    new Uint8Array(engine.memory.buffer, engine.inputBuffer(), p.bytes.length).set(p.bytes);
    if (engine.setFen(p.bytes.length) !== 0) throw new Error('bad FEN in the data');
    const score = engine.evaluatePosition();
    out[i] = p.white ? score : -score;
  }
  return out;
}

/** @param {number} score @param {number} k */
export function sigmoid(score, k) {
  return 1 / (1 + 10 ** ((-k * score) / 400));
}

/**
 * Mean squared error between sigmoid(K·eval/400) and the results.
 * @param {Float64Array} evals
 * @param {readonly Prepared[]} data
 * @param {number} k
 */
export function meanSquaredError(evals, data, k) {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const d = sigmoid(/** @type {number} */ (evals[i]), k) - /** @type {Prepared} */ (data[i]).target;
    sum += d * d;
  }
  return data.length ? sum / data.length : 0;
}

/**
 * The scaling constant K minimising the error at the current weights (golden-section search on [0.05, 5]).
 * @param {Float64Array} evals
 * @param {readonly Prepared[]} data
 */
export function fitK(evals, data) {
  let lo = 0.05;
  let hi = 5;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = hi - ratio * (hi - lo);
  let b = lo + ratio * (hi - lo);
  let fa = meanSquaredError(evals, data, a);
  let fb = meanSquaredError(evals, data, b);
  for (let i = 0; i < 60; i++) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = meanSquaredError(evals, data, a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = meanSquaredError(evals, data, b);
    }
  }
  return (lo + hi) / 2;
}

/**
 * Weights the gradient method leaves alone unless named in `only`: thresholds and move counts (a small change moves
 * no evaluation or jumps) and the strongly non-linear king-danger table and endgame scales/counts/mop-up (a
 * linearisation misleads; measured: the true training loss jumped up at re-anchoring with them in).
 */
export const ADAM_SKIP = ['king.danger', 'king.attack_units', 'scale.', 'count.', 'mopup'];

/**
 * @typedef {object} TuneOptions
 * @property {'adam' | 'local'} [method] gradient descent on the linearised evaluation (default; gradient.mjs) or
 *   local search (±step, slow: one evaluation of every training position per trial)
 * @property {number} [seed] train/held-out split seed (default 1)
 * @property {number} [heldOut] fraction held out (default 0.2)
 * @property {number} [epochs] adam: full-batch steps (default 400)
 * @property {number} [lr] adam: step size in centipawns (default 1)
 * @property {number} [l2] adam: pull toward the start values, l2·Σ(w − start)² / weights (default 0)
 * @property {number} [relinearize] adam: epochs between re-anchoring at the true evaluation (default 50)
 * @property {number} [jacobians] adam: times the Jacobian is measured (default 1)
 * @property {readonly string[]} [skip] leave groups with these name prefixes alone (adam default: ADAM_SKIP)
 * @property {number} [passes] local: passes of local search over the chosen weights (default 2)
 * @property {number} [step] step size in centipawns (default 1; try ±step, and keep going while it helps)
 * @property {number} [maxChange] most a weight may move (local: in one pass, default 10; adam: in all, default 60):
 *   small data cannot run a weight off to an extreme
 * @property {readonly string[]} [only] tune only groups whose name starts with one of these prefixes
 * @property {number} [lambda] tune(): the weight of the game result in the target, the rest is the search score
 *   (default 1: results only; below 1 every sample needs a score)
 * @property {number} [k] the scaling constant K (default: fitted on the targets at the start weights)
 * @property {(line: string) => void} [log]
 */

/**
 * Texel tuning by local search: fit K at the start weights, then for each chosen weight try +step and −step,
 * keeping a change while the training error falls (repeat for `passes`). Weights go in through weightsBuffer() +
 * applyWeights(): no rebuild. Returns the tuned weights by group and the losses before/after.
 * @param {readonly Sample[]} samples
 * @param {TuneOptions} [options]
 */
export function tune(samples, options = {}) {
  const data = prepare(samples);
  const lambda = options.lambda ?? 1;
  if (lambda >= 1) return tunePrepared(data, options);
  // Search-score labels: the target is λ·result + (1 − λ)·sigmoid(K·score/400), K fitted on the results at the
  // start weights (or given), so that a score is read on the same win-probability scale as the evaluation.
  const missing = samples.findIndex((s) => s.score === undefined);
  if (missing >= 0)
    throw new Error(`--lambda below 1 needs a search score on every position (position ${missing + 1} has none)`);
  const k = options.k ?? fitK(evaluations(createEngine(), data), data);
  const labelled = data.map((d, i) => ({
    ...d,
    target: lambda * d.target + (1 - lambda) * sigmoid(/** @type {number} */ (samples[i]?.score), k),
  }));
  return tunePrepared(labelled, { ...options, k });
}

/**
 * tune() on prepared positions (the tests use soft targets: any White score in [0, 1]).
 * @param {readonly Prepared[]} data
 * @param {TuneOptions} [options]
 */
export function tunePrepared(data, options = {}) {
  const { method = 'adam', seed = 1, heldOut = 0.2, passes = 2, step = 1, only, log = () => {} } = options;
  const maxChange = options.maxChange ?? (method === 'adam' ? 60 : 10);
  const skip = options.skip ?? (method === 'adam' && !only ? ADAM_SKIP : []);
  const e = createEngine();
  const all = shuffled(data, createRandom(seed));
  const split = Math.max(1, Math.round(all.length * heldOut));
  const test = all.slice(0, split);
  const train = all.slice(split);
  if (train.length === 0) throw new Error('not enough positions to split into train and held-out sets');
  const w = e.weights();
  const k = options.k ?? fitK(evaluations(e, train), train);
  const loss = (/** @type {readonly Prepared[]} */ set) => meanSquaredError(evaluations(e, set), set, k);
  const trainBefore = loss(train);
  const heldOutBefore = loss(test);
  log(
    `K = ${k.toFixed(4)}; train ${train.length}, held out ${test.length}; loss train ${trainBefore.toFixed(6)}, held out ${heldOutBefore.toFixed(6)}`,
  );
  const chosen = WEIGHTS.filter(
    (g) => (!only || only.some((prefix) => g.name.startsWith(prefix))) && !skip.some((p) => g.name.startsWith(p)),
  );
  let best = trainBefore;
  if (method === 'adam') {
    const indices = chosen.flatMap((g) => Array.from({ length: g.count }, (_, i) => g.index + i));
    adamTune(e, train, indices, k, {
      maxChange,
      log,
      ...(options.epochs === undefined ? {} : { epochs: options.epochs }),
      ...(options.lr === undefined ? {} : { lr: options.lr }),
      ...(options.l2 === undefined ? {} : { l2: options.l2 }),
      ...(options.relinearize === undefined ? {} : { relinearize: options.relinearize }),
      ...(options.jacobians === undefined ? {} : { jacobians: options.jacobians }),
    });
    best = loss(train);
  }
  for (let pass = 0; method === 'local' && pass < passes; pass++) {
    let changed = 0;
    for (const group of chosen) {
      for (let i = group.index; i < group.index + group.count; i++) {
        const start = /** @type {number} */ (w[i]);
        for (const direction of [step, -step]) {
          let improved = false;
          while (Math.abs(/** @type {number} */ (w[i]) + direction - start) <= maxChange) {
            w[i] = /** @type {number} */ (w[i]) + direction;
            e.engine.applyWeights();
            const l = loss(train);
            if (l < best) {
              best = l;
              improved = true;
            } else {
              w[i] = /** @type {number} */ (w[i]) - direction;
              break;
            }
            e.engine.applyWeights();
          }
          if (improved) break;
        }
        if (w[i] !== start) changed++;
      }
      log(`  ${group.name}: train loss ${best.toFixed(6)}`);
    }
    log(
      `pass ${pass + 1}: ${changed} weights changed, train loss ${best.toFixed(6)}, held out ${loss(test).toFixed(6)}`,
    );
    if (changed === 0) break;
  }
  e.engine.applyWeights();
  const heldOutAfter = loss(test);
  /** @type {Record<string, number[]>} */
  const weights = {};
  for (const group of WEIGHTS) weights[group.name] = Array.from(w.subarray(group.index, group.index + group.count));
  return {
    k,
    trainPositions: train.length,
    heldOutPositions: test.length,
    loss: { trainBefore, trainAfter: best, heldOutBefore, heldOutAfter },
    weights,
  };
}
