// Time management: a soft limit (do not start another iteration past it; stretched when the best move is
// unstable) and a hard limit (abort the search), from movetime or from the clock (time, increment, movestogo).
// All in milliseconds since the search started.

export let timeLimited: bool = false;
export let softLimit: f64 = 0;
export let hardLimit: f64 = 0;

// Milliseconds kept back for the host on every move (worker messages, UCI pipes, process scheduling). Charged once
// per move still to play, not once per game: otherwise a low clock with an increment drains, because each move costs
// search time plus this latency, and the clock only gets the increment back.
const MOVE_OVERHEAD: f64 = 40;
// Makruk games are long (150–300 plies), so without movestogo plan for this many more moves.
const DEFAULT_MOVES_LEFT: i32 = 50;

export function initTime(movetimeMs: f64, timeMs: f64, incMs: f64, movestogo: i32): void {
  timeLimited = false;
  softLimit = 0;
  hardLimit = 0;
  if (movetimeMs > 0) {
    timeLimited = true;
    hardLimit = max(1, movetimeMs - 5);
    softLimit = hardLimit;
    return;
  }
  if (timeMs < 0 && incMs <= 0) return; // no clock: depth, nodes or infinite decide
  timeLimited = true;
  const inc = max<f64>(incMs, 0);
  const time = max<f64>(timeMs, 0);
  const movesLeft: f64 = <f64>(movestogo > 0 ? min(movestogo, DEFAULT_MOVES_LEFT) : DEFAULT_MOVES_LEFT);
  // what the rest of the game may spend, with every future move's overhead taken off
  const budget = max<f64>(1, time + inc * (movesLeft - 1) - MOVE_OVERHEAD * (movesLeft + 1));
  const safe = time > 2 * MOVE_OVERHEAD ? time - MOVE_OVERHEAD : time * 0.5;
  let optimum = budget / movesLeft;
  if (movestogo == 1) optimum = safe * 0.8;
  optimum = min(optimum, safe * 0.4);
  let maximum = min(optimum * 4, safe * 0.5);
  if (movestogo == 1) maximum = safe * 0.9;
  softLimit = max(1, optimum);
  hardLimit = max(softLimit, max(1, maximum));
}
