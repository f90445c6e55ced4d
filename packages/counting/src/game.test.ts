import { describe, expect, it } from 'vitest';
import { CountingGame } from './game.js';
import { nextCountNumber } from './outcome.js';
import type { Count } from './types.js';
import { applyUci, countOf, materialOf, readFen } from './testing/fen-board.js';
import type { FenState } from './testing/fen-board.js';

/** A game-mode counting state that follows a board, so tests can speak in UCI moves. */
class Line {
  constructor(
    readonly board: FenState['board'],
    readonly state: CountingGame,
  ) {}

  static fromFen(fen: string): Line {
    const fenState = readFen(fen);
    return new Line(fenState.board, CountingGame.create(fenState.turn, materialOf(fenState.board), countOf(fen)));
  }

  play(...moves: string[]): Line {
    let line: Line = this;
    for (const uci of moves) {
      const next = applyUci({ board: line.board, turn: line.state.turn }, uci);
      line = new Line(next.board, line.state.play(next.facts, next.after));
    }
    return line;
  }

  start(): Line {
    const result = this.state.startCounting();
    if (!result.ok) throw result.error;
    return new Line(this.board, result.value);
  }

  stop(): Line {
    const result = this.state.stopCounting();
    if (!result.ok) throw result.error;
    return new Line(this.board, result.value);
  }

  get count(): Count | null {
    return this.state.count;
  }
}

/** Shuffles two kings back and forth: quiet moves that change nothing but the count. */
function shuffle(line: Line, whiteMoves: [string, string], blackMoves: [string, string], plies: number): Line {
  let current = line;
  for (let i = 0; i < plies; i++) {
    const moves = current.state.turn === 'white' ? whiteMoves : blackMoves;
    const [there, back] = moves;
    const uci = current.board[Number(there[1]) - 1]?.[there.charCodeAt(0) - 97] ? there : back;
    current = current.play(uci);
  }
  return current;
}

const TWO_ROOKS_V_KNIGHT = '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40';

describe("game mode: board's honour is optional", () => {
  it('never starts by itself', () => {
    const line = Line.fromFen(TWO_ROOKS_V_KNIGHT).play('a1a2', 'c6d4', 'a2a3');
    expect(line.count).toBeNull();
  });

  it('the side to move may start it on its own turn and counts its own moves from 1', () => {
    const line = Line.fromFen(TWO_ROOKS_V_KNIGHT);
    expect(line.state.canStartCounting()).toBe(true);
    const started = line.start();
    expect(started.count).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 0 });
    expect(nextCountNumber(started.count as Count)).toBe(1);
    const later = started.play('a1a2', 'c6d4');
    expect(later.count?.plies).toBe(2);
    expect(nextCountNumber(later.count as Count)).toBe(2);
    // Black may start when it is Black's turn, if no count runs
    const black = Line.fromFen(TWO_ROOKS_V_KNIGHT).play('a1a2').start();
    expect(black.count).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
  });

  it('cannot start while an unpromoted pawn remains; may once it is gone', () => {
    const line = Line.fromFen('4k3/p7/2n5/8/8/8/8/RR2K3 w - - 0 40');
    expect(line.state.canStartCounting()).toBe(false);
    const result = line.state.startCounting();
    expect(!result.ok && result.error.code).toBe('ERR_COUNT_PAWNS');
    const white = Line.fromFen('4k3/8/2n5/8/8/8/P7/RR2K3 b - - 0 40');
    expect(white.state.startCountingError()?.code).toBe('ERR_COUNT_PAWNS');
    const afterCapture = line.play('a1a7');
    expect(afterCapture.count).toBeNull();
    expect(afterCapture.state.canStartCounting()).toBe(true);
  });

  it("cannot start when a side is bare (pieces' honour applies) or a count runs", () => {
    expect(Line.fromFen('4k3/8/8/8/8/8/8/RR2K3 w - - 0 40').state.startCountingError()?.code).toBe(
      'ERR_COUNT_BARE_KING',
    );
    expect(Line.fromFen('4k3/8/8/8/8/8/8/RR2K3 b - - 0 40').state.startCountingError()?.code).toBe(
      'ERR_COUNT_BARE_KING',
    );
    const running = Line.fromFen(TWO_ROOKS_V_KNIGHT).start().play('a1a2');
    expect(running.state.startCountingError()?.code).toBe('ERR_COUNT_RUNNING');
    const pieces = Line.fromFen('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40').play('b1b7');
    expect(pieces.state.startCountingError()?.code).toBe('ERR_COUNT_PIECES_HONOUR');
  });

  it('the counting side may stop on its own turn; starting again restarts from 1', () => {
    const counting = Line.fromFen(TWO_ROOKS_V_KNIGHT).start().play('a1a2', 'c6d4', 'a2a3', 'd4c6');
    expect(counting.count?.plies).toBe(4);
    expect(counting.state.canStopCounting()).toBe(true);
    const stopped = counting.stop();
    expect(stopped.count).toBeNull();
    const quiet = stopped.play('a3a4', 'c6d4');
    expect(quiet.count).toBeNull();
    const again = quiet.start();
    expect(again.count).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 0 });
    expect(nextCountNumber(again.count as Count)).toBe(1);
  });

  it("only the counting side may stop, and pieces' honour cannot be stopped", () => {
    const blackTurn = Line.fromFen(TWO_ROOKS_V_KNIGHT).start().play('a1a2');
    const result = blackTurn.state.stopCounting();
    expect(!result.ok && result.error.code).toBe('ERR_COUNT_NOT_COUNTING_SIDE');
    expect(Line.fromFen(TWO_ROOKS_V_KNIGHT).state.stopCountingError()?.code).toBe('ERR_COUNT_NOT_RUNNING');
    const pieces = Line.fromFen('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40').play('b1b7');
    expect(pieces.state.stopCountingError()?.code).toBe('ERR_COUNT_PIECES_HONOUR');
  });

  it("the counting side's 65th counted move is a draw; the other side may mate up to then", () => {
    let line = Line.fromFen(TWO_ROOKS_V_KNIGHT).start();
    line = shuffle(line, ['e1f1', 'f1e1'], ['e8f8', 'f8e8'], 127); // white's 64th counted move is ply 127
    expect(line.count?.plies).toBe(127);
    expect(line.state.verdict(false)).toBeUndefined();
    line = shuffle(line, ['e1f1', 'f1e1'], ['e8f8', 'f8e8'], 1); // Black's reply after count 64
    expect(line.count?.plies).toBe(128);
    expect(line.state.verdict(false)).toBeUndefined();
    expect(line.state.verdict(true)).toEqual({ result: 'win', winner: 'black', reason: 'checkmate' });
    line = shuffle(line, ['e1f1', 'f1e1'], ['e8f8', 'f8e8'], 1); // White's 65th counted move
    expect(line.state.isExpired()).toBe(true);
    expect(line.state.verdict(false)).toEqual({ result: 'draw', reason: 'counting-limit' });
  });

  it("the counting side's checkmate is a draw; without a count it wins", () => {
    const counting = Line.fromFen(TWO_ROOKS_V_KNIGHT).start().play('a1a7'); // pretend a1a7 mates
    expect(counting.state.verdict(true)).toEqual({ result: 'draw', reason: 'counting-side-mate' });
    const free = Line.fromFen(TWO_ROOKS_V_KNIGHT).play('a1a7');
    expect(free.state.verdict(true)).toEqual({ result: 'win', winner: 'white', reason: 'checkmate' });
  });

  it('captures by the counting side (or the other side) do not restart the count', () => {
    const line = Line.fromFen('4k3/8/2n5/8/5s2/8/8/RR2K3 w - - 0 40').start().play('a1f1', 'e8d8', 'f1f4');
    expect(line.count).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 3 });
    // the other side's capture (the knight takes the rook on b1) keeps the count too
    const taken = Line.fromFen('4k3/8/2n5/8/8/8/8/RR1SK3 w - - 0 40')
      .start()
      .play('e1f2', 'c6e5', 'f2g2', 'e5c4', 'g2h2', 'c4d2', 'h2g2', 'd2b1');
    expect(taken.count).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 8 });
  });
});

describe("game mode: pieces' honour", () => {
  it("starts by itself when a side becomes bare, replacing board's honour (N+1 first)", () => {
    const line = Line.fromFen(TWO_ROOKS_V_KNIGHT).start().play('a1a2', 'e8d8', 'a2a6', 'd8e8', 'a6c6');
    expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
    expect(nextCountNumber(line.count as Count)).toBe(5); // N = 4
  });

  it("replaces board's honour when the counting side itself becomes bare", () => {
    const line = Line.fromFen('4k3/8/2n5/8/8/8/8/R3K3 b - - 0 40').start().play('e8d8', 'a1a6', 'd8e8', 'a6c6');
    expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 6 });
  });

  it('starts when the last pawn leaves the board while a side is already bare (promotion)', () => {
    const line = Line.fromFen('4k3/8/8/2P5/8/8/8/R3K3 w - - 0 40').play('c5c6');
    expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 8 });
  });

  it('does not start while an unpromoted pawn remains', () => {
    const line = Line.fromFen('4k3/8/2n5/8/8/8/P7/RR2K3 w - - 0 40').play('b1b6', 'e8d8', 'b6c6');
    expect(line.count).toBeNull();
  });

  it('the bare king taking the last pawn starts at 2N−1: its next move is N+1', () => {
    const line = Line.fromFen('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50').play('e5f4');
    expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 5 });
    const next = line.play('a1a2');
    expect(next.count?.plies).toBe(6);
    expect(nextCountNumber(next.count as Count)).toBe(4); // N = 3
  });

  it('the limit is fixed once it starts: the bare king capturing a piece neither changes nor restarts it', () => {
    const line = Line.fromFen('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40').play('b1b7', 'e8d7', 'd1c3', 'd7c7', 'c3b5', 'c7b7');
    expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 15 });
  });

  it('K+R+R+N v K: counts 6, 7, 8, then a draw on the move that would be 9', () => {
    let line = Line.fromFen('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40').play('b1b2');
    const announced: number[] = [];
    for (;;) {
      if (line.state.turn === 'black') announced.push(nextCountNumber(line.count as Count));
      line = shuffle(line, ['e1f1', 'f1e1'], ['e8f8', 'f8e8'], 1);
      if (line.state.verdict(false) !== undefined) break;
    }
    expect(announced).toEqual([6, 7, 8, 9]);
    expect(line.state.verdict(false)).toEqual({ result: 'draw', reason: 'counting-limit' });
  });

  const table: Array<[string, number]> = [
    ['RR6', 8],
    ['R7', 16],
    ['SS6', 22],
    ['NN6', 32],
    ['S7', 44],
    ['N7', 64],
    ['M~M~6', 64],
    ['MS6', 44],
    ['RSSN4', 16],
  ];
  for (const [rank1, limit] of table) {
    it(`limit table: ${rank1} on rank 1 → ${limit} moves`, () => {
      const line = Line.fromFen(`4k3/8/8/8/8/1n6/K7/${rank1} w - - 0 40`).play('a2b3');
      const pieces = 2 + rank1.replace(/[^A-Z]/g, '').length;
      expect(line.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 2 * limit, plies: 2 * pieces });
    });
  }
});

describe('game mode state is immutable', () => {
  it('start, stop and play return new states', () => {
    const state = Line.fromFen(TWO_ROOKS_V_KNIGHT).state;
    const started = state.startCounting();
    expect(state.count).toBeNull();
    expect(started.ok && started.value.count?.side).toBe('white');
    expect(Object.isFrozen(state)).toBe(true);
    if (started.ok) {
      expect(Object.isFrozen(started.value.count)).toBe(true);
      const after = started.value.play({ capture: false, promotion: false, capturedPawn: false }, state.material);
      expect(started.value.count?.plies).toBe(0);
      expect(after.count?.plies).toBe(1);
      expect(after.turn).toBe('black');
    }
  });
});
