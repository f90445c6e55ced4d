import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine, checkEngineOptions, resolveAnalysisTarget, sanLine, type SearchInfo } from './engine.js';
import { checkSearchLimits, guardDeadlineMs, MAX_PERFT_DEPTH } from './limits.js';
import { emptyWorkerLimits } from './worker-protocol.js';
import { eloFromSkill, MAX_SKILL, skillFromElo, skillOf, STRENGTH_LEVELS } from './strength.js';
import { MAX_HASH_MB, MAX_MULTI_PV, MAX_THREADS, MIN_HASH_MB } from './options.js';
import { instantiateEngine } from '@makruk/engine';
import { MakrukError } from '../rules/errors.js';
import { Game } from '../rules/game.js';
import { Position } from '../rules/position.js';
import { makeUci } from '../rules/uci.js';

// The worker runs as real JavaScript: the built one (dist/), or the protocol-speaking fake fixture.
const realWorker = new URL('../../dist/engine/worker.js', import.meta.url);
const fakeWorker = new URL('./worker.fake.mjs', import.meta.url);
const distEngine = new URL('../../dist/engine/engine.js', import.meta.url);
if (!existsSync(realWorker)) throw new Error('build @makruk/makruk first (dist/engine/worker.js is missing)');

const MATED = 'k7/8/8/8/8/8/1R6/R3K3 b - - 0 1';
const STALEMATE = 'k7/1R6/2K5/8/8/8/8/8 b - - 0 1';

function mustFail<T>(result: { ok: true; value: T } | { ok: false; error: MakrukError }): MakrukError {
  expect(result.ok).toBe(false);
  return (result as { ok: false; error: MakrukError }).error;
}

describe('search limits', () => {
  it('turns limits into the wasm form (-1 = not set) and treats no limit as infinite', () => {
    const none = checkSearchLimits({});
    expect(none.ok && none.value).toMatchObject({ depth: -1, nodes: -1, movetime: -1, infinite: true, multiPv: 1 });
    const some = checkSearchLimits({ depth: 5, wtime: -30, btime: 1000, movestogo: 7, multiPv: 3 });
    expect(some.ok && some.value).toMatchObject({
      depth: 5,
      wtime: 0,
      btime: 1000,
      movestogo: 7,
      infinite: false,
      multiPv: 3,
    });
  });

  it('rejects bad limits with ERR_SEARCH_LIMITS', () => {
    for (const limits of [
      { depth: 0 },
      { depth: 2.5 },
      { nodes: -1 },
      { movetime: Number.NaN },
      { multiPv: 0 },
      { wtime: Infinity },
    ]) {
      expect(mustFail(checkSearchLimits(limits)).code).toBe('ERR_SEARCH_LIMITS');
    }
  });

  it('guards the clock: never more than 90% of the time left, eight average moves at most', () => {
    const limits = { ...emptyWorkerLimits(), wtime: 1000, btime: 60_000 };
    expect(guardDeadlineMs(limits, 'white')).toBe(250); // 1000 / 32 * 8
    expect(guardDeadlineMs({ ...limits, movestogo: 1 }, 'white')).toBe(900);
    expect(guardDeadlineMs({ ...limits, binc: 2000 }, 'black')).toBe(23_000); // 60000 / 32 * 8 + 4 * 2000
    expect(guardDeadlineMs({ ...limits, wtime: 0 }, 'white')).toBe(1);
    expect(guardDeadlineMs({ ...emptyWorkerLimits(), movetime: 500 }, 'white')).toBe(510);
    expect(guardDeadlineMs({ ...emptyWorkerLimits(), depth: 9 }, 'white')).toBeUndefined();
    expect(guardDeadlineMs({ ...emptyWorkerLimits(), infinite: true, wtime: 5 }, 'white')).toBeUndefined();
  });
});

describe('strength', () => {
  it('maps UCI_Elo to skill linearly, clamped, and back', () => {
    expect(skillFromElo(800)).toBe(0);
    expect(skillFromElo(1800)).toBe(10);
    expect(skillFromElo(2800)).toBe(MAX_SKILL);
    expect(skillFromElo(100)).toBe(0);
    expect(skillFromElo(9999)).toBe(20);
    expect(skillFromElo(1849)).toBe(10);
    expect(skillFromElo(1851)).toBe(11);
    for (let skill = 0; skill <= 20; skill++) expect(skillFromElo(eloFromSkill(skill))).toBe(skill);
  });

  it('names levels from beginner to full strength, weakest first', () => {
    expect(skillOf('beginner')).toBe(0);
    expect(skillOf('full')).toBe(20);
    const skills = STRENGTH_LEVELS.map((level) => level.skill);
    expect([...skills].sort((a, b) => a - b)).toEqual(skills);
  });

  it("the option limits are the wasm engine's: Hash 1..1024 MB in use as asked, MultiPV up to 256", () => {
    const wasm = instantiateEngine('release');
    expect(wasm.setHashSize(MIN_HASH_MB)).toBe(MIN_HASH_MB);
    expect(wasm.setHashSize(MAX_HASH_MB)).toBe(MAX_HASH_MB);
    expect(wasm.setHashSize(MAX_HASH_MB * 2)).toBe(MAX_HASH_MB); // the engine's own cap is the same number
    expect(MAX_MULTI_PV).toBe(256); // the wasm move buffer: no position has more legal moves
  });

  it('checks engine options', () => {
    const base = { hashMb: 16, skill: 20, multiPv: 1, threads: 1 };
    expect(checkEngineOptions({ skill: 3 }, base)).toEqual({ ok: true, value: { ...base, skill: 3 } });
    expect(checkEngineOptions({ threads: MAX_THREADS }, base)).toEqual({ ok: true, value: { ...base, threads: 8 } });
    for (const options of [
      { skill: 21 },
      { skill: -1 },
      { hashMb: 0 },
      { hashMb: 1.5 },
      { hashMb: MAX_HASH_MB + 1 },
      { multiPv: 0 },
      { multiPv: '2' as never },
      { threads: 0 },
      { threads: MAX_THREADS + 1 },
      { threads: 1.5 },
      { threads: '2' as never },
    ]) {
      expect(mustFail(checkEngineOptions(options, base)).code).toBe('ERR_ENGINE_OPTIONS');
    }
  });
});

describe('analysis targets', () => {
  it('sends a Position as its FEN, a game as start FEN + UCI moves', () => {
    const position = Position.initial().play('e3e4');
    const fromPosition = resolveAnalysisTarget(position);
    expect(fromPosition.ok && fromPosition.value.game).toEqual({ fen: position.fen(), moves: [] });
    const fromGame = resolveAnalysisTarget({ moves: ['e3e4', { from: 'e6', to: 'e5' }] });
    expect(fromGame.ok && fromGame.value.game.moves).toEqual(['e3e4', 'e6e5']);
    expect(fromGame.ok && fromGame.value.position.turn).toBe('white');
    const viaMethod = resolveAnalysisTarget({ engineInput: () => ({ moves: ['a3a4'] }) });
    expect(viaMethod.ok && viaMethod.value.game.moves).toEqual(['a3a4']);
    // A Game brings its start position and history (repetition and counting need it).
    const game = Game.initial();
    for (const san of ['e4', 'e5', 'Nd2']) expect(game.play(san).ok).toBe(true);
    const fromGame2 = resolveAnalysisTarget(game);
    expect(fromGame2.ok && fromGame2.value.game).toEqual({
      fen: Position.initial().fen(),
      moves: ['e3e4', 'e6e5', 'b1d2'],
    });
    expect(fromGame2.ok && fromGame2.value.position.turn).toBe('black');
  });

  it('replays SAN or UCI through the library, one string or a list', () => {
    const sans = resolveAnalysisTarget({ moves: ['e4', 'e5', 'Nd2'] });
    expect(sans.ok && sans.value.game.moves).toEqual(['e3e4', 'e6e5', 'b1d2']);
    const text = resolveAnalysisTarget({ moves: 'e3e4 e6e5' });
    expect(text.ok && text.value.game.moves).toEqual(['e3e4', 'e6e5']);
  });

  it('reports a bad FEN, a move that is none, an illegal move and a wrongly typed target with their codes', () => {
    expect(mustFail(resolveAnalysisTarget({ fen: 'nonsense' })).code).toMatch(/^ERR_FEN/);
    expect(mustFail(resolveAnalysisTarget({ moves: ['zz9'] })).code).toBe('ERR_SAN_SYNTAX');
    const illegal = mustFail(resolveAnalysisTarget({ moves: ['e3e4', 'e3e4'] }));
    expect(illegal.code).toBe('ERR_ILLEGAL_MOVE');
    expect(illegal.message).toMatch(/^Move 2/);
    expect(mustFail(resolveAnalysisTarget(42 as never)).code).toBe('ERR_ENGINE_TARGET');
    expect(mustFail(resolveAnalysisTarget({ fen: 42 } as never)).code).toBe('ERR_ENGINE_TARGET');
    expect(mustFail(resolveAnalysisTarget({ moves: 42 } as never)).code).toBe('ERR_ILLEGAL_MOVE');
  });

  it('writes a PV in SAN and stops at a move that is not legal', () => {
    expect(sanLine(Position.initial(), ['e3e4', 'e6e5', 'b1d2'])).toEqual(['e4', 'e5', 'Nd2']);
    expect(sanLine(Position.initial(), ['e3e4', 'e3e4', 'b1d2'])).toEqual(['e4']);
  });
});

describe('Engine with the real worker', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.start({ workerUrl: realWorker });
  });
  afterAll(async () => {
    await engine.quit();
  });

  it('runs perft in the worker and agrees with the TypeScript generator', async () => {
    const position = Position.initial().play('e3e4').play('d6d5');
    expect(await engine.perft({ moves: ['e3e4', 'd6d5'] }, 3)).toBe(position.perft(3));
    expect(await engine.perft(position, 0)).toBe(1);
  });

  it('lists the same legal moves as the facade after a game', async () => {
    const position = Position.initial().play('e3e4').play('d6d5');
    const fromWorker = await engine.legalMoves({ moves: ['e3e4', 'd6d5'] });
    expect(fromWorker.sort()).toEqual(position.legalMoves().map(makeUci).sort());
  });

  it('rejects an illegal move and a bad perft depth with MakrukError codes', async () => {
    await expect(engine.perft({ moves: ['e3e5'] }, 2)).rejects.toMatchObject({ code: 'ERR_ILLEGAL_MOVE' });
    await expect(engine.perft({}, -1)).rejects.toMatchObject({ code: 'ERR_PERFT_DEPTH' });
    await expect(engine.perft({}, MAX_PERFT_DEPTH + 1)).rejects.toMatchObject({ code: 'ERR_PERFT_DEPTH' });
    await expect(engine.analyse({}, { depth: 0 }).result).rejects.toMatchObject({ code: 'ERR_SEARCH_LIMITS' });
  });

  it('answers a mated or stalemated position without searching', async () => {
    const mated = await engine.analyse({ fen: MATED }, { depth: 3 }).result;
    expect(mated.bestMove).toBeUndefined();
    expect(mated.score).toEqual({ mate: 0 });
    const stalemate = await engine.analyse({ fen: STALEMATE }, { depth: 3 }).result;
    expect(stalemate.bestMoveUci).toBeUndefined();
    expect(stalemate.score).toEqual({ cp: 0 });
  });

  it('rejects options out of range', async () => {
    await expect(engine.setOption({ skill: 42 })).rejects.toMatchObject({ code: 'ERR_ENGINE_OPTIONS' });
    await engine.setOption({ skill: 5 });
    expect(engine.options.skill).toBe(5);
  });

  it('rejects Engine.start with ERR_ENGINE when the worker script cannot load', async () => {
    const missing = new URL('./no-such-worker.js', realWorker);
    await expect(Engine.start({ workerUrl: missing })).rejects.toMatchObject({
      code: expect.stringMatching(/^ERR_ENGINE/),
    });
  });
});

describe('Engine with the real search', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.start({ workerUrl: realWorker, hashMb: 8 });
  });
  afterAll(async () => {
    await engine.quit();
  });

  it('analyses to a fixed depth: a legal best move, info with increasing depth', async () => {
    const infos: SearchInfo[] = [];
    const position = Position.initial().play('e3e4');
    const result = await engine.analyse({ moves: ['e3e4'] }, { depth: 4 }, (info) => infos.push(info)).result;
    expect(result.bestMove && position.isLegal(result.bestMove)).toBe(true);
    const depths = infos.filter((info) => info.multiPv === 1).map((info) => info.depth);
    expect(depths.length).toBeGreaterThan(0);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    expect(Math.max(...depths)).toBe(4);
    for (const info of infos) {
      expect(info.pvSan.length).toBeGreaterThan(0);
      for (const value of [info.timeMs, info.nodes, info.nps, info.seldepth, info.hashfull])
        expect(Number.isInteger(value)).toBe(true);
    }
  });

  it('stops an infinite analysis promptly', async () => {
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stoppedAt = performance.now();
    run.stop();
    const result = await run.result;
    const answerMs = performance.now() - stoppedAt;
    console.info(`engine.test.ts: stop answered in ${answerMs.toFixed(1)} ms`);
    // sanity bound only: a worker that has not answered 250 ms after stop is terminated (engine.ts STOP_ANSWER_MS)
    expect(answerMs).toBeLessThan(1000);
    expect(result.stopped).toBe(true);
    expect(result.bestMove && Position.initial().isLegal(result.bestMove)).toBe(true);
  });

  it('finds the mate in one', async () => {
    // White: Rh1-h8 is mate (Kb6 covers a7, b7).
    const result = await engine.analyse({ fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }, { depth: 3 }).result;
    expect(result.bestMoveUci).toBe('h1h8');
    expect(result.pvSan[0]).toBe('Rh8#');
    expect(result.score).toEqual({ mate: 1 });
  });

  it('passes the counting fields of the FEN to the search', async () => {
    // Black is a bare king facing two rooks; with the count at its limit any black move ends the game in a draw.
    const expiring = await engine.analyse({ fen: '8/8/8/8/8/8/1k6/1R2K2R b - 16 16 5' }, { depth: 5 }).result;
    expect(expiring.score).toEqual({ cp: 0 });
    const noCount = await engine.analyse({ fen: '8/8/8/8/8/8/1k6/1R2K2R b - - 0 5' }, { depth: 5 }).result;
    const lost =
      noCount.score !== undefined && ('mate' in noCount.score ? noCount.score.mate < 0 : noCount.score.cp < -200);
    expect(lost).toBe(true);
  });

  it('plays legal moves at the beginner level', async () => {
    await engine.setOption({ skill: 0 });
    try {
      const position = Position.initial().play('e3e4');
      const result = await engine.analyse(position, { depth: 3 }).result;
      expect(result.bestMove && position.isLegal(result.bestMove)).toBe(true);
    } finally {
      await engine.setOption({ skill: 20 });
    }
  });

  it('stopped right after analyse(), the result still has a best move with its score', async () => {
    const run = engine.analyse(Position.initial(), { infinite: true });
    run.stop();
    const result = await run.result;
    expect(result.stopped).toBe(true);
    expect(result.bestMove && Position.initial().isLegal(result.bestMove)).toBe(true);
    expect(result.score).toBeDefined();
    expect(result.depth).toBeGreaterThanOrEqual(1);
  });

  it('a new hash size takes effect (a fresh wasm instance) and the engine keeps searching', async () => {
    await engine.setOption({ hashMb: 64 });
    expect(engine.options.hashMb).toBe(64);
    await engine.setOption({ hashMb: 1 });
    expect(engine.options.hashMb).toBe(1);
    const result = await engine.analyse({ fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }, { depth: 3 }).result;
    expect(result.score).toEqual({ mate: 1 });
    await engine.setOption({ hashMb: 8 });
  });

  it('reports several lines with MultiPV', async () => {
    const lines = new Set<number>();
    await engine.analyse(Position.initial(), { depth: 3, multiPv: 3 }, (info) => lines.add(info.multiPv)).result;
    expect([...lines].sort()).toEqual([1, 2, 3]);
  });
});

describe('Engine plumbing against the fake worker fixture', () => {
  const engines: Engine[] = [];
  async function startFake(
    behaviour: { ignoreStop?: boolean; ignoreTime?: boolean; helpersFail?: boolean },
    sharedStop = true,
    threads = 1,
  ): Promise<Engine> {
    process.env.MAKRUK_FAKE_WORKER = JSON.stringify(behaviour);
    try {
      const engine = await Engine.start({ workerUrl: fakeWorker, sharedStop, threads });
      engines.push(engine);
      return engine;
    } finally {
      delete process.env.MAKRUK_FAKE_WORKER;
    }
  }
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.quit()));
  });

  it('threads the worker could not start: options say 1 and threadsFailure says why; back to 1 clears it', async () => {
    const engine = await startFake({ helpersFail: true }, true, 2);
    expect(engine.options.threads).toBe(1);
    expect(engine.threadsFailure).toBe('2 threads could not start (fake); searching with 1 thread');
    expect((await engine.analyse(Position.initial(), { depth: 2 }).result).bestMove).not.toBeNull();
    await engine.setOption({ threads: 1 });
    expect(engine.options.threads).toBe(1);
    expect(engine.threadsFailure).toBeUndefined();
    // a new thread count starts a new worker: it must fail the same way
    process.env.MAKRUK_FAKE_WORKER = JSON.stringify({ helpersFail: true });
    try {
      await engine.setOption({ threads: 3 });
    } finally {
      delete process.env.MAKRUK_FAKE_WORKER;
    }
    expect(engine.options.threads).toBe(1);
    expect(engine.threadsFailure).toMatch(/^3 threads could not start/);
    // a worker whose helpers start reports what was asked
    const working = await startFake({}, true, 2);
    expect(working.options.threads).toBe(2);
    expect(working.threadsFailure).toBeUndefined();
  });

  it('streams info converted to SAN and resolves with the worker best move', async () => {
    const engine = await startFake({});
    const infos: SearchInfo[] = [];
    const result = await engine.analyse({ moves: ['e3e4'] }, { depth: 3, multiPv: 2 }, (info) => infos.push(info))
      .result;
    expect(infos.map((info) => [info.depth, info.multiPv])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
    ]);
    expect(infos.every((info) => info.pvSan.length === 1 && info.nps >= 0)).toBe(true);
    expect(result.bestMoveUci).toBe(infos[4]?.pv[0]);
    expect(result.depth).toBe(3);
    expect(result.score).toEqual({ cp: 29 });
    expect(result.stopped).toBe(false);
  });

  it('stops through the shared flag and the worker stays usable', async () => {
    const engine = await startFake({});
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 80));
    run.stop();
    const result = await run.result;
    expect(result.stopped).toBe(true);
    expect(result.depth).toBeGreaterThan(0);
    expect(await engine.legalMoves({})).toHaveLength(23);
  });

  it('without a shared flag, terminates the worker, answers from the last iteration and restarts', async () => {
    const engine = await startFake({}, false);
    expect(engine.capabilities.sharedStop).toBe(false);
    const infos: SearchInfo[] = [];
    const run = engine.analyse(Position.initial(), {}, (info) => infos.push(info));
    await new Promise((resolve) => setTimeout(resolve, 80));
    const stoppedAt = performance.now();
    run.stop();
    const result = await run.result;
    expect(performance.now() - stoppedAt).toBeLessThan(1000);
    expect(result.bestMoveUci).toBe(infos.at(-1)?.pv[0]);
    const second = await engine.analyse(Position.initial(), { depth: 2 }).result;
    expect(second.depth).toBe(2);
  });

  it('terminates a worker that ignores the stop flag', async () => {
    const engine = await startFake({ ignoreStop: true });
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    run.stop();
    const result = await run.result;
    expect(result.stopped).toBe(true);
    expect(result.bestMove).toBeDefined();
    expect(await engine.legalMoves({})).toHaveLength(23); // restarted
  });

  it('stops a search that overruns its time itself (the front-end guard)', async () => {
    const engine = await startFake({ ignoreTime: true });
    const started = performance.now();
    const result = await engine.analyse(Position.initial(), { wtime: 500, btime: 500 }).result;
    expect(result.stopped).toBe(true);
    expect(performance.now() - started).toBeLessThan(450);
  });

  it('without a shared flag, a stop before the first iteration waits for it: a scored best move', async () => {
    const engine = await startFake({}, false);
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 1));
    run.stop();
    const result = await run.result;
    expect(result.stopped).toBe(true);
    expect(result.score).toBeDefined();
    expect(result.depth).toBe(1);
  });

  it('refuses a second search while one runs, and resolves stop() before the worker is ready', async () => {
    const engine = await startFake({});
    const first = engine.analyse(Position.initial(), { infinite: true });
    await expect(engine.analyse(Position.initial(), { depth: 1 }).result).rejects.toMatchObject({
      code: 'ERR_ENGINE_BUSY',
    });
    first.stop();
    first.stop();
    expect((await first.result).bestMove).toBeDefined();
  });

  it('quit while the worker restarts after a stop: nothing hangs', async () => {
    const engine = await startFake({}, false);
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 40));
    run.stop(); // terminates and restarts the worker
    await run.result;
    const moves = engine.legalMoves({}); // waits for the restarted worker
    await engine.quit();
    await expect(moves).rejects.toMatchObject({ code: 'ERR_ENGINE_QUIT' });
  });

  it('resolves a running search on quit (stopped: true) and refuses work afterwards', async () => {
    const engine = await startFake({});
    const run = engine.analyse(Position.initial(), { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 40));
    await engine.quit();
    const result = await run.result;
    expect(result.bestMove).toBeDefined();
    expect(result.stopped).toBe(true);
    await expect(engine.analyse(Position.initial(), { depth: 1 }).result).rejects.toMatchObject({
      code: 'ERR_ENGINE_QUIT',
    });
  });
});

describe('process handles', () => {
  function runScript(script: string): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }
  const engineModule = JSON.stringify(fileURLToPath(distEngine));

  it('engine.quit() during a search leaves no handles: the process ends by itself', () => {
    // The fake worker would search for 15 s and a running search keeps the process alive, so only a clean quit
    // (worker terminated, timers cleared) lets this script end before the 10 s timeout.
    const result = runScript(`
      const { Engine } = await import(${engineModule});
      const engine = await Engine.start({ workerUrl: new URL(${JSON.stringify(fakeWorker.href)}) });
      const run = engine.analyse({}, { infinite: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await engine.quit();
      console.log('best', (await run.result).bestMoveUci);
    `);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^best [a-h][1-8][a-h][1-8]/);
  });

  it('analyse() with wrongly typed input rejects its result without an unhandled rejection when nobody awaits it', () => {
    const result = runScript(`
      const { Engine } = await import(${engineModule});
      const engine = await Engine.start({ workerUrl: new URL(${JSON.stringify(fakeWorker.href)}) });
      engine.analyse({ moves: 42 });
      engine.analyse({}, { depth: 'deep' });
      engine.analyse({}, { infinite: 'yes' });
      engine.analyse(null);
      engine.analyse({}, {}, 'not a function');
      const codes = [];
      for (const run of [engine.analyse({ fen: 7 }), engine.analyse({}, { nodes: -5 })]) {
        await run.result.catch((error) => codes.push(error.code));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      await engine.quit();
      console.log(codes.join(' '));
    `);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('ERR_ENGINE_TARGET ERR_SEARCH_LIMITS');
  });

  it('engine.quit() after work with the real worker: the process ends by itself', () => {
    const result = runScript(`
      const { Engine } = await import(${engineModule});
      const engine = await Engine.start();
      console.log('perft', await engine.perft({}, 3));
      await engine.quit();
    `);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('perft 12012');
  });

  it('an idle engine someone forgot to quit does not keep the process alive', () => {
    const result = runScript(`
      const { Engine } = await import(${engineModule});
      const engine = await Engine.start();
      console.log('perft', await engine.perft({}, 2));
    `);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('perft 529');
  });
});
