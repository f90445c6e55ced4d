// The search: iterative deepening, PVS with aspiration windows, transposition table (tt.ts), quiescence with SEE,
// null move (not in met/khon/pawn endings), late-move reductions and pruning, check extensions, futility and
// reverse futility, mate-distance pruning, draws at nodes by repetition, dead material and expired counts (a
// mate on the ply that reaches the count limit still wins), time management (timeman.ts), MultiPV and skill.
// Deterministic for fixed depth or node limits: nothing depends on time unless a time limit is given.
import { MAX_MOVES, MAX_PLY, Move, NO_PIECE, PAWN, isPromotion, moveFrom, moveTo, pieceRole } from './types';
import { valueEg } from './material';
import { kingAttacks, khonAttacks, knightAttacks, metAttacks, pawnAttacks, rookAttacks, squareBB } from './bitboard';
import * as position from './position';
import { generateLegal } from './movegen';
import { evaluate, hasNullMoveMaterial } from './evaluate';
import { isDeadPosition } from './endgame';
import * as tt from './tt';
import { see } from './see';
import {
  MAX_SEARCH_PLY,
  clearKillers,
  clearOrdering,
  counterMoves,
  history,
  historyIndex,
  isBadCaptureScore,
  isKiller,
  killers,
  pickNext,
  pieceTo,
  scoreMoves,
  storeKiller,
  updateContinuation,
  updateContinuationPlayed,
  updateHistory,
} from './moveorder';
import { forgetPreviousScore, hardLimit, initTime, rememberScore, timeLimited, timeUp } from './timeman';
import {
  SP,
  SP_ASPIRATION_DELTA,
  SP_ASPIRATION_GROWTH,
  SP_ASPIRATION_MAX,
  SP_CHECK_EXTENSION_PLIES,
  SP_DELTA_MARGIN,
  SP_DELTA_PROMOTION,
  SP_FUTILITY_BASE,
  SP_FUTILITY_MAX_DEPTH,
  SP_FUTILITY_PER_DEPTH,
  SP_IIR_MIN_DEPTH,
  SP_SINGULAR_MARGIN,
  SP_SINGULAR_MIN_DEPTH,
  SP_LMP_BASE,
  SP_LMP_MAX_DEPTH,
  SP_LMP_NOT_IMPROVING_THIRDS,
  SP_LMR_BASE,
  SP_LMR_DIVISOR,
  SP_LMR_HISTORY_DIVISOR,
  SP_NMP_BASE,
  SP_NMP_DEPTH_DIVISOR,
  SP_NMP_EVAL_DIVISOR,
  SP_NMP_EVAL_MAX,
  SP_NMP_MIN_DEPTH,
  SP_RAZOR_MARGIN,
  SP_RAZOR_MAX_DEPTH,
  SP_RFP_MARGIN,
  SP_RFP_MARGIN_IMPROVING,
  SP_RFP_MAX_DEPTH,
  SP_SEE_CAPTURE_PER_DEPTH,
  SP_SEE_QUIET_PER_DEPTH,
  SP_TIME_INSTABILITY,
  SP_TIME_SOFT_SHARE,
} from './search-params';

// A search parameter's live value (search-params.json; the host may overwrite them, then call initSearchParams).
// @ts-ignore: decorator
@inline function P(index: i32): i32 {
  return unchecked(SP[index]);
}

// --- host imports (CONTRACT 4) -------------------------------------------------------------------------------------
// @ts-ignore: decorator
@external('host', 'now') declare function hostNow(): f64;
// @ts-ignore: decorator
@external('host', 'stopRequested') declare function hostStopRequested(): i32;
// @ts-ignore: decorator
@external('host', 'info') declare function hostInfo(
  depth: i32,
  seldepth: i32,
  multipv: i32,
  scoreKind: i32,
  score: i32,
  nodes: f64,
  timeMs: f64,
  pvPtr: usize,
  pvLength: i32,
  hashfull: i32,
): void;

// --- scores --------------------------------------------------------------------------------------------------------
export const INFINITE: i32 = 32001;
export const MATE: i32 = 32000;
export const MATE_BOUND: i32 = MATE - 2 * MAX_SEARCH_PLY; // |score| above this = mate found
const NO_EVAL: i32 = -32500;
const MAX_DEPTH: i32 = MAX_SEARCH_PLY - 8;

// @ts-ignore: decorator
@inline function scoreToTT(score: i32, ply: i32): i32 {
  return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}
// @ts-ignore: decorator
@inline function scoreFromTT(score: i32, ply: i32): i32 {
  return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

// --- options -------------------------------------------------------------------------------------------------------
let multiPv: i32 = 1;
let skill: i32 = 20;

export function setMultiPv(count: i32): void {
  multiPv = count < 1 ? 1 : count > MAX_MOVES ? MAX_MOVES : count;
}
export function setSkill(level: i32): void {
  skill = level < 0 ? 0 : level > 20 ? 20 : level;
}
// Correction history: how far the search's score has come out from the static evaluation in positions with this
// side to move and these pawns (a hash of the two pawn sets), averaged; the static evaluation is moved by it. Not
// in pawnless positions, where the count-aware endgame code sets the evaluation.
const CORRECTION_SIZE: i32 = 16384;
const CORRECTION_GRAIN: i32 = 256;
const CORRECTION_WEIGHT_SCALE: i32 = 256;
const CORRECTION_MAX: i32 = CORRECTION_GRAIN * 32;
const correctionHistory = new StaticArray<i32>(2 * CORRECTION_SIZE);

// @ts-ignore: decorator
@inline function correctionIndex(): i32 {
  const pawns = unchecked(position.byRole[PAWN]);
  if (pawns == 0) return -1;
  const white = pawns & unchecked(position.byColor[0]);
  const black = pawns & unchecked(position.byColor[1]);
  const hash = (white * 0x9e3779b97f4a7c15) ^ (black * 0xc2b2ae3d27d4eb4f);
  return (position.sideToMove << 14) | <i32>(hash >> 50);
}

// @ts-ignore: decorator
@inline function correctedEval(raw: i32): i32 {
  const i = correctionIndex();
  if (i < 0 || raw == NO_EVAL) return raw;
  return max(-MATE_BOUND + 1, min(MATE_BOUND - 1, raw + unchecked(correctionHistory[i]) / CORRECTION_GRAIN));
}

function updateCorrection(difference: i32, depth: i32): void {
  const i = correctionIndex();
  if (i < 0) return;
  const weight = min(depth + 1, 16);
  const entry = unchecked(correctionHistory[i]);
  const next =
    (entry * (CORRECTION_WEIGHT_SCALE - weight) + difference * CORRECTION_GRAIN * weight) / CORRECTION_WEIGHT_SCALE;
  unchecked((correctionHistory[i] = max(-CORRECTION_MAX, min(CORRECTION_MAX, next))));
}

export function newGame(): void {
  for (let i = 0; i < 2 * CORRECTION_SIZE; i++) unchecked((correctionHistory[i] = 0));
  forgetPreviousScore();
  tt.clear();
  clearOrdering();
}

// Lazy SMP (the thread builds): thread 0 is the main thread; a helper (1…) runs the same iterative deepening on
// the same position, sharing only the transposition table, and skips some depths (as Stockfish's skip tables) so
// the threads spread over depths. Its host reports nothing and stops it when the main thread has answered.
let threadIndex: i32 = 0;
const SKIP_SIZE: StaticArray<i32> = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: StaticArray<i32> = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
export function setThreadIndex(index: i32): void {
  threadIndex = index < 0 ? 0 : index;
}
// @ts-ignore: decorator
@inline function skipsDepth(depth: i32): bool {
  if (threadIndex == 0) return false;
  const i = (threadIndex - 1) % 20;
  return ((depth + unchecked(SKIP_PHASE[i])) / unchecked(SKIP_SIZE[i])) % 2 != 0;
}

// --- state ---------------------------------------------------------------------------------------------------------
const moveStack = new StaticArray<u32>(MAX_SEARCH_PLY * MAX_MOVES);
const scoreStack = new StaticArray<i32>(MAX_SEARCH_PLY * MAX_MOVES);
const quietsTried = new StaticArray<u32>(MAX_SEARCH_PLY * 64);
const pvTable = new StaticArray<u32>(MAX_SEARCH_PLY * MAX_SEARCH_PLY);
const pvLength = new StaticArray<i32>(MAX_SEARCH_PLY + 1);
const evalStack = new StaticArray<i32>(MAX_SEARCH_PLY + 1);
const moveAtPly = new StaticArray<u32>(MAX_SEARCH_PLY + 1); // move played from ply to ply + 1 (0 = null)
// Of the same move: its pieceTo() (continuation history after it has been made), its number in its node's move
// loop, and whether it was quiet (no capture, no promotion).
const pieceToAtPly = new StaticArray<i32>(MAX_SEARCH_PLY + 1);
const moveCountAtPly = new StaticArray<i32>(MAX_SEARCH_PLY + 1);
const quietAtPly = new StaticArray<bool>(MAX_SEARCH_PLY + 1);
// The move a singular-extension search leaves out at its ply (0: none): that search runs at the same ply as its
// node, with its own hash key, and neither stores its result nor recurses into another singular search.
const excludedAtPly = new StaticArray<u32>(MAX_SEARCH_PLY + 1);
// Mixes an excluded move into the hash key (an odd 64-bit constant: distinct moves give distinct keys).
const EXCLUDED_KEY_MULTIPLIER: u64 = 0x9e3779b97f4a7c15;
const LMR = new StaticArray<i32>(64 * 64);

/** Rebuilds the tables derived from the search parameters (the LMR table); call after writing into SP. */
export function initSearchParams(): void {
  const base = <f64>P(SP_LMR_BASE) / 100.0;
  const divisor = max<f64>(0.01, <f64>P(SP_LMR_DIVISOR) / 100.0);
  for (let d = 1; d < 64; d++) {
    for (let m = 1; m < 64; m++) {
      LMR[d * 64 + m] = <i32>(base + (Math.log(<f64>d) * Math.log(<f64>m)) / divisor);
    }
  }
}
initSearchParams();

let nodes: f64 = 0;
let nodeLimit: f64 = -1;
let stopped: bool = false;
let startTime: f64 = 0;
let selDepth: i32 = 0;
let rootDepth: i32 = 0;
// The game at the root is already over (dead position, or the count ran out): every move scores a draw.
let rootFinished: bool = false;

// Root moves: per slot the move, its score this iteration, the score of the last completed iteration and its PV.
const MAX_PV: i32 = MAX_SEARCH_PLY;
const rootMoves = new StaticArray<u32>(MAX_MOVES);
const rootScore = new StaticArray<i32>(MAX_MOVES);
const rootPrevScore = new StaticArray<i32>(MAX_MOVES);
const rootPv = new StaticArray<u32>(MAX_MOVES * MAX_PV);
const rootPvLen = new StaticArray<i32>(MAX_MOVES);
const rootOrder = new StaticArray<i32>(MAX_MOVES); // slot by rank
let rootCount: i32 = 0;
let lastBestMove: u32 = 0;
let lastPonderMove: u32 = 0;
let bestMoveChanges: f64 = 0;

// --- limits and stop -----------------------------------------------------------------------------------------------
// @ts-ignore: decorator
@inline function elapsed(): f64 {
  return hostNow() - startTime;
}

function checkLimits(): void {
  if (nodeLimit >= 0 && nodes >= nodeLimit) {
    stopped = true;
    return;
  }
  // The first iteration always completes (a few hundred nodes): even a search stopped at once has a scored move.
  if ((<i64>nodes & 1023) != 0 || rootDepth <= 1) return;
  if (hostStopRequested() != 0) stopped = true;
  else if (timeLimited && elapsed() >= hardLimit) stopped = true;
}

// --- draws ---------------------------------------------------------------------------------------------------------
// A position repeated inside the search path, or twice before the root, is a draw.
function isRepetition(ply: i32): bool {
  const end = min(position.halfmoveClock, position.ply);
  if (end < 4) return false;
  const k = position.key;
  let seen = 0;
  for (let i = 4; i <= end; i += 2) {
    if (position.historyKey(i) == k) {
      if (i <= ply) return true;
      seen++;
      if (seen >= 2) return true;
    }
  }
  return false;
}

// The count has run past its limit, or neither side can mate (docs/rules.md): a draw unless the side to move is
// checkmated already (as Position.outcome in the library: a mate ends the game first).
function drawUnlessMated(ply: i32): i32 {
  if (position.inCheck() && generateLegal(moveStack, ply * MAX_MOVES) == 0) return -MATE + ply;
  return 0;
}

// @ts-ignore: decorator
@inline function countExpired(): bool {
  return position.countLimit != 0 && position.countPly > position.countLimit;
}

// Whether `move` (not yet played) gives check: not, directly by the piece that moves, or by uncovering a rook.
const CHECK_NONE: i32 = 0;
const CHECK_DIRECT: i32 = 1;
const CHECK_DISCOVERED: i32 = 2;
function checkKind(move: Move): i32 {
  const us = position.sideToMove;
  const them = us ^ 1;
  const from = moveFrom(move);
  const to = moveTo(move);
  const ksq = position.kingOf(them);
  const occ = (position.occupied ^ squareBB(from)) | squareBB(to);
  let role = pieceRole(position.pieceOn(from));
  if (isPromotion(move)) role = 2; // MET
  const kingBB = squareBB(ksq);
  let direct: u64 = 0;
  if (role == PAWN) direct = pawnAttacks(us, to);
  else if (role == 2) direct = metAttacks(to);
  else if (role == 3) direct = khonAttacks(us, to);
  else if (role == 4) direct = knightAttacks(to);
  else if (role == 5) direct = rookAttacks(to, occ);
  const rooks = position.pieces(us, 5) & ~squareBB(from);
  if ((rookAttacks(ksq, occ) & rooks) != 0) return CHECK_DISCOVERED;
  return (direct & kingBB) != 0 ? CHECK_DIRECT : CHECK_NONE;
}

// A checking move is extended when it does not simply lose the checking piece (or uncovers the check).
// @ts-ignore: decorator
@inline function checkDeservesExtension(move: Move, check: i32): bool {
  return check == CHECK_DISCOVERED || (check == CHECK_DIRECT && see(move) >= 0);
}

// History bonus for a move that was best at `depth` (penalty: its negative).
// @ts-ignore: decorator
@inline function statBonus(depth: i32): i32 {
  return min(depth * depth * 16, 1600);
}

// Our own move two plies before this node (its pieceTo()), the follow-up history's context; −1 when there is none
// (near the root, or a null move there).
// @ts-ignore: decorator
@inline function followUpContext(ply: i32): i32 {
  return ply >= 2 && unchecked(moveAtPly[ply - 2]) != 0 ? unchecked(pieceToAtPly[ply - 2]) : -1;
}

// A quiet move's history and one- and two-ply continuation entries move by `bonus` (a malus when negative).
// `followUp` is followUpContext(ply), taken once by callers that update many moves of one node.
function updateQuietStats(us: i32, move: Move, previous: Move, followUp: i32, bonus: i32): void {
  updateHistory(us, move, bonus);
  if (previous != 0) updateContinuation(previous, move, bonus);
  if (followUp >= 0) updateContinuationPlayed(followUp, pieceTo(move), bonus);
}

// A quiet move was best (or the hash move cut): killers, history, continuation history, counter move.
function rewardQuiet(ply: i32, us: i32, move: Move, previous: Move, bonus: i32): void {
  storeKiller(ply, move);
  updateQuietStats(us, move, previous, followUpContext(ply), bonus);
  if (previous != 0) {
    unchecked((counterMoves[(position.pieceOn(moveTo(previous)) << 6) | moveTo(previous)] = move));
  }
}

// The move that led to this node (ply − 1), quiet and after a real move at ply − 2: its continuation entry.
// @ts-ignore: decorator
@inline function updatePreviousContinuation(ply: i32, bonus: i32): void {
  if (
    ply >= 2 &&
    unchecked(quietAtPly[ply - 1]) &&
    unchecked(moveAtPly[ply - 1]) != 0 &&
    unchecked(moveAtPly[ply - 2]) != 0
  ) {
    updateContinuationPlayed(unchecked(pieceToAtPly[ply - 2]), unchecked(pieceToAtPly[ply - 1]), bonus);
  }
}

// Every node, in search and quiescence: count it and poll the limits; false when the search must stop now.
// @ts-ignore: decorator
@inline function enterNode(ply: i32): bool {
  nodes++;
  checkLimits();
  if (stopped) return false;
  if (ply > selDepth) selDepth = ply;
  unchecked((pvLength[ply] = ply));
  return true;
}

// @ts-ignore: decorator
@inline function gameOver(): bool {
  return countExpired() || isDeadPosition();
}

// The static evaluation, or the hash score where its bound says the true score lies beyond it on that side.
// @ts-ignore: decorator
@inline function refinedEval(staticEval: i32, ttScore: i32, ttBound: i32): i32 {
  if (abs(ttScore) >= MATE_BOUND) return staticEval; // no hash score (NO_EVAL), or a mate: not an evaluation
  return (ttBound & (ttScore > staticEval ? tt.BOUND_LOWER : tt.BOUND_UPPER)) != 0 ? ttScore : staticEval;
}

// --- quiescence ----------------------------------------------------------------------------------------------------
function qsearch(alpha: i32, beta: i32, ply: i32): i32 {
  if (!enterNode(ply)) return 0;
  if (gameOver()) return drawUnlessMated(ply);
  if (ply >= MAX_SEARCH_PLY - 1 || !position.canMakeMove()) return evaluate();

  const isPv = beta - alpha > 1;
  const inCheck = position.inCheck();
  const key = tt.searchKey();
  let ttMove: u32 = 0;
  let ttEval = NO_EVAL;
  let ttScore = NO_EVAL;
  let ttBound = tt.BOUND_NONE;
  if (tt.probe(key)) {
    ttMove = tt.hitMove;
    ttEval = tt.hitEval;
    ttScore = scoreFromTT(tt.hitScore, ply);
    ttBound = tt.hitBound;
    if (
      !isPv &&
      (ttBound == tt.BOUND_EXACT ||
        (ttBound == tt.BOUND_LOWER && ttScore >= beta) ||
        (ttBound == tt.BOUND_UPPER && ttScore <= alpha))
    ) {
      return ttScore;
    }
  }

  const base = ply * MAX_MOVES;
  let count = generateLegal(moveStack, base);
  if (count == 0) return inCheck ? -MATE + ply : 0;
  if (!inCheck) {
    // keep only captures and promotions
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const m = unchecked(moveStack[base + i]);
      if (position.pieceOn(moveTo(m)) != NO_PIECE || isPromotion(m)) unchecked((moveStack[base + kept++] = m));
    }
    count = kept;
  }

  let best: i32;
  let standPat = NO_EVAL;
  let rawStandPat = NO_EVAL; // the evaluation itself, as the table keeps it
  if (inCheck) {
    best = -MATE + ply;
  } else {
    rawStandPat = ttEval != NO_EVAL ? ttEval : evaluate();
    standPat = correctedEval(rawStandPat);
    best = refinedEval(standPat, ttScore, ttBound);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
  }
  const alphaStart = alpha;

  scoreMoves(moveStack, scoreStack, base, count, ttMove, ply, 0, -1);
  let bestMove: u32 = 0;
  for (let i = 0; i < count; i++) {
    const move = pickNext(moveStack, scoreStack, base + i, base + count);
    const orderScore = unchecked(scoreStack[base + i]);
    const captured = position.pieceOn(moveTo(move));
    if (!inCheck) {
      if (captured == NO_PIECE && !isPromotion(move)) continue;
      if (isBadCaptureScore(orderScore)) continue;
      // delta pruning: even winning the piece cannot lift alpha
      const gain = captured != NO_PIECE ? valueEg(pieceRole(captured)) : 0;
      if (best + gain + (isPromotion(move) ? P(SP_DELTA_PROMOTION) : 0) + P(SP_DELTA_MARGIN) < alpha) continue;
    }
    position.makeMove(move);
    const score = -qsearch(-beta, -alpha, ply + 1);
    position.unmakeMove();
    if (stopped) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        bestMove = move;
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  const bound = best >= beta ? tt.BOUND_LOWER : best > alphaStart && isPv ? tt.BOUND_EXACT : tt.BOUND_UPPER;
  tt.save(key, bestMove, scoreToTT(best, ply), rawStandPat, 0, bound);
  return best;
}

// --- main search ---------------------------------------------------------------------------------------------------
function search(alpha: i32, beta: i32, depth: i32, ply: i32, isPv: bool, cutNode: bool): i32 {
  if (depth <= 0) return qsearch(alpha, beta, ply);
  if (!enterNode(ply)) return 0;

  // Draws and the end of the count, then mate-distance pruning.
  if (gameOver()) return drawUnlessMated(ply);
  if (isRepetition(ply)) return 0;
  if (ply >= MAX_SEARCH_PLY - 1 || !position.canMakeMove()) return evaluate();
  alpha = max(alpha, -MATE + ply);
  beta = min(beta, MATE - ply - 1);
  if (alpha >= beta) return alpha;

  const us = position.sideToMove;
  const inCheck = position.inCheck();
  const excluded = unchecked(excludedAtPly[ply]);
  const key = excluded == 0 ? tt.searchKey() : tt.searchKey() ^ (<u64>excluded * EXCLUDED_KEY_MULTIPLIER);
  let ttMove: u32 = 0;
  let ttEval = NO_EVAL;
  let ttScore = NO_EVAL;
  let ttBound = tt.BOUND_NONE;
  let ttDepth = -100;
  if (tt.probe(key)) {
    ttMove = tt.hitMove;
    ttEval = tt.hitEval;
    ttScore = scoreFromTT(tt.hitScore, ply);
    ttBound = tt.hitBound;
    ttDepth = tt.hitDepth;
    if (
      !isPv &&
      ttDepth >= depth &&
      (ttBound == tt.BOUND_EXACT ||
        (ttBound == tt.BOUND_LOWER && ttScore >= beta) ||
        (ttBound == tt.BOUND_UPPER && ttScore <= alpha))
    ) {
      // The hash move's history learns from the cut too (only a quiet move of ours: the entry may be a collision).
      const ttPiece = position.pieceOn(moveFrom(ttMove));
      if (
        ttMove != 0 &&
        ttPiece != NO_PIECE &&
        ttPiece >> 3 == us &&
        position.pieceOn(moveTo(ttMove)) == NO_PIECE &&
        !isPromotion(ttMove)
      ) {
        const previous = unchecked(moveAtPly[ply - 1]);
        if (ttScore >= beta) {
          rewardQuiet(ply, us, ttMove, previous, statBonus(depth));
          // the opponent's early quiet move that let this cut happen
          if (unchecked(moveCountAtPly[ply - 1]) <= 2) updatePreviousContinuation(ply, -statBonus(depth + 1));
        } else {
          updateQuietStats(us, ttMove, previous, followUpContext(ply), -statBonus(depth));
        }
      }
      return ttScore;
    }
  }

  // staticEval: the evaluation (stored in the table, compared for `improving`); eval: refined by the hash score for
  // the pruning decisions below.
  let staticEval = NO_EVAL;
  let rawEval = NO_EVAL; // the evaluation itself, as the table keeps it (staticEval is it corrected)
  let eval_ = NO_EVAL;
  if (!inCheck) {
    // a singular search's node is its parent's position: its evaluation is already on the stack
    if (excluded != 0) staticEval = unchecked(evalStack[ply]);
    else {
      rawEval = ttEval != NO_EVAL ? ttEval : evaluate();
      staticEval = correctedEval(rawEval);
    }
    eval_ = refinedEval(staticEval, ttScore, ttBound);
  }
  unchecked((evalStack[ply] = staticEval));
  // Better than two plies ago; unknown then (in check, or before the root) counts as improving.
  const evalTwoAgo = ply >= 2 ? unchecked(evalStack[ply - 2]) : NO_EVAL;
  const improving = !inCheck && (evalTwoAgo == NO_EVAL || staticEval > evalTwoAgo);
  const previous = unchecked(moveAtPly[ply - 1]);

  if (!inCheck && !isPv && abs(beta) < MATE_BOUND) {
    // Reverse futility: far above beta at a shallow depth.
    if (
      depth <= P(SP_RFP_MAX_DEPTH) &&
      eval_ - (improving ? P(SP_RFP_MARGIN_IMPROVING) : P(SP_RFP_MARGIN)) * depth >= beta
    ) {
      return eval_;
    }
    // Null move: give the opponent a free move; not after a null move, not in zugzwang-prone endings.
    if (
      depth >= P(SP_NMP_MIN_DEPTH) &&
      eval_ >= beta &&
      staticEval >= beta &&
      previous != 0 &&
      excluded == 0 &&
      hasNullMoveMaterial(us)
    ) {
      const r =
        P(SP_NMP_BASE) +
        depth / max(1, P(SP_NMP_DEPTH_DIVISOR)) +
        min(P(SP_NMP_EVAL_MAX), (eval_ - beta) / max(1, P(SP_NMP_EVAL_DIVISOR)));
      unchecked((moveAtPly[ply] = 0));
      unchecked((pieceToAtPly[ply] = 0));
      unchecked((moveCountAtPly[ply] = 0));
      unchecked((quietAtPly[ply] = false));
      position.makeNullMove();
      const score = -search(-beta, -beta + 1, depth - r, ply + 1, false, !cutNode);
      position.unmakeNullMove();
      if (stopped) return 0;
      if (score >= beta) return score >= MATE_BOUND ? beta : score;
    }
    // Razoring: hopeless at depth 1–2 → verify with quiescence.
    if (depth <= P(SP_RAZOR_MAX_DEPTH) && eval_ + P(SP_RAZOR_MARGIN) * depth < alpha) {
      const q = qsearch(alpha, alpha + 1, ply);
      if (stopped) return 0;
      if (q <= alpha) return q;
    }
  }

  // Internal iterative reduction: no hash move at a deep node → search shallower first.
  if (depth >= P(SP_IIR_MIN_DEPTH) && ttMove == 0 && (isPv || cutNode) && excluded == 0) depth--;

  const base = ply * MAX_MOVES;
  const count = generateLegal(moveStack, base);
  if (count == 0) return inCheck ? -MATE + ply : 0;
  scoreMoves(moveStack, scoreStack, base, count, ttMove, ply, previous, followUpContext(ply));

  const alphaStart = alpha;
  let best = -INFINITE;
  let bestMove: u32 = 0;
  let moveCount = 0;
  let quietCount = 0;
  const quietBase = ply * 64;
  let singularLmr = false;

  for (let i = 0; i < count; i++) {
    const move = pickNext(moveStack, scoreStack, base + i, base + count);
    if (move == excluded) continue;
    const orderScore = unchecked(scoreStack[base + i]);
    const captured = position.pieceOn(moveTo(move));
    const quiet = captured == NO_PIECE && !isPromotion(move);
    const check = checkKind(move);
    const checks = check != CHECK_NONE;
    moveCount++;

    // Singular extension (Stockfish 11): when every other move, searched at half depth, falls clearly short of the
    // hash move's lower bound, the hash move is the only good one here: search it a ply deeper. When even the
    // others reach beta, several moves refute the opponent's: cut now (multi-cut).
    let singularExtension = 0;
    if (
      move == ttMove &&
      moveCount == 1 &&
      excluded == 0 &&
      P(SP_SINGULAR_MIN_DEPTH) > 0 &&
      depth >= P(SP_SINGULAR_MIN_DEPTH) &&
      (ttBound & tt.BOUND_LOWER) != 0 &&
      ttDepth >= depth - 3 &&
      abs(ttScore) < MATE_BOUND
    ) {
      const singularBeta = ttScore - P(SP_SINGULAR_MARGIN) * depth;
      unchecked((excludedAtPly[ply] = move));
      const others = search(singularBeta - 1, singularBeta, depth / 2, ply, false, cutNode);
      unchecked((excludedAtPly[ply] = 0));
      if (stopped) return 0;
      if (others < singularBeta) {
        singularExtension = 1;
        singularLmr = true;
      } else if (singularBeta >= beta) {
        return singularBeta;
      }
      // That search ran at this ply and refilled this node's move list: list and order it again (the hash move
      // first, as before), so the loop goes on over the same moves.
      generateLegal(moveStack, base);
      scoreMoves(moveStack, scoreStack, base, count, ttMove, ply, previous, followUpContext(ply));
      pickNext(moveStack, scoreStack, base, base + count);
    }

    // Shallow-depth pruning (never while every move so far loses to mate).
    if (best > -MATE_BOUND && !inCheck) {
      if (quiet) {
        // Quiet checks: never late-move or futility pruned (mates against a lone king are quiet checks found late
        // in the list), only SEE-pruned when the checking piece is simply lost.
        if (!checks) {
          const lmpCount = P(SP_LMP_BASE) + depth * depth;
          const lmpLimit = improving ? lmpCount : (lmpCount * P(SP_LMP_NOT_IMPROVING_THIRDS)) / 3;
          if (depth <= P(SP_LMP_MAX_DEPTH) && quietCount >= lmpLimit) continue;
          const lmrDepth = max(0, depth - 1 - unchecked(LMR[min(depth, 63) * 64 + min(moveCount, 63)]));
          if (
            lmrDepth <= P(SP_FUTILITY_MAX_DEPTH) &&
            staticEval + P(SP_FUTILITY_BASE) + P(SP_FUTILITY_PER_DEPTH) * lmrDepth <= alpha
          ) {
            continue;
          }
          if (depth <= 6 && see(move) < -P(SP_SEE_QUIET_PER_DEPTH) * depth) continue;
        } else if (depth <= 6 && see(move) < -P(SP_SEE_CAPTURE_PER_DEPTH) * depth) {
          continue; // a check that loses the checking piece (or more)
        }
      } else if (
        !quiet &&
        depth <= 6 &&
        isBadCaptureScore(orderScore) &&
        orderScore - -(1 << 28) < -P(SP_SEE_CAPTURE_PER_DEPTH) * depth
      ) {
        continue;
      }
    }

    const extension =
      singularExtension > 0 ||
      (checks && ply < P(SP_CHECK_EXTENSION_PLIES) * rootDepth && checkDeservesExtension(move, check))
        ? 1
        : 0;
    const newDepth = depth - 1 + extension;
    unchecked((moveAtPly[ply] = move));
    unchecked((pieceToAtPly[ply] = pieceTo(move)));
    unchecked((moveCountAtPly[ply] = moveCount));
    unchecked((quietAtPly[ply] = quiet));
    position.makeMove(move);
    let score: i32;
    if (moveCount == 1) {
      // the first move: a cut node's first child is expected to be an all node and the other way round
      score = -search(-beta, -alpha, newDepth, ply + 1, isPv, !isPv && !cutNode);
    } else {
      let r = 0;
      if (depth >= 3 && moveCount > (isPv ? 3 : 2) && (quiet || isBadCaptureScore(orderScore))) {
        r = unchecked(LMR[min(depth, 63) * 64 + min(moveCount, 63)]);
        if (!isPv) r++;
        if (!improving) r++;
        if (cutNode) r++;
        if (checks || inCheck) r--;
        if (quiet && isKiller(ply, move)) r--;
        if (singularLmr) r--;
        if (quiet) r -= unchecked(history[historyIndex(us, move)]) / max(1, P(SP_LMR_HISTORY_DIVISOR));
        r = max(0, min(r, newDepth - 1));
      }
      // A reduced search is expected to fail low (a cut node below); an unreduced or repeated one alternates.
      score = r > 0 ? -search(-alpha - 1, -alpha, newDepth - r, ply + 1, false, true) : alpha + 1;
      if (score > alpha) score = -search(-alpha - 1, -alpha, newDepth, ply + 1, false, !cutNode);
      if (score > alpha && score < beta && isPv) score = -search(-beta, -alpha, newDepth, ply + 1, true, false);
    }
    position.unmakeMove();
    if (stopped) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        bestMove = move;
        if (isPv) {
          unchecked((pvTable[ply * MAX_SEARCH_PLY + ply] = move));
          const childLength = unchecked(pvLength[ply + 1]);
          for (let j = ply + 1; j < childLength; j++) {
            unchecked((pvTable[ply * MAX_SEARCH_PLY + j] = unchecked(pvTable[(ply + 1) * MAX_SEARCH_PLY + j])));
          }
          unchecked((pvLength[ply] = childLength));
        }
        if (score >= beta) break;
        alpha = score;
      }
    }
    if (quiet && quietCount < 64) {
      unchecked((quietsTried[quietBase + quietCount] = move));
      quietCount++;
    }
  }

  // Statistics whenever a move raised alpha (not only on a fail high), as Stockfish: the best quiet move gains, the
  // quiet moves tried before it lose; the opponent's first or killer move that ran into it loses too. With no move
  // above alpha, the opponent's quiet move that brought us here was good: its continuation entry gains.
  if (bestMove != 0) {
    const bonus = statBonus(depth);
    if (position.pieceOn(moveTo(bestMove)) == NO_PIECE && !isPromotion(bestMove)) {
      rewardQuiet(ply, us, bestMove, previous, bonus);
      const followUp = followUpContext(ply);
      for (let j = 0; j < quietCount; j++) {
        const q = unchecked(quietsTried[quietBase + j]);
        if (q != bestMove) updateQuietStats(us, q, previous, followUp, -bonus);
      }
    }
    if (unchecked(moveCountAtPly[ply - 1]) == 1 || (ply >= 2 && previous == unchecked(killers[(ply - 1) << 1]))) {
      updatePreviousContinuation(ply, -statBonus(depth + 1));
    }
  } else if (depth >= 3 || isPv) {
    updatePreviousContinuation(ply, statBonus(depth));
  }

  // a singular search whose excluded move was the only legal one: nothing else reaches alpha
  if (moveCount == 0) return alpha;
  if (excluded != 0) return best;
  const bound = best >= beta ? tt.BOUND_LOWER : isPv && best > alphaStart ? tt.BOUND_EXACT : tt.BOUND_UPPER;
  // The score moves the correction when it says more than the evaluation did: a quiet best move (or none), and a
  // bound on the side of the evaluation it could not prove.
  if (
    !inCheck &&
    abs(best) < MATE_BOUND &&
    (bestMove == 0 || (position.pieceOn(moveTo(bestMove)) == NO_PIECE && !isPromotion(bestMove))) &&
    !(bound == tt.BOUND_LOWER && best <= staticEval) &&
    !(bound == tt.BOUND_UPPER && best >= staticEval)
  ) {
    updateCorrection(best - staticEval, depth);
  }
  tt.save(key, bestMove, scoreToTT(best, ply), rawEval, depth, bound);
  return best;
}

// --- root ----------------------------------------------------------------------------------------------------------
// Stable insertion sort of the completed lines rootOrder[0 … last] by their scores (rootPrevScore), best first.
function sortLines(last: i32): void {
  for (let i = 1; i <= last; i++) {
    const slot = unchecked(rootOrder[i]);
    const s = unchecked(rootPrevScore[slot]);
    let j = i - 1;
    while (j >= 0 && unchecked(rootPrevScore[unchecked(rootOrder[j])]) < s) {
      unchecked((rootOrder[j + 1] = unchecked(rootOrder[j])));
      j--;
    }
    unchecked((rootOrder[j + 1] = slot));
  }
}

function sortRoot(from: i32): void {
  // stable insertion sort of rootOrder[from …] by rootScore, best first
  for (let i = from + 1; i < rootCount; i++) {
    const slot = unchecked(rootOrder[i]);
    const s = unchecked(rootScore[slot]);
    let j = i - 1;
    while (j >= from && unchecked(rootScore[unchecked(rootOrder[j])]) < s) {
      unchecked((rootOrder[j + 1] = unchecked(rootOrder[j])));
      j--;
    }
    unchecked((rootOrder[j + 1] = slot));
  }
}

function rootSearch(pvIdx: i32, depth: i32, alpha: i32, beta: i32): i32 {
  for (let i = pvIdx; i < rootCount; i++) unchecked((rootScore[unchecked(rootOrder[i])] = -INFINITE));
  let best = -INFINITE;
  for (let i = pvIdx; i < rootCount; i++) {
    const slot = unchecked(rootOrder[i]);
    const move = unchecked(rootMoves[slot]);
    const quiet = position.pieceOn(moveTo(move)) == NO_PIECE && !isPromotion(move);
    const check = checkKind(move);
    const checks = check != CHECK_NONE;
    unchecked((moveAtPly[0] = move));
    unchecked((pieceToAtPly[0] = pieceTo(move)));
    unchecked((moveCountAtPly[0] = i - pvIdx + 1));
    unchecked((quietAtPly[0] = quiet));
    const newDepth = depth - 1 + (checks && checkDeservesExtension(move, check) ? 1 : 0);
    position.makeMove(move);
    let score: i32;
    if (rootFinished) {
      // The game is over before this move: nothing below it is searched, every line is the draw.
      nodes++;
      unchecked((pvLength[1] = 1));
      score = 0;
    } else if (i == pvIdx) {
      score = -search(-beta, -alpha, newDepth, 1, true, false);
    } else {
      const r = depth >= 3 && quiet && !checks && i - pvIdx > 3 ? 1 : 0;
      score = -search(-alpha - 1, -alpha, newDepth - r, 1, false, true);
      if (score > alpha && r > 0) score = -search(-alpha - 1, -alpha, newDepth, 1, false, true);
      if (score > alpha && score < beta) score = -search(-beta, -alpha, newDepth, 1, true, false);
    }
    position.unmakeMove();
    if (stopped) break;
    if (i == pvIdx || score > alpha) {
      unchecked((rootScore[slot] = score));
      const pvBase = slot * MAX_PV;
      unchecked((rootPv[pvBase] = move));
      let length = 1;
      if (score > alpha) {
        const childLength = unchecked(pvLength[1]);
        for (let j = 1; j < childLength && length < MAX_PV; j++) {
          unchecked((rootPv[pvBase + length] = unchecked(pvTable[MAX_SEARCH_PLY + j])));
          length++;
        }
      }
      unchecked((rootPvLen[slot] = length));
      if (i != pvIdx && score > alpha) bestMoveChanges += 1;
    }
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      if (score >= beta) break;
    }
  }
  return best;
}

// @ts-ignore: decorator
@inline function isMateScore(score: i32): bool {
  return abs(score) >= MATE_BOUND;
}

function report(depth: i32, lines: i32): void {
  const time = elapsed();
  const full = tt.hashfull();
  for (let i = 0; i < lines; i++) {
    const slot = unchecked(rootOrder[i]);
    const score = unchecked(rootPrevScore[slot]);
    let kind = 0;
    let value = score;
    if (isMateScore(score)) {
      kind = 1;
      value = score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }
    hostInfo(
      depth,
      selDepth,
      i + 1,
      kind,
      value,
      nodes,
      time,
      changetype<usize>(rootPv) + <usize>(slot * MAX_PV * 4),
      unchecked(rootPvLen[slot]),
      full,
    );
  }
}

// Deterministic PRNG for skill levels (seeded from the position, so the same position gives the same choice).
let skillRandom: u64 = 0;
function nextSkillRandom(): u32 {
  skillRandom ^= skillRandom >> 12;
  skillRandom ^= skillRandom << 25;
  skillRandom ^= skillRandom >> 27;
  return <u32>((skillRandom * 0x2545f4914f6cdd1d) >> 33);
}

// Weaker play: among the searched lines, pick the best of score + noise (noise grows as the level drops).
function pickSkillMove(lines: i32): i32 {
  skillRandom = position.key ^ (<u64>skill * 0x9e3779b97f4a7c15) ^ 0x5bd1e995;
  if (skillRandom == 0) skillRandom = 1;
  const noise: u32 = <u32>((20 - skill) * 18 + 1);
  let bestSlot = unchecked(rootOrder[0]);
  let bestValue = -0x7fffffff;
  for (let i = 0; i < lines; i++) {
    const slot = unchecked(rootOrder[i]);
    const score = unchecked(rootPrevScore[slot]);
    if (score <= -MATE_BOUND && i > 0) continue; // even a beginner sees a mate in one against itself
    const value = score + <i32>(nextSkillRandom() % noise);
    if (value > bestValue) {
      bestValue = value;
      bestSlot = slot;
    }
  }
  return bestSlot;
}

export function startSearch(
  depthLimit: i32,
  nodesLimit: f64,
  movetimeMs: f64,
  wtimeMs: f64,
  btimeMs: f64,
  wincMs: f64,
  bincMs: f64,
  movestogo: i32,
  infinite: i32,
): u32 {
  // NaN or infinities from the host mean "not set" (never a search that cannot end).
  if (!isFinite(nodesLimit)) nodesLimit = -1;
  if (!isFinite(movetimeMs)) movetimeMs = -1;
  if (!isFinite(wtimeMs)) wtimeMs = -1;
  if (!isFinite(btimeMs)) btimeMs = -1;
  if (!isFinite(wincMs)) wincMs = -1;
  if (!isFinite(bincMs)) bincMs = -1;
  startTime = hostNow();
  stopped = false;
  nodes = 0;
  selDepth = 0;
  lastBestMove = 0;
  lastPonderMove = 0;
  tt.ensureAllocated();
  tt.newSearch();
  clearKillers();

  const white = position.sideToMove == 0;
  if (infinite != 0) initTime(-1, -1, -1, 0, position.sideToMove);
  else initTime(movetimeMs, white ? wtimeMs : btimeMs, white ? wincMs : bincMs, movestogo, position.sideToMove);
  nodeLimit = infinite != 0 ? -1 : nodesLimit > 0 ? nodesLimit : -1;
  let maxDepth = depthLimit > 0 && infinite == 0 ? min(depthLimit, MAX_DEPTH) : MAX_DEPTH;
  // Room on the undo stack for the deepest line.
  if (MAX_PLY - position.ply < MAX_SEARCH_PLY + 2) {
    maxDepth = min(maxDepth, max(1, (MAX_PLY - position.ply - 2) / 2));
  }
  let lines = multiPv;
  if (skill < 20 && infinite == 0) {
    maxDepth = min(maxDepth, 1 + (skill * 2) / 3);
    const skillNodes = <f64>(500 << (skill >> 1));
    nodeLimit = nodeLimit < 0 ? skillNodes : min(nodeLimit, skillNodes);
    lines = max(lines, 4 + (20 - skill) / 4);
  }

  rootDepth = 0;
  rootFinished = gameOver();
  // The root's evaluation: what `improving` compares with two plies down.
  unchecked((evalStack[0] = position.inCheck() ? NO_EVAL : correctedEval(evaluate())));
  rootCount = generateLegal(rootMoves, 0);
  if (rootCount == 0) {
    waitForStopIfInfinite(infinite);
    return 0;
  }
  // Initial order: captures by SEE/MVV-LVA, then the rest (the hash move first).
  const hashMove = tt.probe(tt.searchKey()) ? tt.hitMove : 0;
  scoreMoves(rootMoves, scoreStack, 0, rootCount, hashMove, 0, 0, -1);
  for (let i = 0; i < rootCount; i++) pickNext(rootMoves, scoreStack, i, rootCount);
  for (let i = 0; i < rootCount; i++) {
    unchecked((rootOrder[i] = i));
    unchecked((rootScore[i] = -INFINITE));
    unchecked((rootPrevScore[i] = -INFINITE));
    unchecked((rootPv[i * MAX_PV] = unchecked(rootMoves[i])));
    unchecked((rootPvLen[i] = 1));
  }
  if (lines > rootCount) lines = rootCount;

  let completedDepth = 0;
  let previousBest: i32 = 0;
  let previousBestMove: u32 = 0;
  let stableIterations: i32 = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    if (depth > 1 && depth < maxDepth && skipsDepth(depth)) continue;
    rootDepth = depth;
    bestMoveChanges *= 0.5;
    for (let pvIdx = 0; pvIdx < lines; pvIdx++) {
      selDepth = 0;
      const center = unchecked(rootPrevScore[unchecked(rootOrder[pvIdx])]);
      let delta: i32 = P(SP_ASPIRATION_DELTA);
      let alpha = -INFINITE;
      let beta = INFINITE;
      if (depth >= 4 && abs(center) < MATE_BOUND) {
        alpha = max(center - delta, -INFINITE);
        beta = min(center + delta, INFINITE);
      }
      while (true) {
        const score = rootSearch(pvIdx, depth, alpha, beta);
        sortRoot(pvIdx);
        if (stopped) break;
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = max(score - delta, -INFINITE);
        } else if (score >= beta) {
          beta = min(score + delta, INFINITE);
        } else {
          break;
        }
        delta += (delta * P(SP_ASPIRATION_GROWTH)) / 100;
        if (delta > P(SP_ASPIRATION_MAX)) {
          alpha = -INFINITE;
          beta = INFINITE;
        }
      }
      if (stopped) break;
      // this line is complete: its scores become the reference
      for (let i = pvIdx; i < rootCount; i++) {
        const slot = unchecked(rootOrder[i]);
        if (i == pvIdx || unchecked(rootScore[slot]) != -INFINITE)
          unchecked((rootPrevScore[slot] = unchecked(rootScore[slot])));
      }
      // A later line may come out above an earlier one (its search saw more): keep the lines best first, as
      // Stockfish sorts its first pvIdx + 1 root moves after each line.
      sortLines(pvIdx);
    }
    if (stopped) {
      // An interrupted iteration still counts when its first line found a better move with a full score.
      const slot = unchecked(rootOrder[0]);
      if (
        completedDepth == 0 ||
        (unchecked(rootScore[slot]) != -INFINITE &&
          unchecked(rootMoves[slot]) != previousBestMove &&
          unchecked(rootScore[slot]) > previousBest)
      ) {
        if (unchecked(rootScore[slot]) != -INFINITE) unchecked((rootPrevScore[slot] = unchecked(rootScore[slot])));
      } else if (previousBestMove != 0 && unchecked(rootMoves[slot]) != previousBestMove) {
        // restore the last completed best move to the front
        for (let i = 0; i < rootCount; i++) {
          if (unchecked(rootMoves[unchecked(rootOrder[i])]) == previousBestMove) {
            const s = unchecked(rootOrder[i]);
            for (let j = i; j > 0; j--) unchecked((rootOrder[j] = unchecked(rootOrder[j - 1])));
            unchecked((rootOrder[0] = s));
            break;
          }
        }
      }
      break;
    }
    completedDepth = depth;
    report(depth, min(lines, multiPv)); // skill levels search extra lines: report only the requested ones
    const bestSlot = unchecked(rootOrder[0]);
    const bestScore = unchecked(rootPrevScore[bestSlot]);
    if (previousBestMove != 0 && unchecked(rootMoves[bestSlot]) != previousBestMove) {
      bestMoveChanges += 1;
      stableIterations = 0;
    } else stableIterations++;
    previousBestMove = unchecked(rootMoves[bestSlot]);

    if (infinite == 0) {
      if (rootFinished) break; // a finished game has nothing more to find
      // A forced mate found and confirmed: no need to go on.
      if (isMateScore(bestScore) && depth >= MATE - abs(bestScore) + 2 && lines == 1) break;
      if (rootCount == 1 && timeLimited && depth >= 4) break;
      if (
        timeLimited &&
        timeUp(
          elapsed(),
          <f64>P(SP_TIME_SOFT_SHARE) / 100.0,
          <f64>P(SP_TIME_INSTABILITY) / 100.0,
          bestMoveChanges,
          stableIterations,
          bestScore,
        )
      )
        break;
    }
    previousBest = bestScore;
  }
  if (infinite != 0 && !stopped) waitForStopIfInfinite(infinite);

  if (completedDepth > 0) rememberScore(unchecked(rootPrevScore[unchecked(rootOrder[0])]));
  let chosen = unchecked(rootOrder[0]);
  if (skill < 20 && completedDepth > 0) chosen = pickSkillMove(lines);
  lastBestMove = unchecked(rootMoves[chosen]);
  lastPonderMove = unchecked(rootPvLen[chosen]) > 1 ? unchecked(rootPv[chosen * MAX_PV + 1]) : 0;
  return lastBestMove;
}

// `go infinite` must not answer before the host says stop (UCI), even when the search has nothing left to do.
function waitForStopIfInfinite(infinite: i32): void {
  if (infinite == 0) return;
  while (hostStopRequested() == 0) {
    // poll; the host decides when to stop
  }
}

export function ponderMove(): u32 {
  return lastPonderMove;
}

export function searchedNodes(): f64 {
  return nodes;
}
