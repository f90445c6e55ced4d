// Time management: a soft limit (do not start another iteration past it; stretched when the best move is
// unstable) and a hard limit (abort the search), from movetime or from the clock (time, increment, movestogo).
// All in milliseconds since the search started.
//
// The host's own latency (UCI pipes, worker messages, process scheduling) is measured by the front end and taken
// off the clock and the increment before they reach here (apps/cli/src/uci/overhead.ts); this module keeps back only
// ENGINE_OVERHEAD per move for what happens inside the search (the stop poll, the last iteration's unwinding).

export let timeLimited: bool = false;
export let softLimit: f64 = 0;
export let hardLimit: f64 = 0;

// Milliseconds per move kept back for the search itself. Charged for every move still to play (otherwise a low clock
// with an increment drains: each move costs search time plus this, and the clock only gets the increment back), but
// never more than RESERVE_SHARE of the clock in all, so that a low clock without increment still gets real time
// (charging 50 × 40 ms against a 2 s clock left 1 ms per move).
const ENGINE_OVERHEAD: f64 = 5;
const RESERVE_SHARE: f64 = 0.25;
// Makruk games are long (150–300 plies), so without movestogo plan for this many more moves (search-params.json
// timeMovesLeft, default 50).
import { SP, SP_TIME_MOVES_LEFT } from './search-params';

export function initTime(movetimeMs: f64, timeMs: f64, incMs: f64, movestogo: i32): void {
  timeLimited = false;
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
  const inc = max<f64>(incMs, 0);
  const time = max<f64>(timeMs, 0);
  const defaultMovesLeft = max(1, unchecked(SP[SP_TIME_MOVES_LEFT]));
  const movesLeft: f64 = <f64>(movestogo > 0 ? min(movestogo, defaultMovesLeft) : defaultMovesLeft);
  // What the rest of the game may spend: the clock and the increments to come, less every future move's overhead.
  const reserve = min<f64>(ENGINE_OVERHEAD * (movesLeft + 1), time * RESERVE_SHARE);
  const budget = max<f64>(1, time + inc * (movesLeft - 1) - reserve);
  // Never plan past what is on the clock now.
  const safe = max<f64>(0, time - ENGINE_OVERHEAD);
  let optimum = min(budget / movesLeft, safe * 0.4);
  let maximum = min(optimum * 4, safe * 0.5);
  if (movestogo == 1) {
    // the last move before the time control: most of the clock
    optimum = safe * 0.8;
    maximum = safe * 0.9;
  }
  softLimit = max(1, optimum);
  hardLimit = max(softLimit, max(1, maximum));
}
