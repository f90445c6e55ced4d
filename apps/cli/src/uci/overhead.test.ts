import { describe, expect, it } from 'vitest';
import { engineClock, INITIAL_OVERHEAD_MS, MoveOverhead } from './overhead.js';

describe('move overhead', () => {
  it('starts from a small guess, then follows what was measured, spikes included', () => {
    const overhead = new MoveOverhead();
    expect(overhead.measuredMs).toBe(INITIAL_OVERHEAD_MS);
    for (let i = 0; i < 16; i++) overhead.record(32, 30);
    expect(overhead.measuredMs).toBe(2);
    overhead.record(60, 30); // one slow move
    expect(overhead.measuredMs).toBeGreaterThan(2);
    expect(overhead.measuredMs).toBeLessThan(30);
    for (let i = 0; i < 16; i++) overhead.record(40, 0);
    expect(overhead.measuredMs).toBe(40); // the window moved on
  });

  it('ignores nonsense and caps a stall', () => {
    const overhead = new MoveOverhead();
    overhead.record(Number.NaN, 3);
    expect(overhead.measuredMs).toBe(INITIAL_OVERHEAD_MS);
    overhead.record(10, 50); // search time reported above the wall time: no negative overhead
    expect(overhead.measuredMs).toBe(0);
    const stalled = new MoveOverhead();
    stalled.record(1e9, 0);
    expect(stalled.measuredMs).toBe(1000);
  });

  it('keeps back the overhead of the moves to come, never more than half the clock', () => {
    expect(engineClock(2000, 0, 10)).toEqual({ time: 1490, inc: 0 }); // 1990 − 50 × 10
    expect(engineClock(1000, 0, 15)).toEqual({ time: 492, inc: 0 }); // half of 985 (the reserve is capped)
    expect(engineClock(10_000, 100, 12)).toEqual({ time: 9388, inc: 88 });
    expect(engineClock(1000, 10, 15)).toMatchObject({ inc: 0 }); // the increment does not cover the overhead
    expect(engineClock(5, 0, 10)).toEqual({ time: 0, inc: 0 });
  });
});
