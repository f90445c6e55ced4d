import { describe, expect, it } from 'vitest';
import { automaticCountAfterMove } from './automatic.js';
import { makeCountingFields } from './fen.js';
import type { Count } from './types.js';
import { applyUci, countOf, readFen } from './testing/fen-board.js';

/** Plays UCI moves from a FEN in automatic mode; returns the count after each move. */
function playAutomatic(fen: string, moves: string[]): Array<Count | null> {
  let state = readFen(fen);
  let count = countOf(fen);
  const counts: Array<Count | null> = [];
  for (const uci of moves) {
    const next = applyUci(state, uci);
    count = automaticCountAfterMove(count, next.facts, next.after);
    counts.push(count);
    state = { ...state, board: next.board, turn: next.turn };
  }
  return counts;
}

function fieldsAfter(fen: string, moves: string[]): string {
  const counts = playAutomatic(fen, moves);
  return makeCountingFields(counts[counts.length - 1] ?? null, 0).join(' ');
}

describe('automatic mode: the worked examples of docs/rules.md (Fairy-Stockfish)', () => {
  it("4k3/8/2n5/8/8/8/8/RR2K3 w after a1a2: board's honour for Black, 128 0", () => {
    const [count] = playAutomatic('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', ['a1a2']);
    expect(count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
  });
  it("4k3/8/8/8/8/8/8/RR1NK3 w after b1b7: pieces' honour for the bare Black king, 16 10", () => {
    const [count] = playAutomatic('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40', ['b1b7']);
    expect(count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
  });
  it('8/8/8/4k3/5P2/8/8/R3K3 b after e5f4 (bare king takes the last pawn): 32 5', () => {
    const [count] = playAutomatic('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50', ['e5f4']);
    expect(count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 5 });
  });
});

describe('automatic mode rules', () => {
  it('loading a FEN never starts a count; the first move does', () => {
    expect(countOf('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40')).toBeNull();
    expect(fieldsAfter('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', ['e1d1'])).toBe('128 0');
  });

  it('no count while an unpromoted pawn remains, of either colour', () => {
    const counts = playAutomatic('4k3/p7/2n5/8/8/8/8/RR2K3 w - - 0 40', ['a1a2', 'c6d4', 'a2a3', 'd4c6']);
    expect(counts).toEqual([null, null, null, null]);
    const white = playAutomatic('4k3/8/2n5/8/8/8/P7/1R2K3 w - - 0 40', ['b1b2', 'c6d4']);
    expect(white).toEqual([null, null]);
  });

  it('a count starts once the last pawn is captured, for the side to move', () => {
    // White rook takes the last black pawn: Black (not bare: it has a knight) starts board's honour.
    const [count] = playAutomatic('4k3/p7/2n5/8/8/8/8/R3K3 w - - 0 40', ['a1a7']);
    expect(count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
  });

  it('a count starts when the last pawn promotes', () => {
    // c5c6 promotes the last pawn; Black is not bare: board's honour for Black.
    const [count] = playAutomatic('4k3/8/8/2P5/8/8/8/R3K2n w - - 0 40', ['c5c6']);
    expect(count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
    // Black already bare, White's last pawn promotes: pieces' honour, N = 4 (K, R, M, k), one rook: 16 moves.
    const [bare] = playAutomatic('4k3/8/8/2P5/8/8/8/R3K3 w - - 0 40', ['c5c6']);
    expect(bare).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 8 });
  });

  it('a running count goes up by one each ply, whoever moves, and captures that leave no bare king do not restart it', () => {
    const counts = playAutomatic('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', ['a1a2', 'c6d4', 'a2a4', 'e8d8']);
    expect(counts.map((c) => c?.plies)).toEqual([0, 1, 2, 3]);
    // Capture by the counting side (Black) of one white rook; White keeps a rook.
    const capture = playAutomatic('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', ['a1a2', 'c6b4', 'a2a3', 'b4a2', 'b1b2']);
    expect(capture[4]).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 4 });
  });

  it("a capture that leaves the side to move bare replaces board's honour with pieces' honour", () => {
    // board's honour runs for Black (ply 0 -> 1 -> 2), then the rook takes the knight: N = 4, limit 16 moves.
    const counts = playAutomatic('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', ['a1a2', 'e8d8', 'a2a6', 'd8e8', 'a6c6']);
    expect(counts[3]).toMatchObject({ kind: 'board', plies: 3 });
    expect(counts[4]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
  });

  it("the bare king capturing a piece keeps the pieces'-honour limit and does not restart the count", () => {
    // K+R+R+N v K: 16 10; the bare king takes the knight on d7: N drops but limit and ply just go on.
    const counts = playAutomatic('4k3/3N4/8/8/8/8/8/RR2K3 w - - 0 40', ['b1b2', 'e8d7', 'b2b3']);
    expect(counts[0]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(counts[1]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 11 });
    expect(counts[2]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 12 });
    // Taking a rook of two (table would now say 16 moves, not 8): the limit stays 8 moves.
    const rook = playAutomatic('4k3/3R4/8/8/8/8/8/R3K3 w - - 0 40', ['e1e2', 'e8d7', 'e2e3']);
    expect(rook[0]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
    expect(rook[1]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 9 });
  });

  it('the bare king taking the last pawn starts at 2N−1 so that it announces N+1 on its next move', () => {
    const counts = playAutomatic('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50', ['e5f4', 'a1a2', 'f4f5']);
    expect(counts.map((c) => c?.plies)).toEqual([5, 6, 7]); // N = 3: its next move is count 4 = N+1 (ply 7 = 2·4−1)
  });

  it("pieces' honour counts for the bare side even when the stronger side is to move at the start", () => {
    // Black bare, no count, White to move after a quiet black move: no start for the stronger side.
    const counts = playAutomatic('4k3/8/8/8/8/8/8/RR2K3 b - - 0 40', ['e8d8', 'a1a2']);
    expect(counts[0]).toBeNull();
    expect(counts[1]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
  });

  it('a bare king taking the last piece (K v K) starts nothing and leaves a running count as it was', () => {
    const counts = playAutomatic('4k3/3R4/8/8/8/8/8/4K3 w - 32 9 40', ['e1e2', 'e8d7']);
    expect(counts[1]).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 11 });
    const pawn = playAutomatic('4k3/3P4/8/8/8/8/8/4K3 b - - 0 40', ['e8d7']);
    expect(pawn[0]).toBeNull();
  });
});
