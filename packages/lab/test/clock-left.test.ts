// bench/clock-left.mjs: time use per engine from a match PGN's move comments and TimeControl tag.
import { describe, expect, it } from 'vitest';
import { clockLeft } from '../bench/clock-left.mjs';

const game = (white: string, black: string, fen: string | undefined, movetext: string) =>
  [
    '[Event "makruk match"]',
    `[White "${white}"]`,
    `[Black "${black}"]`,
    '[Result "1/2-1/2"]',
    ...(fen ? [`[FEN "${fen}"]`] : []),
    '[TimeControl "5+0.05"]',
    '',
    movetext,
    '',
  ].join('\n');

describe('clockLeft', () => {
  it('charges each comment to the side that moved, with the increment per move, Black first after a b FEN', () => {
    const pgn = [
      game('A', 'B', undefined, '1. e4 {+0.10/9 1.000s} 1... e5 {-0.10/7\n0.500s} 2. f4 {+0.20/11 2.000s} 1/2-1/2'),
      game(
        'B',
        'A',
        'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 0 1',
        '1... e5 {+M3/5 0.250s} 2. e4 {-0.05/8 0.750s Draw by agreement} 1/2-1/2',
      ),
    ].join('\n');
    const byName = new Map(clockLeft(pgn).map((r) => [r.name, r]));
    const rows = { A: byName.get('A'), B: byName.get('B') };
    if (!rows.A || !rows.B) throw new Error('both engines must have a row');
    // A: 1.0 + 2.0 s in game 1 (2 moves: 5.1 s left 2.1), 0.25 s in game 2 (1 move: 4.8 left)
    expect(rows.A.games).toBe(2);
    expect(rows.A.averageLeftS).toBeCloseTo((5 + 0.1 - 3 + (5 + 0.05 - 0.25)) / 2, 6);
    expect(rows.A.minimumLeftS).toBeCloseTo(2.1, 6);
    expect(rows.A.msPerMove).toBeCloseTo(3250 / 3, 6);
    expect(rows.A.depthPerMove).toBeCloseTo((9 + 11 + 5) / 3, 6);
    // B: 0.5 s in game 1 (1 move), 0.75 s in game 2 (its comment ends with the result text)
    expect(rows.B.averageLeftS).toBeCloseTo((5.05 - 0.5 + 5.05 - 0.75) / 2, 6);
  });
});
