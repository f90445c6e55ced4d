import { parsePgn } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import type { GameRecord, PlayedMove, Termination } from './game-runner.js';
import { gameToPgn, pgnTermination } from './pgn.js';

const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

function played(uci: string, san: string, extra: Partial<PlayedMove> = {}): PlayedMove {
  return { uci, san, score: undefined, depth: undefined, timeMs: 0, ...extra };
}

function record(overrides: Partial<GameRecord> = {}): GameRecord {
  return {
    round: 3,
    openingIndex: 0,
    openingFen: START,
    white: 'dev',
    black: 'FS',
    moves: [
      played('e3e4', 'e4', { score: { cp: 54 }, depth: 12, timeMs: 105 }),
      played('f6f5', 'f5', { score: { mate: -3 }, depth: 20, timeMs: 2000 }),
      played('e4f5', 'exf5', { timeMs: 7 }),
    ],
    result: '1-0',
    termination: 'resign-adjudication',
    reason: 'Black resigns',
    finalFen: '',
    startedAt: new Date(Date.UTC(2026, 0, 2, 23, 59)),
    durationMs: 1000,
    ...overrides,
  };
}

function onlyGame(text: string) {
  const parsed = parsePgn(text);
  if (!parsed.ok) throw parsed.error;
  expect(parsed.value).toHaveLength(1);
  return parsed.value[0] as NonNullable<(typeof parsed.value)[0]>;
}

describe('match PGN', () => {
  it('writes the roster, match tags and SAN moves that the library reads back', () => {
    const text = gameToPgn(record(), {
      event: 'test "match"',
      limit: { kind: 'clock', tc: { movesPerSession: 40, baseMs: 60_000, incrementMs: 600 } },
    });
    expect(text.endsWith('\n')).toBe(true);
    const game = onlyGame(text);
    expect(Object.fromEntries(game.tags)).toMatchObject({
      Event: 'test "match"',
      Site: '?',
      Date: '2026.01.02',
      Round: '3',
      White: 'dev',
      Black: 'FS',
      Result: '1-0',
      TimeControl: '40/60+0.6',
      PlyCount: '3',
      Termination: 'adjudication',
    });
    expect(text).toContain('[Variant "Makruk"]');
    expect(text).not.toContain('[FEN ');
    expect(game.ucis).toEqual(['e3e4', 'f6f5', 'e4f5']);
    expect(game.result()).toBe('1-0');
  });

  it('comments every move with score/depth and time, cutechess style, and ends with the reason', () => {
    const game = onlyGame(gameToPgn(record(), { event: 'e' }));
    // commentsAt(i): after move i
    expect(game.commentsAt(0)).toEqual([]);
    expect(game.commentsAt(1)).toEqual(['+0.54/12 0.105s']);
    expect(game.commentsAt(2)).toEqual(['-M3/20 2.000s']); // cutechess writes mates as ±M
    // the library's makePgn writes a move's comments as one {…}, so the reason follows the time in it
    expect(game.commentsAt(3).join(' ')).toBe('0.007s Black resigns');
    expect(gameToPgn(record(), { event: 'e', limit: { kind: 'nodes', nodes: 1000 } })).not.toContain('TimeControl');
  });

  it('writes FEN and SetUp for a game from another position', () => {
    const fen = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';
    const text = gameToPgn(
      record({
        openingFen: fen,
        moves: [played('a1a8', 'Ra8+')],
        result: '*',
        termination: 'aborted',
        reason: 'stopped',
      }),
      { event: 'e' },
    );
    expect(text).toContain(`[FEN "${fen}"]`);
    expect(text).toContain('[SetUp "1"]');
    const game = onlyGame(text);
    expect(game.initialPosition.fen()).toBe(fen);
    expect(game.ucis).toEqual(['a1a8']);
    expect(game.tags.get('Termination')).toBe('unterminated');
  });

  it('maps every termination to a PGN standard Termination value', () => {
    const expected: Record<Termination, string> = {
      checkmate: 'normal',
      stalemate: 'normal',
      'insufficient-material': 'normal',
      'counting-limit': 'normal',
      repetition: 'normal',
      'max-plies': 'adjudication',
      'resign-adjudication': 'adjudication',
      'draw-adjudication': 'adjudication',
      'time-forfeit': 'time forfeit',
      stall: 'time forfeit',
      'illegal-move': 'rules infraction',
      crash: 'abandoned',
      'start-failure': 'abandoned',
      aborted: 'unterminated',
    };
    for (const [termination, value] of Object.entries(expected))
      expect(pgnTermination(termination as Termination), termination).toBe(value);
  });
});
