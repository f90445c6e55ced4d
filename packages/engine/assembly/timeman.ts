// Time management: a soft limit (do not start another iteration past it; stretched when the best move is
// unstable) and a hard limit (abort the search), from movetime or from the clock (time, increment, movestogo).
// All in milliseconds since the search started.

export let timeLimited: bool = false;
export let softLimit: f64 = 0;
export let hardLimit: f64 = 0;

// Milliseconds kept back for the host (worker messages, UCI pipes, process scheduling).
const MOVE_OVERHEAD: f64 = 30;

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
  const safe = time > 2 * MOVE_OVERHEAD ? time - MOVE_OVERHEAD : time * 0.5;
  const movesLeft: f64 = movestogo > 0 ? <f64>min(movestogo, 50) : 32;
  let optimum = time / movesLeft + inc * 0.8;
  if (movestogo == 1) optimum = safe * 0.8;
  optimum = min(optimum, safe * 0.4);
  let maximum = min(optimum * 4, safe * 0.6);
  if (movestogo == 1) maximum = safe * 0.9;
  softLimit = max(1, optimum);
  hardLimit = max(softLimit, max(1, maximum));
}
