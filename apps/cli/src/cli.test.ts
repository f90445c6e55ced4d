import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', 'dist', 'main.js');
const perftSuite = path.resolve(here, '..', '..', '..', 'docs', 'perft', 'random-positions.epd');

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectCleanFailure(result: ReturnType<typeof run>, code: string): void {
  expect(result.status).toBe(2);
  expect(result.stderr).toContain(code);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe('makruk perft', () => {
  it('counts the start position to depth 6 (docs/rules.md)', () => {
    const result = run('perft', '6', '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).nodes).toBe(142_078_049);
  });

  it('divides: the per-move counts add up to the total', () => {
    const result = run('perft', '3', '--divide');
    expect(result.status).toBe(0);
    const counts = [...result.stdout.matchAll(/^[a-h][1-8][a-h][1-8]m?: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(counts).toHaveLength(23);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12_012);
    expect(result.stdout).toMatch(/nodes: 12012/);
  });

  it('runs the perft reference suite (docs/perft) to depth 4 with no mismatch', () => {
    const result = run('perft', '--epd', perftSuite, '--depth', '4');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/60 positions, 240 counts checked, 0 mismatches/);
  });

  it('reports every mismatch in a suite and exits 1', () => {
    const lines = readFileSync(perftSuite, 'utf8').trim().split('\n').slice(0, 3);
    lines[1] = lines[1]!.replace(/; D2 (\d+)/, (_, n: string) => `; D2 ${Number(n) + 1}`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'makruk-')), 'suite.epd');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const result = run('perft', '--epd', file, '--depth', '3');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/MISMATCH line 2 depth 2/);
    expect(result.stdout).toMatch(/1 mismatches/);
  });

  it('rejects a malformed suite line and a bad depth with a clear error', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'makruk-')), 'bad.epd');
    writeFileSync(file, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 ; D1 twenty\n');
    expectCleanFailure(run('perft', '--epd', file), 'ERR_EPD');
    const uncounted = path.join(mkdtempSync(path.join(tmpdir(), 'makruk-')), 'uncounted.epd');
    writeFileSync(
      uncounted,
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 ; D1 23\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n',
    );
    expectCleanFailure(run('perft', '--epd', uncounted), 'ERR_EPD');
    expect(run('perft', '--epd', uncounted).stderr).toMatch(/Line 2: no "D<depth> <nodes>" counts/);
    expectCleanFailure(run('perft', 'x'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft', '0'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft', '21'), 'ERR_ARGUMENT');
    const deep = path.join(mkdtempSync(path.join(tmpdir(), 'makruk-')), 'deep.epd');
    writeFileSync(
      deep,
      '4k3/8/8/8/8/8/8/R3K3 w - - 0 1 ; D1 18\nrnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 ; D21 5\n',
    );
    expectCleanFailure(run('perft', '--epd', deep), 'ERR_PERFT_DEPTH');
    expect(run('perft', '--epd', deep)).toMatchObject({
      stdout: '', // refused before any count
      stderr: 'makruk: ERR_PERFT_DEPTH: Line 2: D21 is deeper than perft counts (1 to 20).\n',
    });
    expectCleanFailure(run('perft', '--epd', file, '--depth', '2.5'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft', '--epd', file, '--fen', 'startpos'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft', '--epd', file, '--divide'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft'), 'ERR_ARGUMENT');
    expectCleanFailure(run('perft', '--epd', '/nonexistent/file.epd'), 'ERR_FILE');
  });
});

describe('makruk moves', () => {
  it('lists the 23 start moves, in UCI and SAN', () => {
    const uci = run('moves');
    expect(uci.status).toBe(0);
    expect(uci.stdout.trim().split('\n')).toHaveLength(23);
    expect(uci.stdout).toContain('e3e4');
    const san = run('moves', '--san');
    expect(san.stdout.split('\n')).toContain('e4');
  });

  it('gives Thai SAN on request', () => {
    const thai = run('moves', '--thai');
    expect(thai.stdout.split('\n')).toContain('ง๔');
  });
});

describe('makruk fen', () => {
  it('plays moves in automatic counting mode (docs/rules.md example)', () => {
    const result = run('fen', '8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50', '--moves', 'e5f4', '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.fen).toBe('8/8/8/8/5k2/8/8/R3K3 w - 32 5 51');
    // N = 3: the bare king took the last pawn, so Black has said nothing yet and says 4 next; White has 14 moves
    expect(report.counting).toEqual({
      kind: 'pieces',
      side: 'black',
      mating: 'white',
      said: null,
      next: 4,
      limit: 16,
      movesToMate: 14,
      expired: false,
      plies: 5,
      limitPlies: 32,
    });
    expect(report.result).toBe('*');
    expect(report.legalMoves).toBeGreaterThan(0);
  });

  it("starts board's honour automatically (docs/rules.md example)", () => {
    const report = JSON.parse(run('fen', '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', '--moves', 'a1a2', '--json').stdout);
    expect(report.fen).toBe('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
  });

  it('reports checkmate and claims a threefold repetition', () => {
    const mate = JSON.parse(run('fen', '4k3/R7/8/8/8/8/8/1R2K3 w - - 0 1', '--moves', 'b1b8', '--json').stdout);
    expect(mate).toMatchObject({ result: '1-0', reason: 'checkmate', check: true, legalMoves: 0 });
    const repeated = JSON.parse(
      run('fen', 'startpos', '--moves', 'b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1 d7b8', '--json').stdout,
    );
    expect(repeated).toMatchObject({ result: '1/2-1/2', reason: 'repetition' });
  });

  it('says the count as a player says it: who counts, the number said, and how long the other side has to mate', () => {
    // docs/rules.md: pieces' honour, 4 pieces, started at ply 8, limit 8 moves; Black (bare) said 5 and says 6 next
    const pieces = run('fen', '8/8/8/8/8/8/1k6/1R2K2R', 'b', '-', '16', '10', '5');
    expect(pieces.stdout).toMatch(/^counting: Black counts pieces' honour: 5 of 8; White must mate within 3 moves$/m);
    const json = JSON.parse(run('fen', '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', '--json').stdout);
    expect(json.counting).toEqual({
      kind: 'pieces',
      side: 'black',
      mating: 'white',
      said: 5,
      next: 6,
      limit: 8,
      movesToMate: 3,
      expired: false,
      plies: 10,
      limitPlies: 16,
    });
    // after Black's move, Black has said 6
    const after = run('fen', '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', '--moves', 'Kc2');
    expect(after.stdout).toMatch(/^counting: Black counts pieces' honour: 6 of 8; White must mate within 3 moves$/m);
    // issue 21's line: White keeps its last move to mate after Black says 8 (never "0 left" too early, never "9 of 8")
    const line = ['Kxb1', 'Rh2', 'Kc1', 'Rf2', 'Kb1', 'Kd1', 'Ka1'];
    const said = (plies: number): string =>
      /^counting: (.*)$/m.exec(
        run('fen', '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', '--moves', ...line.slice(0, plies)).stdout,
      )?.[1] ?? '';
    expect(said(5)).toBe("Black counts pieces' honour: 8 of 8; White must mate within 1 move");
    expect(said(6)).toBe(
      "Black counts pieces' honour: 8 of 8; White has no move left to mate: Black's next move ends the count, a draw",
    );
    const ranOut = run('fen', '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', '--moves', ...line).stdout;
    expect(ranOut).toMatch(/^counting: Black counted pieces' honour to 8, the limit: the count has run out$/m);
    expect(ranOut).toMatch(
      /^result: +1\/2-1\/2 \(draw: the count ran out — Black counted pieces' honour to 8 and White did not mate\)$/m,
    );
    expect(ranOut).not.toMatch(/9 of 8/);
    // board's honour counts from 1, limit 64
    const board = run('fen', '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', '--moves', 'a1a2');
    expect(board.stdout).toMatch(
      /^counting: Black counts board's honour from 1, up to 64; White must mate within 64 moves$/m,
    );
    const boardLater = JSON.parse(run('fen', '4k3/8/2n5/8/8/8/R7/1R2K3 w - 128 7 44', '--json').stdout);
    expect(boardLater.counting).toMatchObject({ kind: 'board', side: 'black', next: 5, limit: 64, plies: 7 });
    expect(run('fen').stdout).toMatch(/^counting: none$/m);
  });

  it('shows the outcome of finished positions: count run out, dead position', () => {
    const expired = run('fen', 'k7/8/1K6/8/8/8/8/7R w - 16 17 40');
    expect(expired.status).toBe(0);
    expect(expired.stdout).toMatch(
      /^result: +1\/2-1\/2 \(draw: the count ran out — Black counted pieces' honour to 8 and White did not mate\)$/m,
    );
    expect(JSON.parse(run('fen', 'k7/8/1K6/8/8/8/8/7R w - 16 17 40', '--json').stdout)).toMatchObject({
      result: '1/2-1/2',
      reason: 'counting-limit',
    });
    for (const dead of ['4k3/8/8/8/8/3P4/8/4K3 w - - 0 1', '4k3/8/8/3m4/8/8/4M3/4K3 w - - 0 1']) {
      const text = run('fen', dead);
      expect(text.stdout, dead).toMatch(/^result: +1\/2-1\/2 \(draw: dead position, neither side can mate\)$/m);
      expect(JSON.parse(run('fen', dead, '--json').stdout), dead).toMatchObject({
        result: '1/2-1/2',
        reason: 'insufficient-material',
      });
    }
    expectCleanFailure(run('fen', 'k7/8/1K6/8/8/8/8/7R w - 16 17 40', '--moves', 'Rh8'), 'ERR_GAME_OVER');
  });

  it('prints a diagram with the FEN and outcome', () => {
    const result = run('fen');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    expect(result.stdout).toMatch(/^1 +R +N +S +K +M +S +N +R$/m);
  });

  it('rejects a bad FEN or an illegal move with exit code 2 and no stack trace', () => {
    expectCleanFailure(run('fen', 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSN w - - 0 1'), 'ERR_FEN_BOARD');
    expectCleanFailure(run('fen', '8/8/8/8/8/8/8/8 w - - 0 1'), 'ERR_KINGS');
    expectCleanFailure(run('fen', 'startpos', '--moves', 'e3e5'), 'ERR_ILLEGAL_MOVE');
    expectCleanFailure(run('fen', 'startpos', '--moves', 'hello'), 'ERR_SAN_SYNTAX');
    expectCleanFailure(run('fen', '--bogus'), '');
  });
});

describe('--fen and --moves, the same in every subcommand', () => {
  const afterE4F5 = 'rnsmksnr/8/ppppp1pp/5p2/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2';

  it('takes moves in SAN or UCI, as separate words or one quoted string', () => {
    expect(JSON.parse(run('fen', 'startpos', '--moves', 'e3e4 f6f5', '--json').stdout).fen).toBe(afterE4F5);
    for (const moves of [['e4 f5'], ['e4', 'f5'], ['e3e4 f6f5'], ['e4', 'f6f5'], ['  e3e4  ', ' f5 ']]) {
      const result = run('fen', '--moves', ...moves, '--json');
      expect(result.stderr, moves.join('|')).toBe('');
      expect(JSON.parse(result.stdout).fen, moves.join('|')).toBe(afterE4F5);
    }
  });

  it('takes a FEN unquoted, as a positional argument and as --fen', () => {
    const fen = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
    expect(JSON.parse(run('fen', ...fen.split(' '), '--json').stdout).fen).toBe(fen);
    const listed = run('moves', '--fen', ...fen.split(' '));
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toBe(run('moves', '--fen', fen).stdout);
    expect(listed.stdout.trim().split('\n').length).toBeGreaterThan(0);
    expect(JSON.parse(run('perft', '2', '--json', '--fen', ...fen.split(' ')).stdout).fen).toBe(fen);
  });

  it('plays --moves before listing moves or counting perft', () => {
    expect(run('moves', '--moves', 'e4', 'f5').stdout).toBe(run('moves', '--fen', afterE4F5).stdout);
    const perft = JSON.parse(run('perft', '2', '--json', '--moves', 'e4 f5').stdout);
    expect(perft.fen).toBe(afterE4F5);
    expect(perft.nodes).toBe(JSON.parse(run('perft', '2', '--json', '--fen', afterE4F5).stdout).nodes);
  });

  it('names the bad move and its number, with the same codes everywhere', () => {
    for (const command of ['fen', 'moves', 'perft 1']) {
      const words = command.split(' ');
      const illegal = run(...words, '--moves', 'e4', 'e3e4');
      expectCleanFailure(illegal, 'ERR_ILLEGAL_MOVE');
      expect(illegal.stderr).toMatch(/move 2 "e3e4" is not legal/);
      expectCleanFailure(run(...words, '--moves', 'e4 hello'), 'ERR_SAN_SYNTAX');
    }
  });
});

describe('makruk pgn check', () => {
  const roster = (result: string): string =>
    `[Event "t"]\n[Site "?"]\n[Date "2026.11.30"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "${result}"]\n\n`;

  it('prints FILE:LINE: game N: CODE: message for each problem, a summary, and exits 2', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-pgn-'));
    const good = path.join(dir, 'good.pgn');
    writeFileSync(good, `${roster('*')}1. e4 f5 *\n\n${roster('1/2-1/2')}1. e4 f5 2. Nd2 1/2-1/2\n`);
    const bad = path.join(dir, 'bad.pgn');
    writeFileSync(bad, `${roster('*')}1. e4 f5 *\n\n${roster('*')}1. e4 e4 *\n`);
    const clean = run('pgn', 'check', good);
    expect(clean).toMatchObject({ status: 0, stderr: '' });
    expect(clean.stdout).toBe(`${good}: 2 games, 0 problems\n`);
    const broken = run('pgn', 'check', good, bad);
    expect(broken.status).toBe(2);
    expect(broken.stdout).toContain(`${bad}:19: game 2: ERR_PGN_MOVE: Move 1... 'e4'`);
    expect(broken.stdout).toContain(`${bad}: 2 games, 1 problems`);
    const json = JSON.parse(run('pgn', 'check', bad, '--json').stdout);
    expect(json.files[0]).toMatchObject({
      file: bad,
      games: 2,
      problems: [{ game: 2, line: 19, code: 'ERR_PGN_MOVE' }],
    });
    expectCleanFailure(run('pgn', 'check', path.join(dir, 'missing.pgn')), 'ERR_FILE');
  });
});

describe('output to a closed pipe', () => {
  it('stops quietly when the reader goes away (makruk moves | head -1)', async () => {
    const child = spawn(process.execPath, [cli, 'moves', '--san']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.destroy(); // the reader closes the pipe before the command writes
    const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});

describe('argument errors', () => {
  it('reports every argument-parser error as "makruk: ERR_ARGUMENT: message" with exit code 2', () => {
    const cases: Array<[string[], RegExp]> = [
      [['fen', '--bogus'], /unknown option '--bogus'/],
      [['moves', '--fen'], /argument missing/],
      [['perft', '3', '4'], /too many arguments/],
      [['bogus-command'], /unknown command 'bogus-command'/],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^makruk: ERR_ARGUMENT: /);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr).not.toMatch(/^error:/m);
    }
  });

  it('still prints help and the version with exit code 0', () => {
    expect(run('--version')).toMatchObject({ status: 0, stdout: '0.1.0\n' });
    expect(run('fen', '--help').status).toBe(0);
  });
});

describe('makruk --help', () => {
  it('documents every subcommand', () => {
    for (const command of ['perft', 'moves', 'fen']) {
      const result = run(command, '--help');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Usage: makruk ${command}`);
    }
  });
});
