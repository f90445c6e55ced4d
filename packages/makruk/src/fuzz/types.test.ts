// Plain JavaScript callers can pass anything: every public function and method, called with wrongly typed
// arguments, must return normally or fail with a MakrukError (returned or thrown) — never a TypeError or RangeError.
import { describe, expect, it } from 'vitest';
import * as api from '../index.js';
import { Board, Engine, Game, GameTree, MakrukError, Position } from '../index.js';

const HUGE = 'N'.repeat(100_000);
/** Wrong values: no positive whole numbers (perft(pos, 42) is a valid, endless request, not a wrong type). */
const BAD: readonly unknown[] = [
  null,
  undefined,
  Number.NaN,
  -1,
  1.5,
  Number.POSITIVE_INFINITY,
  true,
  '',
  'junk',
  '\u0000',
  HUGE,
  {},
  [],
  [null],
  { from: 'e3' },
  { from: 'e3', to: 'z9' },
  () => 1,
  new Map(),
  10n,
  Symbol('bad'),
];

/** Call shapes: the wrong value in every position, after good leading arguments where the first is a position. */
function argumentLists(bad: unknown): unknown[][] {
  const start = Position.initial();
  return [
    [bad],
    [bad, bad],
    [bad, bad, bad],
    [start, bad],
    [start, bad, bad],
    [start, { from: 'e3', to: 'e4' }, bad],
    [new Game(), bad],
    ['e3e4', bad],
  ];
}

function isAllowed(error: unknown): boolean {
  return (
    error instanceof MakrukError &&
    /^ERR_[A-Z_]+$/.test(error.code) &&
    error.message.length > 0 &&
    error.message.length < 400
  );
}

async function outcomeOf(call: () => unknown): Promise<string | undefined> {
  try {
    let value = call();
    if (value instanceof Promise) value = await value;
    if (value instanceof Engine) await value.quit();
    const error =
      (value as { ok?: boolean; error?: unknown } | null)?.ok === false
        ? (value as { error: unknown }).error
        : undefined;
    if (error !== undefined && !isAllowed(error)) return `returned a bad error ${String(error)}`;
    return undefined;
  } catch (error) {
    return isAllowed(error)
      ? undefined
      : `threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 120)}` : String(error)}`;
  }
}

/** The first failure of each function (one line per function keeps the report readable). */
async function check(label: string, fn: (...args: unknown[]) => unknown, self?: () => unknown): Promise<string[]> {
  const failures: string[] = [];
  for (const bad of BAD) {
    for (const args of argumentLists(bad)) {
      const result = await outcomeOf(() => fn.apply(self ? self() : undefined, args));
      if (result && failures.length === 0)
        failures.push(
          `${label}(${args.map((arg) => (arg === HUGE ? 'HUGE' : typeof arg === 'object' && arg !== null ? (arg.constructor?.name ?? 'object') : typeof arg === 'bigint' ? `${arg}n` : (JSON.stringify(arg) ?? String(arg)))).join(', ')}) ${result}`,
        );
    }
  }
  return failures;
}

function methodsOf(prototype: object): string[] {
  return Object.getOwnPropertyNames(prototype).filter((name) => {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    return name !== 'constructor' && typeof descriptor?.value === 'function';
  });
}

describe('wrongly typed arguments give MakrukErrors, never TypeErrors', () => {
  it('every exported function', async () => {
    const failures: string[] = [];
    for (const [name, value] of Object.entries(api)) {
      // classes below; ok and err wrap any value into a Result by design
      if (typeof value !== 'function' || /^[A-Z]/.test(name) || name === 'ok' || name === 'err') continue;
      failures.push(...(await check(name, value as (...args: unknown[]) => unknown)));
    }
    expect(failures).toEqual([]);
  });

  it('static methods of Position, Game, GameTree, Board and Engine', async () => {
    const failures: string[] = [];
    for (const [name, cls] of Object.entries({ Position, Game, GameTree, Board, Engine })) {
      for (const method of methodsOf(cls)) {
        if (['length', 'name', 'prototype'].includes(method)) continue;
        failures.push(
          ...(await check(
            `${name}.${method}`,
            (cls as unknown as Record<string, (...args: unknown[]) => unknown>)[method] as (
              ...args: unknown[]
            ) => unknown,
            () => cls,
          )),
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('methods of a Position, a Game, a Board and a GameTree', async () => {
    const failures: string[] = [];
    const subjects: Array<[string, () => object]> = [
      ['position', () => Position.initial()],
      ['game', () => new Game()],
      ['board', () => Position.initial().board],
      ['tree', () => new GameTree()],
    ];
    for (const [label, make] of subjects) {
      for (const method of methodsOf(Object.getPrototypeOf(make()))) {
        if (label === 'position' && method === 'perft') continue; // depth checked below: whole numbers are valid
        const fn = (make() as Record<string, (...args: unknown[]) => unknown>)[method] as (
          ...args: unknown[]
        ) => unknown;
        failures.push(...(await check(`${label}.${method}`, fn, make)));
      }
    }
    expect(failures).toEqual([]);
  });

  it('the calls the issue names', () => {
    const start = Position.initial();
    const san = api.parseSan(null as unknown as Position, 'e4');
    expect(!san.ok && san.error.code).toBe('ERR_ARGUMENT');
    const fen = api.parseFen(42 as unknown as string);
    expect(!fen.ok && fen.error).toBeInstanceOf(MakrukError);
    expect(api.parseUci(undefined as unknown as string)).toBeUndefined();
    const played = new Game().play({} as unknown as string);
    expect(!played.ok && played.error).toBeInstanceOf(MakrukError);
    const pgn = api.parsePgn(null as unknown as string);
    expect(!pgn.ok && pgn.error.code).toBe('ERR_PGN_INPUT');
    expect(() => start.perft(Number.NaN)).toThrow(MakrukError);
  });

  it('the wrong types and silent garbage issue 21 names give ERR_ARGUMENT', () => {
    const code = (call: () => unknown): string => {
      try {
        return `returned ${String(call())}`;
      } catch (error) {
        return error instanceof MakrukError ? error.code : `threw ${String(error)}`;
      }
    };
    const calls: Record<string, () => unknown> = {
      "fileOf('x')": () => api.fileOf('x' as unknown as number),
      'rankOf(1e9)': () => api.rankOf(1e9),
      'isDarkSquare(null)': () => api.isDarkSquare(null as unknown as number),
      'fileOf(10n)': () => api.fileOf(10n as unknown as number),
      "mulberry32(Symbol('s'))": () => api.mulberry32(Symbol('s') as unknown as number),
      'eloFromSkill(10n)': () => api.eloFromSkill(10n as unknown as number),
      "skillFromElo(Symbol('s'))": () => api.skillFromElo(Symbol('s') as unknown as number),
      "skillOf('nonsense')": () => api.skillOf('nonsense' as unknown as 'full'),
      'new Board(-1)': () => new Board(-1 as unknown as Int8Array),
      'evaluate(null)': () => api.evaluate(null as unknown as Position),
      'new GameTree(null)': () => new GameTree(null as unknown as Position),
    };
    for (const [label, call] of Object.entries(calls)) expect(code(call), label).toBe('ERR_ARGUMENT');
    expect(code(() => Position.initial().perft(Symbol('s') as unknown as number))).toBe('ERR_PERFT_DEPTH');
    // past the one depth limit (20, as the wasm perft and the CLI): refused at once, not counted for ever
    expect(code(() => Position.initial().perft(api.MAX_PERFT_DEPTH + 1))).toBe('ERR_PERFT_DEPTH');
    expect(() => Position.initial().perft(21)).toThrow('Perft depth 21 is not a whole number from 0 to 20.');
    // the right values still work
    expect([api.fileOf(63), api.rankOf(63), api.isDarkSquare(0), api.skillOf('casual') >= 0]).toEqual([
      7,
      7,
      true,
      true,
    ]);
  });
});
