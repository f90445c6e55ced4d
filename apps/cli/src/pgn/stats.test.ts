import { describe, expect, it } from 'vitest';
import { parsePgnGame, type Game } from '@makruk/makruk';
import { formatStats, StatsCollector, terminationOf } from './stats.js';

function parse(text: string): Game {
  const game = parsePgnGame(text);
  if (!game.ok) throw game.error;
  return game.value;
}

const setUp = (fen: string, movetext: string, tags = ''): Game =>
  parse(`[FEN "${fen}"]\n[SetUp "1"]\n${tags}\n${movetext}`);

const GAMES: Array<{ game: Game; termination: string }> = [
  { game: setUp('4k3/R7/8/8/8/8/8/1R2K3 w - - 0 1', '1. Rb8# 1-0'), termination: 'checkmate' },
  // pieces' honour: a rook against a bare king, 16 plies, reached at ply 15; the 17th ply runs the count out
  { game: setUp('k7/8/1K6/8/8/8/8/7R w - 16 15 40', '40. Rh2 Kb8 1/2-1/2'), termination: 'count' },
  { game: setUp('4k3/8/8/8/8/8/3r4/4K3 w - - 0 1', '1. Kxd2 1/2-1/2'), termination: 'dead position' },
  { game: parse('1. Nd2 Nd7 2. Nb1 Nb8 3. Nd2 Nd7 4. Nb1 Nb8 1/2-1/2'), termination: 'repetition' },
  { game: parse('[Termination "time forfeit"]\n\n1. e4 f5 1-0'), termination: 'time forfeit' },
  { game: parse('[Termination "normal"]\n\n1. e4 f5 0-1'), termination: 'resignation' },
  { game: parse('1. e4 f5 2. Nd2 1/2-1/2'), termination: 'agreement' },
  { game: parse('1. e4 *'), termination: 'unfinished' },
];

describe('terminationOf', () => {
  it('reads the final position first, then the Termination tag, then the result', () => {
    expect(GAMES.map(({ game }) => terminationOf(game))).toEqual(GAMES.map(({ termination }) => termination));
  });
});

describe('StatsCollector', () => {
  it('adds up results, terminations, lengths in plies and first moves', () => {
    const stats = new StatsCollector();
    for (const { game } of GAMES) stats.add(game);
    stats.add(
      parse(`${'1. Nd2 Nd7 2. Nb1 Nb8 '.repeat(2)}${Array.from({ length: 54 }, () => 'Nd2 Nd7 Nb1 Nb8').join(' ')} *`),
    );
    stats.addUnreadable();
    const result = stats.result();
    expect(result.games).toBe(9);
    expect(result.unreadable).toBe(1);
    expect(result.results).toEqual({ '1-0': 2, '0-1': 1, '1/2-1/2': 4, '*': 2 });
    expect(Object.keys(result.results)).toEqual(['1-0', '0-1', '1/2-1/2', '*']);
    expect(result.terminations).toMatchObject({ unfinished: 2, checkmate: 1, count: 1, repetition: 1 });
    expect(Object.values(result.terminations).reduce((a, b) => a + b, 0)).toBe(9);
    expect(result.lengths).toMatchObject({ min: 1, max: 224 });
    expect(result.lengths.mean).toBe(Math.round(((1 + 2 + 1 + 8 + 2 + 2 + 3 + 1 + 224) / 9) * 10) / 10);
    expect(result.lengths.histogram[0]).toEqual({ from: 0, to: 19, games: 8 });
    expect(result.lengths.histogram.at(-1)).toEqual({ from: 200, to: null, games: 1 });
    expect(result.lengths.histogram.slice(1, -1).every((bucket) => bucket.games === 0)).toBe(true);
    expect(result.firstMoves).toEqual(
      [
        { move: '(set-up position)', games: 3 },
        { move: 'e4', games: 4 },
        { move: 'Nd2', games: 2 },
      ].sort((a, b) => b.games - a.games || a.move.localeCompare(b.move)),
    );
    const text = formatStats('x.pgn', result);
    expect(text).toMatch(/^x\.pgn: 9 games, 1 unreadable/);
    expect(text).toMatch(/length in plies: min 1, mean \d+(\.\d)?, max 224/);
    expect(text).toMatch(/ {2}200\+ +1 {2}#+\n/);
  });

  it('has nothing to say of an empty file', () => {
    const result = new StatsCollector().result();
    expect(result).toMatchObject({
      games: 0,
      lengths: { min: null, mean: null, max: null, histogram: [] },
      firstMoves: [],
    });
    expect(formatStats('empty.pgn', result)).toContain('empty.pgn: 0 games');
  });
});
