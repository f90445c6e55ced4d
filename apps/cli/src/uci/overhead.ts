// The move overhead of `makruk uci`: the latency between receiving `go` and writing `bestmove` beyond the search's
// own time (worker messages, the event loop, a busy machine), measured on every clock-limited move, plus the
// `Move Overhead` option for what happens outside this process (pipes, the GUI). The clock handed to the engine has
// this move's overhead taken off, and the overhead of the moves to come (so that sudden death does not run out);
// the engine plans its budget on what is left (packages/engine/assembly/timeman.ts).

/** Before the first measurement. */
export const INITIAL_OVERHEAD_MS = 5;
/** Recent moves the estimate looks at. */
const WINDOW = 16;
/** A single stalled move must not make every later move instant. */
const MAX_MEASURED_MS = 1000;
/** Future moves whose overhead is kept back from a clock, and the largest share of the clock kept back for them. */
export const PLANNED_MOVES = 50;
export const RESERVE_SHARE = 0.5;

export class MoveOverhead {
  readonly #samples: number[] = [];

  /** One move: wall time from `go` received to `bestmove` written, and the search's own time. */
  record(wallMs: number, searchMs: number): void {
    if (!Number.isFinite(wallMs) || !Number.isFinite(searchMs)) return;
    this.#samples.push(Math.min(MAX_MEASURED_MS, Math.max(0, wallMs - searchMs)));
    if (this.#samples.length > WINDOW) this.#samples.shift();
  }

  /** The latency to expect on the next move: mean + 2 standard deviations of the recent moves (ms, whole). */
  get measuredMs(): number {
    const n = this.#samples.length;
    if (n === 0) return INITIAL_OVERHEAD_MS;
    const mean = this.#samples.reduce((sum, x) => sum + x, 0) / n;
    const variance = this.#samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / n;
    return Math.ceil(mean + 2 * Math.sqrt(variance));
  }
}

/**
 * The clock the engine sees for a remaining `timeMs` and increment `incMs` when each move costs `overheadMs` more
 * than its search: this move's overhead off, the next PLANNED_MOVES moves' overhead kept back (at most
 * RESERVE_SHARE of what is left), and the increment less the overhead it has to pay for.
 */
export function engineClock(timeMs: number, incMs: number, overheadMs: number): { time: number; inc: number } {
  const left = Math.max(0, timeMs - overheadMs);
  const reserve = Math.min(overheadMs * PLANNED_MOVES, left * RESERVE_SHARE);
  return { time: Math.floor(left - reserve), inc: Math.max(0, incMs - overheadMs) };
}
