// Make/unmake, Zobrist keys, move validation and FEN handling through the raw ABI.
import { describe, expect, it } from 'vitest';
import { type EngineExports, MOVE_PROMOTION, instantiateEngine } from '../dist/index.js';
import {
  START_FEN,
  encodeMove,
  getFen,
  hash,
  hashFromScratch,
  legalMoves,
  moveToUci,
  seededRandom,
  setFen,
  squareIndex,
} from './engine-helpers.js';

function playRandomGame(engine: EngineExports, random: () => number, maxPlies: number, onPly: () => void): number {
  let plies = 0;
  while (plies < maxPlies) {
    const moves = legalMoves(engine);
    if (moves.length === 0) break;
    const move = moves[Math.floor(random() * moves.length)] ?? 0;
    expect(engine.makeMove(move), moveToUci(move)).toBe(1);
    plies++;
    onPly();
  }
  return plies;
}

function findMove(engine: EngineExports, uci: string): number {
  const move = legalMoves(engine).find((candidate) => moveToUci(candidate).startsWith(uci));
  if (move === undefined) throw new Error(`${uci} is not legal in ${getFen(engine)}`);
  return move;
}

describe('make / unmake', () => {
  it('restores the exact FEN and Zobrist key along random games (debug build)', () => {
    const engine = instantiateEngine('debug');
    const random = seededRandom(42);
    for (let game = 0; game < 30; game++) {
      expect(setFen(engine, START_FEN)).toBe(0);
      const fens = [getFen(engine)];
      const keys = [hash(engine)];
      const plies = playRandomGame(engine, random, 250, () => {
        expect(hash(engine)).toBe(hashFromScratch(engine));
        fens.push(getFen(engine));
        keys.push(hash(engine));
      });
      expect(plies).toBeGreaterThan(0);
      for (let ply = plies; ply > 0; ply--) {
        expect(getFen(engine)).toBe(fens[ply]);
        expect(hash(engine)).toBe(keys[ply]);
        engine.unmakeMove();
      }
      expect(getFen(engine)).toBe(fens[0]);
      expect(hash(engine)).toBe(keys[0]);
    }
  });

  it('gives the same key to the same position reached by different move orders', () => {
    const engine = instantiateEngine('release');
    setFen(engine, START_FEN);
    for (const uci of ['b1d2', 'b8d7', 'g1e2']) engine.makeMove(findMove(engine, uci));
    const first = hash(engine);
    setFen(engine, START_FEN);
    for (const uci of ['g1e2', 'b8d7', 'b1d2']) engine.makeMove(findMove(engine, uci));
    expect(hash(engine)).toBe(first);
    expect(setFen(engine, getFen(engine))).toBe(0);
    expect(hash(engine)).toBe(first); // a FEN load gives the key the moves gave
  });

  it('keeps the promoted mark through make/unmake and the key apart from the side to move', () => {
    const engine = instantiateEngine('debug');
    expect(setFen(engine, '4k3/8/8/8/2P5/8/8/4K3 w - - 0 1')).toBe(0);
    const move = findMove(engine, 'c4c5');
    expect(move & MOVE_PROMOTION).toBe(0);
    expect(setFen(engine, '4k3/8/8/2P5/8/8/8/4K3 w - - 0 1')).toBe(0);
    const promotion = findMove(engine, 'c5c6');
    expect(promotion & MOVE_PROMOTION).toBe(MOVE_PROMOTION);
    const before = hash(engine);
    expect(engine.makeMove(promotion)).toBe(1);
    // Black is now a bare king facing K+M: pieces' honour starts at 2N = 6 plies, limit 64 moves = 128 plies.
    expect(getFen(engine)).toBe('4k3/8/2M5/8/8/8/8/4K3 b - 128 6 1');
    expect(hash(engine)).toBe(hashFromScratch(engine));
    engine.unmakeMove();
    expect(getFen(engine)).toBe('4k3/8/8/2P5/8/8/8/4K3 w - - 0 1');
    expect(hash(engine)).toBe(before);
  });

  it('ignores unmakeMove with no history', () => {
    const engine = instantiateEngine('debug');
    setFen(engine, START_FEN);
    engine.unmakeMove();
    expect(getFen(engine)).toBe(START_FEN);
  });
});

describe('makeMove validation', () => {
  it('refuses every from/to pair that is not legal and leaves the position unchanged', () => {
    const engine = instantiateEngine('debug');
    const fens = [
      START_FEN,
      '1rs1k1nr/2mn1s2/pppppp1p/6p1/P2PP3/1PP2PPP/R2K4/1NS1MSNR w - - 1 6',
      '4k3/8/8/8/8/8/4r3/4K3 w - - 0 1',
    ];
    for (const fen of fens) {
      expect(setFen(engine, fen)).toBe(0);
      const legal = new Set(legalMoves(engine).map((move) => move & 0xfff));
      const key = hash(engine);
      for (let move = 0; move < 4096; move++) {
        if (legal.has(move)) continue;
        expect(engine.makeMove(move)).toBe(0);
      }
      expect(getFen(engine)).toBe(fen);
      expect(hash(engine)).toBe(key);
    }
  });

  it('refuses unknown flag bits and a promotion flag on a move that does not promote', () => {
    const engine = instantiateEngine('debug');
    setFen(engine, START_FEN);
    const push = encodeMove(squareIndex('e3'), squareIndex('e4'));
    expect(engine.makeMove(push | MOVE_PROMOTION)).toBe(0);
    expect(engine.makeMove(push | (1 << 13))).toBe(0);
    expect(engine.makeMove(-1)).toBe(0);
    expect(engine.makeMove(push)).toBe(1);
  });

  it('accepts a promotion written without its flag (promotion is automatic) and promotes', () => {
    const engine = instantiateEngine('debug');
    setFen(engine, '4k3/8/8/p1P5/8/8/8/4K3 w - - 0 1');
    expect(engine.makeMove(encodeMove(squareIndex('c5'), squareIndex('c6')))).toBe(1);
    expect(getFen(engine)).toBe('4k3/8/2M5/p7/8/8/8/4K3 b - - 0 1');
  });

  it('refuses moves into check, moves of pinned pieces off the line, and non-evasions', () => {
    const engine = instantiateEngine('debug');
    // White rook d1 pins the black knight on d5 against the black king on d8.
    setFen(engine, '3k4/8/8/3n4/8/8/8/3RK3 b - - 0 1');
    expect(engine.makeMove(encodeMove(squareIndex('d5'), squareIndex('c3')))).toBe(0);
    expect(engine.makeMove(encodeMove(squareIndex('d8'), squareIndex('d7')))).toBe(1);
    // Black king in check by the rook on e1: a knight move that does not block is refused.
    setFen(engine, '4k3/8/8/3n4/8/8/8/3KR3 b - - 0 1');
    expect(engine.inCheck()).toBe(1);
    expect(engine.makeMove(encodeMove(squareIndex('d5'), squareIndex('b4')))).toBe(0);
    expect(engine.makeMove(encodeMove(squareIndex('d5'), squareIndex('e7')))).toBe(1);
    expect(engine.inCheck()).toBe(0);
    engine.unmakeMove();
    expect(engine.makeMove(encodeMove(squareIndex('d5'), squareIndex('e3')))).toBe(1);
    expect(engine.inCheck()).toBe(1); // the knight blocks on e3 and checks the king on d1
  });
});

describe('legal moves of the pieces', () => {
  const engine = instantiateEngine('debug');
  const movesFrom = (fen: string, from: string): string[] => {
    expect(setFen(engine, fen)).toBe(0);
    return legalMoves(engine)
      .map(moveToUci)
      .filter((uci) => uci.startsWith(from))
      .sort();
  };
  it('khon: diagonals and one step straight forward for its colour', () => {
    expect(movesFrom('4k3/8/8/8/3S4/8/8/4K3 w - - 0 1', 'd4')).toEqual(['d4c3', 'd4c5', 'd4d5', 'd4e3', 'd4e5']);
    expect(movesFrom('4k3/8/8/8/3s4/8/8/4K3 b - - 0 1', 'd4')).toEqual(['d4c3', 'd4c5', 'd4d3', 'd4e3', 'd4e5']);
  });
  it('met and promoted met: one step diagonally', () => {
    expect(movesFrom('4k3/8/8/8/3M4/8/8/4K3 w - - 0 1', 'd4')).toEqual(['d4c3', 'd4c5', 'd4e3', 'd4e5']);
    expect(movesFrom('4k3/8/8/8/3M~4/8/8/4K3 w - - 0 1', 'd4')).toEqual(['d4c3', 'd4c5', 'd4e3', 'd4e5']);
  });
  it('pawn: one step, diagonal captures, no double step, promotion on the 6th rank', () => {
    expect(movesFrom('4k3/8/8/8/8/3P4/8/4K3 w - - 0 1', 'd3')).toEqual(['d3d4']);
    expect(movesFrom('4k3/8/8/2PpP3/8/8/8/4K3 b - - 0 1', 'd5')).toEqual(['d5d4']);
    expect(movesFrom('4k3/8/8/8/3p4/3P4/8/4K3 b - - 0 1', 'd4')).toEqual([]);
    expect(movesFrom('4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1', 'd4')).toEqual(['d4c5', 'd4d5', 'd4e5']);
    expect(movesFrom('4k3/8/3r4/2P5/8/8/8/4K3 w - - 0 1', 'c5')).toEqual(['c5c6m', 'c5d6m']);
    expect(movesFrom('4k3/8/8/8/5p2/8/8/4K3 b - - 0 1', 'f4')).toEqual(['f4f3m']);
  });
  it('a pinned rook slides along the pin line only', () => {
    expect(movesFrom('4r3/8/8/8/4R3/8/8/4K2k w - - 0 1', 'e4')).toEqual([
      'e4e2',
      'e4e3',
      'e4e5',
      'e4e6',
      'e4e7',
      'e4e8',
    ]);
  });
  it('double check: only the king moves', () => {
    expect(setFen(engine, '4k3/8/8/8/8/3n4/8/r3K2R w - - 0 1')).toBe(0);
    expect(engine.inCheck()).toBe(1);
    expect(new Set(legalMoves(engine).map((move) => moveToUci(move).slice(0, 2)))).toEqual(new Set(['e1']));
  });
  it("the king may not step back along the checking rook's line", () => {
    const moves = movesFrom('8/8/8/8/8/8/8/r3K2k w - - 0 1', 'e1');
    expect(moves).not.toContain('e1f1');
    expect(moves).toEqual(['e1d2', 'e1e2', 'e1f2']);
  });
});
