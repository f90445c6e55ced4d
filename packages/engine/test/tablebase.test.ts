// The tablebases (issue 18, first layer): K+X v K and K+X+Y v K by retrograde analysis, checked against known
// facts, the engine's own search and Debian's fairy-stockfish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLEBASE_ERRORS, TABLEBASE_ROLES, type TablebaseExports, instantiateTablebase } from '../dist/index.js';
import { FairyStockfish } from './fairy-stockfish.js';
import { searchEngine, load, go } from './search-helpers.js';
import { ROLE, randomPositions, tbFen } from './tablebase-helpers.js';

let tb: TablebaseExports;
beforeAll(async () => {
  tb = await instantiateTablebase();
  for (const [a, b] of [
    [ROLE.R, 0],
    [ROLE.R, ROLE.R],
    [ROLE.N, ROLE.M],
    [ROLE.S, ROLE.M],
    [ROLE.M, ROLE.M],
  ] as const)
    expect(tb.tbGenerate(a, b)).toBe(0);
}, 60_000);

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);
/** Plies to mate from a search's mate score (moves, from the side to move), -1 for none or a loss of the strong side. */
const searchPlies = (mate: boolean, score: number): number => (!mate ? -1 : score > 0 ? 2 * score - 1 : -2 * score);

describe('tablebase facts', () => {
  it('K+R v K: every legal position with White to move is a win; the bare king draws only by taking or stalemate', () => {
    let stalemates = 0;
    for (let king = 0; king < 64; king++)
      for (let bare = 0; bare < 64; bare++)
        for (let rook = 0; rook < 64; rook++) {
          const strong = tb.tbProbe(ROLE.R, 0, king, bare, rook, -1, 1);
          if (strong >= -1) expect(strong, `${king} ${bare} ${rook}`).toBeGreaterThan(0);
          const weak = tb.tbProbe(ROLE.R, 0, king, bare, rook, -1, 0);
          if (weak !== -1) continue;
          // A draw: the rook stands next to the bare king undefended, or the bare king has no move.
          const adjacent = Math.max(Math.abs((rook & 7) - (bare & 7)), Math.abs((rook >> 3) - (bare >> 3))) === 1;
          const defended = Math.max(Math.abs((rook & 7) - (king & 7)), Math.abs((rook >> 3) - (king >> 3))) === 1;
          if (!(adjacent && !defended)) stalemates++;
        }
    expect(stalemates).toBeGreaterThan(0);
    expect(stalemates).toBeLessThan(1000);
    expect(tb.tbLongest(ROLE.R, 0)).toBe(32); // 16 moves, the bare king to move
  });

  it('K+N v K, K+M v K and K+M+M v K with same-coloured mets are never wins', () => {
    expect(tb.tbReady(ROLE.N, 0)).toBe(1);
    expect(tb.tbProbe(ROLE.N, 0, sq('c6'), sq('a8'), sq('h1'), -1, 1)).toBe(-1);
    expect(tb.tbProbe(ROLE.M, 0, sq('c6'), sq('a8'), sq('b6'), -1, 0)).toBe(-1);
    let same = 0;
    for (let king = 0; king < 64; king++)
      for (let bare = 0; bare < 64; bare++)
        for (let met = 0; met < 64; met += 3) {
          const other = (met + 18) & 63; // same colour: file and rank both move by an even number
          if (((met ^ (met >> 3)) & 1) !== ((other ^ (other >> 3)) & 1)) continue;
          for (const stm of [0, 1]) {
            const v = tb.tbProbe(ROLE.M, ROLE.M, king, bare, met, other, stm);
            if (v >= -1) {
              same++;
              expect(v).toBe(-1);
            }
          }
        }
    expect(same).toBeGreaterThan(10_000);
  });

  it('the two K+R+R v K positions of issue 21 need more than the 8 plies their count leaves', () => {
    // 4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1 and 1k6/8/8/8/8/R4K2/4R3/8 b - 16 8 1: limit 16 plies, ply 8.
    const a = tb.tbProbe(ROLE.R, ROLE.R, sq('e8'), sq('b2'), sq('d5'), sq('e5'), 0);
    const b = tb.tbProbe(ROLE.R, ROLE.R, sq('f3'), sq('b8'), sq('a3'), sq('e2'), 0);
    expect(a).toBeGreaterThan(16 - 8);
    expect(b).toBeGreaterThan(16 - 8);
  });

  it('bad input is an error code, never a trap', async () => {
    const fresh = await instantiateTablebase();
    expect(TABLEBASE_ERRORS[fresh.tbGenerate(1, 0)]).toBe('ERR_TABLEBASE_MATERIAL'); // a pawn
    expect(TABLEBASE_ERRORS[fresh.tbGenerate(6, 0)]).toBe('ERR_TABLEBASE_MATERIAL'); // a king
    expect(TABLEBASE_ERRORS[fresh.tbGenerate(0, 0)]).toBe('ERR_TABLEBASE_MATERIAL');
    expect(TABLEBASE_ERRORS[-1 - fresh.tbProbe(ROLE.R, 0, 0, 63, 9, -1, 1)]).toBe('ERR_TABLEBASE_NOT_GENERATED');
    expect(TABLEBASE_ERRORS[-1 - fresh.tbProbe(ROLE.R, 0, 0, 63, 99, -1, 1)]).toBe('ERR_TABLEBASE_SQUARES');
    expect(TABLEBASE_ERRORS[-1 - fresh.tbProbe(ROLE.R, 0, 0, 1, 9, -1, 1)]).toBe('ERR_TABLEBASE_SQUARES'); // kings touch
    expect(TABLEBASE_ERRORS[-1 - tb.tbProbe(ROLE.R, 0, 0, 63, 7, -1, 1)]).toBe('ERR_TABLEBASE_SQUARES'); // in check
    expect(TABLEBASE_ERRORS[-1 - tb.tbProbe(ROLE.R, 0, 0, 0, 7, -1, 1)]).toBe('ERR_TABLEBASE_SQUARES');
    expect(TABLEBASE_ERRORS[-1 - tb.tbProbe(1, 0, 0, 63, 7, -1, 1)]).toBe('ERR_TABLEBASE_MATERIAL');
    expect(TABLEBASE_ROLES.rook).toBe(ROLE.R);
  });
});

describe('tablebase against the engine search', () => {
  it('a mate the search proves is never shorter than the table, and never where the table says draw', () => {
    const engine = searchEngine('release');
    let exact = 0;
    let checked = 0;
    for (const letters of ['R', 'RR', 'NM', 'SM']) {
      const positions = [
        ...randomPositions(tb, letters, 12, 7, (plies) => plies >= 0 && plies <= 7),
        ...randomPositions(tb, letters, 4, 8, (plies) => plies === -1),
      ];
      for (const p of positions) {
        load(engine, tbFen(letters, p));
        engine.wasm.newGame();
        const { last } = go(engine, { depth: 10 });
        const plies = searchPlies(last?.mate ?? false, last?.score ?? 0);
        checked++;
        if (p.plies === -1) {
          const strongMates = last?.mate === true && last.score > 0 === p.strongToMove;
          expect(strongMates, tbFen(letters, p)).toBe(false);
        } else if (plies >= 0) {
          expect(plies, tbFen(letters, p)).toBeGreaterThanOrEqual(p.plies);
          if (plies === p.plies) exact++;
        }
      }
    }
    expect(checked).toBe(64);
    expect(exact).toBeGreaterThan(checked / 2);
  }, 120_000);
});

describe('tablebase against fairy-stockfish', () => {
  let fs: FairyStockfish;
  beforeAll(async () => {
    fs = new FairyStockfish();
    await fs.startMakruk();
  });
  afterAll(() => fs.quit());

  it('FS never shows a shorter mate than the table, nor a mate where it says draw (K+R, K+N+M, K+S+M v K)', async () => {
    let mates = 0;
    let exact = 0;
    for (const letters of ['R', 'NM', 'SM']) {
      const positions = [
        ...randomPositions(tb, letters, 12, 11, (plies) => plies >= 0 && plies <= 9),
        ...randomPositions(tb, letters, 4, 12, (plies) => plies > 9),
        ...randomPositions(tb, letters, 4, 13, (plies) => plies === -1),
      ];
      for (const p of positions) {
        const fen = tbFen(letters, p);
        const lines = await fs.send(`position fen ${fen}\ngo depth 14`, (line) => line.startsWith('bestmove'));
        const last = lines.filter((line) => / score /.test(line)).at(-1) ?? '';
        const match = / score mate (-?\d+)/.exec(last);
        if (!match) continue;
        const score = Number(match[1]);
        const plies = score > 0 ? 2 * score - 1 : -2 * score;
        const strongMates = score > 0 === p.strongToMove;
        expect(strongMates, fen).toBe(true);
        expect(p.plies, fen).toBeGreaterThanOrEqual(0);
        expect(plies, fen).toBeGreaterThanOrEqual(p.plies);
        mates++;
        if (plies === p.plies) exact++;
      }
    }
    expect(mates).toBeGreaterThan(20);
    expect(exact).toBeGreaterThan(mates / 2);
  }, 180_000);
});
