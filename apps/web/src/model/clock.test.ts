import { describe, expect, it } from 'vitest';
import { ChessClock, TIME_CONTROL_PRESETS, formatClock, parseTimeControl, pgnTimeControl } from './clock.js';

function fakeTime() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ChessClock (injected time source)', () => {
  it('runs only the side to move, adds the increment to the mover and flags at zero', () => {
    const time = fakeTime();
    const clock = new ChessClock({ initialMs: 60_000, incrementMs: 2000 }, time.now);
    expect(clock.running).toBeUndefined();
    clock.start('white');
    time.advance(5000);
    expect(clock.times()).toEqual({ white: 55_000, black: 60_000 });
    clock.press('white');
    expect(clock.running).toBe('black');
    time.advance(1000);
    expect(clock.times()).toEqual({ white: 57_000, black: 59_000 });
    expect(clock.msUntilFlag()).toBe(59_000);
    time.advance(59_000);
    expect(clock.flagged()).toBe('black');
    expect(clock.remaining('black')).toBe(0);
  });

  it('pauses and keeps the time; set() puts back a position’s times paused', () => {
    const time = fakeTime();
    const clock = new ChessClock({ initialMs: 10_000, incrementMs: 0 }, time.now);
    clock.start('black');
    time.advance(3000);
    clock.pause();
    time.advance(50_000);
    expect(clock.times()).toEqual({ white: 10_000, black: 7000 });
    expect(clock.msUntilFlag()).toBeUndefined();
    clock.set({ white: 4000, black: 8000 });
    expect(clock.running).toBeUndefined();
    expect(clock.remaining('white')).toBe(4000);
  });

  it('no increment for a side whose flag has fallen', () => {
    const time = fakeTime();
    const clock = new ChessClock({ initialMs: 1000, incrementMs: 5000 }, time.now);
    clock.start('white');
    time.advance(2000);
    clock.press('white');
    expect(clock.remaining('white')).toBe(0);
  });
});

describe('time controls', () => {
  it('presets are minutes + increment seconds, in PGN form', () => {
    expect(TIME_CONTROL_PRESETS.map(pgnTimeControl)).toEqual(['60+0', '180+2', '300+3', '600+5', '900+10']);
  });
  it('custom input is checked with a code and a message', () => {
    expect(parseTimeControl('2.5', '1')).toEqual({ ok: true, value: { initialMs: 150_000, incrementMs: 1000 } });
    const minutes = parseTimeControl('abc', '0');
    expect(!minutes.ok && minutes.error.code).toBe('ERR_TIME_MINUTES');
    expect(!minutes.ok && minutes.error.message).toContain('"abc"');
    expect(!parseTimeControl('0', '0').ok).toBe(true);
    const inc = parseTimeControl('5', '1.5');
    expect(!inc.ok && inc.error.code).toBe('ERR_TIME_INCREMENT');
    expect(parseTimeControl('5', '').ok).toBe(true);
  });
  it('the face: mm:ss, tenths under 10 s, hours from an hour', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(61_999)).toBe('1:01');
    expect(formatClock(10_000)).toBe('0:10');
    expect(formatClock(9_999)).toBe('0:09.9');
    expect(formatClock(420)).toBe('0:00.4');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});
