import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchErrorCode } from '../testing/match-error-code.js';
import { buildMatchConfig, registerMatch, runMatchCommand, type MatchCliOptions } from './match.js';

const FAKE = fileURLToPath(new URL('../match/fixtures/fake-engine.mjs', import.meta.url));
const fakeCmd = (...flags: string[]): string => `cmd=${process.execPath} ${FAKE} ${flags.join(' ')}`.trim();

const codeOf = (options: MatchCliOptions): string | undefined => matchErrorCode(() => buildMatchConfig(options));

/** The options commander hands to `makruk match` for these arguments, or the parser's error code. */
function parse(...args: string[]): MatchCliOptions | string {
  const program = new Command('makruk').exitOverride().configureOutput({ outputError: () => undefined });
  registerMatch(program);
  let parsed: MatchCliOptions = {};
  program.commands[0]?.action((options: MatchCliOptions) => {
    parsed = options;
  });
  try {
    program.parse(['match', ...args], { from: 'user' });
  } catch (error) {
    return error instanceof CommanderError ? error.code : 'not a CommanderError';
  }
  return parsed;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('makruk match options', () => {
  const two = ['cmd=/usr/games/fairy-stockfish', 'name=A', 'cmd=/usr/games/fairy-stockfish', 'name=B'];

  it('has full --help', () => {
    const program = new Command('makruk');
    registerMatch(program);
    const match = program.commands.find((c) => c.name() === 'match');
    expect(match).toBeDefined();
    let help = '';
    match?.configureOutput({ writeOut: (text) => (help += text) });
    match?.outputHelp();
    for (const word of [
      '--engine',
      '--openings',
      '--tc',
      '--movetime',
      '--nodes',
      '--concurrency',
      '--resign',
      '--draw',
      '--sprt',
      '--pgn',
      '--json',
      'ours',
      'option.NAME',
      'Exit codes',
    ]) {
      expect(help).toContain(word);
    }
  });

  it('builds a config with sensible defaults', () => {
    const config = buildMatchConfig({ engine: two });
    expect(config.engines.map((e) => e.name)).toEqual(['A', 'B']);
    expect(config.games).toBe(2);
    expect(config.openings).toHaveLength(1);
    expect(config.settings.limit).toEqual({
      kind: 'clock',
      tc: { movesPerSession: undefined, baseMs: 10000, incrementMs: 100 },
    });
    expect(config.settings.timeMarginMs).toBe(100);
    expect(config.settings.maxPlies).toBe(600);
    expect(config.concurrency).toBe(1);
    const more = buildMatchConfig({
      engine: two,
      nodes: 2000,
      rounds: 5,
      resign: ['movecount=3', 'score=600'],
      draw: ['movenumber=40 movecount=8 score=10'],
      sprt: ['elo0=0', 'elo1=5'],
      concurrency: 2,
    });
    expect(more.games).toBe(10);
    expect(more.settings.limit).toEqual({ kind: 'nodes', nodes: 2000 });
    expect(more.settings.resign).toEqual({ moveCount: 3, scoreCp: 600, twoSided: true });
    expect(more.settings.draw).toEqual({ moveNumber: 40, moveCount: 8, scoreCp: 10 });
    expect(more.sprt).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
  });

  it('rejects bad options with stable codes', () => {
    expect(codeOf({ engine: ['cmd=/usr/games/fairy-stockfish'] })).toBe('ERR_ENGINE_COUNT');
    expect(codeOf({ engine: [...two, 'ours'] })).toBe('ERR_ENGINE_COUNT');
    expect(codeOf({ engine: ['name=A'] })).toBe('ERR_ENGINE_SPEC');
    expect(codeOf({ engine: two, tc: '10+x' })).toBe('ERR_TC_SYNTAX');
    expect(codeOf({ engine: two, resign: ['score=abc'] })).toBe('ERR_ADJUDICATION_SPEC');
    expect(codeOf({ engine: two, sprt: ['elo0=5', 'elo1=0'] })).toBe('ERR_SPRT_SPEC');
    expect(codeOf({ engine: two, openings: '/no/such/file.epd' })).toBe('ERR_OPENINGS_FILE');
    expect(codeOf({ engine: two, seed: 5 })).toBe('ERR_MATCH_OPTIONS');
  });

  it('parses whole numbers and refuses conflicting limits in the argument parser', () => {
    expect(parse('--nodes', '2000', '--rounds', '5', '--seed', '0')).toMatchObject({
      nodes: 2000,
      rounds: 5,
      seed: 0,
      timemargin: 100,
      maxplies: 600,
    });
    expect(parse('--tc', '10+0.1', '--nodes', '5')).toBe('commander.conflictingOption');
    expect(parse('--movetime', '5', '--depth', '5')).toBe('commander.conflictingOption');
    expect(parse('--games', '4', '--rounds', '2')).toBe('commander.conflictingOption');
    expect(parse('--games', '0')).toBe('commander.invalidArgument');
    expect(parse('--movetime', 'fast')).toBe('commander.invalidArgument');
    expect(parse('--shuffle', '--seed', '-5')).toBe('commander.invalidArgument');
    expect(parse('--timemargin', '0')).toMatchObject({ timemargin: 0 });
  });
});

describe('makruk match end to end (fake engines)', () => {
  it('parses repeated --engine and multi-word specs through commander and prints JSON', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'match-cli-'));
    const openings = path.join(dir, 'openings.epd');
    writeFileSync(openings, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\n');
    const pgn = path.join(dir, 'out.pgn');
    let stdout = '';
    let stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    const program = new Command('makruk').exitOverride();
    registerMatch(program);
    await program.parseAsync(
      [
        'match',
        '--engine',
        fakeCmd('--mode=illegal', '--after=0'),
        'name=Bad',
        'option.Hash=4',
        '--engine',
        fakeCmd(),
        'name=Good',
        '--openings',
        openings,
        '--movetime',
        '20',
        '--timemargin',
        '3000',
        '--resign',
        'movecount=3',
        'score=600',
        '--pgn',
        pgn,
        '--json',
      ],
      { from: 'user' },
    );
    vi.restoreAllMocks();
    const summary = JSON.parse(stdout) as {
      engines: string[];
      wins: number;
      losses: number;
      terminations: Record<string, number>;
      games: Array<{ white: string }>;
    };
    expect(summary.engines).toEqual(['Bad', 'Good']);
    expect(summary.losses).toBe(2);
    expect(summary.terminations).toEqual({ 'illegal-move': 2 });
    expect(summary.games.map((g) => g.white)).toEqual(['Bad', 'Good']);
    expect(stderr).toMatch(/Finished game 2\/2/);
    expect(readFileSync(pgn, 'utf8')).toMatch(/\[Termination "rules infraction"\]/);
  });

  it('prints a text report', async () => {
    let out = '';
    const summary = await runMatchCommand(
      { engine: [fakeCmd(), 'name=X', fakeCmd(), 'name=Y'], movetime: 20, timemargin: 3000, maxplies: 6 },
      { out: (t) => (out += t), err: () => undefined },
    );
    expect(summary.gamesPlayed).toBe(2);
    expect(out).toMatch(/^Match X vs Y: 2 games, 1 opening\(s\), movetime 20 ms, concurrency 1/);
    expect(out).toMatch(/Score of X vs Y: 0 - 0 - 2 {2}\[0\.500\] 2/);
    expect(out).toMatch(/X: 0 wins, 2 draws, 0 losses/);
    expect(out).toMatch(/Elo difference: 0\.0 \+\/- 0\.0/);
    expect(out).toMatch(/Terminations: max-plies 2/);
  });
});
