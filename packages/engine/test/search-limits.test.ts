// Search limits and options: determinism, stop, time, nodes, MultiPV, skill, hash size, and the debug build.
import { describe, expect, it } from 'vitest';
import { START_FEN } from './engine-helpers.js';
import { go, legalUci, load, searchEngine } from './search-helpers.js';

const MIDDLEGAME = 'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6';
const OPENINGS = [
  START_FEN,
  MIDDLEGAME,
  '1nsm1knr/1r2s3/pppp1pp1/4p1Pp/5P2/PPPPP2P/3NK3/R1S1MSNR b - - 1 7',
  'rnsmksn1/7r/pppp1pp1/4p2p/8/PPPPPPPP/RSK2S1R/1N2M1N1 w - - 2 6',
  'rns1k1n1/1rm2s2/pp1ppppp/2p5/P7/NPPPPPPP/2S1N3/R1K1MS1R w - - 3 6',
  'rn2k1nr/3s2s1/pppmpppp/3p3P/4P3/PPPP1PP1/7R/RNSKMSN1 b - - 0 6',
];

describe('search: determinism and limits', () => {
  it('same depth → same best move, score and node count (after newGame)', () => {
    const engine = searchEngine();
    load(engine, MIDDLEGAME);
    const first = go(engine, { depth: 8 });
    engine.wasm.newGame();
    load(engine, MIDDLEGAME);
    const second = go(engine, { depth: 8 });
    expect(first.best).toBeDefined();
    expect(second.best).toBe(first.best);
    expect(second.last?.nodes).toBe(first.last?.nodes);
    expect(second.last?.score).toBe(first.last?.score);
    // and a fresh instance agrees too
    const other = searchEngine();
    load(other, MIDDLEGAME);
    expect(go(other, { depth: 8 }).last).toEqual({ ...first.last, timeMs: expect.any(Number) as number });
  });

  it('a node limit is deterministic and respected', () => {
    const runs = [0, 1].map(() => {
      const engine = searchEngine();
      load(engine, START_FEN);
      const result = go(engine, { nodes: 20_000 });
      return { best: result.best, nodes: result.last?.nodes ?? 0 };
    });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.nodes).toBeLessThanOrEqual(20_000);
  });

  it('host.stopRequested stops an infinite search promptly with a legal move', () => {
    const engine = searchEngine();
    load(engine, MIDDLEGAME);
    engine.stopAfterPolls = 50; // about 50k nodes
    const result = go(engine, { infinite: true });
    expect(legalUci(engine)).toContain(result.best);
    expect(engine.polls).toBeLessThan(60);
  });

  it('a stop before the first iteration finishes still returns a legal move', () => {
    const engine = searchEngine();
    load(engine, MIDDLEGAME);
    engine.stopAfterPolls = 1;
    const result = go(engine, { depth: 30 });
    expect(legalUci(engine)).toContain(result.best);
  });

  it('a small clock returns well inside it (clock read through host.now)', () => {
    const engine = searchEngine();
    load(engine, MIDDLEGAME);
    const result = go(engine, { wtime: 300, btime: 300 });
    expect(legalUci(engine)).toContain(result.best);
    expect(result.elapsedMs).toBeLessThan(300);
    const moveTime = go(engine, { movetime: 50 });
    expect(legalUci(engine)).toContain(moveTime.best);
  });

  it('time comes from host.now: a clock that jumps ahead ends the search after the first iterations', () => {
    let fake = 0;
    const engine = searchEngine('release', () => (fake += 5));
    load(engine, MIDDLEGAME);
    const result = go(engine, { wtime: 10_000, btime: 10_000, movestogo: 40 });
    expect(legalUci(engine)).toContain(result.best);
    expect(result.last?.depth ?? 99).toBeLessThan(30);
  });
});

describe('search: MultiPV', () => {
  it('returns distinct first moves in score order', () => {
    const engine = searchEngine();
    engine.wasm.setMultiPv(4);
    load(engine, MIDDLEGAME);
    const result = go(engine, { depth: 7 });
    const lastDepth = Math.max(...engine.infos.map((i) => i.depth));
    const lines = engine.infos.filter((i) => i.depth === lastDepth).sort((a, b) => a.multipv - b.multipv);
    expect(lines.map((l) => l.multipv)).toEqual([1, 2, 3, 4]);
    const firstMoves = lines.map((l) => l.pv[0]);
    expect(new Set(firstMoves).size).toBe(4);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.score).toBeLessThanOrEqual(lines[i - 1]!.score);
    expect(result.best).toBe(firstMoves[0]);
  });
});

describe('search: skill', () => {
  it('skill 0 plays legal, reproducible and weaker moves', () => {
    const strong = searchEngine();
    const weak = searchEngine();
    weak.wasm.setSkill(0);
    let differs = 0;
    let lossSum = 0;
    for (const fen of OPENINGS) {
      load(strong, fen);
      const best = go(strong, { depth: 7 });
      load(weak, fen);
      const choice = go(weak, { depth: 7 }).best;
      expect(legalUci(weak)).toContain(choice);
      expect(go(weak, { depth: 7 }).best).toBe(choice);
      if (choice !== best.best) {
        differs++;
        // how much worse is the weak choice, seen by the strong engine?
        load(strong, fen, [choice!]);
        const reply = go(strong, { depth: 6 });
        lossSum += (best.last?.score ?? 0) + (reply.last?.score ?? 0);
      }
    }
    expect(differs).toBeGreaterThanOrEqual(3);
    // extra lines searched for the skill choice are not reported: MultiPV stays 1
    expect(weak.infos.every((i) => i.multipv === 1)).toBe(true);
    expect(lossSum).toBeGreaterThan(0);
  });
});

describe('search: options and builds', () => {
  it('setHashSize returns the megabytes in use and the search still works after resizing', () => {
    const engine = searchEngine();
    expect(engine.wasm.setHashSize(4)).toBe(4);
    expect(engine.wasm.setHashSize(3)).toBe(2);
    expect(engine.wasm.setHashSize(0)).toBe(1);
    expect(engine.wasm.setHashSize(32)).toBe(32);
    load(engine, MIDDLEGAME);
    expect(legalUci(engine)).toContain(go(engine, { depth: 6 }).best);
  });

  it('the debug (bounds-checked) build searches without trapping, ponder move included', () => {
    const engine = searchEngine('debug');
    for (const fen of [
      START_FEN,
      MIDDLEGAME,
      '8/5k2/8/8/8/8/8/RR2K3 w - 16 11 40',
      '8/8/3k4/8/8/2M1M3/8/4K3 w - - 0 1',
    ]) {
      load(engine, fen);
      const result = go(engine, { depth: 5 });
      expect(legalUci(engine)).toContain(result.best);
    }
    engine.wasm.setMultiPv(3);
    engine.wasm.setSkill(5);
    load(engine, MIDDLEGAME);
    const result = go(engine, { depth: 4 });
    expect(legalUci(engine)).toContain(result.best);
    const ponder = engine.wasm.ponderMove();
    expect(ponder).toBeGreaterThanOrEqual(0);
  });
});
