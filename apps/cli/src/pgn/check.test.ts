import { describe, expect, it } from 'vitest';
import { checkGame } from './check.js';
import type { PgnProblem } from './games.js';
import { splitPgnLines } from '@makruk/makruk';
import type { PgnChunk } from './split.js';

function roster(result: string, extra: string[] = []): string[] {
  return [
    '[Event "test"]',
    '[Site "?"]',
    '[Date "2026.11.30"]',
    '[Round "1"]',
    '[White "W"]',
    '[Black "B"]',
    `[Result "${result}"]`,
    ...extra,
    '',
  ];
}

const MATE_FEN = '4k3/R7/8/8/8/8/8/1R2K3 w - - 0 1';
const COUNT_FEN = '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40';

/** A file of games, each a list of lines, with a note of what is wrong with it (undefined: nothing). */
const GAMES: Array<{ lines: string[]; wrong?: { code: string; line: number; message: RegExp } }> = [
  { lines: [...roster('*'), '1. e4 f5 2. Nd2 {a comment', '[not a tag] still the comment} Nf6 *', ''] },
  {
    lines: [...roster('*'), '1. e4 f5 2. e5 e4 *', ''],
    wrong: { code: 'ERR_PGN_MOVE', line: 9, message: /Move 2\.\.\. 'e4'/ },
  },
  {
    lines: [...roster('0-1', [`[FEN "${MATE_FEN}"]`, '[SetUp "1"]']), '1. Rb8# 0-1', ''],
    wrong: { code: 'ERR_PGN_RESULT', line: 11, message: /result is 0-1, but the final position is 1-0 \(checkmate\)/ },
  },
  { lines: [...roster('1-0', [`[FEN "${MATE_FEN}"]`, '[SetUp "1"]']), '1. Rb8# 1-0', ''] },
  {
    lines: [...roster('*'), '1. e4 {[%count start]} f5 *', ''],
    wrong: { code: 'ERR_PGN_COUNT', line: 9, message: /\[%count start\] cannot be applied/ },
  },
  {
    lines: [
      '[Event "test"]',
      '[Site "?"]',
      '[Date "last tuesday"]',
      '[Round "1"]',
      '[White "W"]',
      '[Black "B"]',
      '[Result "*"]',
      '',
      '1. e4 *',
      '',
    ],
    wrong: { code: 'ERR_PGN_TAG', line: 3, message: /Date "last tuesday"/ },
  },
  {
    lines: [...roster('1-0'), '1. e4 f5 0-1', ''],
    wrong: { code: 'ERR_PGN_RESULT', line: 7, message: /Result tag "1-0" but the movetext ends with 0-1/ },
  },
  {
    lines: roster('*', ['1. e4 *', '']).filter((line) => !line.startsWith('[Site')),
    wrong: { code: 'ERR_PGN_TAG', line: 1, message: /Site tag is missing/ },
  },
  {
    lines: [...roster('*', ['[PlyCount "3"]']), '1. e4 f5 *', ''],
    wrong: { code: 'ERR_PGN_TAG', line: 8, message: /PlyCount "3" but the game has 2 plies/ },
  },
  {
    // board's honour started by White before its move 40 and stopped by White before move 41: sound
    lines: [
      ...roster('*', [`[FEN "${COUNT_FEN}"]`, '[SetUp "1"]']),
      '{[%count start]} 40. Ra2 Kd7 {[%count stop]} 41. Ra3 *',
      '',
    ],
  },
  {
    // Black cannot stop White's count
    lines: [
      ...roster('*', [`[FEN "${COUNT_FEN}"]`, '[SetUp "1"]']),
      '{[%count start]} 40. Ra2 {[%count stop]} Kd7 *',
      '',
    ],
    wrong: { code: 'ERR_PGN_COUNT', line: 11, message: /\[%count stop\] cannot be applied/ },
  },
  {
    lines: [...roster('*', ['[Variant "chess"]']), '1. e4 *', ''],
    wrong: { code: 'ERR_PGN_VARIANT', line: 8, message: /not Makruk/ },
  },
  {
    // a name the library reads but cannot write back: convert and annotate would stop at it
    lines: [...roster('*', [`[${'A'.repeat(300)} "x"]`]), '1. e4 *', ''],
    wrong: {
      code: 'ERR_PGN_TAG_NAME',
      line: 8,
      message:
        /tag name 'A+…' \(300 characters\) cannot be written.*\(so pgn convert and annotate cannot write this game\)$/,
    },
  },
];

async function problemsOf(lines: string[]): Promise<{ games: number; problems: PgnProblem[]; chunks: PgnChunk[] }> {
  const problems: PgnProblem[] = [];
  const chunks: PgnChunk[] = [];
  for await (const chunk of splitPgnLines(lines)) {
    chunks.push(chunk);
    problems.push(...checkGame(chunk, chunks.length));
  }
  return { games: chunks.length, problems, chunks };
}

describe('makruk pgn check', () => {
  it('finds each broken game of a file with its game number, line and code, and nothing in the sound ones', async () => {
    const file: string[] = [];
    const expected: Array<{ game: number; line: number; code: string; message: RegExp }> = [];
    GAMES.forEach((game, index) => {
      if (game.wrong) expected.push({ ...game.wrong, game: index + 1, line: file.length + game.wrong.line });
      file.push(...game.lines);
    });
    const { games, problems } = await problemsOf(file);
    expect(games).toBe(GAMES.length);
    expect(problems.map(({ game, line, code }) => ({ game, line, code }))).toEqual(
      expected.map(({ game, line, code }) => ({ game, line, code })),
    );
    problems.forEach((problem, index) =>
      expect(problem.message).toMatch((expected[index] as { message: RegExp }).message),
    );
  });

  it('splits games at tag sections, not at a "[" inside a comment or a % escape line', async () => {
    const { chunks } = await problemsOf(['', '% escape [x]', ...GAMES[0]!.lines, ...GAMES[3]!.lines]);
    expect(chunks.map((chunk) => chunk.startLine)).toEqual([3, 14]);
    expect(chunks[0]?.tags.get('Result')).toEqual({ line: 9, value: '*' });
  });

  it('ends a game at its result, so a game without tags is a game of its own (as the library reads it)', async () => {
    const { chunks } = await problemsOf(['1. e4 e5 *', '', '1. d4 d5 1-0 1. Nd2', '{ [Event "not a tag"] } *', '']);
    expect(chunks.map((chunk) => [chunk.startLine, chunk.text])).toEqual([
      [1, '1. e4 e5 *'],
      [3, '1. d4 d5 1-0'],
      [3, '1. Nd2\n{ [Event "not a tag"] } *'],
    ]);
    // a result inside a variation or a comment ends nothing
    const nested = await problemsOf([...roster('*'), '1. e4 (1. d4 *) e5 {0-1} *']);
    expect(nested.chunks).toHaveLength(1);
    expect(nested.problems).toEqual([]);
  });

  it('reports a movetext without a result', async () => {
    const { problems } = await problemsOf([...roster('*'), '1. e4 f5', '2. Nd2']);
    expect(problems).toEqual([
      { game: 1, line: 10, code: 'ERR_PGN_RESULT', message: expect.stringMatching(/does not end with a result/) },
    ]);
  });

  it('streams thousands of games', async () => {
    const one = [...roster('1/2-1/2'), '1. e4 f5 2. Nd2 Nf6 1/2-1/2', ''];
    function* lines(): Generator<string> {
      for (let i = 0; i < 3000; i++) yield* one;
    }
    const { games, problems } = await problemsOf([...lines()]);
    expect(games).toBe(3000);
    expect(problems).toEqual([]);
  });
});
