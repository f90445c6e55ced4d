// The streaming splitter against the reader: on random files (games with and without tags, several
// on a line, comments and variations holding results and brackets, escape lines, CR and CRLF line ends) it finds
// exactly the games parsePgn finds, each chunk reading back to the same game.
import { describe, expect, it } from 'vitest';
import { MakrukError } from './errors.js';
import { Game } from './game.js';
import { makePgn, parsePgn, parsePgnGame } from './pgn.js';
import { PgnSplitter, splitPgnLines, splitPgnText } from './pgn-split.js';
import { mulberry32 } from '../random.js';

/** A random game's PGN, with its tags or without, with comments and variations that hold what ends a game. */
function randomGameText(random: () => number, index: number): string {
  const game = new Game();
  game.tags.set('Event', `game ${index}`);
  const plies = 1 + Math.floor(random() * 12);
  for (let i = 0; i < plies && !game.isOver(); i++) {
    const moves = game.position.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]!);
    if (random() < 0.15) game.addComment(['a [bracket', '1-0 said in a comment', '*', 'plain'][i % 4]!);
  }
  let text = makePgn(game, { maxLineLength: 20 + Math.floor(random() * 60) });
  if (random() < 0.4) text = text.replace(/^(\[[^\n]*\]\n)+\n/, ''); // no tag section
  if (random() < 0.3) text = text.replace(/^(1\. \S+)/m, '$1 (1. e4 * 1-0 { ) } )'); // a variation with results
  if (random() < 0.2) text = text.replace(/\n(?=\S)/, '\n% an escape line [x] *\n');
  return text;
}

/** Games joined by random separators, with random line ends. */
function randomFile(seed: number): string {
  const random = mulberry32(seed);
  const games = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, index) => randomGameText(random, index));
  let text = random() < 0.3 ? '\n\n% a leading escape line\n' : '';
  for (const game of games) {
    const separator = ['\n', '\n\n', ' ', '\n\n\n'][Math.floor(random() * 4)]!;
    text += game.trimEnd() + separator;
  }
  const ending = ['\n', '\r\n', '\r'][Math.floor(random() * 3)]!;
  return text.replace(/\n/g, ending);
}

describe('splitPgnText', () => {
  it('finds the games parsePgn finds, on 300 random files', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = randomFile(seed);
      const library = parsePgn(text);
      if (!library.ok) throw new Error(`seed ${seed}: ${library.error.message}\n${text}`);
      const chunks = [...splitPgnText(text)];
      expect(chunks.length, `seed ${seed}:\n${text}`).toBe(library.value.length);
      chunks.forEach((chunk, index) => {
        const game = parsePgnGame(chunk.text);
        if (!game.ok) throw new Error(`seed ${seed}, game ${index + 1}: ${game.error.message}\n${chunk.text}`);
        const expected = library.value[index]!;
        expect(game.value.ucis, `seed ${seed}, game ${index + 1}`).toEqual(expected.ucis);
        expect([...game.value.tags], `seed ${seed}, game ${index + 1}`).toEqual([...expected.tags]);
      });
    }
  });

  it('gives each game the file line it starts on, whatever ends the lines', () => {
    for (const ending of ['\n', '\r\n', '\r']) {
      const text = ['', '% x', '1. e4 *', '', '[Event "b"]', '', '1. d4', '*', '1. Nd2 *'].join(ending);
      expect([...splitPgnText(text)].map((chunk) => chunk.startLine)).toEqual([3, 5, 9]);
    }
  });

  it('reads 200,000 blank or % lines before a game in one pass', () => {
    const splitter = new PgnSplitter();
    let finished = 0;
    for (let i = 0; i < 200_000; i++) finished += splitter.push(i % 2 === 0 ? '' : '% x').length;
    expect(finished).toBe(0);
    expect(splitter.push('1. e4 *')).toMatchObject([{ startLine: 200_001, text: '1. e4 *' }]);
    expect(splitter.end()).toEqual([]);
  });

  it('ends a game at its result, so a game without tags is a game of its own, and keeps the tags with their lines', async () => {
    const lines = [
      '1. e4 e5 *',
      '',
      '1. d4 d5 1-0 1. Nd2',
      '{ [Event "not a tag"] } *',
      '[Event "x\\"y"]',
      '',
      '1. c4 *',
    ];
    const games = [];
    for await (const game of splitPgnLines(lines)) games.push(game);
    expect(games.map((game) => [game.startLine, game.text])).toEqual([
      [1, '1. e4 e5 *'],
      [3, '1. d4 d5 1-0'],
      [3, '1. Nd2\n{ [Event "not a tag"] } *'],
      [5, '[Event "x\\"y"]\n\n1. c4 *'],
    ]);
    expect(games[3]?.tags.get('Event')).toEqual({ line: 5, value: 'x"y' });
  });

  it('refuses what is not text with ERR_ARGUMENT', () => {
    expect(() => [...splitPgnText(42 as unknown as string)]).toThrow(MakrukError);
    expect(() => new PgnSplitter().push(null as unknown as string)).toThrow(/must be a string, not null/);
  });
});
