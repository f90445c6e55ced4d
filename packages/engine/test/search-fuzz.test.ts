// The search never traps and always answers with a legal move (debug build: bounds-checked), whatever the
// position (random games, counts included) and whatever the limits and options, odd ones included.
import { describe, expect, it } from 'vitest';
import { START_FEN, seededRandom } from './engine-helpers.js';
import { go, legalUci, load, searchEngine } from './search-helpers.js';

describe('search fuzz (debug build)', () => {
  it('random games, random limits and options: legal move or none, no trap', () => {
    const random = seededRandom(20261130);
    const engine = searchEngine('debug');
    let searches = 0;
    for (let game = 0; game < 6; game++) {
      load(engine, START_FEN);
      const played: string[] = [];
      for (let ply = 0; ply < 160; ply++) {
        const moves = legalUci(engine);
        if (ply % 9 === 4 || moves.length === 0) {
          engine.wasm.setMultiPv(1 + Math.floor(random() * 4));
          engine.wasm.setSkill(random() < 0.3 ? Math.floor(random() * 21) : 20);
          const limits =
            random() < 0.5 ? { depth: 1 + Math.floor(random() * 4) } : { nodes: 1 + Math.floor(random() * 4000) };
          const result = go(engine, limits);
          searches++;
          if (moves.length === 0) expect(result.best).toBeUndefined();
          else expect(moves).toContain(result.best);
        }
        if (moves.length === 0) break;
        const move = moves[Math.floor(random() * moves.length)]!;
        load(engine, START_FEN, [...played, move]);
        played.push(move);
      }
    }
    expect(searches).toBeGreaterThan(50);
  });

  it('counting endgames (counts running, about to expire, about to start): random play with searches', () => {
    const random = seededRandom(7);
    const engine = searchEngine('debug');
    const ENDGAMES = [
      '8/8/8/4k3/8/8/8/RR2K3 w - 16 9 40',
      '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5',
      '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40',
      '8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50',
      '8/3K4/3m4/3k4/8/4mm2/8/8 w - 128 18 58',
      '8/8/3k4/8/8/2S5/8/4K3 w - 88 85 60',
      '4k3/4N3/4N3/4P1M1/5P2/8/6K1/8 b - - 0 47',
    ];
    for (const fen of ENDGAMES) {
      load(engine, fen);
      const played: string[] = [];
      for (let ply = 0; ply < 30; ply++) {
        const moves = legalUci(engine);
        const result = go(engine, random() < 0.5 ? { depth: 1 + Math.floor(random() * 6) } : { nodes: 2000 });
        if (moves.length === 0) {
          expect(result.best).toBeUndefined();
          break;
        }
        expect(moves).toContain(result.best);
        const move = random() < 0.5 ? result.best! : moves[Math.floor(random() * moves.length)]!;
        played.push(move);
        load(engine, fen, played);
      }
    }
  });

  it('odd limits and options are clamped, never hang or trap', () => {
    const engine = searchEngine('debug');
    load(engine, START_FEN);
    engine.wasm.setMultiPv(0);
    engine.wasm.setMultiPv(100_000);
    engine.wasm.setSkill(-3);
    engine.wasm.setSkill(99);
    engine.wasm.setMultiPv(1);
    for (const limits of [
      { depth: 0, nodes: 500 },
      { depth: -5, nodes: 500 },
      { nodes: NaN, depth: 2 },
      { movetime: NaN, depth: 2 },
      { wtime: NaN, btime: NaN, depth: 2 },
      { wtime: Infinity, btime: Infinity, depth: 2 },
      { depth: 1000, nodes: 300 },
      { wtime: 0, btime: 0 },
      { wtime: 1, btime: 1, movestogo: 1 },
      { movetime: 1 },
    ]) {
      expect(legalUci(engine)).toContain(go(engine, limits).best);
    }
  });
});
