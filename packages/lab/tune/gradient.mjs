// Texel tuning by gradient descent (Adam) on a linearised evaluation, the fast method of tune.mjs (issue 11).
//
// The evaluation is nearly linear in its weights (tapered sums of weights times feature counts, then an endgame
// scale), so its sparse Jacobian — for every weight, the positions whose evaluation it moves and by how much — is
// measured once by central finite differences through the engine itself (weightsBuffer() + applyWeights(): no
// feature trace to keep in step with evaluate.ts). Adam then minimises the logistic loss of the linear model
// eval ≈ eval(anchor) + J·(w − anchor) over the whole training set (full batch: deterministic), and every
// `relinearize` epochs the model is re-anchored at the rounded weights with the engine's true evaluations, so the
// non-linear parts (king-danger table, scales) are followed. Weights are integers in the engine; the result is
// rounded and its loss measured with the true evaluation. Cost: one applyWeights() (≈4 µs) per weight and direction,
// one setFen + evaluate (≈1 µs) per position a weight can touch (a piece-square entry touches only the positions
// with that piece on that square).
import { WEIGHTS } from '@makruk/engine';

/** @typedef {import('./lib.mjs').Prepared} Prepared */
/** @typedef {ReturnType<typeof import('./lib.mjs').createEngine>} Engine */

/** FEN piece letters → the engine's roles (PAWN 1, MET 2, KHON 3, KNIGHT 4, ROOK 5, KING 6; q/f/b are aliases). */
const ROLE_OF = /** @type {Record<string, number>} */ ({ p: 1, m: 2, q: 2, f: 2, s: 3, b: 3, n: 4, r: 5, k: 6 });
/** Piece-square groups: `pst.mg.pawn` … `pst.eg.king`, 64 entries a1…h8 from White's side (Black mirrored). */
const PST_ROLE = /** @type {Record<string, number>} */ ({ pawn: 1, met: 2, khon: 3, knight: 4, rook: 5, king: 6 });

/**
 * The pieces of a FEN as (role, square from the owner's side) pairs: role * 64 + square, squares a1 = 0 … h8 = 63,
 * Black's mirrored (square ^ 56) as the piece-square tables index them.
 * @param {string} fen
 * @returns {number[]}
 */
export function pieceSquares(fen) {
  const board = fen.split(' ')[0] ?? '';
  /** @type {number[]} */
  const out = [];
  let rank = 7;
  let file = 0;
  for (const c of board) {
    if (c === '/') {
      rank--;
      file = 0;
    } else if (c >= '1' && c <= '8') file += Number(c);
    else if (c === '~') continue;
    else {
      const role = ROLE_OF[c.toLowerCase()];
      if (role !== undefined) {
        const sq = rank * 8 + file;
        out.push(role * 64 + (c === c.toUpperCase() ? sq : sq ^ 56));
      }
      file++;
    }
  }
  return out;
}

/**
 * Which positions a weight can move, and the finite-difference step for it: a piece-square entry only the
 * positions with that piece on that square, a piece value only those with that piece; every other weight all.
 * @param {readonly Prepared[]} data
 * @param {readonly number[]} indices weight indices (into the weights buffer)
 */
function candidates(data, indices) {
  /** @type {Map<number, number[]>} */
  const bySquare = new Map(); // role * 64 + square → positions
  /** @type {number[][]} */
  const byRole = [[], [], [], [], [], [], []];
  for (let p = 0; p < data.length; p++) {
    const seen = new Set();
    const roles = new Set();
    for (const key of pieceSquares(/** @type {Prepared} */ (data[p]).fen)) {
      if (!seen.has(key)) {
        seen.add(key);
        let list = bySquare.get(key);
        if (!list) {
          list = [];
          bySquare.set(key, list);
        }
        list.push(p);
      }
      roles.add(key >> 6);
    }
    for (const r of roles) byRole[r]?.push(p);
  }
  const all = Array.from(data.keys());
  /** @type {Map<number, { positions: readonly number[], linear: boolean }>} */
  const out = new Map();
  for (const group of WEIGHTS) {
    const pst = /^pst\.(mg|eg)\.(\w+)$/.exec(group.name);
    const value = /^value\.(mg|eg)$/.test(group.name);
    for (let k = 0; k < group.count; k++) {
      const index = group.index + k;
      if (!indices.includes(index)) continue;
      if (pst) {
        const role = PST_ROLE[/** @type {string} */ (pst[2])] ?? 0;
        out.set(index, { positions: bySquare.get(role * 64 + k) ?? [], linear: true });
      } else if (value) out.set(index, { positions: byRole[k + 1] ?? [], linear: true });
      else out.set(index, { positions: all, linear: false });
    }
  }
  return out;
}

/**
 * Evaluations from White's side of the given positions under the engine's current weights.
 * @param {Engine} e
 * @param {readonly Prepared[]} data
 * @param {readonly number[]} positions
 * @param {Float64Array} out written at out[j] for positions[j]
 */
function evaluateSome(e, data, positions, out) {
  const { engine } = e;
  let input = new Uint8Array(engine.memory.buffer, engine.inputBuffer(), 1024);
  for (let j = 0; j < positions.length; j++) {
    const p = /** @type {Prepared} */ (data[/** @type {number} */ (positions[j])]);
    if (input.buffer !== engine.memory.buffer) input = new Uint8Array(engine.memory.buffer, engine.inputBuffer(), 1024);
    input.set(p.bytes);
    if (engine.setFen(p.bytes.length) !== 0) throw new Error('bad FEN in the data');
    const score = engine.evaluatePosition();
    out[j] = p.white ? score : -score;
  }
}

/**
 * @typedef {object} Column one weight's column of the sparse Jacobian
 * @property {number} index the weight's index in the weights buffer
 * @property {Uint32Array} positions positions whose evaluation it moves
 * @property {Float32Array} slopes d(eval from White's side)/d(weight) at those positions
 */

/**
 * The sparse Jacobian of the evaluation (White's side) at the engine's current weights by central differences:
 * ±`delta` for piece values and piece-square entries (linear), ±max(1, min(delta, |w|/4)) for the others.
 * @param {Engine} e
 * @param {readonly Prepared[]} data
 * @param {readonly number[]} indices
 * @param {number} [delta]
 * @returns {Column[]}
 */
export function jacobian(e, data, indices, delta = 4) {
  const w = e.weights();
  const where = candidates(data, indices);
  const plus = new Float64Array(data.length);
  const minus = new Float64Array(data.length);
  /** @type {Column[]} */
  const columns = [];
  for (const index of indices) {
    const { positions, linear } = /** @type {{ positions: readonly number[], linear: boolean }} */ (where.get(index));
    const start = /** @type {number} */ (w[index]);
    const step = linear ? delta : Math.max(1, Math.min(delta, Math.round(Math.abs(start) / 4)));
    w[index] = start + step;
    e.engine.applyWeights();
    evaluateSome(e, data, positions, plus);
    w[index] = start - step;
    e.engine.applyWeights();
    evaluateSome(e, data, positions, minus);
    w[index] = start;
    let nonzero = 0;
    for (let j = 0; j < positions.length; j++) if (plus[j] !== minus[j]) nonzero++;
    const column = { index, positions: new Uint32Array(nonzero), slopes: new Float32Array(nonzero) };
    for (let j = 0, n = 0; j < positions.length; j++) {
      const d = /** @type {number} */ (plus[j]) - /** @type {number} */ (minus[j]);
      if (d === 0) continue;
      column.positions[n] = /** @type {number} */ (positions[j]);
      column.slopes[n++] = d / (2 * step);
    }
    columns.push(column);
  }
  e.engine.applyWeights();
  return columns;
}

/**
 * @typedef {object} GradientOptions
 * @property {number} [epochs] full-batch Adam steps (default 400)
 * @property {number} [lr] Adam's step size in centipawns (default 1)
 * @property {number} [l2] penalty l2·Σ(w − start)² / weights (default 0): pulls toward the hand-set values
 * @property {number} [maxChange] most a weight may move from its start value (default 60)
 * @property {number} [relinearize] epochs between re-anchoring at the true evaluation (default 50)
 * @property {number} [jacobians] times the Jacobian is measured (default 1; more follow the non-linear weights)
 * @property {number} [delta] finite-difference step for the linear weights (default 4)
 * @property {(line: string) => void} [log]
 */

/**
 * Adam on the logistic loss of the linearised evaluation (training positions); the engine's weights are left at
 * the rounded result. Returns the final training loss measured with the true evaluation.
 * @param {Engine} e
 * @param {readonly Prepared[]} train
 * @param {readonly number[]} indices the weights to tune
 * @param {number} k the scaling constant
 * @param {GradientOptions} [options]
 */
export function adamTune(e, train, indices, k, options = {}) {
  const {
    epochs = 400,
    lr = 1,
    l2 = 0,
    maxChange = 60,
    relinearize = 50,
    jacobians = 1,
    delta = 4,
    log = () => {},
  } = options;
  const w = e.weights();
  const n = train.length;
  const m = indices.length;
  const start = Float64Array.from(indices, (i) => /** @type {number} */ (w[i]));
  const x = Float64Array.from(start); // the float weights being tuned
  const anchor = Float64Array.from(start); // the integer weights the model is linearised at
  const first = new Float64Array(m);
  const second = new Float64Array(m);
  const grad = new Float64Array(m);
  const base = new Float64Array(n);
  const model = new Float64Array(n);
  const residual = new Float64Array(n);
  const all = Array.from(train.keys());
  const c = (k * Math.LN10) / 400; // d sigmoid(K·e/400)/de = c·s·(1 − s)
  const beta1 = 0.9;
  const beta2 = 0.999;
  /** @type {Column[]} */
  let columns = [];
  const jacobianEvery = Math.max(1, Math.ceil(epochs / Math.max(1, jacobians)));
  const setEngine = () => {
    for (let j = 0; j < m; j++) w[/** @type {number} */ (indices[j])] = /** @type {number} */ (anchor[j]);
    e.engine.applyWeights();
  };
  let lossNow = 0;
  for (let epoch = 0; epoch <= epochs; epoch++) {
    if (epoch % relinearize === 0 || epoch === epochs) {
      for (let j = 0; j < m; j++) anchor[j] = Math.round(/** @type {number} */ (x[j]));
      setEngine();
      evaluateSome(e, train, all, base);
      if (epoch < epochs && epoch % jacobianEvery === 0) {
        const started = performance.now();
        columns = jacobian(e, train, indices, delta);
        const nonzero = columns.reduce((s, col) => s + col.positions.length, 0);
        log(
          `  Jacobian at epoch ${epoch}: ${nonzero} non-zero slopes (${(nonzero / n).toFixed(1)} a position), ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
    // the linear model at x
    model.set(base);
    for (let j = 0; j < m; j++) {
      const d = /** @type {number} */ (x[j]) - /** @type {number} */ (anchor[j]);
      if (d === 0) continue;
      const col = /** @type {Column} */ (columns[j]);
      for (let t = 0; t < col.positions.length; t++) {
        const p = /** @type {number} */ (col.positions[t]);
        model[p] = /** @type {number} */ (model[p]) + d * /** @type {number} */ (col.slopes[t]);
      }
    }
    let loss = 0;
    for (let p = 0; p < n; p++) {
      const s = 1 / (1 + 10 ** ((-k * /** @type {number} */ (model[p])) / 400));
      const diff = s - /** @type {Prepared} */ (train[p]).target;
      loss += diff * diff;
      residual[p] = (2 * diff * c * s * (1 - s)) / n;
    }
    lossNow = loss / n;
    if (epoch % relinearize === 0) log(`  epoch ${epoch}: train loss ${lossNow.toFixed(6)} (true evaluation)`);
    if (epoch === epochs) break;
    for (let j = 0; j < m; j++) {
      const col = /** @type {Column} */ (columns[j]);
      let g = 0;
      for (let t = 0; t < col.positions.length; t++)
        g +=
          /** @type {number} */ (residual[/** @type {number} */ (col.positions[t])]) *
          /** @type {number} */ (col.slopes[t]);
      // the L2 pull back toward the start weights (the formatter would move an inline cast off x[j])
      const drift = /** @type {number} */ (x[j]) - /** @type {number} */ (start[j]);
      grad[j] = g + (2 * l2 * drift) / m;
    }
    const t = epoch + 1;
    for (let j = 0; j < m; j++) {
      const g = /** @type {number} */ (grad[j]);
      first[j] = beta1 * /** @type {number} */ (first[j]) + (1 - beta1) * g;
      second[j] = beta2 * /** @type {number} */ (second[j]) + (1 - beta2) * g * g;
      const mHat = /** @type {number} */ (first[j]) / (1 - beta1 ** t);
      const vHat = /** @type {number} */ (second[j]) / (1 - beta2 ** t);
      const s0 = /** @type {number} */ (start[j]);
      const next = /** @type {number} */ (x[j]) - (lr * mHat) / (Math.sqrt(vHat) + 1e-12);
      x[j] = Math.min(s0 + maxChange, Math.max(s0 - maxChange, next));
    }
  }
  return lossNow;
}
