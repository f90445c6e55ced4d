import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { Position, parseUci } from '@makruk/makruk';
import { playMoves } from '../options/position.js';
import { formatScoreForPeople } from '../uci/protocol.js';
import { analyseLimits, DEFAULT_MOVETIME_MS, formatInfoForPeople, registerAnalyse } from './analyse.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, 'analyse', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The options commander hands to `makruk analyse` for these arguments (it throws on a parse error). */
function parseOptions(...args: string[]): Parameters<typeof analyseLimits>[0] {
  const program = new Command('makruk').exitOverride().configureOutput({ outputError: () => undefined });
  registerAnalyse(program);
  let parsed: Parameters<typeof analyseLimits>[0] = {};
  program.commands[0]?.action((options: typeof parsed) => {
    parsed = options;
  });
  program.parse(['analyse', ...args], { from: 'user' });
  return parsed;
}

describe('analyse options', () => {
  it('takes one limit, defaulting to a fixed time', () => {
    expect(analyseLimits(parseOptions())).toEqual({ multiPv: 1, movetime: DEFAULT_MOVETIME_MS });
    expect(analyseLimits(parseOptions('--depth', '7', '--multipv', '3'))).toEqual({ multiPv: 3, depth: 7 });
    expect(analyseLimits(parseOptions('--nodes', '100000'))).toEqual({ multiPv: 1, nodes: 100_000 });
    expect(() => parseOptions('--depth', '3', '--movetime', '100')).toThrow(
      /--depth <n>' cannot be used with option '--movetime/,
    );
    expect(() => parseOptions('--nodes', '3', '--movetime', '100')).toThrow(/cannot be used with/);
    expect(() => parseOptions('--depth', 'x')).toThrow(/--depth <n>' argument 'x' is invalid/);
    expect(() => parseOptions('--multipv', '0')).toThrow(/--multipv <k>' argument '0' is invalid/);
    expect(parseOptions('--threads', '2')).toMatchObject({ threads: 2 });
    expect(parseOptions()).toMatchObject({ threads: 1 });
    expect(() => parseOptions('--threads', '9')).toThrow(/--threads <n>' argument '9' is invalid/);
  });

  it('plays moves written in UCI or SAN, and names the illegal one', () => {
    const { moves, position } = playMoves(Position.initial(), ['e3e4', 'e5', 'Nd2']);
    expect(moves).toEqual(['e3e4', 'e6e5', 'b1d2']);
    expect(position.turn).toBe('black');
    expect(() => playMoves(Position.initial(), ['e3e4', 'e4'])).toThrow(/move 2 "e4" is not legal/);
  });

  it('writes scores and info lines for people', () => {
    expect(formatScoreForPeople({ cp: 23 })).toBe('+0.23');
    expect(formatScoreForPeople({ cp: -150 })).toBe('-1.50');
    expect(formatScoreForPeople({ mate: -3 })).toBe('#-3');
    const info = {
      depth: 4,
      seldepth: 6,
      multiPv: 2,
      score: { cp: 12 },
      nodes: 54321,
      nps: 1_234_567,
      timeMs: 44,
      hashfull: 0,
      pv: ['e3e4'],
      pvSan: ['e4'],
    };
    expect(formatInfoForPeople(info, 2)).toMatch(/^#2 depth 4\/6 +\+0\.12 +nodes +54\.3k +nps +1234\.6k +0\.04s +e4$/);
  });
});

describe('makruk analyse', () => {
  it('searches with two threads: the mate in 3, as with one', () => {
    const json = run('--fen', '8/5k2/8/8/8/8/8/RR2K3 w - - 0 1', '--depth', '9', '--threads', '2', '--json');
    expect(json.status).toBe(0);
    const last = JSON.parse(json.stdout.trim().split('\n').at(-1) as string);
    expect(last).toMatchObject({ type: 'result', score: { mate: 3 } });
  });

  it('reports a checkmate without searching', () => {
    const result = run('--fen', 'k7/8/8/8/8/8/1R6/R3K3 b - - 0 1', '--depth', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no legal move: checkmate');
    const json = run('--fen', 'k7/1R6/2K5/8/8/8/8/8 b - - 0 1', '--json');
    const last = JSON.parse(json.stdout.trim().split('\n').at(-1) as string);
    expect(last).toMatchObject({ type: 'result', bestMove: null, outcome: { reason: 'stalemate' } });
  });

  it('says a finished game (count run out, dead position) is a draw instead of searching for a mate', () => {
    const expired = run('--fen', 'k7/8/1K6/8/8/8/8/7R w - 16 17 40', '--depth', '20');
    expect(expired.status).toBe(0);
    expect(expired.stdout.trim()).toBe('the game is over: a draw (counting limit); score +0.00');
    const json = run('--fen', 'k7/8/1K6/8/8/8/8/7R w - 16 17 40', '--json');
    const last = JSON.parse(json.stdout.trim().split('\n').at(-1) as string);
    expect(last).toMatchObject({
      type: 'result',
      bestMove: null,
      score: { cp: 0 },
      outcome: { reason: 'counting-limit' },
    });
    const dead = run('--fen', '4k3/8/8/8/8/8/8/3K4 w - - 0 1', '--depth', '5');
    expect(dead.stdout.trim()).toBe('the game is over: a draw (insufficient material); score +0.00');
  });

  it('rejects bad arguments and illegal moves with exit code 2 and a code', () => {
    const both = run('--depth', '3', '--nodes', '10');
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('ERR_ARGUMENT');
    const illegal = run('--moves', 'e3e4', 'e3e4');
    expect(illegal.status).toBe(2);
    expect(illegal.stderr).toContain('ERR_ILLEGAL_MOVE');
    expect(illegal.stderr).not.toMatch(/\n\s+at /);
  });

  it('streams info lines as JSON and ends with a legal best move', () => {
    const result = run('--moves', 'e3e4', 'e6e5', '--depth', '3', '--json');
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const infos = lines.filter((line) => line.type === 'info');
    expect(infos.length).toBeGreaterThan(0);
    expect(infos.at(-1)).toMatchObject({ depth: 3 });
    const final = lines.at(-1);
    expect(final.type).toBe('result');
    const position = Position.initial().play('e3e4').play('e6e5');
    expect(position.isLegal(parseUci(final.bestMove) ?? { from: 'a1', to: 'a1' })).toBe(true);
    expect(final.bestMoveSan).toEqual(expect.any(String));
  });

  it('prints live lines for people and the best move in SAN', () => {
    const result = run('--depth', '3', '--multipv', '2');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^#1 depth 1\//m);
    expect(result.stdout).toMatch(/^#2 depth 3\//m);
    expect(result.stdout).toMatch(/^best move: \S+ \([a-h][1-8][a-h][1-8]m?\)/m);
  });

  it('Ctrl-C stops a long analysis and still prints the best move', async () => {
    const child = spawn(process.execPath, [cli, 'analyse', '--movetime', '600000']);
    let stdout = '';
    const firstInfo = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/^depth /m.test(stdout)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await firstInfo;
    child.kill('SIGINT');
    // a 10-minute search that Ctrl-C did not stop would run into the test's timeout
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/^best move: \S+ \([a-h][1-8][a-h][1-8]m?\)/m);
  });
});
