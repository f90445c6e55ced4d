/**
 * Match statistics: score, logistic Elo difference with a confidence interval from the trinomial W/D/L variance
 * (the formula cutechess and fastchess print), likelihood of superiority, and a sequential probability ratio test
 * (the generalised SPRT of fishtest/fastchess on logistic Elo, normal approximation of the score).
 */
import { MatchError } from './errors.js';

/** Results from the first engine's side: wins, draws, losses. */
export interface Wdl {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  games: number;
  /** Mean score per game, 0..1 (NaN with no games). */
  score: number;
  /** Elo difference; ±Infinity when the score is 0 or 1. */
  elo: number;
  /** Interval bounds at the given confidence (±Infinity when they leave 0..1). */
  eloLow: number;
  eloHigh: number;
  /** Half the interval width, as cutechess prints it (±). */
  margin: number;
  /** Likelihood of superiority, 0..1. */
  los: number;
  drawRatio: number;
  confidence: number;
}

/** Error function, Abramowitz & Stegun 7.1.26 refined by one Newton-free series switch: |error| < 2e-7. */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  if (a < 0.5) {
    // Maclaurin series converges fast here and is more exact than the rational fit.
    let term = a;
    let sum = a;
    for (let n = 1; n < 30; n++) {
      term *= (-a * a) / n;
      sum += term / (2 * n + 1);
    }
    return (sign * 2 * sum) / Math.sqrt(Math.PI);
  }
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

/** Standard normal quantile (inverse CDF), Acklam's rational approximation, relative error < 1.2e-9. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** Logistic Elo difference for an expected score (0 → -Infinity, 1 → +Infinity). */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1) + 0; // + 0 turns -0 into 0
}

/** Expected score for a logistic Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

function total(wdl: Wdl): number {
  return wdl.wins + wdl.draws + wdl.losses;
}

/** Mean score and the per-game variance of the score under the observed W/D/L frequencies. */
function scoreMoments(wdl: Wdl): { n: number; score: number; variance: number } {
  const n = total(wdl);
  if (n === 0) return { n, score: NaN, variance: NaN };
  const w = wdl.wins / n;
  const d = wdl.draws / n;
  const l = wdl.losses / n;
  const score = w + d / 2;
  const variance = w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * (0 - score) ** 2;
  return { n, score, variance };
}

/** Likelihood of superiority: the chance the first engine is stronger, from decisive games only. */
export function likelihoodOfSuperiority(wdl: Wdl): number {
  const decisive = wdl.wins + wdl.losses;
  if (decisive === 0) return 0.5;
  return 0.5 * (1 + erf((wdl.wins - wdl.losses) / Math.sqrt(2 * decisive)));
}

/** Score, Elo and its interval (cutechess: bounds from score ± z·σ/√n, converted to Elo). */
export function estimateElo(wdl: Wdl, confidence = 0.95): EloEstimate {
  const { n, score, variance } = scoreMoments(wdl);
  const elo = n === 0 ? NaN : eloFromScore(score);
  const z = normalQuantile(0.5 + confidence / 2);
  const stdevOfMean = Math.sqrt(variance / n);
  const eloLow = n === 0 ? NaN : eloFromScore(score - z * stdevOfMean);
  const eloHigh = n === 0 ? NaN : eloFromScore(score + z * stdevOfMean);
  return {
    games: n,
    score,
    elo,
    eloLow,
    eloHigh,
    margin: (eloHigh - eloLow) / 2,
    los: likelihoodOfSuperiority(wdl),
    drawRatio: n === 0 ? NaN : wdl.draws / n,
    confidence,
  };
}

/**
 * Elo from game pairs (each opening with colours reversed), the pentanomial count of pairs by the first
 * engine's points 0, ½, 1, 1½, 2. Pairs cancel most of the opening's bias, so this interval is the honest one
 * for paired matches (fastchess reports it too): mean pair score s, σ² of the pair scores, s ± z·σ/√pairs.
 */
export function estimateEloPentanomial(
  pairs: readonly [number, number, number, number, number],
  confidence = 0.95,
): EloEstimate {
  const n = pairs.reduce((a, b) => a + b, 0);
  const values = [0, 0.25, 0.5, 0.75, 1];
  const score = n === 0 ? NaN : pairs.reduce((sum, count, i) => sum + count * (values[i] ?? 0), 0) / n;
  const variance =
    n === 0 ? NaN : pairs.reduce((sum, count, i) => sum + (count / n) * ((values[i] ?? 0) - score) ** 2, 0);
  const z = normalQuantile(0.5 + confidence / 2);
  const stdevOfMean = Math.sqrt(variance / n);
  const eloLow = n === 0 ? NaN : eloFromScore(score - z * stdevOfMean);
  const eloHigh = n === 0 ? NaN : eloFromScore(score + z * stdevOfMean);
  // Wins and losses of pairs for LOS: a pair scoring more than 1 point is a won pair.
  const wonPairs = pairs[3] + pairs[4];
  const lostPairs = pairs[0] + pairs[1];
  return {
    games: 2 * n,
    score,
    elo: n === 0 ? NaN : eloFromScore(score),
    eloLow,
    eloHigh,
    margin: (eloHigh - eloLow) / 2,
    los: likelihoodOfSuperiority({ wins: wonPairs, draws: pairs[2], losses: lostPairs }),
    drawRatio: n === 0 ? NaN : pairs[2] / n,
    confidence,
  };
}

export interface SprtParams {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export interface SprtState extends SprtParams {
  llr: number;
  /** Accept H0 (not stronger by elo1) at or below this. */
  lowerBound: number;
  /** Accept H1 (stronger by elo1 rather than elo0) at or above this. */
  upperBound: number;
  decision: 'H0' | 'H1' | undefined;
}

/** Wald's bounds: ln(β/(1−α)) and ln((1−β)/α). */
export function sprtBounds(params: SprtParams): { lowerBound: number; upperBound: number } {
  return {
    lowerBound: Math.log(params.beta / (1 - params.alpha)),
    upperBound: Math.log((1 - params.beta) / params.alpha),
  };
}

/**
 * A result that has not happened yet counts as half a game in the SPRT. Without it an engine that loses every
 * game leaves σ² = 0 and the test never stops; fishtest's tiny 0.001 pseudo-count would instead let two straight
 * wins accept H1. Half a game needs about twenty one-sided results (at elo1 = 5) before a decision.
 */
const SPRT_PSEUDO_COUNT = 0.5;

/**
 * Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0), normal approximation of the mean score with
 * the observed trinomial variance: LLR = n·(s1 − s0)·(2·s − s0 − s1) / (2·σ²), zero counts taken as ½.
 */
export function sprtLlr(wdl: Wdl, params: Pick<SprtParams, 'elo0' | 'elo1'>): number {
  if (total(wdl) === 0) return 0;
  const regularised = {
    wins: wdl.wins || SPRT_PSEUDO_COUNT,
    draws: wdl.draws || SPRT_PSEUDO_COUNT,
    losses: wdl.losses || SPRT_PSEUDO_COUNT,
  };
  const { n, score, variance } = scoreMoments(regularised);
  if (!(variance > 0)) return 0;
  const s0 = scoreFromElo(params.elo0);
  const s1 = scoreFromElo(params.elo1);
  return (n * (s1 - s0) * (2 * score - s0 - s1)) / (2 * variance);
}

export function sprtState(wdl: Wdl, params: SprtParams): SprtState {
  const llr = sprtLlr(wdl, params);
  const { lowerBound, upperBound } = sprtBounds(params);
  const decision = llr >= upperBound ? 'H1' : llr <= lowerBound ? 'H0' : undefined;
  return { ...params, llr, lowerBound, upperBound, decision };
}

/** Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order; alpha and beta default to 0.05). */
export function parseSprtSpec(text: string): SprtParams {
  const values: Record<string, number> = { alpha: 0.05, beta: 0.05 };
  for (const token of text
    .trim()
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)) {
    const match = /^(elo0|elo1|alpha|beta)=(.+)$/.exec(token);
    const key = match?.[1];
    const raw = match?.[2];
    if (key === undefined || raw === undefined) {
      throw new MatchError('ERR_SPRT_SPEC', `SPRT: unknown setting "${token}" (expected elo0=, elo1=, alpha=, beta=)`);
    }
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new MatchError('ERR_SPRT_SPEC', `SPRT: ${key} must be a number, got "${raw}"`);
    values[key] = value;
  }
  const { elo0, elo1, alpha, beta } = values;
  if (elo0 === undefined || elo1 === undefined) {
    throw new MatchError('ERR_SPRT_SPEC', 'SPRT needs elo0= and elo1= (e.g. "elo0=0 elo1=5 alpha=0.05 beta=0.05")');
  }
  if (!(elo1 > elo0)) throw new MatchError('ERR_SPRT_SPEC', `SPRT: elo1 (${elo1}) must be greater than elo0 (${elo0})`);
  for (const [name, p] of [
    ['alpha', alpha],
    ['beta', beta],
  ] as const) {
    if (p === undefined || !(p > 0 && p < 0.5)) {
      throw new MatchError('ERR_SPRT_SPEC', `SPRT: ${name} must be between 0 and 0.5, got ${String(p)}`);
    }
  }
  return { elo0, elo1, alpha: alpha as number, beta: beta as number };
}
