// The time budget (assembly/timeman.ts) on its own: the module is compiled alone with asc and its initTime driven
// directly, so the numbers are the budget function's, not a timed search's (no wall clock in these tests).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';
import { beforeAll, describe, expect, it } from 'vitest';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'assembly', 'timeman.ts');

interface TimeMan {
  initTime(movetimeMs: number, timeMs: number, incMs: number, movestogo: number, side: number): void;
  softLimit: WebAssembly.Global;
  hardLimit: WebAssembly.Global;
  timeLimited: WebAssembly.Global;
}

/** The after-iteration rule and the falling-score memory, for the tests that call them. */
interface TimeManRules extends TimeMan {
  timeUp(elapsed: number, share: number, instability: number, changes: number, stable: number, score: number): number;
  rememberScore(score: number): void;
  forgetPreviousScore(): void;
}

let timeman: TimeMan;

beforeAll(async () => {
  const { binary, stderr, error } = await asc.compileString(
    // with the search parameters it reads (timeMovesLeft)
    {
      'timeman.ts': await readFile(source, 'utf8'),
      'search-params.ts': await readFile(path.join(path.dirname(source), 'search-params.ts'), 'utf8'),
    },
    { runtime: 'stub', optimizeLevel: 0, debug: true },
  );
  if (error || !binary) throw new Error(`asc failed: ${error?.message ?? ''}\n${stderr.toString()}`);
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(new Uint8Array(binary)), {
    env: { abort: () => undefined },
  });
  timeman = instance.exports as unknown as TimeMan;
});

/** The budget for a clock of `time` ms with `inc` ms increment: [soft, hard]. */
function budget(time: number, inc: number, movestogo = 0, side = 0): [number, number] {
  timeman.initTime(-1, time, inc, movestogo, side);
  expect(timeman.timeLimited.value).toBe(1);
  return [timeman.softLimit.value as number, timeman.hardLimit.value as number];
}

/**
 * Plays `moves` moves on a clock of `base` + `inc` ms as a UCI front end would: `overhead` ms of real latency per
 * move (what is left after the front end took off its own measured latency), taken off the clock and the increment; each move spends 1.2 × the soft limit
 * (at most the hard limit) plus the overhead. Returns the soft limits and the lowest clock reached.
 */
function playGame(base: number, inc: number, overhead: number, moves: number): { soft: number[]; lowest: number } {
  let clock = base;
  let lowest = base;
  const soft: number[] = [];
  for (let i = 0; i < moves; i++) {
    const [s, h] = budget(Math.max(0, clock - overhead), Math.max(0, inc - overhead));
    soft.push(s);
    clock -= Math.min(h, 1.2 * s) + overhead;
    lowest = Math.min(lowest, clock);
    clock += inc;
  }
  return { soft, lowest };
}

describe('time budget', () => {
  it('gives a 2 s sudden-death clock real time (it used to be 1 ms)', () => {
    const [soft, hard] = budget(2000, 0);
    expect(soft).toBeGreaterThanOrEqual(25);
    expect(soft).toBeLessThanOrEqual(80);
    expect(hard).toBeGreaterThanOrEqual(soft);
    expect(hard).toBeLessThanOrEqual(1000);
  });

  it('1+0: about 1/50 of the clock, never more than half of it', () => {
    const [soft, hard] = budget(1000, 0);
    expect(soft).toBeGreaterThanOrEqual(12);
    expect(soft).toBeLessThanOrEqual(40);
    expect(hard).toBeLessThanOrEqual(500);
  });

  it('3+0 and 10+0.1: the first move gets a sensible share', () => {
    const [soft3] = budget(3000, 0);
    expect(soft3).toBeGreaterThanOrEqual(40);
    expect(soft3).toBeLessThanOrEqual(120);
    const [soft10, hard10] = budget(10_000, 100);
    expect(soft10).toBeGreaterThanOrEqual(200);
    expect(soft10).toBeLessThanOrEqual(800); // at most 8% of the clock on the first move
    expect(hard10).toBeLessThanOrEqual(5000);
  });

  it('1+0.01: the increment adds to the budget, a low clock is not spent below the increment', () => {
    const [withInc] = budget(1000, 10);
    const [without] = budget(1000, 0);
    expect(withInc).toBeGreaterThan(without);
    const [low] = budget(50, 10);
    expect(low).toBeLessThanOrEqual(20);
  });

  const games = [
    ['1+0', 1000, 0, 1],
    ['3+0', 3000, 0, 2],
    ['1+0.01', 1000, 10, 5],
    ['10+0.1', 10_000, 100, 10],
  ] as const;
  for (const [name, base, inc, latency] of games) {
    it(`${name}: a 150-move game with ${latency} ms real latency per move never runs out, the first 40 moves are not instant`, () => {
      const { soft, lowest } = playGame(base, inc, latency, 150);
      expect(lowest).toBeGreaterThan(0);
      expect(Math.min(...soft.slice(0, 40))).toBeGreaterThanOrEqual(base / 200);
    });
  }

  it('5+0.05: the plan spends the clock (the old plan/50 settled with 2–2.5 s unused), and never runs out', () => {
    // spending 0.8 × the optimum a move, as the iteration rule does on average
    let clock = 5000;
    let lowest = clock;
    for (let move = 0; move < 80; move++) {
      const [soft, hard] = budget(clock, 50);
      clock -= Math.min(hard, 0.8 * soft);
      lowest = Math.min(lowest, clock);
      clock += 50;
    }
    expect(lowest).toBeGreaterThan(0);
    expect(clock).toBeLessThan(1000);
    expect(clock).toBeGreaterThan(200);
    const [first] = budget(5000, 50);
    expect(first).toBeGreaterThanOrEqual(200);
  });

  it('after an iteration: a stable best move stops sooner, an unstable one and a falling score later', () => {
    const t = timeman as unknown as TimeManRules;
    const [optimum] = budget(5000, 50); // the times below are shares of it, whatever the planning defaults
    t.forgetPreviousScore();
    const share = 0.55;
    /** `x` × the soft limit of a steady search (optimum × share). */
    const at = (x: number) => x * optimum * share;
    // past 0.65 of it when stable for 8 iterations, short of it when stable for two
    expect(t.timeUp(at(0.8), share, 0.35, 0, 8, 0)).toBe(1);
    expect(t.timeUp(at(0.8), share, 0.35, 0, 2, 0)).toBe(0);
    // past it with a steady move, short of it with two best-move changes (× 1.7)
    expect(t.timeUp(at(1.2), share, 0.35, 0, 2, 0)).toBe(1);
    expect(t.timeUp(at(1.2), share, 0.35, 2, 0, 0)).toBe(0);
    // a score 40 cp below the previous move's buys 1.4×; a mate score does not count as falling
    t.rememberScore(40);
    expect(t.timeUp(at(1.2), share, 0.35, 0, 2, 0)).toBe(0);
    expect(t.timeUp(at(1.2), share, 0.35, 0, 2, -31000)).toBe(1);
  });

  it("the falling-score rule compares with the same side's last clock search only", () => {
    const t = timeman as unknown as TimeManRules;
    const share = 0.55;
    const [optimum] = budget(5000, 50);
    const steadyLimit = optimum * share; // the soft limit of a steady search; 1.2× it is past it unless bought
    t.forgetPreviousScore();
    budget(5000, 50, 0, 0); // White's clock search: +40
    t.rememberScore(40);
    budget(5000, 50, 0, 1); // Black's clock search (the other engine's side, or a hint): −300 for Black
    t.rememberScore(-300);
    // White again at 0: 40 cp below White's own last score buys time; Black's −300 is not compared with
    budget(5000, 50, 0, 0);
    expect(t.timeUp(1.2 * steadyLimit, share, 0.35, 0, 2, 0)).toBe(0);
    // a movetime search or an analysis (no clock) remembers nothing for the next clock search
    t.forgetPreviousScore();
    timeman.initTime(300, -1, -1, 0, 0);
    t.rememberScore(200);
    timeman.initTime(-1, -1, -1, 0, 0);
    t.rememberScore(200);
    budget(5000, 50, 0, 0);
    expect(t.timeUp(1.2 * steadyLimit, share, 0.35, 0, 2, 0)).toBe(1);
  });

  it('movestogo 1 may use most of the clock; movetime is kept to', () => {
    const [soft, hard] = budget(1000, 0, 1);
    expect(soft).toBeGreaterThan(500);
    expect(hard).toBeLessThan(1000);
    timeman.initTime(300, -1, -1, 0, 0);
    expect(timeman.hardLimit.value).toBeLessThanOrEqual(300);
    expect(timeman.hardLimit.value).toBeGreaterThanOrEqual(250);
  });

  it('no clock: not time-limited', () => {
    timeman.initTime(-1, -1, -1, 0, 0);
    expect(timeman.timeLimited.value).toBe(0);
  });
});
