// Probe D5 (issue 21): parsePgnTree and GameTree.addMove replayed the game from the start on every move, so a
// 2,000-ply game took 13–18 s to import. Speed is never asserted in a test: these count the work done instead, the
// positions played (Position.play, which every replay goes through) and the nodes copied (Node.copy, which a copy of
// the line such as gameAt goes through), so a replay or a copy of the game at every move fails them on any machine.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Game } from './game.js';
import { Node } from './node.js';
import { makePgn, makePgnTree, parsePgnTree } from './pgn.js';
import { Position } from './position.js';
import { GameTree } from './tree.js';

const PLIES = 2000;
/** Knights out and back: a legal game that never ends (a repetition is drawn only on a claim, docs/rules.md "Repetition"). */
const CYCLE = ['Nd2', 'Nd7', 'Nb1', 'Nb8'];
const sans = Array.from({ length: PLIES }, (_, ply) => CYCLE[ply % 4] as string);

// a linear import plays each move a small, fixed number of times (once, in fact); a replay or a copy of the line from
// the start at every move does about PLIES²/2 = 2,000,000
const WORK_PER_PLY = 3;

function must<T>(result: { ok: true; value: T } | { ok: false; error: Error }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

/** A PGN of the whole 2,000-ply game. */
function longPgn(): string {
  const game = Game.initial();
  for (const san of sans) must(game.play(san));
  expect(game.ply).toBe(PLIES);
  expect(game.isOver()).toBe(false);
  return makePgn(game);
}

/** How many positions are played (Position.play) and nodes copied (Node.copy) in `run`: the work of a replay. */
function workIn(run: () => void): number {
  const plays = vi.spyOn(Position.prototype, 'play');
  const copies = vi.spyOn(Node.prototype, 'copy');
  try {
    run();
    return plays.mock.calls.length + copies.mock.calls.length;
  } finally {
    plays.mockRestore();
    copies.mockRestore();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a 2,000-ply game is read and built without replaying it at every move (probe D5)', () => {
  it('parsePgnTree plays each move a fixed number of times', () => {
    const text = longPgn();
    let tree: GameTree | undefined;
    const work = workIn(() => {
      tree = must(parsePgnTree(text));
    });
    expect(tree?.mainlinePath()).toHaveLength(PLIES);
    expect(work).toBeGreaterThanOrEqual(PLIES); // the spies see the moves being played
    expect(work).toBeLessThanOrEqual(WORK_PER_PLY * PLIES);
  });

  it('GameTree.addMove, one move after another from the root, plays each move a fixed number of times', () => {
    const tree = new GameTree();
    let path: string[] = [];
    const work = workIn(() => {
      for (const san of sans) path = must(tree.addMove(path, san));
    });
    expect(path).toHaveLength(PLIES);
    // 500 rounds of the knights: the start position again, White to move
    expect(tree.nodeAt(path)?.position.repetitionKey()).toBe(Position.initial().repetitionKey());
    expect(work).toBeGreaterThanOrEqual(PLIES);
    expect(work).toBeLessThanOrEqual(WORK_PER_PLY * PLIES);
    // a move at the end of the long line replays and copies nothing: at most the new move is played
    expect(workIn(() => must(tree.addMove(path, 'e4')))).toBeLessThanOrEqual(WORK_PER_PLY);
  });

  it('the whole cost grows with the length: twice the plies, about twice the work', () => {
    const cost = (plies: number): number => {
      const tree = new GameTree();
      return workIn(() => {
        let path: string[] = [];
        for (const san of sans.slice(0, plies)) path = must(tree.addMove(path, san));
        must(parsePgnTree(makePgnTree(tree)));
      });
    };
    const half = cost(PLIES / 2);
    const whole = cost(PLIES);
    // linear: 2×; a replay at every move: 4×
    expect(whole).toBeLessThanOrEqual(2 * half + 10);
  });
});
