// Automatic-mode game ends against Debian's Fairy-Stockfish (/usr/games/fairy-stockfish, installed by
// scripts/setup.sh; missing it is a failure, not a skip), over a few hundred random endgame playouts:
//
// - Repetition: Fairy-Stockfish scores a move into a position that occurs for the third time as a draw (cp 0). For
//   every ply, the move is searched at depth 1 twice: with the game's history and from the FEN before it without
//   history. "History makes it 0" is Fairy-Stockfish's threefold verdict; ours is `repetitionKey` counted over the
//   playout. Moves that give check are left out (see below), and the hash is cleared between searches. Counts run during most playouts (no pawns), so this also checks that the count's ply is not compared.
// - Dead positions: Debian's 11.1 predates Fairy-Stockfish's dead-position test (it plays K v K+P on and scores it
//   +1), so it cannot give the verdict. What it can check: in every position our rule calls dead, its search finds
//   no mate for either side. The rule's own examples are in dead-position.test.ts.
import { describe, expect, it } from 'vitest';
import { Board, pieceCode } from './board.js';
import { isDeadPosition } from './dead-position.js';
import { Position } from './position.js';
import { repetitionCount } from './repetition.js';
import { FAIRY_MISSING, fairyAvailable, runFairy } from '../testing/fairy.js';
import { pick, prng } from '../testing/helpers.js';
import type { Color, Move, Piece, Role } from './types.js';
import { makeUci } from './uci.js';

/**
 * Runs Fairy-Stockfish on `commands` (each a list of lines ending in a `go`); returns each search's last score.
 * The hash is cleared before each (`ucinewgame`): a draw score stored under one history would leak into the next.
 */
function fairyScores(commands: string[][]): Array<string | undefined> {
  const script = ['setoption name Hash value 1'];
  for (const lines of commands) script.push('ucinewgame', ...lines);
  // A last search that the end of input may cut short; its answer is ignored.
  script.push('position startpos', 'go depth 1');
  const output = runFairy(script);
  const scores: Array<string | undefined> = [];
  let last: string | undefined;
  for (const line of output.split('\n')) {
    const score = / score (cp -?\d+|mate -?\d+)/.exec(line);
    if (line.startsWith('info') && score) last = score[1];
    if (line.startsWith('bestmove')) {
      scores.push(last);
      last = undefined;
    }
  }
  return scores.slice(0, commands.length);
}

const PIECE_ROLES: Role[] = ['rook', 'khon', 'knight', 'met', 'met', 'pawn', 'pawn'];

/** A random legal endgame: two kings and 1 to `maxPieces` other pieces, for which `wanted` holds. */
function randomEndgame(
  random: () => number,
  maxPieces: number,
  wanted = (p: Position) => p.outcome() === undefined,
): Position {
  for (;;) {
    const board = Board.empty();
    const free = Array.from({ length: 64 }, (_, i) => i);
    const take = (allowed: (i: number) => boolean): number | undefined => {
      const options = free.filter(allowed);
      if (options.length === 0) return undefined;
      const square = pick(random, options);
      free.splice(free.indexOf(square), 1);
      return square;
    };
    const put = (square: number, piece: Piece) => {
      board.cells[square] = pieceCode(piece);
    };
    put(take(() => true) as number, { color: 'white', role: 'king' });
    put(take(() => true) as number, { color: 'black', role: 'king' });
    const count = 1 + Math.floor(random() * maxPieces);
    for (let n = 0; n < count; n++) {
      const color: Color = random() < 0.5 ? 'white' : 'black';
      const role = pick(random, PIECE_ROLES);
      // pawns where a game can have them: White on ranks 3–5, Black on ranks 4–6
      const square = take(
        (i) => role !== 'pawn' || (color === 'white' ? i >> 3 >= 2 && i >> 3 <= 4 : i >> 3 >= 3 && i >> 3 <= 5),
      );
      if (square === undefined) continue;
      put(square, { color, role, ...(role === 'met' && random() < 0.3 ? { promoted: true } : {}) });
    }
    const turn: Color = random() < 0.5 ? 'white' : 'black';
    const position = Position.fromSetup({ board, turn, counting: null, halfmoves: 0, fullmoves: 30 });
    if (position.ok && wanted(position.value)) return position.value;
  }
}

/** A playout that likes to go back and forth (so positions repeat) and sometimes captures. */
function playout(random: () => number, start: Position, maxPlies: number): Move[] {
  const moves: Move[] = [];
  let position = start;
  while (moves.length < maxPlies && position.outcome() === undefined) {
    const legal = position.legalMoves();
    const back = moves[moves.length - 2];
    const undo = back && legal.find((m) => m.from === back.to && m.to === back.from && !position.isCapture(m));
    const captures = legal.filter((m) => position.isCapture(m));
    const move =
      undo && random() < 0.7
        ? undo
        : captures.length > 0 && random() < 0.15
          ? pick(random, captures)
          : pick(random, legal);
    moves.push(move);
    position = position.play(move);
  }
  return moves;
}

describe('Fairy-Stockfish cross-check of game ends (automatic mode)', () => {
  it('finds Fairy-Stockfish (scripts/setup.sh installs it)', () => {
    expect(fairyAvailable, FAIRY_MISSING).toBe(true);
  });

  it('agrees on threefold repetition over 300 random endgame playouts, counts running or not', () => {
    const random = prng(20261130);
    interface Probe {
      ours: boolean;
      counting: boolean;
      where: string;
    }
    const probes: Probe[] = [];
    const commands: string[][] = [];
    for (let game = 0; game < 300; game++) {
      const start = randomEndgame(random, 4);
      const moves = playout(random, start, 24);
      const ucis = moves.map(makeUci);
      const keys = [start.repetitionKey()];
      let position = start;
      for (let i = 0; i < moves.length; i++) {
        const before = position;
        position = position.play(moves[i] as Move);
        keys.push(position.repetitionKey());
        const occurrences = repetitionCount(keys);
        // every position seen before, and a sample of new ones; not checks: a check is searched a ply deeper, where
        // Fairy-Stockfish also scores "the side to move can repeat a third time" as a draw (its game-cycle test)
        if ((occurrences < 2 && random() > 0.1) || position.isCheck()) continue;
        const uci = ucis[i] as string;
        const history = i === 0 ? '' : ` moves ${ucis.slice(0, i).join(' ')}`;
        commands.push([`position fen ${start.fen()}${history}`, `go depth 1 searchmoves ${uci}`]);
        commands.push([`position fen ${before.fen()}`, `go depth 1 searchmoves ${uci}`]);
        probes.push({
          ours: occurrences >= 3,
          counting: position.counting !== null,
          where: `${uci} after ${start.fen()}${history}`,
        });
      }
    }
    const scores = fairyScores(commands);
    expect(scores).toHaveLength(commands.length);
    const mismatches: string[] = [];
    let compared = 0;
    let threefold = 0;
    let threefoldCounting = 0;
    let twofold = 0;
    probes.forEach((probe, k) => {
      const withHistory = scores[2 * k];
      const without = scores[2 * k + 1];
      if (without === 'cp 0') return; // a draw score anyway: history cannot show (rare)
      compared++;
      const theirs = withHistory === 'cp 0';
      if (theirs !== probe.ours)
        mismatches.push(
          `${probe.where}: ours ${probe.ours}, Fairy-Stockfish ${withHistory} (without history ${without})`,
        );
      if (probe.ours) {
        threefold++;
        if (probe.counting) threefoldCounting++;
      } else twofold++;
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
    expect(threefold).toBeGreaterThan(100);
    expect(threefoldCounting).toBeGreaterThan(50); // repetitions while a count runs are the point
    expect(twofold).toBeGreaterThan(300);
  });

  it('finds no mate in any position our rule calls dead', () => {
    const random = prng(7);
    const dead: string[] = [];
    while (dead.length < 150) {
      const position = randomEndgame(random, 3, (p) => isDeadPosition(p.board) && p.legalMoves().length > 0);
      // Position.outcome() says so too; Fairy-Stockfish 11.1 plays on and must not find a mate for either side
      expect(position.outcome()).toEqual({ reason: 'insufficient-material' });
      dead.push(position.fen());
    }
    const scores = fairyScores(dead.map((fen) => [`position fen ${fen}`, 'go depth 6']));
    const mates = dead.filter((_, k) => scores[k]?.startsWith('mate'));
    expect(mates).toEqual([]);
    expect(scores.filter((score) => score !== undefined)).toHaveLength(dead.length);
  });
});
