// `makruk tb`: the built command end to end (verdict in words, --json's exact shape, exit codes), and the JSON report
// against the library's probe.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeUci, Position, Tablebase } from '@makruk/makruk';
import { tbJson, type TbJson } from './tb.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ROOK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'; // K+R v K, no count running yet
const ROOK_BARE = '8/8/8/4k3/8/8/8/R3K3 b - - 0 1'; // the same, the bare king to move
const MATE_IN_ONE = 'k7/2K5/8/8/8/8/8/1R6 w - 16 8 1'; // pieces' honour running: Rb1-a1 mates
const TWO_ROOKS_DRAW = '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1'; // issue 21: a mate exists, but not within the count

/** Checks --json's exact shape: keys, values, mate signs, no mate on a draw. */
function expectShape(report: TbJson): void {
  const keys = (value: object) => Object.keys(value).sort();
  expect(keys(report)).toEqual(report.result === 'draw' ? ['moves', 'result'] : ['mate', 'moves', 'result']);
  for (const entry of [report, ...report.moves]) {
    expect(['win', 'draw', 'loss']).toContain(entry.result);
    if (entry.result === 'win') expect(entry.mate).toBeGreaterThan(0);
    if (entry.result === 'loss') expect(entry.mate).toBeLessThanOrEqual(0);
    if (entry.result === 'draw') expect(entry).not.toHaveProperty('mate');
  }
  for (const move of report.moves) {
    expect(keys(move)).toEqual(move.result === 'draw' ? ['result', 'san', 'uci'] : ['mate', 'result', 'san', 'uci']);
    expect(move.uci).toMatch(/^[a-h][1-8][a-h][1-8]m?$/);
  }
}

describe('makruk tb', () => {
  it('K+R v K: White mates, in words, then every legal move best first', () => {
    const result = run('tb', ROOK);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('White mates in 14 moves (no count is running yet: the one this move starts allows 14)');
    expect(result.stdout).toContain('counting: none');
    const table = lines.filter((line) => /^\S+\s+[a-h][1-8][a-h][1-8]m?\s+(win|draw|loss)\s/.test(line));
    expect(table).toHaveLength(15); // K+R v K here: 15 legal moves
    expect(table[0]).toMatch(/^\S+\s+\S+\s+win\s+14$/);
    expect(table.at(-1)).toMatch(/draw\s+\d+ \(does not fit the count\)$/);
  });

  it('with a count running: the mate and what the count allows', () => {
    const result = run('tb', MATE_IN_ONE);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('White mates in 1 move (the count allows 4)');
    expect(result.stdout).toContain("counting: Black counts pieces' honour: 5 of 8; White must mate within 4 moves");
    expect(result.stdout).toMatch(/^Ra1#\s+b1a1\s+win\s+1$/m);
  });

  it('--json: the win with its mate, every move as if it were the only one, best first', () => {
    const result = run('tb', ROOK, '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as TbJson;
    expectShape(report);
    expect(report).toMatchObject({ result: 'win', mate: 14 });
    expect(report.moves).toHaveLength(15);
    expect(report.moves[0]).toMatchObject({ result: 'win', mate: 14 });
    const wins = report.moves.filter((move) => move.result === 'win');
    expect(wins.map((move) => move.uci).sort()).toEqual(['a1a5', 'e1e2']);
    expect(report.moves.slice(0, wins.length)).toEqual(wins); // wins first
  });

  it('--json: the bare king to move is mated, its mates negative', () => {
    const result = run('tb', ROOK_BARE, '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as TbJson;
    expectShape(report);
    expect(report).toMatchObject({ result: 'loss', mate: -14 });
    expect(report.moves.length).toBeGreaterThan(0);
    for (const move of report.moves) expect(move.mate).toBeLessThan(0);
    expect(report.moves[0]?.mate).toBe(-14); // the longest resistance first
  });

  it('a mate that does not fit the count is a draw, with no mate key in the JSON', () => {
    const text = run('tb', TWO_ROOKS_DRAW);
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe('Draw: the mate needs 6 moves, the count allows 4');
    const result = run('tb', TWO_ROOKS_DRAW, '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as TbJson;
    expectShape(report);
    expect(report.result).toBe('draw');
    expect(report).not.toHaveProperty('mate');
    expect(result.stdout).toMatch(/^ {2}"result": "draw",\n {2}"moves": \[/m);
    // The bare king's drawing moves come first, then the moves that lose in time (the longest first).
    expect(report.moves.map((move) => move.result)).toEqual([
      'draw',
      'draw',
      'loss',
      'loss',
      'loss',
      'loss',
      'loss',
      'loss',
    ]);
    expect(report.moves[2]).toMatchObject({ uci: 'b2c2', san: 'Kc2', result: 'loss', mate: -4 });
  });

  it('no mate that can be forced, a checkmate and a stalemate, in words', () => {
    expect(run('tb', '8/8/8/8/8/8/1k6/1R2K3 b - 16 10 5').stdout.split('\n')[0]).toBe('Draw: no mate can be forced');
    const mated = run('tb', 'k7/2K5/8/8/8/8/8/R7 b - 16 9 1', '--json');
    expect(JSON.parse(mated.stdout)).toEqual({ result: 'loss', mate: 0, moves: [] });
    expect(run('tb', 'k7/2K5/8/8/8/8/8/R7 b - 16 9 1').stdout.split('\n')[0]).toBe('Black is checkmated');
    expect(run('tb', 'k7/8/K7/8/8/8/8/1R6 b - 16 9 1').stdout.split('\n')[0]).toBe('Draw: stalemate');
  });

  it('plays --moves first', () => {
    const result = run('tb', '8/8/8/8/8/8/1k6/1R2K3 b - 16 10 5', '--moves', 'Kc3');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('fen:      8/8/8/8/8/2k5/8/1R2K3 w - 16 11 6');
  });

  it('a bad FEN: the FEN error, exit 2, no stack trace', () => {
    const result = run('tb', '8/8/8/4k3/8/8/8/R3K9 w - - 0 1');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^makruk: ERR_FEN_BOARD: .+\n$/);
    expect(run('tb').stderr).toMatch(/^makruk: ERR_ARGUMENT: missing required argument 'fen'/);
    expect(run('tb').status).toBe(2);
  });

  it('a position with no table: exit 2 with the reason', () => {
    for (const [fen, reason] of [
      ['4k3/8/8/8/8/8/8/RRNNK3 w - - 0 1', 'no table: 6 men'],
      ['8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1', 'no table: a pawn is on the board'],
      ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'no table: kings only (a dead position)'],
    ] as const) {
      const result = run('tb', fen, '--json');
      expect(result, fen).toMatchObject({
        status: 2,
        stdout: '',
        stderr: `makruk: ERR_TABLEBASE_POSITION: ${reason}\n`,
      });
    }
  });

  it('is in the help', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^ {2}tb \[options\] <fen\.\.\.>/m);
    const own = run('tb', '--help');
    expect(own.status).toBe(0);
    expect(own.stdout).toContain('Usage: makruk tb [options] [command] <fen...>');
    expect(own.stdout).toContain('no table: 6 men');
  });
});

describe('tbJson', () => {
  it("gives the library's results and mates, dropping the mate of a draw", async () => {
    const tablebase = await Tablebase.create();
    for (const fen of [ROOK, ROOK_BARE, TWO_ROOKS_DRAW]) {
      const parsed = Position.fromFen(fen);
      if (!parsed.ok) throw parsed.error;
      const probed = tablebase.probe(parsed.value);
      if (!probed.ok) throw probed.error;
      const report = tbJson(parsed.value, probed.value);
      expectShape(report);
      expect(report.result).toBe(probed.value.result);
      if (report.result !== 'draw') expect(report.mate).toBe(probed.value.mate);
      const library = new Map(probed.value.moves.map((entry) => [makeUci(entry.move), entry]));
      expect(report.moves.map((move) => move.uci).sort()).toEqual([...library.keys()].sort());
      for (const move of report.moves) {
        const entry = library.get(move.uci);
        expect(move.result).toBe(entry?.result);
        if (move.result !== 'draw') expect(move.mate).toBe(entry?.mate);
      }
      // The first move is as good as the library's best move.
      const best = probed.value.bestMove ? library.get(makeUci(probed.value.bestMove)) : undefined;
      expect(report.moves[0]?.result).toBe(best?.result);
      expect(report.moves[0]?.mate ?? null).toBe(best?.result === 'draw' ? null : (best?.mate ?? null));
    }
  });
});
