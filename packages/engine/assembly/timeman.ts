// Time management: an optimum time (the plan for this move) and a maximum (the hard abort), from movetime or from
// the clock (time, increment, movestogo), and the decision after each iteration whether to start another one.
// All in milliseconds since the search started.
//
// The host's own latency (UCI pipes, worker messages, process scheduling) is measured by the front end and taken
// off the clock and the increment before they reach here (apps/cli/src/uci/overhead.ts); this module keeps back only
// ENGINE_OVERHEAD per move for what happens inside the search (the stop poll, the last iteration's unwinding).
//
// The plan spends the clock: a share of what is left (1/timeMovesLeft) plus most of the increment, so that at
// 5+0.05 the clock runs down to about half a second by the end of a long game instead of settling at 2–2.5 s (the
// old plan, budget/50, reached equilibrium where one move's time equalled the increment with half the clock unused).
import { SP, SP_TIME_INC_SHARE, SP_TIME_MAX_RATIO, SP_TIME_MOVES_LEFT } from './search-params';

export let timeLimited: bool = false;
export let softLimit: f64 = 0; // the optimum
export let hardLimit: f64 = 0; // the maximum: the search aborts here

// Milliseconds per move kept back for the search itself.
const ENGINE_OVERHEAD: f64 = 5;
const RESERVE_SHARE: f64 = 0.25;
const SUDDEN_DEATH_MOVES: f64 = 50;
// The optimum never exceeds this share of the clock, the maximum never that one (a safety net for few moves left).
const OPTIMUM_CAP: f64 = 0.2;
const MAXIMUM_CAP: f64 = 0.3;

// The score of each side's previous clock search in this game (that side's view), for the falling-score rule;
// NO_SCORE at the start of a game. Only searches on a clock count: an analysis, a movetime or node search, or a
// search for the other side (pondering, a hint, the page's threat view) says nothing about how our own last move
// went, and must not make the next clock search spend more or less.
const NO_SCORE: i32 = 0x7fffffff;
// Scores beyond this are mates or decided endings: no falling-score rule there.
const DECIDED: i32 = 20000;
const previousMoveScore = new StaticArray<i32>(2);
previousMoveScore[0] = NO_SCORE;
previousMoveScore[1] = NO_SCORE;
// Set by initTime: whether this search runs on a clock, and for which side.
let clockSearch: bool = false;
let searchSide: i32 = 0;

export function forgetPreviousScore(): void {
  unchecked((previousMoveScore[0] = NO_SCORE));
  unchecked((previousMoveScore[1] = NO_SCORE));
}
// After a search: its score is kept for the same side's next clock search, if this one was on the clock.
export function rememberScore(score: i32): void {
  if (clockSearch) unchecked((previousMoveScore[searchSide] = score));
}

export function initTime(movetimeMs: f64, timeMs: f64, incMs: f64, movestogo: i32, side: i32): void {
  timeLimited = false;
  clockSearch = false;
  searchSide = side & 1;
  softLimit = 0;
  hardLimit = 0;
  if (movetimeMs > 0) {
    timeLimited = true;
    hardLimit = max(1, movetimeMs - ENGINE_OVERHEAD);
    softLimit = hardLimit;
    return;
  }
  if (timeMs < 0 && incMs <= 0) return; // no clock: depth, nodes or infinite decide
  timeLimited = true;
  clockSearch = true;
  const inc = max<f64>(incMs, 0);
  const time = max<f64>(timeMs, 0);
  const horizon = max<f64>(1, <f64>unchecked(SP[SP_TIME_MOVES_LEFT]));
  // Without an increment worth 1/200 of the clock the game is sudden death in effect: plan SUDDEN_DEATH_MOVES
  // ahead, or a 1+0 clock is gone before the game is.
  const suddenDeath = inc * 200 < time;
  const plan = suddenDeath ? max(horizon, SUDDEN_DEATH_MOVES) : horizon;
  const movesLeft: f64 = movestogo > 0 ? min(<f64>movestogo, plan) : plan;
  // Never plan past what is on the clock now.
  const safe = max<f64>(0, time - ENGINE_OVERHEAD);
  const incShare = <f64>unchecked(SP[SP_TIME_INC_SHARE]) / 100.0;
  // Every move still to play costs ENGINE_OVERHEAD (otherwise a low clock drains: each move costs its search time
  // plus this); at most RESERVE_SHARE of the clock is held back for it, so a low clock still gets real time.
  const reserve = min<f64>(ENGINE_OVERHEAD * (movesLeft + 1), time * RESERVE_SHARE);
  let optimum = min(max<f64>(0, safe - reserve) / movesLeft + inc * incShare, safe * OPTIMUM_CAP);
  let maximum = min(optimum * (<f64>unchecked(SP[SP_TIME_MAX_RATIO]) / 100.0), safe * MAXIMUM_CAP);
  if (movestogo == 1) {
    // the last move before the time control: most of the clock
    optimum = safe * 0.8;
    maximum = safe * 0.9;
  }
  softLimit = max(1, optimum);
  hardLimit = max(softLimit, max(1, maximum));
}

// After a completed iteration: true when the next one should not start. `changes` is the decayed count of best-move
// changes, `stableIterations` how many iterations in a row kept the best move, `score` the best score now.
// An unstable best move or a falling score buys time; a best move stable for many iterations saves it.
export function timeUp(
  elapsedMs: f64,
  softShare: f64,
  instability: f64,
  changes: f64,
  stableIterations: i32,
  score: i32,
): bool {
  let factor = 1.0 + min(changes, 2.0) * instability;
  const previous = unchecked(previousMoveScore[searchSide]);
  if (clockSearch && previous != NO_SCORE && abs(score) < DECIDED && abs(previous) < DECIDED) {
    // falling score: up to 1.5× (a drop of 50 cp); a rising one down to 0.8×
    const drop = <f64>(previous - score);
    factor *= max(0.8, min(1.5, 1.0 + drop / 100.0));
  }
  if (stableIterations >= 8) factor *= 0.65;
  else if (stableIterations >= 5) factor *= 0.85;
  return elapsedMs > softLimit * factor * softShare;
}
