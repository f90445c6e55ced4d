import { describe, expect, it } from 'vitest';
import { spokenCount } from './spoken-count.js';
import { Game } from './game.js';
import { INITIAL_FEN } from './fen.js';
import { Position } from './position.js';

function gameFrom(fen: string): Game {
  const game = Game.fromFen(fen);
  if (!game.ok) throw game.error;
  return game.value;
}

function playAll(game: Game, moves: string[]): void {
  for (const move of moves) {
    const played = game.play(move);
    if (!played.ok) throw new Error(`${move}: ${played.error.message}`);
  }
}

/** Plays `plies` quiet moves, alternating the two given shuttles (each a pair of UCI moves there and back). */
function shuttle(game: Game, white: [string, string], black: [string, string], plies: number): void {
  for (let i = 0; i < plies; i++) {
    const [there, back] = game.turn === 'white' ? white : black;
    const move = game.position.isLegal(there) ? there : back;
    const played = game.play(move);
    if (!played.ok) throw new Error(`${move}: ${played.error.message}`);
  }
}

describe('Game: moves, history, undo', () => {
  it('plays SAN, UCI and Move objects and keeps SAN, UCI and FEN history', () => {
    const game = new Game();
    expect(game.play('e4')).toEqual({ ok: true, value: { from: 'e3', to: 'e4' } });
    expect(game.play('e6e5').ok).toBe(true);
    expect(game.play({ from: 'b1', to: 'd2' }).ok).toBe(true);
    expect(game.play('Nd7').ok).toBe(true);
    expect(game.sans).toEqual(['e4', 'e5', 'Nd2', 'Nd7']);
    expect(game.ucis).toEqual(['e3e4', 'e6e5', 'b1d2', 'b8d7']);
    expect(game.moves).toEqual([
      { from: 'e3', to: 'e4' },
      { from: 'e6', to: 'e5' },
      { from: 'b1', to: 'd2' },
      { from: 'b8', to: 'd7' },
    ]);
    expect(game.fens[0]).toBe(INITIAL_FEN);
    expect(game.fens).toHaveLength(5);
    expect(game.fens[4]).toBe(game.position.fen());
    expect(game.ply).toBe(4);
    const history = game.history();
    expect(history[2]).toMatchObject({
      san: 'Nd2',
      uci: 'b1d2',
      fenBefore: game.fens[2],
      fenAfter: game.fens[3],
      counting: null,
    });
  });

  it('fills in the automatic promotion and writes it in SAN', () => {
    const game = gameFrom('4k2r/8/8/2P5/8/8/8/4K3 w - - 0 1');
    expect(game.play('c5c6')).toEqual({ ok: true, value: { from: 'c5', to: 'c6', promotion: 'met' } });
    expect(game.sans).toEqual(['c6=M']);
    const san = gameFrom('4k2r/8/8/2P5/8/8/8/4K3 w - - 0 1');
    expect(san.play('c6=M').ok).toBe(true);
    expect(san.position.pieceAt('c6')).toEqual({ color: 'white', role: 'met', promoted: true });
  });

  it('reports bad moves as typed errors with messages, and never throws', () => {
    const game = new Game();
    const cases: Array<[unknown, string]> = [
      ['e3e5', 'ERR_ILLEGAL_MOVE'],
      [{ from: 'e3', to: 'e5' }, 'ERR_ILLEGAL_MOVE'],
      [{ from: 'z9', to: 'e4' }, 'ERR_ILLEGAL_MOVE'],
      [null, 'ERR_ILLEGAL_MOVE'],
      [42, 'ERR_ILLEGAL_MOVE'],
      ['hello', 'ERR_SAN_SYNTAX'],
      ['', 'ERR_SAN_SYNTAX'],
      ['Ke5', 'ERR_SAN_ILLEGAL'],
      ['O-O', 'ERR_SAN_SYNTAX'],
    ];
    for (const [input, code] of cases) {
      const played = game.play(input as string);
      expect(played.ok, String(input)).toBe(false);
      if (!played.ok) {
        expect(played.error.code, String(input)).toBe(code);
        expect(played.error.message.length).toBeGreaterThan(5);
      }
    }
    expect(game.ply).toBe(0);
    const ambiguous = gameFrom('4k3/8/8/8/8/8/K7/R6R w - - 0 1').play('Rd1');
    expect(!ambiguous.ok && ambiguous.error.code).toBe('ERR_SAN_AMBIGUOUS');
  });

  it('gives the engine its start FEN and UCI moves', () => {
    const game = gameFrom('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50');
    playAll(game, ['Kxf4', 'Ra2']);
    expect(game.engineInput()).toEqual({ fen: '8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50', moves: ['e5f4', 'a1a2'] });
  });

  it('undo takes back moves one by one', () => {
    const game = new Game();
    playAll(game, ['e4', 'e5']);
    expect(game.undo()).toEqual({ from: 'e6', to: 'e5' });
    expect(game.position.fen()).toBe(game.fens[1]);
    expect(game.undo()).toEqual({ from: 'e3', to: 'e4' });
    expect(game.undo()).toBeUndefined();
    expect(game.position.fen()).toBe(INITIAL_FEN);
    expect(game.play('d4').ok).toBe(true);
  });

  it('starts from a position or a FEN; a bad FEN is an error', () => {
    const position = Position.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    if (!position.ok) throw position.error;
    expect(Game.fromPosition(position.value).fens[0]).toBe('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    const bad = Game.fromFen('not a fen');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toMatch(/^ERR_FEN_/);
  });

  it('keeps comments and NAGs on moves', () => {
    const game = new Game();
    game.addComment('before the first move');
    playAll(game, ['e4']);
    game.addComment('a classic');
    game.addNag(1);
    expect(game.startComments).toEqual(['before the first move']);
    expect(game.history()[0]).toMatchObject({ comments: ['a classic'], nags: [1] });
  });
});

describe('Game: repetition', () => {
  it('can be claimed on the third occurrence of the same position with the same side to move', () => {
    const game = new Game();
    const loop = ['Nd2', 'Nd7', 'Nb1', 'Nb8'];
    playAll(game, loop);
    expect(game.repetitionCount()).toBe(2);
    expect(game.canClaimRepetition()).toBe(false);
    const early = game.claimDraw();
    expect(!early.ok && early.error.code).toBe('ERR_NO_DRAW_CLAIM');
    playAll(game, loop);
    expect(game.repetitionCount()).toBe(3);
    expect(game.canClaimRepetition()).toBe(true);
    expect(game.outcome()).toBeUndefined(); // claimable, not automatic
    expect(game.claimDraw()).toEqual({ ok: true, value: { reason: 'repetition' } });
    expect(game.outcome()).toEqual({ reason: 'repetition' });
    expect(game.result()).toBe('1/2-1/2');
    const after = game.play('e4');
    expect(!after.ok && after.error.code).toBe('ERR_GAME_OVER');
  });

  it('compares placement and side to move only: a repetition can be claimed while a count runs', () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    expect(game.startCounting().ok).toBe(true);
    playAll(game, ['Ra2', 'Kf8', 'Raa1', 'Ke8', 'Ra2', 'Kf8', 'Raa1', 'Ke8']);
    expect(game.counting).not.toBeNull();
    expect(game.repetitionCount()).toBe(3);
    expect(game.canClaimRepetition()).toBe(true);
    // the automatic count of the position runs too (board's honour from the first move), and is not compared either
    const free = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    playAll(free, ['Ra2', 'Kf8', 'Raa1', 'Ke8', 'Ra2', 'Kf8', 'Raa1', 'Ke8']);
    expect(free.position.counting).not.toBeNull();
    expect(free.canClaimRepetition()).toBe(true);
  });

  it('a capture makes earlier positions unrepeatable', () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/m7/RR2K3 w - - 0 40');
    playAll(game, ['Rb2', 'Kf8', 'Rbb1', 'Ke8', 'Rxa2', 'Kf8', 'Raa1', 'Ke8']);
    expect(game.repetitionCount()).toBe(1);
  });
});

describe('Game: endings', () => {
  it('checkmate wins, stalemate and dead positions draw', () => {
    const mate = gameFrom('k6n/8/8/8/8/8/7R/1R2K3 w - - 0 40');
    playAll(mate, ['Ra2']);
    expect(mate.sans).toEqual(['Ra2#']);
    expect(mate.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
    expect(mate.result()).toBe('1-0');
    const stalemate = gameFrom('k7/8/8/8/8/8/7R/1R2K3 w - - 0 40');
    playAll(stalemate, ['Rh7']);
    expect(stalemate.outcome()).toEqual({ reason: 'stalemate' });
    const dead = gameFrom('4k3/8/8/8/8/8/3s4/4K3 w - - 0 40');
    playAll(dead, ['Kxd2']);
    expect(dead.outcome()).toEqual({ reason: 'insufficient-material' });
  });

  it('resignation and agreement', () => {
    const game = new Game();
    expect(game.resign()).toEqual({ ok: true, value: { winner: 'black', reason: 'resignation' } });
    expect(game.result()).toBe('0-1');
    expect(game.undo()).toBeUndefined(); // undo lifts the resignation
    expect(game.outcome()).toBeUndefined();
    expect(game.agreeDraw()).toEqual({ ok: true, value: { reason: 'agreement' } });
    expect(game.isOver()).toBe(true);
    const again = game.resign('white');
    expect(!again.ok && again.error.code).toBe('ERR_GAME_OVER');
  });

  it('time forfeit: a loss on time, a draw when the side with time left cannot mate', () => {
    const game = new Game();
    expect(game.timeForfeit('white')).toEqual({ ok: true, value: { winner: 'black', reason: 'time-forfeit' } });
    expect(game.result()).toBe('0-1');
    const again = game.timeForfeit('black');
    expect(!again.ok && again.error.code).toBe('ERR_GAME_OVER');
    // White has a rook, Black a bare king: Black's flag loses, White's flag draws (Black cannot mate)
    expect(gameFrom('4k3/8/8/8/8/8/8/R3K3 w - - 0 40').timeForfeit('black')).toEqual({
      ok: true,
      value: { winner: 'white', reason: 'time-forfeit' },
    });
    const drawn = gameFrom('4k3/8/8/8/8/8/8/R3K3 w - - 0 40');
    expect(drawn.timeForfeit('white')).toEqual({ ok: true, value: { reason: 'time-forfeit' } });
    expect(drawn.result()).toBe('1/2-1/2');
  });
});

describe('Game: counting (docs/rules.md, game mode)', () => {
  it('K+R+R+N v K: the bare side counts 6, 7, 8; White has three moves, then a draw', () => {
    const game = gameFrom('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40');
    playAll(game, ['Rb7']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(game.position.fen()).toBe('4k3/1R6/8/8/8/8/8/R2NK3 b - 16 10 40');
    let whiteMoves = 0;
    while (!game.isOver()) {
      const white = game.turn === 'white';
      shuttle(game, ['d1c3', 'c3d1'], ['e8f8', 'f8e8'], 1);
      if (white && !game.isOver()) whiteMoves++;
    }
    expect(whiteMoves).toBe(3);
    expect(game.counting?.plies).toBe(17);
    expect(game.outcome()).toEqual({ reason: 'counting-limit' });
    const late = game.play('Ra2');
    expect(!late.ok && late.error.code).toBe('ERR_GAME_OVER');
  });

  it('a mate on the ply that brings the count to the limit wins; one ply later it is a draw', () => {
    const mate = gameFrom('k7/8/8/8/8/8/7R/1R2K3 w - 16 15 40');
    playAll(mate, ['Ra2']);
    expect(mate.counting?.plies).toBe(16);
    expect(mate.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
    const late = gameFrom('k7/8/8/8/8/8/7R/1R2K3 w - 16 15 40');
    playAll(late, ['Kd2']);
    expect(late.outcome()).toBeUndefined();
    playAll(late, ['Ka7']);
    expect(late.counting?.plies).toBe(17);
    expect(late.outcome()).toEqual({ reason: 'counting-limit' });
  });

  it("the counting side's mate is a draw in the game, a win for the Position (automatic mode)", () => {
    const game = gameFrom('k6n/8/8/8/8/8/7R/1R2K3 w - - 0 40');
    expect(game.canStartCounting()).toBe(true);
    expect(game.startCounting()).toEqual({
      ok: true,
      value: { kind: 'board', side: 'white', limitPlies: 128, plies: 0 },
    });
    playAll(game, ['Ra2']);
    expect(game.outcome()).toEqual({ reason: 'counting-side-mate' });
    expect(game.result()).toBe('1/2-1/2');
    expect(game.position.outcome()).toEqual({ winner: 'white', reason: 'checkmate' });
  });

  it("board's honour: start, stop on one's own turn, restart from 1", () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    expect(game.counting).toBeNull();
    playAll(game, ['Ra2']);
    expect(game.counting).toBeNull(); // never by itself in a game
    const notMine = game.stopCounting();
    expect(!notMine.ok && notMine.error.code).toBe('ERR_COUNT_NOT_RUNNING');
    expect(game.startCounting().ok).toBe(true); // Black starts
    playAll(game, ['Kd8', 'Raa1', 'Ke8']);
    expect(game.counting).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 3 });
    expect(game.canStopCounting()).toBe(false); // White to move: not the counting side
    const wrongSide = game.stopCounting();
    expect(!wrongSide.ok && wrongSide.error.code).toBe('ERR_COUNT_NOT_COUNTING_SIDE');
    playAll(game, ['Ra2']);
    expect(game.canStopCounting()).toBe(true);
    expect(game.stopCounting()).toEqual({
      ok: true,
      value: { kind: 'board', side: 'black', limitPlies: 128, plies: 4 },
    });
    expect(game.counting).toBeNull();
    playAll(game, ['Kd8', 'Raa1']);
    expect(game.startCounting()).toEqual({
      ok: true,
      value: { kind: 'board', side: 'black', limitPlies: 128, plies: 0 },
    });
    playAll(game, ['Ke8']);
    expect(game.counting?.plies).toBe(1); // counted move 1 again
    expect(game.countingActions()).toEqual([[], ['start'], [], [], [], ['stop'], [], ['start'], []]);
  });

  it("the counting side's 65th counted move is a draw", () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    game.startCounting();
    shuttle(game, ['a1a2', 'a2a1'], ['e8f8', 'f8e8'], 128);
    expect(game.counting?.plies).toBe(128);
    expect(game.outcome()).toBeUndefined();
    shuttle(game, ['a1a2', 'a2a1'], ['e8f8', 'f8e8'], 1);
    expect(game.outcome()).toEqual({ reason: 'counting-limit' });
  });

  it('captures by the counting side do not restart the count', () => {
    const game = gameFrom('4k3/8/2n5/8/5s2/8/8/RR2K3 w - - 0 40');
    game.startCounting();
    playAll(game, ['Rb4', 'Kd8', 'Rxf4']);
    expect(game.counting).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 3 });
  });

  it("pieces' honour starts by itself and replaces board's honour", () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    game.startCounting();
    playAll(game, ['Ra6', 'Kd8', 'Rxc6']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
    const stop = game.stopCounting();
    expect(!stop.ok && stop.error.code).toBe('ERR_COUNT_PIECES_HONOUR');
    expect(game.canStartCounting()).toBe(false);
  });

  it('the bare king capturing a piece keeps the limit', () => {
    const game = gameFrom('4k3/3R4/8/8/8/8/8/R3K3 w - - 0 40');
    playAll(game, ['Ke2']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 8 });
    playAll(game, ['Kxd7']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 9 });
  });

  it('the bare king taking the last pawn starts at 2N−1 (and the FEN matches Fairy-Stockfish)', () => {
    const game = gameFrom('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50');
    playAll(game, ['Kxf4']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 5 });
    expect(game.position.fen()).toBe('8/8/8/8/5k2/8/8/R3K3 w - 32 5 51');
    playAll(game, ['Ra2', 'Kf5']);
    expect(game.counting?.plies).toBe(7); // Black's count 4 = N + 1
  });

  it('no count while an unpromoted pawn remains', () => {
    const game = gameFrom('4k3/p7/2n5/8/8/8/8/RR2K3 w - - 0 40');
    expect(game.canStartCounting()).toBe(false);
    const start = game.startCounting();
    expect(!start.ok && start.error.code).toBe('ERR_COUNT_PAWNS');
    playAll(game, ['Rxa7']);
    expect(game.counting).toBeNull();
    expect(game.canStartCounting()).toBe(true);
  });

  it('takes over a count written in the FEN', () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
    expect(game.counting).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 0 });
    expect(game.canStopCounting()).toBe(true);
  });

  it('undo restores the count of the earlier position', () => {
    const game = gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    game.startCounting();
    playAll(game, ['Ra6', 'Kd8', 'Rxc6']);
    game.undo();
    expect(game.counting).toEqual({ kind: 'board', side: 'white', limitPlies: 128, plies: 2 });
  });
});

describe('Game: a finished game stays finished', () => {
  it('refuses moves after the count ran out or in a dead position (ERR_GAME_OVER); the outcome stays the draw', () => {
    for (const [fen, reason, move] of [
      ['k7/8/1K6/8/8/8/8/7R w - 16 17 40', 'counting-limit', 'Rh8#'],
      ['4k3/8/8/8/8/2m5/8/M3K3 w - - 0 40', 'insufficient-material', 'Kd2'],
    ] as const) {
      const game = gameFrom(fen);
      expect(game.outcome(), fen).toEqual({ reason });
      const after = game.play(move);
      expect(!after.ok && after.error.code, fen).toBe('ERR_GAME_OVER');
      expect(game.outcome(), fen).toEqual({ reason });
      expect(game.result()).toBe('1/2-1/2');
    }
  });
});

describe('the count as players say it (spokenCount over game.countingState)', () => {
  it('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5, Kxb1 Rh2 Kc1 Rf2 Kb1 Kd1: White has its last move, then none', () => {
    const game = gameFrom('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    const said = (): unknown => {
      const spoken = spokenCount(game.countingState);
      return spoken && [spoken.said, spoken.next, spoken.movesToMate, spoken.expired];
    };
    expect(spokenCount(game.countingState)).toMatchObject({ kind: 'pieces', side: 'black', mating: 'white', limit: 8 });
    const seen: unknown[] = [said()];
    for (const san of ['Kxb1', 'Rh2', 'Kc1', 'Rf2', 'Kb1', 'Kd1', 'Ka1']) {
      expect(game.play(san).ok).toBe(true);
      seen.push(said());
    }
    expect(seen).toEqual([
      [5, 6, 3, false], // Black to say 6; White must mate within 3 moves
      [6, 7, 3, false],
      [6, 7, 2, false],
      [7, 8, 2, false],
      [7, 8, 1, false],
      [8, 9, 1, false], // after Kb1: Black has said 8, White's move now is its last chance (not "0 left")
      [8, 9, 0, false], // after Kd1: Black's next move ends the count
      [9, 10, 0, true], // Black said 9: the count has run out
    ]);
    expect(game.outcome()).toEqual({ reason: 'counting-limit' });
    // the same numbers from the position (automatic mode, as the FEN has it)
    expect(spokenCount(game.position.countingState)).toMatchObject({ said: 9, expired: true });
  });
});
