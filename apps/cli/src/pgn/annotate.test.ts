import { describe, expect, it } from 'vitest';
import { Game, makePgn, parsePgnGame } from '@makruk/makruk';
import { annotateGame, formatEval, markFor, MARKS, moveLoss, type PositionEval } from './annotate.js';
import { annotatorOf, defaultOutput, inShard, parseShard } from './annotate-run.js';

function parse(text: string): Game {
  const game = parsePgnGame(text);
  if (!game.ok) throw game.error;
  return game.value;
}

/** PGN text with line breaks as spaces (makePgn wraps movetext at 80 columns). */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

const cp = (value: number, bestMove?: string): PositionEval =>
  bestMove ? { score: { cp: value }, bestMove } : { score: { cp: value } };

describe('formatEval', () => {
  it("writes pawns with two decimals from White's view, and mates as #N / #-N / #0", () => {
    expect(formatEval(cp(35), 'white')).toBe('0.35');
    expect(formatEval(cp(35), 'black')).toBe('-0.35');
    expect(formatEval(cp(-120), 'white')).toBe('-1.20');
    expect(formatEval(cp(0), 'black')).toBe('0.00');
    expect(formatEval({ score: { mate: 3 } }, 'white')).toBe('#3');
    expect(formatEval({ score: { mate: 3 } }, 'black')).toBe('#-3');
    expect(formatEval({ score: { mate: -2 } }, 'black')).toBe('#2');
    expect(formatEval({ score: { mate: 0 }, over: 'mated' }, 'black')).toBe('#0');
    expect(formatEval({ score: { cp: 0 }, over: 'draw' }, 'white')).toBe('0.00');
  });
});

describe('marks', () => {
  it('come from the loss of winning chances, worst first, and never for the engine’s own move', () => {
    expect(MARKS.map((mark) => mark.symbol)).toEqual(['??', '?', '?!']);
    expect(markFor(0.05)).toBeUndefined();
    expect(markFor(0.1)?.symbol).toBe('?!');
    expect(markFor(0.25)?.symbol).toBe('?');
    expect(markFor(0.9)?.symbol).toBe('??');
    // equal before (0.00 for the mover), after the move the opponent (to move) stands +3: a blunder
    const blunder = moveLoss(cp(0, 'e3e4'), cp(300), 'a3a4');
    expect(markFor(blunder.chances)?.name).toBe('blunder');
    expect(blunder.cp).toBe(300);
    // the same drop, but it was the engine's choice: nothing lost
    expect(moveLoss(cp(0, 'e3e4'), cp(300), 'e3e4')).toEqual({ chances: 0, cp: 0 });
    // a move that improves the mover's lot (the opponent then stands -0.50) loses nothing
    expect(moveLoss(cp(0), cp(-50), 'a3a4')).toEqual({ chances: 0, cp: 0 });
    expect(moveLoss(cp(0), cp(50), 'a3a4').cp).toBe(50);
    // +8 to +7 in a won position: a pawn lost, but no mark
    const stillWon = moveLoss(cp(800), cp(-700), 'a3a4');
    expect(stillWon.cp).toBe(100);
    expect(markFor(stillWon.chances)).toBeUndefined();
    // letting a mate in 2 go for an equal position
    expect(markFor(moveLoss({ score: { mate: 2 } }, cp(0), 'a3a4').chances)?.name).toBe('blunder');
  });
});

describe('annotateGame', () => {
  const text = [
    '[Event "t"]',
    '[Site "?"]',
    '[Date "2026.11.30"]',
    '[Round "1"]',
    '[White "W"]',
    '[Black "B"]',
    '[Result "*"]',
    '[WhiteACPL "999"]',
    '',
    '{before} 1. e4 {a comment [%eval 9.99]} f5 $2 $1 2. Nd2 *',
  ].join('\n');

  it('puts an eval on every move, replaces earlier evals and marks, keeps comments and other NAGs, adds summary tags', () => {
    const game = parse(text);
    // e4 is the engine's move; f5 improves Black's lot (-0.20 → +0.05); Nd2 throws away 2.95 pawns
    const evals = [cp(10, 'e3e4'), cp(-20, 'c6c5'), cp(-5, 'a3a4'), cp(300)];
    const { game: annotated, summary } = annotateGame(game, evals, 'test');
    const pgn = makePgn(annotated);
    expect(flat(pgn)).toContain(
      '{before} 1. e4 {a comment [%eval 0.20]} 1... f5 $1 {[%eval -0.05]} 2. Nd2 $4 {[%eval -3.00]} *',
    );
    expect(annotated.tags.get('Annotator')).toBe('test');
    expect(annotated.tags.get('WhiteACPL')).toBe('148'); // (0 + 295) / 2
    expect(annotated.tags.get('WhiteBlunders')).toBe('1');
    expect(annotated.tags.get('BlackInaccuracies')).toBe('0');
    expect(annotated.tags.get('BlackACPL')).toBe('0');
    expect(summary.white).toEqual({ moves: 2, acpl: 148, marks: { inaccuracy: 0, mistake: 0, blunder: 1 } });
    expect(summary.black.moves).toBe(1);
    // annotating the annotated game again gives the same text
    expect(makePgn(annotateGame(parse(pgn), evals, 'test').game)).toBe(pgn);
    expect(() => annotateGame(game, evals.slice(1), 'test')).toThrow();
  });

  it('keeps counting choices', () => {
    const game = parse(
      '[FEN "4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40"]\n[SetUp "1"]\n\n{[%count start]} 40. Ra2 Kd7 {[%count stop]} 41. Ra3 *',
    );
    const evals = [cp(500), { score: { mate: -9 } }, { score: { mate: 8 } }, cp(-450)];
    const pgn = flat(makePgn(annotateGame(game, evals, 'test').game));
    expect(pgn).toContain(
      '{[%count start]} 40. Ra2 {[%eval #9]} 40... Kd7 {[%eval #8] [%count stop]} 41. Ra3 $4 {[%eval 4.50]} *',
    );
    expect(parsePgnGame(pgn).ok).toBe(true);
  });

  it('marks a mated final position #0', () => {
    const game = parse('[FEN "4k3/R7/8/8/8/8/8/1R2K3 w - - 0 1"]\n[SetUp "1"]\n\n1. Rb8# 1-0');
    const evals: PositionEval[] = [
      { score: { mate: 1 }, bestMove: 'b1b8' },
      { score: { mate: 0 }, over: 'mated' },
    ];
    expect(flat(makePgn(annotateGame(game, evals, 'test').game))).toContain('1. Rb8# {[%eval #0]} 1-0');
  });
});

describe('annotate run options', () => {
  it('reads --shard I/N and picks games by index modulo N', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    for (const bad of ['0/8', '9/8', '2', 'a/b', '1/0', '-1/2']) expect(parseShard(bad)).toBeUndefined();
    const shard = { index: 2, count: 3 };
    expect([1, 2, 3, 4, 5, 6, 7].filter((number) => inShard(number, shard))).toEqual([2, 5]);
    expect(inShard(7, undefined)).toBe(true);
  });

  it('names the output after the input, and the budget in the Annotator tag', () => {
    expect(defaultOutput('/x/games.pgn', undefined)).toBe('/x/games.annotated.pgn');
    expect(defaultOutput('games.pgn', { index: 2, count: 8 })).toBe('games.annotated.2-of-8.pgn');
    expect(annotatorOf({ nodes: 5000 })).toBe('makruk pgn annotate (nodes 5000)');
    expect(annotatorOf({ depth: 8 })).toBe('makruk pgn annotate (depth 8)');
  });
});
