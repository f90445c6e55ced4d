import { describe, expect, it } from 'vitest';
import { formatMoveLimit, formatTimeControl, GameClock, parseTimeControl, Stopwatch } from './clock.js';
import { MatchError } from './errors.js';

describe('parseTimeControl', () => {
  it('reads base+increment, sessions and min:sec', () => {
    expect(parseTimeControl('10+0.1')).toEqual({ movesPerSession: undefined, baseMs: 10000, incrementMs: 100 });
    expect(parseTimeControl('5+0.05')).toEqual({ movesPerSession: undefined, baseMs: 5000, incrementMs: 50 });
    expect(parseTimeControl('40/60+0.6')).toEqual({ movesPerSession: 40, baseMs: 60000, incrementMs: 600 });
    expect(parseTimeControl('40/120')).toEqual({ movesPerSession: 40, baseMs: 120000, incrementMs: 0 });
    expect(parseTimeControl('1:30+1')).toEqual({ movesPerSession: undefined, baseMs: 90000, incrementMs: 1000 });
    expect(parseTimeControl(' 0.5 ')).toEqual({ movesPerSession: undefined, baseMs: 500, incrementMs: 0 });
    expect(parseTimeControl('0+0.2')).toEqual({ movesPerSession: undefined, baseMs: 0, incrementMs: 200 });
  });

  it('formats back to the same text', () => {
    for (const text of ['10+0.1', '40/60+0.6', '40/120', '0.5', '90+1']) {
      expect(formatTimeControl(parseTimeControl(text))).toBe(text);
    }
    expect(formatMoveLimit({ kind: 'nodes', nodes: 2000 })).toBe('nodes 2000');
  });

  it('rejects bad input with ERR_TC_SYNTAX and a message naming the problem', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['abc', /base time "abc"/],
      ['10+', /increment ""/],
      ['10+0.1+2', /more than one/],
      ['0/10', /moves per session/],
      ['x/10', /moves per session/],
      ['-5+1', /base time/],
      ['0+0', /positive/],
      ['10+1s', /increment "1s"/],
    ];
    for (const [text, message] of cases) {
      let caught: unknown;
      try {
        parseTimeControl(text);
      } catch (e) {
        caught = e;
      }
      expect(caught, text).toBeInstanceOf(MatchError);
      expect((caught as MatchError).code).toBe('ERR_TC_SYNTAX');
      expect((caught as MatchError).message).toMatch(message);
    }
  });
});

describe('GameClock', () => {
  it('charges time, adds the increment and reports flag falls beyond the margin', () => {
    const clock = new GameClock(parseTimeControl('1+0.1'), 50);
    expect(clock.goParams('white')).toEqual({ wtime: 1000, btime: 1000, winc: 100, binc: 100, movestogo: undefined });
    expect(clock.charge('white', 300)).toEqual({ elapsedMs: 300, flagged: false });
    expect(clock.remainingMs('white')).toBe(800);
    expect(clock.deadlineMs('black')).toBe(1050);
    expect(clock.charge('black', 1040).flagged).toBe(false); // inside the 50 ms margin
    expect(clock.remainingMs('black')).toBe(100);
    expect(clock.charge('black', 151).flagged).toBe(true);
  });

  it('adds the base time again after each session and counts movestogo', () => {
    const clock = new GameClock(parseTimeControl('2/10'));
    expect(clock.goParams('white').movestogo).toBe(2);
    clock.charge('white', 4000);
    expect(clock.goParams('white').movestogo).toBe(1);
    clock.charge('white', 4000);
    expect(clock.remainingMs('white')).toBe(12000);
    expect(clock.goParams('white').movestogo).toBe(2);
    expect(clock.goParams('black').movestogo).toBe(2);
  });

  it('measures elapsed time monotonically', async () => {
    const watch = new Stopwatch();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watch.elapsedMs()).toBeGreaterThanOrEqual(15);
  });
});
