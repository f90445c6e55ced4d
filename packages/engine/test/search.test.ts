// Search results that must be exact: mates with mate scores, wins and draws decided by the counting rules,
// repetition, and a transposition table that keeps counting states apart.
import { describe, expect, it } from 'vitest';
import { go, load, searchEngine } from './search-helpers.js';

// Mate distances cross-checked with Fairy-Stockfish 11.1 (`go depth 18`).
// The first moves listed are every move that mates in that many (Kg6 Kg8 Ra8# and Kf7 Kh7 Rh1# both mate in 2).
const MATES: Array<[string, number, string[]]> = [
  ['7k/8/6K1/8/8/8/8/R7 w - - 0 1', 1, ['a1a8']],
  ['7k/8/5K2/8/8/8/8/R7 w - - 0 1', 2, ['f6f7', 'f6g6']],
  ['8/5k2/8/8/8/8/8/RR2K3 w - - 0 1', 3, []],
];

describe('search: mates', () => {
  for (const [fen, moves, firstMoves] of MATES) {
    it(`finds mate in ${moves} with a mate score: ${fen}`, () => {
      const engine = searchEngine();
      load(engine, fen);
      const result = go(engine, { depth: 2 * moves + 3 });
      expect(result.last?.mate).toBe(true);
      expect(result.last?.score).toBe(moves);
      if (firstMoves.length > 0) expect(firstMoves).toContain(result.best);
      // the side being mated sees the same mate from its side
      const pv = result.last?.pv ?? [];
      expect(pv.length).toBe(2 * moves - 1);
      load(engine, fen, pv.slice(0, 1));
      const defence = go(engine, { depth: 2 * moves + 2 });
      if (moves === 1) {
        expect(defence.best).toBeUndefined(); // checkmated: no move
      } else {
        expect(defence.last).toMatchObject({ mate: true, score: -(moves - 1) });
      }
    });
  }

  it('a side with no legal move gets no move back', () => {
    const engine = searchEngine();
    load(engine, 'k7/2K5/1M6/8/8/8/8/8 b - - 0 1'); // stalemate
    expect(go(engine, { depth: 4 }).best).toBeUndefined();
  });
});

describe('search: counting', () => {
  it("K+R+R v K: mates exactly inside the pieces' honour count that starts with the first move (mate in 5)", () => {
    // Fairy-Stockfish: mate 5; the count (limit 16 plies) starts at ply 8 after White's first move, and the mate
    // lands on ply 16 — the ply that reaches the limit, which still wins.
    const engine = searchEngine();
    load(engine, '8/8/8/8/3k4/8/8/RR2K3 w - - 0 1');
    const result = go(engine, { depth: 13 });
    expect(result.last?.mate).toBe(true);
    expect(result.last?.score).toBe(5);
  });

  it('K+R+R v K: mate in 3 wins with 3 moves left on the count, is a draw (score 0) with 2 moves left', () => {
    const engine = searchEngine();
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 11 40');
    const inTime = go(engine, { depth: 10 });
    expect(inTime.last).toMatchObject({ mate: true, score: 3 });
    // count ply 12 (odd parity, accepted): the third move lands on ply 17, but a checkmate there still wins
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 12 40');
    expect(go(engine, { depth: 10 }).last).toMatchObject({ mate: true, score: 3 });
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 13 40');
    const tooLate = go(engine, { depth: 12 });
    expect(tooLate.last).toMatchObject({ mate: false, score: 0 });
  });

  it('K+R+R v K far from the corner: materially won, but no mate within the count → scored as a draw', () => {
    // Fairy-Stockfish 11.1 scores this 0 as well (the count starts after White's first move).
    const engine = searchEngine();
    load(engine, '8/8/8/4k3/8/8/8/RR2K3 w - 16 9 40');
    const result = go(engine, { depth: 16 });
    expect(result.last).toMatchObject({ mate: false, score: 0 });
  });

  it('the transposition table never carries a score across counting states (same placement, either order)', () => {
    const engine = searchEngine();
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 11 40');
    expect(go(engine, { depth: 10 }).last).toMatchObject({ mate: true, score: 3 });
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 13 40'); // no newGame: the table is still full
    expect(go(engine, { depth: 10 }).last).toMatchObject({ mate: false, score: 0 });
    load(engine, '8/5k2/8/8/8/8/8/RR2K3 w - 16 11 40');
    expect(go(engine, { depth: 10 }).last).toMatchObject({ mate: true, score: 3 });
  });

  it('material that cannot mate scores 0 (K + same-colour mets v K)', () => {
    const engine = searchEngine();
    load(engine, '8/8/3k4/8/8/2M1M3/8/4K3 w - - 0 1');
    expect(go(engine, { depth: 6 }).last).toMatchObject({ mate: false, score: 0 });
  });
});

describe('search: repetition', () => {
  // White is two rooks up; Black can only hope for a repetition.
  const FEN = '6nk/8/p7/P7/8/8/8/RR1K4 w - - 0 1';
  const CYCLE = ['d1d2', 'g8h6', 'd2d1', 'h6g8'];

  it('a move into a position seen twice before is a draw (score 0), and without that history it is lost', () => {
    const engine = searchEngine();
    load(engine, FEN, [...CYCLE, ...CYCLE, 'd1d2']);
    const drawn = go(engine, { depth: 8 });
    expect(drawn.best).toBe('g8h6');
    expect(drawn.last).toMatchObject({ mate: false, score: 0 });

    const fresh = searchEngine();
    load(fresh, FEN, ['d1d2']); // the same position with no history
    const lost = go(fresh, { depth: 8 });
    expect(lost.last?.mate || (lost.last?.score ?? 0) < -300).toBe(true);
  });
});

describe('evaluation symmetry', () => {
  // Swapping colours and mirroring the ranks must give the same static evaluation for the side to move.
  const mirror = (fen: string): string => {
    const [board = '', turn = 'w', ...rest] = fen.split(' ');
    const swapped = board
      .split('/')
      .reverse()
      .join('/')
      .replace(/[a-zA-Z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
    return [swapped, turn === 'w' ? 'b' : 'w', ...rest].join(' ');
  };
  const FENS = [
    'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6',
    '3m3r/1sk2s2/p2p1p2/P1p3p1/1nPpP3/1N1P1PRP/2KS1M2/5S2 w - - 6 22',
    '2r4r/2mk2s1/1sR3p1/1p1pPp1p/pP1P3P/P2S2M1/3K2S1/2R5 b - - 5 27',
    '4k3/4N3/4N3/4P1M1/5P2/8/6K1/8 b - - 0 47',
    '8/8/8/4k3/8/8/8/RR2K3 w - 16 9 40',
  ];
  for (const fen of FENS) {
    it(`same score after swapping colours: ${fen}`, () => {
      const a = searchEngine();
      load(a, fen);
      const b = searchEngine();
      load(b, mirror(fen));
      expect(b.wasm.evaluatePosition()).toBe(a.wasm.evaluatePosition());
    });
  }
});
