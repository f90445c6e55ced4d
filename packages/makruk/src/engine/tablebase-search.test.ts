import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Position } from '../rules/position.js';
import { makeUci } from '../rules/uci.js';
import { Engine } from './engine.js';
import { Tablebase } from './tablebase.js';
import { mayGenerateTable, tablebaseAnswer, tablebaseCandidate, tablesLoader } from './tablebase-search.js';
import { emptyWorkerLimits } from './worker-protocol.js';

const realWorker = new URL('../../dist/engine/worker.js', import.meta.url);
if (!existsSync(realWorker)) throw new Error('build @makruk/makruk first (dist/engine/worker.js is missing)');

const position = (fen: string): Position => {
  const parsed = Position.fromFen(fen);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

const ROOK_WIN = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
const ROOK_DEFENCE = '8/8/8/4k3/8/8/8/R3K3 b - 32 4 1'; // 4 + 28 plies to mate: just in time
const COUNT_DRAW = '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1'; // issue 21: a mate exists, but not within the count

describe('tablebaseCandidate', () => {
  it('takes a king and one or two pieces against a bare king, and nothing else', () => {
    expect(tablebaseCandidate(position(ROOK_WIN))).toBe(true);
    expect(tablebaseCandidate(position(COUNT_DRAW))).toBe(true);
    expect(tablebaseCandidate(position('8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1'))).toBe(false); // a pawn
    expect(tablebaseCandidate(position('8/8/8/4k3/8/8/8/RNS1K3 w - - 0 1'))).toBe(false); // five men
    expect(tablebaseCandidate(position('8/8/8/4k3/8/8/8/R3K2r w - - 0 1'))).toBe(false); // both sides
    expect(tablebaseCandidate(position('8/8/8/4k3/8/8/8/4K3 w - - 0 1'))).toBe(false); // kings only
  });
});

describe('tablesLoader', () => {
  it('makes the tables once; a failed start gives undefined and the next call tries again', async () => {
    let calls = 0;
    const made = await Tablebase.create();
    const load = tablesLoader(async () => {
      calls++;
      if (calls === 1) throw new Error('the chunk could not be fetched');
      return made;
    });
    expect(await load()).toBeUndefined();
    expect(await load()).toBe(made);
    expect(await load()).toBe(made);
    expect(calls).toBe(2);
  });
});

describe('mayGenerateTable', () => {
  it('waits for a table with no clock or plenty of time, never for a quick answer or a short clock', () => {
    const none = emptyWorkerLimits();
    expect(mayGenerateTable({ ...none, infinite: true }, 'white')).toBe(true);
    expect(mayGenerateTable({ ...none, depth: 12 }, 'white')).toBe(true);
    expect(mayGenerateTable({ ...none, depth: 1 }, 'white')).toBe(false);
    expect(mayGenerateTable({ ...none, movetime: 100 }, 'white')).toBe(false);
    expect(mayGenerateTable({ ...none, movetime: 20_000 }, 'white')).toBe(true);
    expect(mayGenerateTable({ ...none, wtime: 5_000, btime: 600_000 }, 'white')).toBe(false);
    expect(mayGenerateTable({ ...none, wtime: 5_000, btime: 600_000 }, 'black')).toBe(true);
  });
});

describe('tablebaseAnswer', () => {
  let tables: Tablebase;
  beforeAll(async () => {
    tables = await Tablebase.create();
  });

  it('K+R v K: mate N as the tables say, and the PV mates in exactly 2N − 1 plies', () => {
    const start = position(ROOK_WIN);
    const probed = tables.probe(start);
    if (!probed.ok) throw probed.error;
    const answer = tablebaseAnswer(tables, start, 1, performance.now());
    if (!answer) throw new Error('no answer');
    const [info] = answer.infos;
    expect(info).toMatchObject({ scoreKind: 'mate', score: probed.value.mate, multiPv: 1 });
    const mate = probed.value.mate ?? 0;
    expect(info?.pv).toHaveLength(2 * mate - 1);
    let current = start;
    for (const uci of info?.pv ?? []) {
      const move = current.findMove(uci);
      if (!move.ok) throw move.error;
      current = current.play(move.value);
    }
    expect(current.isCheckmate()).toBe(true);
    expect(answer.bestMove).toBe(info?.pv[0]);
    expect(answer.ponder).toBe(info?.pv[1]);
  });

  it('the bare king resists longest: a negative mate, the slowest of its moves', () => {
    const start = position(ROOK_DEFENCE);
    const probed = tables.probe(start);
    if (!probed.ok) throw probed.error;
    const answer = tablebaseAnswer(tables, start, 1, performance.now());
    expect(answer?.infos[0]).toMatchObject({ scoreKind: 'mate', score: probed.value.mate });
    expect(probed.value.mate ?? 0).toBeLessThan(0);
    const slowest = Math.max(...probed.value.moves.map((entry) => entry.matePlies ?? 0));
    const chosen = probed.value.moves.find((entry) => makeUci(entry.move) === answer?.bestMove);
    expect(chosen?.matePlies).toBe(slowest);
  });

  it('a count draw scores 0, though a mate exists', () => {
    const answer = tablebaseAnswer(tables, position(COUNT_DRAW), 1, performance.now());
    expect(answer?.infos[0]).toMatchObject({ scoreKind: 'cp', score: 0 });
  });

  it('MultiPV gives one line per move, best first: wins by their speed, then draws', () => {
    const start = position(ROOK_WIN);
    const answer = tablebaseAnswer(tables, start, 500, performance.now());
    if (!answer) throw new Error('no answer');
    expect(answer.infos).toHaveLength(start.legalMoves().length);
    expect(new Set(answer.infos.map((info) => info.pv[0])).size).toBe(answer.infos.length);
    const value = (info: (typeof answer.infos)[number]): number =>
      info.scoreKind === 'mate' ? (info.score > 0 ? 1000 - info.score : -1000 - info.score) : 0;
    const values = answer.infos.map(value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(answer.infos.map((info) => info.multiPv)).toEqual(answer.infos.map((_, index) => index + 1));
  });

  it('no table, no answer: the engine searches; nor for a game the count has ended', () => {
    expect(tablebaseAnswer(tables, position('8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1'), 1, 0)).toBeUndefined();
    expect(tablebaseAnswer(tables, position('k7/8/1K6/8/8/8/8/7R w - 16 17 40'), 1, 0)).toBeUndefined();
  });

  it('a mate that lands one ply past the limit wins (the count draws only a side not checkmated); two past, not', () => {
    // count 16 of 16: Rh8# makes it 17, and Black is checkmated (Position.outcome and Fairy-Stockfish: mate 1)
    const last = tables.probe(position('k7/8/1K6/8/8/8/8/7R w - 16 16 40'));
    const inTime = tables.probe(position('k7/8/1K6/8/8/8/8/7R w - 16 15 40'));
    const mated = tables.probe(position('k6R/8/1K6/8/8/8/8/8 b - 16 17 40'));
    if (!last.ok || !inTime.ok || !mated.ok) throw new Error('probe failed');
    const mateIn1 = { result: 'win', mate: 1 };
    expect(last.value).toMatchObject({ result: 'win', mate: 1, fitsCount: true });
    expect(last.value.moves.find((entry) => makeUci(entry.move) === 'h1h8')).toMatchObject(mateIn1);
    expect(inTime.value.moves.find((entry) => makeUci(entry.move) === 'h1h8')).toMatchObject(mateIn1);
    expect(mated.value).toMatchObject({ result: 'loss', mate: 0 });
    expect(Object.is(mated.value.mate, -0)).toBe(false);
    // Black to move at 16 of 16 in a mate in 1 (2 plies): the mate would land at 18, so the count draws first
    const tooLate = tables.probe(position('k7/2K5/8/8/8/8/8/7R b - 16 16 40'));
    if (!tooLate.ok) throw tooLate.error;
    expect(tooLate.value.result).toBe('draw');
  });
});

// Issue 18: the page stops its analysis on every step through a game; a worker making a table is not cut off then
// (that would throw the table away and restart the worker at each step), it answers from the table once made.
describe('a stop while the worker makes a table', () => {
  for (const sharedStop of [true, false]) {
    it(`waits for the table and answers from it; the next position of the ending is at once (sharedStop ${sharedStop})`, async () => {
      const engine = await Engine.start({ workerUrl: realWorker, sharedStop });
      try {
        const tables = await Tablebase.create();
        // K+S+M v K: the largest tables (a khon), about 2–5 s to make; a win (mate 40 as the count will allow)
        const first = position('5K2/S7/8/7M/8/8/8/7k w - - 0 1');
        const run = engine.analyse(first); // no limit: until stopped, as the page analyses
        setTimeout(() => run.stop(), 50);
        const result = await run.result;
        const probed = tables.probe(first);
        if (!probed.ok) throw probed.error;
        expect(result.score).toEqual(
          probed.value.mate === undefined || !probed.value.fitsCount ? { cp: 0 } : { mate: probed.value.mate },
        );
        // the same worker kept the table: a depth-limited search of another position of it answers from it
        const second = position('4SK2/8/2M5/k7/8/8/8/8 b - - 0 1'); // Black mated in 40
        const again = tables.probe(second);
        if (!again.ok) throw again.error;
        const next = await engine.analyse(second, { depth: 1 }).result;
        expect(next.score).toEqual(
          again.value.mate === undefined || !again.value.fitsCount ? { cp: 0 } : { mate: again.value.mate },
        );
      } finally {
        await engine.quit();
      }
    }, 60_000);
  }
});

describe('the engine answers from the tables at the root', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.start({ workerUrl: realWorker });
  });
  afterAll(async () => {
    await engine.quit();
  });

  it("plays the tables' fastest mate and reports it, PV included", async () => {
    const tables = await Tablebase.create();
    const start = position(ROOK_WIN);
    const probed = tables.probe(start);
    if (!probed.ok) throw probed.error;
    const result = await engine.analyse(start, { depth: 4 }).result;
    expect(result.score).toEqual({ mate: probed.value.mate });
    expect(result.pv).toHaveLength(2 * (probed.value.mate ?? 0) - 1);
    if (!result.bestMove) throw new Error('no move');
    const after = tables.probe(start.play(result.bestMove));
    expect(after.ok && after.value.matePlies).toBe((probed.value.matePlies ?? 0) - 1);
  });

  it('never plays for a mate the count does not allow: a count draw scores 0', async () => {
    const result = await engine.analyse(position(COUNT_DRAW), { depth: 6 }).result;
    expect(result.score).toEqual({ cp: 0 });
  });

  it('a weaker skill searches by itself', async () => {
    await engine.setOption({ skill: 5 });
    try {
      const result = await engine.analyse(position(ROOK_WIN), { depth: 3 }).result;
      expect(result.depth).toBeLessThanOrEqual(3);
      expect(result.nodes).toBeGreaterThan(10);
    } finally {
      await engine.setOption({ skill: 20 });
    }
  });
});
