import { describe, expect, it } from 'vitest';
import {
  decodeGames,
  decodeHeader,
  encodeGame,
  encodeHeader,
  FLAG_NOISY,
  FLAG_UNSCORED,
  type GameRecord,
  SCORE_LIMIT,
  SCORE_MATE,
  storedScore,
  trainingPositionCount,
} from './gamefile.mjs';

const game = (index: number, plies: number): GameRecord => ({
  index,
  fen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
  result: (index % 3) as 0 | 1 | 2,
  termination: 'counting-limit',
  moves: Uint16Array.from({ length: plies }, (_, i) => (i * 977 + index) & 0x7fff),
  scores: Int16Array.from({ length: plies }, (_, i) => (i % 2 ? -1 : 1) * ((i * 131) % 32000)),
});

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('game file', () => {
  it('reads back what it writes: header, games, every move word and score', () => {
    const meta = { seed: 7, nodes: 5000, openings: { file: 'x.epd', count: 3 } };
    const games = [game(0, 0), game(3, 1), game(6, 250)];
    const bytes = concat(encodeHeader(meta), ...games.map(encodeGame));
    const header = decodeHeader(bytes);
    expect(header.meta).toEqual(meta);
    const read = decodeGames(bytes, header.recordsStart);
    expect(read.complete).toBe(true);
    expect(read.end).toBe(bytes.length);
    expect(read.games).toEqual(games);
    // ~4 bytes a position plus the start FEN once a game
    expect(encodeGame(game(1, 200)).length).toBe(10 + 53 + 4 * 200);
  });

  it('stops at a record cut short and says where the last whole one ends', () => {
    const head = encodeHeader({ seed: 1 });
    const first = encodeGame(game(0, 10));
    const second = encodeGame(game(1, 10));
    const whole = concat(head, first, second);
    for (const cut of [1, 5, 9, 40, second.length - 1]) {
      const read = decodeGames(whole.subarray(0, whole.length - cut), head.length);
      expect(read.complete).toBe(false);
      expect(read.end).toBe(head.length + first.length);
      expect(read.games.map((g) => g.index)).toEqual([0]);
    }
  });

  it('rejects what is not a game file with a typed error', () => {
    expect(() => decodeHeader(new TextEncoder().encode('PK\u0003\u0004 zip file'))).toThrow(
      expect.objectContaining({ code: 'ERR_GAMEFILE_HEADER' }),
    );
    const bytes = concat(encodeHeader({}), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(() => decodeGames(bytes, decodeHeader(bytes).recordsStart)).toThrow(
      expect.objectContaining({ code: 'ERR_GAMEFILE_RECORD' }),
    );
    expect(() => encodeGame({ ...game(0, 2), termination: 'resigned' as never })).toThrow(
      expect.objectContaining({ code: 'ERR_GAMEFILE_RECORD' }),
    );
  });

  it('stores mates beyond every centipawn score and clamps centipawns', () => {
    expect(storedScore(0, 123)).toBe(123);
    expect(storedScore(0, -99999)).toBe(-SCORE_LIMIT);
    expect(storedScore(1, 3)).toBe(SCORE_MATE - 3);
    expect(storedScore(1, -1)).toBe(-(SCORE_MATE - 1));
    expect(storedScore(1, 5000)).toBeGreaterThan(SCORE_LIMIT);
  });

  it('counts the positions a trainer can use: scored and quiet', () => {
    const g = game(0, 4);
    g.moves = Uint16Array.from([12 | FLAG_UNSCORED, 13 | FLAG_NOISY, 14, 15]);
    expect(trainingPositionCount(g)).toBe(2);
  });
});
