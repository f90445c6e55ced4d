// Chess clocks for a game against the computer: a time control (minutes + increment, as pychess and lichess offer
// them), two remaining times and the side whose clock runs. Pure: the time source is injected (`now`, in ms), so tests
// drive it by hand; the opponent controller presses the clock and the views only read it.
import type { Color } from '@makruk/makruk';

export interface TimeControl {
  /** Each side's time at the start, in ms. */
  readonly initialMs: number;
  /** Added to the mover's clock after each of its moves, in ms. */
  readonly incrementMs: number;
}

/** The time controls offered, minutes + increment seconds (1+0 … 15+10). */
export const TIME_CONTROL_PRESETS: readonly TimeControl[] = [
  [1, 0],
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
].map(([minutes, seconds]) => ({ initialMs: (minutes as number) * 60_000, incrementMs: (seconds as number) * 1000 }));

/** The custom time control's bounds: minutes 0.25 … 180, increment 0 … 60 s. */
export const CUSTOM_LIMITS = { minMinutes: 0.25, maxMinutes: 180, maxIncrement: 60 } as const;

export type TimeControlErrorCode = 'ERR_TIME_MINUTES' | 'ERR_TIME_INCREMENT';

export class TimeControlError extends Error {
  readonly code: TimeControlErrorCode;
  constructor(code: TimeControlErrorCode, message: string) {
    super(message);
    this.name = 'TimeControlError';
    this.code = code;
  }
}

/** A custom time control from the fields' text: minutes (decimals allowed) and whole increment seconds. */
export function parseTimeControl(
  minutes: string,
  increment: string,
): { ok: true; value: TimeControl } | { ok: false; error: TimeControlError } {
  const m = Number(minutes.trim().replace(',', '.'));
  if (minutes.trim() === '' || !Number.isFinite(m) || m < CUSTOM_LIMITS.minMinutes || m > CUSTOM_LIMITS.maxMinutes) {
    return {
      ok: false,
      error: new TimeControlError(
        'ERR_TIME_MINUTES',
        `Minutes must be a number from ${CUSTOM_LIMITS.minMinutes} to ${CUSTOM_LIMITS.maxMinutes}; got "${minutes}".`,
      ),
    };
  }
  const i = Number(increment.trim() === '' ? '0' : increment.trim());
  if (!Number.isInteger(i) || i < 0 || i > CUSTOM_LIMITS.maxIncrement) {
    return {
      ok: false,
      error: new TimeControlError(
        'ERR_TIME_INCREMENT',
        `The increment must be whole seconds from 0 to ${CUSTOM_LIMITS.maxIncrement}; got "${increment}".`,
      ),
    };
  }
  return { ok: true, value: { initialMs: Math.round(m * 60_000), incrementMs: i * 1000 } };
}

/** PGN's TimeControl tag: seconds + increment seconds ("300+3"). */
export function pgnTimeControl(control: TimeControl): string {
  return `${Math.round(control.initialMs / 1000)}+${Math.round(control.incrementMs / 1000)}`;
}

/** "5+3", "0.5+0" as players name a time control. */
export function timeControlName(control: TimeControl): string {
  return `${control.initialMs / 60_000}+${control.incrementMs / 1000}`;
}

/** A clock's face: mm:ss, with tenths under 10 s (0:09.4); h:mm:ss from an hour. */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const s = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes >= 60) return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}`;
  return `${minutes}:${s}`;
}

/** Both clocks as stored with the game (and per position, for takebacks). */
export interface ClockTimes {
  white: number;
  black: number;
}

export class ChessClock {
  readonly control: TimeControl;
  readonly #now: () => number;
  #times: ClockTimes;
  /** The side whose clock runs, and since when (`now()`). */
  #running: { color: Color; since: number } | undefined;

  constructor(control: TimeControl, now: () => number, times?: ClockTimes) {
    this.control = control;
    this.#now = now;
    this.#times = times ? { ...times } : { white: control.initialMs, black: control.initialMs };
  }

  /** The side whose clock runs, if one does. */
  get running(): Color | undefined {
    return this.#running?.color;
  }

  /** `color`'s time left now, in ms (never below 0). */
  remaining(color: Color): number {
    const base = this.#times[color];
    const run = this.#running;
    return Math.max(0, run?.color === color ? base - (this.#now() - run.since) : base);
  }

  /** Both times left now. */
  times(): ClockTimes {
    return { white: this.remaining('white'), black: this.remaining('black') };
  }

  /** The side whose time has run out, if one has. */
  flagged(): Color | undefined {
    if (this.remaining('white') <= 0) return 'white';
    if (this.remaining('black') <= 0) return 'black';
    return undefined;
  }

  /** Ms until the running side's flag falls (undefined when no clock runs). */
  msUntilFlag(): number | undefined {
    return this.#running ? this.remaining(this.#running.color) : undefined;
  }

  /** Starts `color`'s clock (the other one stops). */
  start(color: Color): void {
    this.pause();
    this.#running = { color, since: this.#now() };
  }

  /** Stops the running clock, keeping the time it has left. */
  pause(): void {
    const run = this.#running;
    if (!run) return;
    this.#times[run.color] = this.remaining(run.color);
    this.#running = undefined;
  }

  /** `mover` has moved: its clock stops and gets the increment; the other side's starts. */
  press(mover: Color): void {
    this.pause();
    if (this.#times[mover] > 0) this.#times[mover] += this.control.incrementMs;
    this.start(mover === 'white' ? 'black' : 'white');
  }

  /** Sets both times (a takeback goes back to the times of that position); the clocks are paused. */
  set(times: ClockTimes): void {
    this.#running = undefined;
    this.#times = { ...times };
  }
}
