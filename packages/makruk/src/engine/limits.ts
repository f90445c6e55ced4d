// Search limits: checking what callers pass to Engine.analyse, turning it into the wasm's "-1 = not set" form, and
// the front end's own hard deadline (a guard on top of the search's time management: never lose on time).
import type { SearchLimits as EngineSearchLimits } from '@makruk/engine';
import { MakrukError } from '../rules/errors.js';
import { MAX_MULTI_PV, MIN_MULTI_PV } from './options.js';
import { emptyWorkerLimits, type WorkerLimits } from './worker-protocol.js';
import type { Color, Result } from '../rules/types.js';

/**
 * What to search for. Nothing set (or `infinite`) = search until `stop()`. Times in milliseconds. The limit names
 * are the engine package's (@makruk/engine SearchLimits); the facade adds the number of lines.
 */
export interface SearchLimits extends EngineSearchLimits {
  /** Number of best lines to report (1 = normal search). */
  multiPv?: number;
}

export const MAX_SEARCH_DEPTH = 100;
// The deepest perft (the wasm's `perft`, `engine.perft`, and Position.perft): owned by the rules, which cannot import
// this folder.
export { MAX_PERFT_DEPTH } from '../rules/position.js';

function limitError(message: string): Result<never, MakrukError> {
  return { ok: false, error: new MakrukError('ERR_SEARCH_LIMITS', message) };
}

function isWhole(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Checks limits; times below zero (late GUIs send them) count as zero. */
export function checkSearchLimits(limits: SearchLimits): Result<WorkerLimits & { multiPv: number }, MakrukError> {
  const out = { ...emptyWorkerLimits(), multiPv: 1 };
  if (typeof limits !== 'object' || limits === null) return limitError('limits must be an object');
  const { depth, nodes, movetime, movestogo, multiPv, infinite } = limits;
  if (infinite !== undefined && typeof infinite !== 'boolean') return limitError('infinite must be true or false');
  if (depth !== undefined) {
    if (!isWhole(depth, 1, MAX_SEARCH_DEPTH)) return limitError(`depth must be a whole number 1..${MAX_SEARCH_DEPTH}`);
    out.depth = depth;
  }
  if (nodes !== undefined) {
    if (!isWhole(nodes, 1, Number.MAX_SAFE_INTEGER)) return limitError('nodes must be a whole number of at least 1');
    out.nodes = nodes;
  }
  if (movetime !== undefined) {
    if (typeof movetime !== 'number' || !Number.isFinite(movetime)) return limitError('movetime must be a number');
    out.movetime = Math.max(1, Math.floor(movetime));
  }
  for (const key of ['wtime', 'btime', 'winc', 'binc'] as const) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return limitError(`${key} must be a number`);
    out[key] = Math.max(0, Math.floor(value));
  }
  if (movestogo !== undefined) {
    if (!isWhole(movestogo, 0, 10_000)) return limitError('movestogo must be a whole number 0..10000');
    out.movestogo = movestogo;
  }
  if (multiPv !== undefined) {
    if (!isWhole(multiPv, MIN_MULTI_PV, MAX_MULTI_PV)) {
      return limitError(`multiPv must be a whole number ${MIN_MULTI_PV}..${MAX_MULTI_PV}`);
    }
    out.multiPv = multiPv;
  }
  const anyLimit =
    out.depth > 0 || out.nodes > 0 || out.movetime > 0 || limits.wtime !== undefined || limits.btime !== undefined;
  out.infinite = infinite === true || !anyLimit;
  return { ok: true, value: out };
}

/** The longest timer hosts keep (Node and browsers fire a longer setTimeout at once): every deadline is clamped to it. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Slack after movetime before the front end stops the search itself (the search should stop on its own first). */
const MOVETIME_GRACE_MS = 10;

/**
 * The front end's hard deadline in ms from the search start, or undefined when the search may run until stopped.
 * It sits above the search's own hard limit (about 4 average moves, at most 60% of the clock) so that it only fires
 * when the search overruns: at most 90% of what is left, and at most 8 average moves' worth
 * (remaining / moves-to-go × 8 + 4 × increment; moves-to-go 32 when not given).
 */
export function guardDeadlineMs(limits: WorkerLimits, turn: Color): number | undefined {
  if (limits.infinite) return undefined;
  let deadline: number | undefined;
  if (limits.movetime > 0) deadline = limits.movetime + MOVETIME_GRACE_MS;
  const remaining = turn === 'white' ? limits.wtime : limits.btime;
  if (remaining >= 0) {
    const increment = Math.max(0, turn === 'white' ? limits.winc : limits.binc);
    const movesToGo = limits.movestogo > 0 ? Math.min(limits.movestogo, 50) : 32;
    const byClock = Math.max(1, Math.floor(Math.min(remaining * 0.9, (remaining / movesToGo) * 8 + 4 * increment)));
    deadline = deadline === undefined ? byClock : Math.min(deadline, byClock);
  }
  // a huge movetime or a clock of days means "a long time", not the 1 ms an overflowing timer would give
  return deadline === undefined ? undefined : Math.min(deadline, MAX_TIMER_MS);
}

/** One iteration only: what a search stopped before it started still runs, so that it answers with a scored move. */
export function emptyLimitsForQuickAnswer(): WorkerLimits {
  return { ...emptyWorkerLimits(), depth: 1 };
}
