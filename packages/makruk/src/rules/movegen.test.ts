import { describe, expect, it } from 'vitest';
import { KHON_STEPS, KING_STEPS, KNIGHT_STEPS, MET_STEPS, PAWN_CAPTURES, ROOK_RAYS } from './step-tables.js';
import { BLACK, KHON, KING, KNIGHT, MET, PAWN, ROLE_MASK, ROOK } from './board.js';
import { parseBoardFen } from './fen.js';
import { Position } from './position.js';
import { generateLegalMoves, generatePseudoLegal, isAttacked, makeMove, inCheck, perftRaw } from './movegen.js';
import { pick, prng, readPerftEpd } from '../testing/helpers.js';

function cells(boardFen: string): Int8Array {
  const board = parseBoardFen(boardFen);
  if (!board.ok) throw board.error;
  return board.value.cells;
}

/** Attacked squares computed FORWARD from each attacker (isAttacked looks backward from the target). */
function attackedForward(board: Int8Array, black: boolean): Set<number> {
  const out = new Set<number>();
  const side = black ? 1 : 0;
  for (let from = 0; from < 64; from++) {
    const code = board[from] as number;
    if (!code || ((code & BLACK) !== 0) !== black) continue;
    const role = code & ROLE_MASK;
    const steps =
      role === PAWN
        ? PAWN_CAPTURES[side]?.[from]
        : role === MET
          ? MET_STEPS[from]
          : role === KHON
            ? KHON_STEPS[side]?.[from]
            : role === KNIGHT
              ? KNIGHT_STEPS[from]
              : role === KING
                ? KING_STEPS[from]
                : undefined;
    if (steps) for (const to of steps) out.add(to);
    if (role === ROOK) {
      for (const ray of ROOK_RAYS[from] ?? []) {
        for (const to of ray) {
          out.add(to);
          if (board[to]) break;
        }
      }
    }
  }
  return out;
}

describe('movegen', () => {
  it('counts the start position like docs/rules.md (depth 1-3)', () => {
    const start = cells('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR');
    expect(perftRaw(start, false, 1)).toBe(23);
    expect(perftRaw(start, false, 2)).toBe(529);
    expect(perftRaw(start, false, 3)).toBe(12012);
  });

  it('isAttacked (looking back from the target) agrees with attacks computed forward, on random positions', () => {
    const random = prng(11);
    const starts = [
      Position.initial(),
      ...readPerftEpd()
        .map(({ fen }) => Position.fromFen(fen))
        .flatMap((r) => (r.ok ? [r.value] : [])),
    ];
    const mismatches: string[] = [];
    for (let n = 0; n < 300; n++) {
      let p = pick(random, starts);
      const plies = Math.floor(random() * 60);
      for (let i = 0; i < plies && !p.outcome(); i++) p = p.play(pick(random, p.legalMoves()));
      const board = p.board.cells;
      for (const black of [false, true]) {
        const forward = attackedForward(board, black);
        for (let sq = 0; sq < 64; sq++) {
          if (isAttacked(board, sq, black) !== forward.has(sq))
            mismatches.push(`${p.fen()} square ${sq} by ${black ? 'black' : 'white'}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('legal moves = pseudo-legal moves that do not leave the own king attacked (shortcut checked by brute force)', () => {
    const random = prng(12);
    const mismatches: string[] = [];
    for (let n = 0; n < 300; n++) {
      let p = Position.initial();
      const plies = Math.floor(random() * 100);
      for (let i = 0; i < plies && !p.outcome(); i++) p = p.play(pick(random, p.legalMoves()));
      const board = p.board.cells;
      const black = p.turn === 'black';
      const pseudo: number[] = [];
      generatePseudoLegal(board, black, pseudo);
      const brute = pseudo.filter((move) => {
        const copy = board.slice();
        makeMove(copy, move);
        return !inCheck(copy, black);
      });
      const legal = generateLegalMoves(board.slice(), black);
      if (JSON.stringify(brute.sort()) !== JSON.stringify(legal.slice().sort())) mismatches.push(p.fen());
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
