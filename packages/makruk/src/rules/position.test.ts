import { describe, expect, it } from 'vitest';
import { Position } from './position.js';
import { readPerftEpd } from '../testing/helpers.js';
import type { Move } from './types.js';

function pos(fen: string): Position {
  const result = Position.fromFen(fen);
  if (!result.ok) throw result.error;
  return result.value;
}

const uci = (moves: Move[]) => moves.map((m) => `${m.from}${m.to}${m.promotion ? 'm' : ''}`).sort();

describe('Position basics', () => {
  it('starts as docs/rules.md says', () => {
    const start = Position.initial();
    expect(start.fen()).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    expect(start.turn).toBe('white');
    expect(start.pieceAt('d1')).toEqual({ color: 'white', role: 'king' });
    expect(start.pieceAt('e1')).toEqual({ color: 'white', role: 'met' });
    expect(start.pieceAt('e8')).toEqual({ color: 'black', role: 'king' });
    expect(start.pieceAt('d8')).toEqual({ color: 'black', role: 'met' });
    expect(start.pieceAt('e4')).toBeUndefined();
    expect(start.pieces()).toHaveLength(32);
    expect(start.counting).toBeNull();
    expect(start.halfmoves).toBe(0);
    expect(start.fullmoves).toBe(1);
  });

  it('is immutable: play returns a new position', () => {
    const start = Position.initial();
    const next = start.play('e3e4');
    expect(start.pieceAt('e3')).toEqual({ color: 'white', role: 'pawn' });
    expect(next.pieceAt('e4')).toEqual({ color: 'white', role: 'pawn' });
    expect(next.turn).toBe('black');
    expect(next.fen()).toBe('rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1');
    const board = next.board;
    board.set('e4', undefined);
    expect(next.pieceAt('e4')).toBeDefined();
  });

  it('keeps half-move clock and full-move number', () => {
    let p = Position.initial().play('b1d2'); // knight move
    expect(p.halfmoves).toBe(1);
    p = p.play('b8d7');
    expect(p.halfmoves).toBe(2);
    expect(p.fullmoves).toBe(2);
    p = p.play('e3e4'); // pawn move resets
    expect(p.halfmoves).toBe(0);
    expect(p.fullmoves).toBe(2);
  });

  it('lists dests by origin', () => {
    const dests = Position.initial().dests();
    expect(dests.get('b1')?.sort()).toEqual(['d2']); // a3 and c3 hold its own pawns
    expect(dests.get('c1')?.sort()).toEqual(['b2', 'c2', 'd2']);
    expect(dests.get('d1')?.sort()).toEqual(['c2', 'd2', 'e2']);
    expect(dests.get('e1')?.sort()).toEqual(['d2', 'f2']);
    expect(dests.get('a1')).toEqual(['a2']);
    expect(dests.has('h8')).toBe(false); // Black's pieces have no moves on White's turn
    expect([...dests.values()].reduce((n, list) => n + list.length, 0)).toBe(23);
  });

  it('rejects illegal moves with ERR_ILLEGAL_MOVE and bad text with ERR_UCI_SYNTAX', () => {
    const start = Position.initial();
    expect(start.isLegal('e3e5')).toBe(false);
    expect(() => start.play('e3e5')).toThrowError(expect.objectContaining({ code: 'ERR_ILLEGAL_MOVE' }));
    expect(() => start.play('hello')).toThrowError(expect.objectContaining({ code: 'ERR_UCI_SYNTAX' }));
    expect(() => start.play({ from: 'e3', to: 'e4', promotion: 'met' })).toThrowError(
      expect.objectContaining({ code: 'ERR_ILLEGAL_MOVE' }),
    );
    expect(start.isLegal({ from: 'z9' as never, to: 'e4' })).toBe(false);
  });
});

describe('legal moves', () => {
  it('khon steps diagonally and one straight forward; met steps diagonally', () => {
    const p = pos('4k3/8/8/8/3S4/8/8/4K3 w - - 0 1');
    expect(uci(p.legalMoves()).filter((m) => m.startsWith('d4'))).toEqual(['d4c3', 'd4c5', 'd4d5', 'd4e3', 'd4e5']);
    const b = pos('4k3/8/8/3s4/8/8/8/4K3 b - - 0 1');
    expect(uci(b.legalMoves()).filter((m) => m.startsWith('d5'))).toEqual(['d5c4', 'd5c6', 'd5d4', 'd5e4', 'd5e6']);
    const m = pos('4k3/8/8/8/3M4/8/8/4K3 w - - 0 1');
    expect(uci(m.legalMoves()).filter((mv) => mv.startsWith('d4'))).toEqual(['d4c3', 'd4c5', 'd4e3', 'd4e5']);
  });

  it('pawns step forward, capture diagonally forward, no double step', () => {
    const p = pos('4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1');
    expect(uci(p.legalMoves()).filter((m) => m.startsWith('e4'))).toEqual(['e4d5', 'e4e5', 'e4f5']);
    const blocked = pos('4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1');
    expect(uci(blocked.legalMoves()).filter((m) => m.startsWith('e4'))).toEqual([]);
    const black = pos('4k3/8/8/3p4/2P1P3/8/8/4K3 b - - 0 1');
    expect(uci(black.legalMoves()).filter((m) => m.startsWith('d5'))).toEqual(['d5c4', 'd5d4', 'd5e4']);
  });

  it('promotes automatically on the 6th rank (rank 3 for Black), also by capture', () => {
    const p = pos('4k3/8/3r4/2P5/8/8/7P/4K3 w - - 0 1');
    expect(uci(p.legalMoves()).filter((m) => m.startsWith('c5'))).toEqual(['c5c6m', 'c5d6m']);
    const after = p.play('c5c6'); // the 'm' may be left out
    expect(after.pieceAt('c6')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(after.fen()).toBe('4k3/8/2Mr4/8/8/8/7P/4K3 b - - 0 1');
    expect(after.fen({ promoted: true })).toBe('4k3/8/2M~r4/8/8/8/7P/4K3 b - - 0 1');
    const black = pos('4k3/p7/8/8/5p2/8/8/K7 b - - 0 1').play('f4f3m');
    expect(black.pieceAt('f3')).toEqual({ color: 'black', role: 'met', promoted: true });
    // A promoted pawn moves as a met.
    expect(uci(black.play('a1a2').legalMoves()).filter((m) => m.startsWith('f3'))).toEqual([
      'f3e2',
      'f3e4',
      'f3g2',
      'f3g4',
    ]);
  });

  it('answers a check only by legal moves', () => {
    // Rook on e8 checks the king on e1: block, capture or step aside.
    const p = pos('k3r3/8/8/8/8/8/3N4/4K3 w - - 0 1');
    expect(p.isCheck()).toBe(true);
    expect(uci(p.legalMoves())).toEqual(['d2e4', 'e1d1', 'e1f1', 'e1f2']);
  });

  it('keeps pinned pieces on the pin line', () => {
    // The knight on e2 is pinned by the rook on e8; the rook on d4 is not.
    const p = pos('4r2k/8/8/8/3R4/8/4N3/4K3 w - - 0 1');
    expect(uci(p.legalMoves()).filter((m) => m.startsWith('e2'))).toEqual([]);
    const rook = pos('4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1');
    expect(uci(rook.legalMoves()).filter((m) => m.startsWith('e2'))).toEqual([
      'e2e3',
      'e2e4',
      'e2e5',
      'e2e6',
      'e2e7',
      'e2e8',
    ]);
  });

  it('sees discovered checks and does not let the king walk into attacks', () => {
    // Moving the knight off the e-file discovers check from the rook on e1.
    const p = pos('4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1');
    const after = p.play('e4c5');
    expect(after.isCheck()).toBe(true);
    // Khon attacks forward: the black king may not step onto d6? The white khon on d5 covers c6, d6, e6, c4, e4.
    const k = pos('8/8/8/2k5/8/3S4/8/4K3 b - - 0 1');
    expect(uci(k.legalMoves())).not.toContain('c5c4');
    expect(uci(k.legalMoves())).not.toContain('c5d4');
    expect(uci(k.legalMoves())).toContain('c5d5');
    expect(uci(k.legalMoves())).toContain('c5b4');
  });

  it('is never in check from the side to move: ERR_OPPOSITE_CHECK', () => {
    const result = Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'.replace('R3K3', '4K2R').replace('4k3', '7k'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('ERR_OPPOSITE_CHECK');
  });
});

describe('repetition key', () => {
  it('is the placement and the side to move: count ply, count state and move numbers are not compared', () => {
    const a = pos('4k3/8/8/8/8/8/8/RR2K3 w - 16 10 5');
    expect(a.repetitionKey()).toBe(pos('4k3/8/8/8/8/8/8/RR2K3 w - 16 12 6').repetitionKey());
    expect(a.repetitionKey()).toBe(pos('4k3/8/8/8/8/8/8/RR2K3 w - - 0 9').repetitionKey());
    expect(a.repetitionKey()).not.toBe(pos('4k3/8/8/8/8/8/8/RR2K3 b - 16 10 5').repetitionKey());
    expect(a.repetitionKey()).not.toBe(pos('4k3/8/8/8/8/8/8/R1R1K3 w - 16 10 5').repetitionKey());
    expect(pos('4k3/8/8/8/8/8/8/M~3K3 w - - 0 1').repetitionKey()).toBe(
      pos('4k3/8/8/8/8/8/8/M3K3 w - - 0 1').repetitionKey(),
    );
  });
});

describe('outcomes', () => {
  it('checkmate', () => {
    const p = pos('R3k3/8/4K3/8/8/8/8/8 b - - 0 1');
    expect(p.isCheckmate()).toBe(true);
    expect(p.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
  });

  it('stalemate', () => {
    const p = pos('k7/2K5/2N5/8/8/8/8/8 b - - 0 1');
    expect(p.isStalemate()).toBe(true);
    expect(p.isCheckmate()).toBe(false);
    expect(p.outcome()).toEqual({ reason: 'stalemate' });
  });

  it('insufficient material (dead position): K v K, K+N v K, K+mets on one colour v K, K v K+P, for either side', () => {
    const dead = [
      '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
      '4k3/8/8/8/8/8/8/1N2K3 w - - 0 1',
      '4k3/8/1n6/8/8/8/8/4K3 w - - 0 1',
      '4k3/8/8/8/8/8/8/M1M1K3 w - - 0 1', // a1, c1: both dark
      '4k3/8/8/8/8/2m5/8/m3K3 b - - 0 1', // a1, c3: dark, black mets
      '4k3/8/8/8/8/8/1M6/M3K3 w - - 0 1', // a1, b2: both dark, one promoted in spirit
      '4k3/8/8/8/8/P7/8/4K3 w - - 0 1', // a lone pawn can only become a lone met
    ];
    for (const fen of dead) {
      expect(pos(fen).isInsufficientMaterial(), fen).toBe(true);
      expect(pos(fen).outcome(), fen).toEqual({ reason: 'insufficient-material' });
    }
    const alive = [
      '4k3/8/8/8/8/8/8/MM2K3 w - - 0 1', // a1 dark, b1 light
      '4k3/8/8/8/8/8/8/2S1K3 w - - 0 1', // K+S v K can mate
      '4k3/8/8/8/8/8/8/NN2K3 w - - 0 1',
      '4k3/8/8/8/8/8/8/1N1RK3 w - - 0 1',
      '4k3/n7/8/8/8/8/8/1N2K3 w - - 0 1', // K+N v K+N: a knight with a second piece on the board
    ];
    for (const fen of alive) expect(pos(fen).isInsufficientMaterial(), fen).toBe(false);
    expect(pos('4k3/8/8/8/8/8/8/M~1M~1K3 w - - 0 1').isInsufficientMaterial()).toBe(true);
  });

  it('counting: the rules example draws when the count passes the limit, but a mate on the limit ply wins', () => {
    const start = pos('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    expect(start.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    // Shuffle to ply 16 with Black to move: White's moves have failed to mate in time.
    // Play the first legal move that neither ends the game nor captures, until the count reaches ply 16.
    let p = start;
    while ((p.counting?.plies ?? 0) < 16) {
      const quiet = p.legalMoves().find((m) => !p.isCapture(m) && p.play(m).outcome() === undefined);
      if (!quiet) throw new Error(`no quiet move in ${p.fen()}`);
      p = p.play(quiet);
    }
    expect(p.counting?.plies).toBe(16);
    expect(p.turn).toBe('black');
    expect(p.outcome()).toBeUndefined();
    const expired = p.play(p.legalMoves()[0] as Move);
    expect(expired.counting?.plies).toBe(17);
    expect(expired.isCheckmate()).toBe(false);
    expect(expired.outcome()).toEqual({ reason: 'counting-limit' });
  });

  it('counting: a mate delivered exactly at the limit ply wins (rules example, line found by Fairy-Stockfish)', () => {
    let p = pos('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    for (const move of ['b2a2', 'b1b6', 'a2a3', 'h1h2', 'a3a4']) {
      p = p.play(move);
      expect(p.outcome(), move).toBeUndefined();
    }
    const mate = p.play('h2a2');
    expect(mate.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 16 });
    expect(mate.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
  });

  it('counting: past the limit only a side that is not mated is saved', () => {
    // Same mate, one ply later on the count: the side to move is mated, so the mate stands (the draw test is only
    // "count ply > limit and the side to move not checkmated").
    const late = pos('k7/8/1K6/8/8/8/8/7R w - 16 16 40').play('h1h8');
    expect(late.counting?.plies).toBe(17);
    expect(late.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
    const notMate = pos('k7/8/1K6/8/8/8/8/7R w - 16 16 40').play('h1h7');
    expect(notMate.outcome()).toEqual({ reason: 'counting-limit' });
  });
});

describe('automatic counting (docs/rules.md examples, checked against Fairy-Stockfish)', () => {
  it('board honour starts at ply 0 when the last pawn goes', () => {
    expect(pos('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40').play('a1a2').fen()).toBe('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
  });
  it("pieces' honour starts at 2N when a capture bares the king", () => {
    expect(pos('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40').play('b1b7').fen()).toBe('4k3/1R6/8/8/8/8/8/R2NK3 b - 16 10 40');
  });
  it("pieces' honour starts at 2N-1 when the bare king takes the last pawn", () => {
    expect(pos('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50').play('e5f4').fen()).toBe('8/8/8/8/5k2/8/8/R3K3 w - 32 5 51');
  });
  it('loading a FEN never starts a count', () => {
    expect(pos('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40').counting).toBeNull();
  });
});

describe('perft in TypeScript', () => {
  it('matches docs/rules.md from the start to depth 4', () => {
    const start = Position.initial();
    expect([1, 2, 3, 4].map((d) => start.perft(d))).toEqual([23, 529, 12012, 273026]);
  });

  it('matches docs/rules.md from the start at depth 5 (6,223,994)', () => {
    expect(Position.initial().perft(5)).toBe(6223994);
  });

  it('matches every line of random-positions.epd to depth 3', () => {
    const lines = readPerftEpd();
    expect(lines.length).toBeGreaterThan(0);
    for (const { fen, counts } of lines) {
      const p = pos(fen);
      for (let depth = 1; depth <= 3; depth++) expect(p.perft(depth), `${fen} depth ${depth}`).toBe(counts[depth - 1]);
    }
  });
});

describe('a finished position stays finished', () => {
  it('after the count ran out, playing on cannot turn the draw into a win', () => {
    const expired = pos('k7/8/1K6/8/8/8/8/7R w - 16 17 40');
    expect(expired.outcome()).toEqual({ reason: 'counting-limit' });
    const mated = expired.play('h1h8');
    expect(mated.isCheckmate()).toBe(true);
    expect(mated.outcome()).toEqual({ reason: 'counting-limit' });
    expect(mated.isEnd()).toBe(true);
    // the same mate one ply earlier, before the count ran out, wins
    expect(pos('k7/8/1K6/8/8/8/8/7R w - 16 15 40').play('h1h8').outcome()).toEqual({
      winner: 'white',
      reason: 'checkmate',
    });
  });

  it('a dead position stays dead whatever is played', () => {
    let p = pos('4k3/8/8/8/8/3P4/8/4K3 w - - 0 40');
    for (const move of ['d3d4', 'e8d7', 'd4d5', 'd7c7', 'd5d6']) {
      expect(p.outcome(), p.fen()).toEqual({ reason: 'insufficient-material' });
      p = p.play(move);
    }
    expect(p.pieceAt('d6')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(p.outcome()).toEqual({ reason: 'insufficient-material' });
  });
});
