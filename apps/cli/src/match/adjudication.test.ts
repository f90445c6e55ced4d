import { describe, expect, it } from 'vitest';
import { Adjudicator, parseDrawSpec, parseResignSpec } from './adjudication.js';
import type { Side } from './clock.js';
import { MatchError } from './errors.js';

/** Feeds alternating white/black scores from move `firstMove` on; returns the ply index that ended it, if any. */
function run(adj: Adjudicator, scores: Array<number | undefined>, firstMove = 1, irreversibleAt = new Set<number>()) {
  for (let ply = 0; ply < scores.length; ply++) {
    const side: Side = ply % 2 === 0 ? 'white' : 'black';
    const result = adj.afterMove(side, scores[ply], firstMove + Math.floor(ply / 2), irreversibleAt.has(ply));
    if (result) return { ply, result };
  }
  return undefined;
}

describe('resign adjudication', () => {
  const rule = parseResignSpec('movecount=3 score=600');

  it('parses with cutechess keys and defaults', () => {
    expect(rule).toEqual({ moveCount: 3, scoreCp: 600, twoSided: true });
    expect(parseResignSpec('score=400 twosided=false')).toEqual({ moveCount: 3, scoreCp: 400, twoSided: false });
  });

  it('two-sided: ends when the loser and the winner agree for 3 moves each', () => {
    // white +700 (winning), black −650 (losing): black's third losing score ends the game.
    const ended = run(new Adjudicator(rule, undefined), [700, -650, 700, -650, 700, -650]);
    expect(ended).toEqual({ ply: 5, result: { kind: 'resign', loser: 'black' } });
  });

  it('two-sided: one engine alone does not end it; a break in the streak restarts it', () => {
    expect(run(new Adjudicator(rule, undefined), [100, -650, 100, -650, 100, -650, 100, -650])).toBeUndefined();
    expect(run(new Adjudicator(rule, undefined), [700, -650, 700, -500, 700, -650, 700, -650, 700, -650])).toEqual({
      ply: 9,
      result: { kind: 'resign', loser: 'black' },
    });
    expect(run(new Adjudicator(rule, undefined), [700, -650, 700, undefined, 700, -650])).toBeUndefined();
  });

  it('one-sided: the losing engine alone decides', () => {
    const oneSided = parseResignSpec('movecount=2 score=300 twosided=false');
    expect(run(new Adjudicator(oneSided, undefined), [-400, 0, -400])).toEqual({
      ply: 2,
      result: { kind: 'resign', loser: 'white' },
    });
  });
});

describe('draw adjudication', () => {
  const rule = parseDrawSpec('movenumber=40 movecount=3 score=10');

  it('waits for the move number, then needs both engines near zero', () => {
    expect(rule).toEqual({ moveNumber: 40, moveCount: 3, scoreCp: 10 });
    expect(run(new Adjudicator(undefined, rule), [0, 0, 0, 0, 0, 0, 0, 0], 30)).toBeUndefined();
    expect(run(new Adjudicator(undefined, rule), [5, -5, 10, -10, 0, 0], 40)).toEqual({
      ply: 5,
      result: { kind: 'draw' },
    });
    expect(run(new Adjudicator(undefined, rule), [5, -5, 11, -10, 0, 0, 0, 0], 40)).toBeUndefined();
  });

  it('restarts on a capture or pawn move', () => {
    const ended = run(new Adjudicator(undefined, rule), [0, 0, 0, 0, 0, 0, 0, 0], 40, new Set([4]));
    expect(ended).toBeUndefined();
  });

  it('rejects bad specs with ERR_ADJUDICATION_SPEC', () => {
    for (const bad of ['movecount=3', 'score=x', 'score=10 foo=1', 'movenumber=-1 score=3', 'score=5 movecount=0']) {
      expect(() => parseDrawSpec(bad), bad).toThrow(MatchError);
    }
    for (const bad of ['', 'movecount=3', 'score=600 twosided=maybe', 'score=1.5']) {
      let code: string | undefined;
      try {
        parseResignSpec(bad);
      } catch (e) {
        code = (e as MatchError).code;
      }
      expect(code, bad).toBe('ERR_ADJUDICATION_SPEC');
    }
  });
});
