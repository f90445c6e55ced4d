import { describe, expect, it } from 'vitest';
import { CountingGame } from './game.js';
import { spokenCount } from './spoken.js';
import type { Material, SideMaterial } from './types.js';
import { NO_MATERIAL } from './material.js';

const side = (pieces: Partial<SideMaterial>): SideMaterial => ({ ...NO_MATERIAL, ...pieces });
const quiet = { capture: false, promotion: false, capturedPawn: false };

describe('spokenCount: the count as players say it', () => {
  it("board's honour: nothing said at the start, 1 to 64, the other side's 64 moves, then 65 draws", () => {
    const material: Material = { white: side({ rooks: 2 }), black: side({ knights: 1 }) };
    const started = CountingGame.create('black', material).startCounting(); // Black, the weaker side, counts
    if (!started.ok) throw started.error;
    let state = started.value;
    expect(spokenCount(state)).toMatchObject({
      kind: 'board',
      side: 'black',
      mating: 'white',
      said: null,
      next: 1,
      limit: 64,
      movesToMate: 64,
      expired: false,
    });
    state = state.play(quiet, material); // Black's move 1
    expect(spokenCount(state)).toMatchObject({ turn: 'white', said: 1, next: 2, movesToMate: 64 });
    for (let ply = 1; ply < 127; ply++) state = state.play(quiet, material);
    // Black has said 64; White's move now is its last chance to mate
    expect(spokenCount(state)).toMatchObject({ turn: 'white', said: 64, next: 65, movesToMate: 1, expired: false });
    state = state.play(quiet, material);
    expect(spokenCount(state)).toMatchObject({ turn: 'black', said: 64, next: 65, movesToMate: 0, expired: false });
    state = state.play(quiet, material); // Black says 65: the count has run out
    expect(spokenCount(state)).toMatchObject({ said: 65, movesToMate: 0, expired: true, plies: 129, limitPlies: 128 });
  });

  it("pieces' honour (docs/rules.md: K+R+R+N v K counts 6, 7, 8): White must mate within 3 moves", () => {
    const material: Material = { white: side({ rooks: 2, knights: 1 }), black: NO_MATERIAL };
    const state = CountingGame.create('black', material, { kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(spokenCount(state)).toMatchObject({ said: null, next: 6, limit: 8, movesToMate: 3 });
    const after = state.play(quiet, material);
    expect(spokenCount(after)).toMatchObject({ said: 6, next: 7, movesToMate: 3 });
  });

  it("pieces' honour started by the bare king taking the last pawn: nothing said yet, the other side to move", () => {
    const before: Material = { white: side({ rooks: 1, pawns: 1 }), black: NO_MATERIAL };
    const after: Material = { white: side({ rooks: 1 }), black: NO_MATERIAL };
    const state = CountingGame.create('black', before).play(
      { capture: true, promotion: false, capturedPawn: true },
      after,
    );
    expect(state.count).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 5 });
    expect(spokenCount(state)).toMatchObject({ turn: 'white', said: null, next: 4, limit: 16, movesToMate: 14 });
  });

  it('no count: null', () => {
    expect(spokenCount(CountingGame.create('white', { white: side({ pawns: 1 }), black: NO_MATERIAL }))).toBeNull();
  });
});
