/**
 * Time controls and chess clocks for engine games.
 * `--tc` syntax (cutechess-like): `[moves/]base[+increment]`, seconds, base also as `min:sec`:
 * `10+0.1`, `5+0.05`, `40/60+0.6`, `1:30+1`, `40/120`. Clocks are measured with `performance.now()`.
 */
import { performance } from 'node:perf_hooks';
import { MatchError } from './errors.js';

export type Side = 'white' | 'black';

export interface TimeControl {
  /** Moves per session (`40/…`): the base time is added again after each `movesPerSession` own moves. */
  movesPerSession: number | undefined;
  baseMs: number;
  incrementMs: number;
}

/** How each engine move is limited: a game clock, a fixed time per move, or a node or depth budget. */
export type MoveLimit =
  | { kind: 'clock'; tc: TimeControl }
  | { kind: 'movetime'; ms: number }
  | { kind: 'nodes'; nodes: number }
  | { kind: 'depth'; depth: number };

const SECONDS = /^(?:(\d+):)?(\d+(?:\.\d*)?|\.\d+)$/;

function parseSeconds(text: string, what: string, whole: string): number {
  const match = SECONDS.exec(text);
  if (!match)
    throw new MatchError('ERR_TC_SYNTAX', `time control "${whole}": ${what} "${text}" is not a number of seconds`);
  const minutes = match[1] === undefined ? 0 : Number(match[1]);
  const seconds = Number(match[2]);
  return Math.round((minutes * 60 + seconds) * 1000);
}

/** Parses a time control; throws MatchError ERR_TC_SYNTAX with the reason for anything else. */
export function parseTimeControl(text: string): TimeControl {
  const whole = text.trim();
  if (whole === '') throw new MatchError('ERR_TC_SYNTAX', 'time control is empty (expected e.g. 10+0.1 or 40/60+0.6)');
  let rest = whole;
  let movesPerSession: number | undefined;
  const slash = rest.indexOf('/');
  if (slash >= 0) {
    const movesText = rest.slice(0, slash);
    if (!/^\d+$/.test(movesText) || Number(movesText) < 1) {
      throw new MatchError(
        'ERR_TC_SYNTAX',
        `time control "${whole}": moves per session "${movesText}" must be a positive whole number`,
      );
    }
    movesPerSession = Number(movesText);
    rest = rest.slice(slash + 1);
  }
  const parts = rest.split('+');
  if (parts.length > 2) throw new MatchError('ERR_TC_SYNTAX', `time control "${whole}": more than one "+"`);
  const baseMs = parseSeconds(parts[0] ?? '', 'base time', whole);
  const incrementMs = parts[1] === undefined ? 0 : parseSeconds(parts[1], 'increment', whole);
  if (baseMs <= 0 && incrementMs <= 0) {
    throw new MatchError('ERR_TC_SYNTAX', `time control "${whole}": needs a positive base time or increment`);
  }
  return { movesPerSession, baseMs, incrementMs };
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** The time control as written on the command line (also a valid PGN TimeControl value for the common forms). */
export function formatTimeControl(tc: TimeControl): string {
  const session = tc.movesPerSession === undefined ? '' : `${tc.movesPerSession}/`;
  const increment = tc.incrementMs > 0 ? `+${formatSeconds(tc.incrementMs)}` : '';
  return `${session}${formatSeconds(tc.baseMs)}${increment}`;
}

export function formatMoveLimit(limit: MoveLimit): string {
  switch (limit.kind) {
    case 'clock':
      return `tc ${formatTimeControl(limit.tc)}`;
    case 'movetime':
      return `movetime ${limit.ms} ms`;
    case 'nodes':
      return `nodes ${limit.nodes}`;
    case 'depth':
      return `depth ${limit.depth}`;
  }
}

/** Parameters for a UCI `go` with clocks. */
export interface GoClockParams {
  wtime: number;
  btime: number;
  winc: number;
  binc: number;
  movestogo: number | undefined;
}

export interface TurnResult {
  elapsedMs: number;
  /** True when the mover used more than its remaining time plus the margin: a loss on time. */
  flagged: boolean;
}

/** Both sides' clocks for one game. Times in milliseconds. */
export class GameClock {
  readonly tc: TimeControl;
  readonly marginMs: number;
  private readonly remaining: Record<Side, number>;
  private readonly movesMade: Record<Side, number> = { white: 0, black: 0 };

  constructor(tc: TimeControl, marginMs = 0) {
    this.tc = tc;
    this.marginMs = marginMs;
    this.remaining = { white: tc.baseMs, black: tc.baseMs };
  }

  remainingMs(side: Side): number {
    return this.remaining[side];
  }

  /** Longest the mover may think before it has lost on time (remaining time plus the margin). */
  deadlineMs(side: Side): number {
    return Math.max(0, this.remaining[side]) + this.marginMs;
  }

  goParams(side: Side): GoClockParams {
    const per = this.tc.movesPerSession;
    return {
      wtime: Math.max(0, Math.round(this.remaining.white)),
      btime: Math.max(0, Math.round(this.remaining.black)),
      winc: this.tc.incrementMs,
      binc: this.tc.incrementMs,
      movestogo: per === undefined ? undefined : per - (this.movesMade[side] % per),
    };
  }

  /** Charges a move's thinking time to `side`, adds increment and session time; reports a flag fall. */
  charge(side: Side, elapsedMs: number): TurnResult {
    const flagged = elapsedMs > this.remaining[side] + this.marginMs;
    // Within the margin the clock runs to zero, never below: the next move starts from the increment alone.
    this.remaining[side] = Math.max(0, this.remaining[side] - elapsedMs) + this.tc.incrementMs;
    this.movesMade[side] += 1;
    const per = this.tc.movesPerSession;
    if (per !== undefined && this.movesMade[side] % per === 0) this.remaining[side] += this.tc.baseMs;
    return { elapsedMs, flagged };
  }
}

/** Wall-clock stopwatch on the monotonic `performance.now()`. */
export class Stopwatch {
  private readonly startedAt = performance.now();
  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }
}
