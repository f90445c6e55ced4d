// The end of the game in the engine (docs/rules.md "How a game ends"): dead positions, a count that has run out,
// repetition while a count runs, and games longer than the undo stack. The cross-check of isDeadPosition against
// the TypeScript library's rule on random positions is in packages/makruk (engine-rules.test.ts).
import { describe, expect, it } from 'vitest';
import { instantiateEngine } from '../dist/index.js';
import { encodeMove, getFen, legalMoves, setFen, squareIndex, START_FEN } from './engine-helpers.js';
import { go, legalUci, load, searchEngine } from './search-helpers.js';

// docs/rules.md "Dead position" examples and the cases around them.
const DEAD: string[] = [
  '8/8/3k4/8/3m4/2M5/8/4K3 w - - 0 1', // K+M v K+M, both mets on dark squares
  '8/8/3k4/8/8/2P5/8/4K3 w - - 0 1', // K+P v K: the pawn can only become a lone met
  '8/8/3k4/8/8/2N5/8/4K3 b - - 0 1', // K+N v K
  '8/8/3k4/8/8/8/8/4K3 w - - 0 1', // K v K
  '8/8/3k4/8/8/2M1M3/8/4K3 w - - 0 1', // two mets on one colour v K
];
const ALIVE: string[] = [
  '8/8/3k4/8/2m5/2M5/8/4K3 w - - 0 1', // K+M v K+M on opposite colours
  '8/8/3k4/3p4/8/2N5/8/4K3 w - - 0 1', // K+N v K+P
  '8/8/3k4/8/8/2S5/8/4K3 w - - 0 1', // K+S v K: a mate exists
  '8/8/3k4/8/8/2MM4/8/4K3 w - - 0 1', // mets of both colours v K
  '8/8/3k4/8/8/2R5/8/4K3 w - - 0 1',
  START_FEN,
];

describe('dead positions', () => {
  it('isDeadPosition follows the docs/rules.md examples', () => {
    const engine = instantiateEngine('debug');
    for (const fen of DEAD) {
      expect(setFen(engine, fen), fen).toBe(0);
      expect(engine.isDeadPosition(), fen).toBe(1);
    }
    for (const fen of ALIVE) {
      expect(setFen(engine, fen), fen).toBe(0);
      expect(engine.isDeadPosition(), fen).toBe(0);
    }
  });

  it('a dead root is a draw: score 0 at once, nothing searched below it, never a mate', () => {
    const engine = searchEngine();
    for (const fen of DEAD) {
      load(engine, fen);
      const result = go(engine, { depth: 12 });
      expect(legalUci(engine)).toContain(result.best);
      expect(result.last, fen).toMatchObject({ mate: false, score: 0, depth: 1 });
      expect(result.last?.nodes ?? Infinity).toBeLessThanOrEqual(legalUci(engine).length);
    }
  });
});

describe('a finished position stays finished', () => {
  it('after the count has run out the engine reports a draw, not the mate in one on the board', () => {
    const engine = searchEngine();
    load(engine, 'k7/8/1K6/8/8/8/8/7R w - 16 17 40');
    const result = go(engine, { depth: 6 });
    expect(legalUci(engine)).toContain(result.best);
    expect(result.last).toMatchObject({ mate: false, score: 0 });
    // With one ply left on the count the mate still wins (the mate lands on the ply that reaches the limit).
    load(engine, 'k7/8/1K6/8/8/8/8/7R w - 16 15 40');
    expect(go(engine, { depth: 6 }).last).toMatchObject({ mate: true, score: 1 });
  });

  it('no line through an expired count is scored as a win', () => {
    const engine = searchEngine();
    // The count expires with Black's reply: White's mate would come one move too late.
    load(engine, 'k7/8/2K5/8/8/8/8/7R w - 16 15 40');
    const result = go(engine, { depth: 8 });
    expect(result.last).toMatchObject({ mate: false, score: 0 });
  });
});

describe('repetition compares placement and side to move only', () => {
  it('a repetition counts while a count runs, although the count ply differs each time', () => {
    // White is two rooks up with board's honour running (limit 128 plies, ply 20); Black's only hope is a repetition.
    const fen = '6nk/8/8/8/8/8/8/RR1K4 w - 128 20 30';
    const cycle = ['d1d2', 'g8h6', 'd2d1', 'h6g8'];
    const engine = searchEngine();
    load(engine, fen, [...cycle, ...cycle, 'd1d2']);
    expect(getFen(engine.wasm)).toMatch(/ b - 128 29 34$/); // the same placement, nine plies further on the count
    const drawn = go(engine, { depth: 8 });
    expect(drawn.best).toBe('g8h6');
    expect(drawn.last).toMatchObject({ mate: false, score: 0 });
    const fresh = searchEngine();
    load(fresh, fen, ['d1d2']);
    const lost = go(fresh, { depth: 8 });
    expect(lost.last?.mate || (lost.last?.score ?? 0) < -200).toBe(true);
  });
});

describe('games longer than the undo stack', () => {
  const shuffle = ['a1a2', 'e8d8', 'a2a1', 'd8e8'].map((uci) =>
    encodeMove(squareIndex(uci.slice(0, 2)), squareIndex(uci.slice(2))),
  );

  it('plays 10,000 plies; unmakes the last 2,048; perft and search still run', () => {
    const engine = instantiateEngine('debug');
    expect(setFen(engine, '4k3/8/8/8/8/8/8/R3K3 w - - 0 1')).toBe(0);
    for (let ply = 0; ply < 10_000; ply++) expect(engine.makeMove(shuffle[ply % 4] ?? 0)).toBe(1);
    const fen = getFen(engine);
    expect(fen.split(' ').slice(0, 2)).toEqual(['4k3/8/8/8/8/8/8/R3K3', 'w']);
    expect(engine.perft(3)).toBeGreaterThan(0);
    for (let i = 0; i < 2048; i++) engine.unmakeMove();
    expect(getFen(engine).split(' ')[0]).toBe('4k3/8/8/8/8/8/8/R3K3');
    expect(legalMoves(engine).length).toBeGreaterThan(0);
  });

  it('a search after 5,000 plies still sees the repetition in the recent history', () => {
    const engine = searchEngine();
    const fen = '6nk/8/p7/P7/8/8/8/RR1K4 w - - 0 1'; // the blocked pawns keep any count from starting
    const cycle = ['d1d2', 'g8h6', 'd2d1', 'h6g8'];
    const moves: string[] = [];
    for (let i = 0; i < 1250; i++) moves.push(...cycle);
    load(engine, fen, [...moves, 'd1d2']);
    const result = go(engine, { depth: 6 });
    expect(result.best).toBe('g8h6');
    expect(result.last).toMatchObject({ mate: false, score: 0 });
  });
});
