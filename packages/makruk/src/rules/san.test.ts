import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Position } from './position.js';
import { makeSan, parseSan, readSanPattern } from './san.js';
import { pick, prng, repoRoot } from '../testing/helpers.js';
import type { Move } from './types.js';

function pos(fen: string): Position {
  const result = Position.fromFen(fen);
  if (!result.ok) throw result.error;
  return result.value;
}

function san(fen: string, uci: string, options = {}): string {
  const p = pos(fen);
  const move = p.legalMoves().find((m) => `${m.from}${m.to}` === uci.slice(0, 4));
  if (!move) throw new Error(`${uci} not legal in ${fen}`);
  return makeSan(p, move, options);
}

function parsed(fen: string, text: string): string {
  const result = parseSan(pos(fen), text);
  if (!result.ok) return result.error.code;
  return `${result.value.from}${result.value.to}${result.value.promotion ? 'm' : ''}`;
}

const START = Position.initial().fen();

describe('makeSan', () => {
  it('writes piece letters, pawn moves and captures', () => {
    expect(san(START, 'b1d2')).toBe('Nd2');
    expect(san(START, 'c1c2')).toBe('Sc2');
    expect(san(START, 'e1f2')).toBe('Mf2');
    expect(san(START, 'd1e2')).toBe('Ke2');
    expect(san(START, 'a1a2')).toBe('Ra2');
    expect(san(START, 'd3d4')).toBe('d4');
    expect(san('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1', 'd4e5')).toBe('dxe5');
    expect(san('4k3/8/8/4p3/3P4/8/8/4K3 b - - 0 1', 'e5d4')).toBe('exd4');
    expect(san('4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1', 'a1a5')).toBe('Ra5');
    expect(san('4k3/8/8/r2n4/8/8/8/R3K3 w - - 0 1', 'a1a5')).toBe('Rxa5');
  });

  it('writes promotions with =M', () => {
    expect(san('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1', 'c5c6')).toBe('c6=M');
    expect(san('4k3/8/3r4/2P5/8/8/7P/4K3 w - - 0 1', 'c5d6')).toBe('cxd6=M');
    expect(san('4k3/7p/8/8/5p2/8/8/K7 b - - 0 1', 'f4f3')).toBe('f3=M');
  });

  it('disambiguates by file, then rank, then square, among legal moves only', () => {
    expect(san('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', 'a1c1')).toBe('Rac1');
    expect(san('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1', 'a1a3')).toBe('R1a3');
    expect(san('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1', 'a5a3')).toBe('R5a3');
    expect(san('4k3/8/2N5/8/8/8/2N1N3/4K3 w - - 0 1', 'c2d4')).toBe('Nc2d4');
    expect(san('4k3/8/2N5/8/8/8/2N1N3/4K3 w - - 0 1', 'e2d4')).toBe('Ned4');
    expect(san('4k3/8/2N5/8/8/8/2N1N3/4K3 w - - 0 1', 'c6d4')).toBe('N6d4');
    // Knights on b1 and d5 both reach c3, but the one on d5 is pinned by the rook on d8: no disambiguation.
    expect(san('3r3k/8/8/3N4/8/8/8/1N1K4 w - - 0 1', 'b1c3')).toBe('Nc3');
    expect(san('7k/8/8/3N4/8/8/8/1N1K4 w - - 0 1', 'b1c3')).toBe('Nbc3');
    // Mets and promoted pawns are both mets: they disambiguate each other.
    expect(san('4k3/8/8/8/8/8/8/M~1M1K3 w - - 0 1', 'a1b2')).toBe('Mab2');
  });

  it('adds + for check and # for mate', () => {
    expect(san('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'a1a8')).toBe('Ra8+');
    expect(san('k7/8/1K6/8/8/8/8/7R w - - 0 1', 'h1h8')).toBe('Rh8#');
  });

  it('writes "--" for a move that is not legal (never throws)', () => {
    expect(makeSan(Position.initial(), { from: 'e3', to: 'e5' })).toBe('--');
  });

  it('writes Thai SAN: sign-destination, Thai files and digits', () => {
    expect(san(START, 'b1d2', { notation: 'thai' })).toBe('ม-ง๒');
    expect(san(START, 'd3d4', { notation: 'thai' })).toBe('ง๔');
    expect(san(START, 'c1c2', { notation: 'thai' })).toBe('ค-ค๒');
    expect(san(START, 'e1f2', { notation: 'thai' })).toBe('ม็-ฉ๒');
    expect(san(START, 'd1e2', { notation: 'thai' })).toBe('ข-จ๒');
    expect(san(START, 'a1a2', { notation: 'thai' })).toBe('ร-ก๒');
    expect(san('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1', 'c5c6', { notation: 'thai' })).toBe('ค๖=M');
    expect(san('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1', 'd4e5', { notation: 'thai' })).toBe('จ๕');
    // Two pawns can take on e5: name the origin file.
    expect(san('4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1', 'd4e5', { notation: 'thai' })).toBe('งxจ๕');
    expect(san('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', 'a1c1', { notation: 'thai' })).toBe('รก-ค๑');
    expect(san('k7/8/1K6/8/8/8/8/7R w - - 0 1', 'h1h8', { notation: 'thai' })).toBe('ร-ญ๘#');
  });
});

describe('parseSan', () => {
  it('reads standard SAN', () => {
    expect(parsed(START, 'Nd2')).toBe('b1d2');
    expect(parsed(START, 'd4')).toBe('d3d4');
    expect(parsed(START, 'Sc2')).toBe('c1c2');
    expect(parsed('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1', 'dxe5')).toBe('d4e5');
    expect(parsed('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1', 'c6=M')).toBe('c5c6m');
    expect(parsed('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', 'Rac1')).toBe('a1c1');
    expect(parsed('4k3/8/2N5/8/8/8/2N1N3/4K3 w - - 0 1', 'Nc2d4')).toBe('c2d4');
  });

  it('is tolerant: + and # optional or wrong, x optional, aliases, =M optional, long algebraic', () => {
    expect(parsed(START, 'Nd2+')).toBe('b1d2');
    expect(parsed(START, 'Nd2#!?')).toBe('b1d2');
    expect(parsed('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1', 'de5')).toBe('d4e5');
    expect(parsed('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1', 'd:e5')).toBe('d4e5');
    expect(parsed(START, 'Bc2')).toBe('c1c2'); // B = khon
    expect(parsed(START, 'Qf2')).toBe('e1f2'); // Q = met
    expect(parsed('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1', 'c6')).toBe('c5c6m');
    expect(parsed('4k3/8/8/2P5/8/8/7P/4K3 w - - 0 1', 'c6M')).toBe('c5c6m');
    expect(parsed(START, 'b1d2')).toBe('b1d2');
    expect(parsed(START, 'e3-e4')).toBe('e3e4');
    expect(parsed(START, 'Nb1-d2')).toBe('b1d2');
    expect(parsed(START, ' Pe4 ')).toBe('e3e4');
  });

  it('reads Thai SAN as makeSan writes it', () => {
    expect(parsed(START, 'ม-ง๒')).toBe('b1d2');
    expect(parsed(START, 'ง๔')).toBe('d3d4');
    expect(parsed(START, 'ค-ค๒')).toBe('c1c2');
    expect(parsed(START, 'ม็-ฉ๒')).toBe('e1f2');
    expect(parsed(START, 'ข-จ๒')).toBe('d1e2');
    expect(parsed('4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1', 'งxจ๕')).toBe('d4e5');
    expect(parsed('4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1', 'จ๕')).toBe('ERR_SAN_AMBIGUOUS');
    expect(parsed('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', 'รก-ค๑')).toBe('a1c1');
    expect(parsed(START, 'ฮ-ง๒')).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'ม-ง๙')).toBe('ERR_SAN_SYNTAX');
  });

  it('reports syntax, illegal and ambiguous moves with codes', () => {
    expect(parsed(START, '')).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'O-O')).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'Xe4')).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'e9')).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'x'.repeat(100))).toBe('ERR_SAN_SYNTAX');
    expect(parsed(START, 'e5')).toBe('ERR_SAN_ILLEGAL');
    expect(parsed(START, 'Nc3')).toBe('ERR_SAN_ILLEGAL'); // own pawn on c3
    expect(parsed(START, 'e4=M')).toBe('ERR_SAN_ILLEGAL');
    expect(parsed('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', 'Rc1')).toBe('ERR_SAN_AMBIGUOUS');
    expect(parsed('4k3/8/2N5/8/8/8/2N1N3/4K3 w - - 0 1', 'Ncd4')).toBe('ERR_SAN_AMBIGUOUS');
    const result = parseSan(Position.initial(), 'e5');
    expect(!result.ok && result.error.message).toMatch(/not a legal move for white/);
  });

  it('round-trips every legal move of many random positions (algebraic and Thai)', () => {
    const random = prng(20261130);
    let checked = 0;
    const failures: string[] = []; // collected, then asserted once: expect() per move would dominate the run time
    for (let game = 0; game < 20; game++) {
      let p = Position.initial();
      for (let ply = 0; ply < 150 && !p.outcome(); ply++) {
        const moves = p.legalMoves();
        const seen = new Set<string>();
        for (const move of moves) {
          const text = makeSan(p, move);
          if (seen.has(text)) failures.push(`${text} written twice in ${p.fen()}`);
          seen.add(text);
          const thai = makeSan(p, move, { notation: 'thai' });
          for (const written of [text, thai]) {
            const back = parseSan(p, written);
            if (
              !back.ok ||
              back.value.from !== move.from ||
              back.value.to !== move.to ||
              back.value.promotion !== move.promotion
            ) {
              failures.push(`${written} in ${p.fen()} read back as ${JSON.stringify(back)}`);
            }
          }
          checked++;
        }
        p = p.play(pick(random, moves) as Move);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(15_000);
  });
});

describe('parseSan reads strictly by default (issue 21)', () => {
  const PAWNS = '4k3/8/8/4p3/5P2/8/8/4K3 w - - 0 1'; // the only pawn move to e5 is the capture fxe5
  it('a pawn capture written as a push is refused with the move it would have been', () => {
    const result = parseSan(pos(PAWNS), 'e5');
    expect(!result.ok && result.error.code).toBe('ERR_SAN_INEXACT');
    expect(!result.ok && result.error.message).toBe(
      "'e5' is written as a pawn push, but the pawn move to e5 is the capture fxe5: write fxe5.",
    );
    expect(parsed(PAWNS, 'fxe5')).toBe('f4e5');
    expect(parsed(PAWNS, 'fe5')).toBe('f4e5'); // the file names the capture; only the x is missing
  });
  it('an x on a move that takes nothing is refused', () => {
    expect(parsed(START, 'Nxd2')).toBe('ERR_SAN_INEXACT');
    expect(parsed(START, 'e3xe4')).toBe('ERR_SAN_INEXACT');
    expect(parsed(START, 'Nd2')).toBe('b1d2');
  });
  it('what cannot be misread stays forgiving: a piece capture without x, missing +, long algebraic', () => {
    expect(parsed('4k3/8/2n5/8/5s2/8/8/RR2K3 w - - 0 40', 'Rf4')).toBe('ERR_SAN_ILLEGAL');
    expect(parsed('4k3/8/2n5/8/5s2/8/8/1R2K3 w - - 0 40', 'Rb4')).toBe('b1b4');
    expect(parsed('4k3/8/8/8/5s2/8/8/5RK1 w - - 0 40', 'Rf4')).toBe('f1f4');
    expect(parsed(START, 'e3-e4')).toBe('e3e4');
  });
  it('{ lenient: true } reads them as before; Position.findMove takes the same option', () => {
    const lenient = parseSan(pos(PAWNS), 'e5', { lenient: true });
    expect(lenient.ok && `${lenient.value.from}${lenient.value.to}`).toBe('f4e5');
    expect(parseSan(pos(START), 'Nxd2', { lenient: true }).ok).toBe(true);
    const found = pos(PAWNS).findMove('e5');
    expect(!found.ok && found.error.code).toBe('ERR_SAN_INEXACT');
    expect(pos(PAWNS).findMove('e5', { lenient: true }).ok).toBe(true);
  });
});

describe('parseSan / makeSan: wrongly typed arguments and bad input in messages', () => {
  it('a position that is not a Position gives ERR_ARGUMENT, not a TypeError', () => {
    for (const bad of [null, undefined, 42, {}, 'e4', { legalMoves: () => [] }]) {
      const parsed = parseSan(bad as unknown as Position, 'e4');
      expect(!parsed.ok && parsed.error.code).toBe('ERR_ARGUMENT');
      expect(() => makeSan(bad as unknown as Position, { from: 'e3', to: 'e4' })).toThrow(
        expect.objectContaining({ code: 'ERR_ARGUMENT' }),
      );
    }
  });

  it('text that is not a string is ERR_SAN_SYNTAX; a move that is not a Move is written --', () => {
    const start = Position.initial();
    for (const bad of [null, undefined, 42, {}, ['e4']]) {
      const parsed = parseSan(start, bad as unknown as string);
      expect(!parsed.ok && parsed.error.code).toBe('ERR_SAN_SYNTAX');
      expect(makeSan(start, bad as unknown as Move)).toBe('--');
    }
    expect(makeSan(start, { from: 'e3', to: 'e4' }, null as unknown as undefined)).toBe('e4');
  });

  it('quotes a short prefix of a huge input and shows control characters', () => {
    const start = Position.initial();
    const huge = parseSan(start, 'N'.repeat(1_000_000));
    expect(!huge.ok && huge.error.message.length).toBeLessThan(120);
    const nul = parseSan(start, 'e4\u0000x');
    expect(!nul.ok && nul.error.message).toContain("'e4\\u0000x'");
    const illegal = parseSan(start, 'Ke5\u0007');
    expect(!illegal.ok && illegal.error.message).toContain('\\u0007');
  });
});

describe('readSanPattern', () => {
  it('reads what the text says before any position: piece, origin hints, target, promotion', () => {
    expect(readSanPattern('Nbd2')).toEqual({
      role: 'knight',
      fromFile: 'b',
      fromRank: undefined,
      to: 'd2',
      promotion: false,
    });
    expect(readSanPattern('dxe6')).toEqual({
      role: 'pawn',
      fromFile: 'd',
      fromRank: undefined,
      to: 'e6',
      promotion: false,
    });
    expect(readSanPattern('c6=M+')).toEqual({
      role: 'pawn',
      fromFile: undefined,
      fromRank: undefined,
      to: 'c6',
      promotion: true,
    });
    expect(readSanPattern('e3e4')).toEqual({
      role: undefined,
      fromFile: 'e',
      fromRank: '3',
      to: 'e4',
      promotion: false,
    });
    expect(readSanPattern('ม-ง๒')).toEqual({
      role: 'knight',
      fromFile: undefined,
      fromRank: undefined,
      to: 'd2',
      promotion: false,
    });
    expect(readSanPattern('Bf3')?.role).toBe('khon');
    expect(readSanPattern('hello')).toBeUndefined();
    expect(readSanPattern('N'.repeat(1000))).toBeUndefined();
  });
});

describe('the Thai file letters and rank digits', () => {
  it('are written once in the workspace, in rules/types.ts (Thai SAN and the board both read them there)', () => {
    const owners: string[] = [];
    for (const dir of ['packages', 'apps']) {
      for (const file of readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\/src\/.*\.ts$/.test(`/${file}`) || file.includes('node_modules') || file.includes('.test.')) continue;
        const text = readFileSync(path.join(repoRoot, dir, file), 'utf8');
        if (text.includes("'ก', 'ข', 'ค'") || text.includes("'๑', '๒', '๓'")) owners.push(`${dir}/${file}`);
      }
    }
    expect(owners).toEqual(['packages/makruk/src/rules/types.ts']);
  });
});
