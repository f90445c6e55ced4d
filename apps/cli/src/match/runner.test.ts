import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_FEN, parsePgn, parseSan, Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { parseDrawSpec, parseResignSpec } from './adjudication.js';
import type { EngineSpec } from './engine-spec.js';
import { MatchError } from './errors.js';
import type { GameSettings } from './game-runner.js';
import { parseOpenings } from './openings.js';
import { formatGameProgress, formatSummary, summaryToJson } from './report.js';
import { runMatch } from './runner.js';

const FAKE = fileURLToPath(new URL('./fixtures/fake-engine.mjs', import.meta.url));
const FAIRY = '/usr/games/fairy-stockfish';
const OPENINGS = parseOpenings(
  [
    'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6',
    '1nsm1knr/1r2s3/pppp1pp1/4p1Pp/5P2/PPPPP2P/3NK3/R1S1MSNR b - - 1 7',
  ].join('\n'),
);

function fake(name: string, ...flags: string[]): EngineSpec {
  return { name, command: process.execPath, args: [FAKE, ...flags], cwd: undefined, options: [] };
}

const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'match-'));

function settings(overrides: Partial<GameSettings> = {}): GameSettings {
  return {
    limit: { kind: 'movetime', ms: 20 },
    timeMarginMs: 3000,
    moveTimeoutMs: 10_000,
    maxPlies: 400,
    resign: undefined,
    draw: undefined,
    ...overrides,
  };
}

interface ParsedPgnGame {
  tags: Map<string, string>;
  sans: string[];
  result: string;
}

/** A small PGN reader for the test: tags, SAN tokens (comments, move numbers dropped), result. */
function readPgn(text: string): ParsedPgnGame[] {
  const games: ParsedPgnGame[] = [];
  for (const chunk of text.split(/\n(?=\[Event )/).filter((c) => c.trim() !== '')) {
    const tags = new Map<string, string>();
    for (const match of chunk.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm))
      tags.set(match[1] as string, match[2] as string);
    const movetext = chunk.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
    const tokens = movetext.split(/\s+/).filter((t) => t !== '' && !/^\d+\.(\.\.)?$/.test(t));
    const result = tokens.pop() ?? '';
    games.push({ tags, sans: tokens, result });
  }
  return games;
}

describe('runMatch with fake engines', () => {
  it('plays each opening twice with colours reversed and scores faults as losses, restarting crashed engines', async () => {
    const pgn = path.join(tmp(), 'games.pgn');
    const progress: string[] = [];
    const summary = await runMatch({
      engines: [fake('crashy', '--mode=crash', '--after=1'), fake('steady')],
      openings: OPENINGS,
      games: 4,
      settings: settings(),
      concurrency: 2,
      pgnFile: pgn,
      onGameEnd: (game, standing) => progress.push(formatGameProgress(game, standing)),
    });
    expect(summary.gamesPlayed).toBe(4);
    expect(summary.wdl).toEqual({ wins: 0, draws: 0, losses: 4 });
    expect(summary.terminations).toEqual({ crash: 4 });
    expect(summary.games.map((g) => [g.round, g.white, g.black, g.openingIndex])).toEqual([
      [1, 'crashy', 'steady', 0],
      [2, 'steady', 'crashy', 0],
      [3, 'crashy', 'steady', 1],
      [4, 'steady', 'crashy', 1],
    ]);
    expect(summary.pentanomial).toEqual([2, 0, 0, 0, 0]);
    expect(summary.stoppedBy).toBe('completed');
    expect(progress).toHaveLength(4);
    expect(progress[3]).toMatch(/Score of crashy vs steady: 0 - 4 - 0 {2}\[0\.000\] 4/);
    const games = readPgn(readFileSync(pgn, 'utf8'));
    expect(games).toHaveLength(4);
    for (const game of games) {
      expect(game.tags.get('Variant')).toBe('Makruk');
      expect(game.tags.get('SetUp')).toBe('1');
      expect(game.tags.get('Termination')).toBe('abandoned');
      expect(game.result).toBe(game.tags.get('Result'));
    }
    const text = formatSummary(summary, pgn);
    expect(text).toMatch(/Elo difference: -inf/);
    expect(text).toMatch(/Terminations: crash 4/);
    expect(summaryToJson(summary, pgn).elo).toBeNull();
  });

  it('restarts an engine killed for hanging before its next game', async () => {
    // "hangs" answers its first go of each process life, then hangs. A restart gives it a fresh life, so in game 2
    // it makes one move again before hanging; without the restart game 2 would end before its first move.
    const summary = await runMatch({
      engines: [fake('hangs', '--mode=hang', '--after=1'), fake('steady')],
      openings: OPENINGS,
      games: 2,
      settings: settings({ limit: { kind: 'nodes', nodes: 1 }, moveTimeoutMs: 1500 }),
      concurrency: 1,
    });
    expect(summary.terminations).toEqual({ stall: 2 });
    expect(summary.games.map((g) => g.moves.length)).toEqual([2, 3]);
    expect(summary.wdl).toEqual({ wins: 0, draws: 0, losses: 2 });
  });

  it('stops when the SPRT decides', async () => {
    // "b" turns illegal from its 4th move on (it is never restarted: an illegal move does not kill it).
    // Game 1 reaches the 4-ply cap (a draw), then "a" wins every game. With the loss count taken as ½:
    // D + 3 W gives LLR 1.474, D + 4 W gives 2.604 > ln(0.9/0.1) = 2.197 → H1 after 5 games.
    const summary = await runMatch({
      engines: [fake('a'), fake('b', '--mode=illegal', '--after=3')],
      openings: OPENINGS,
      games: 100,
      settings: settings({ maxPlies: 4 }),
      concurrency: 1,
      sprt: { elo0: 0, elo1: 200, alpha: 0.1, beta: 0.1 },
    });
    expect(summary.stoppedBy).toBe('sprt');
    expect(summary.wdl).toEqual({ wins: 4, draws: 1, losses: 0 });
    expect(summary.sprt?.decision).toBe('H1');
    expect(summary.sprt?.llr).toBeCloseTo(2.604, 2);
    expect(formatSummary(summary)).toMatch(/H1 was accepted/);
  });

  it('fails fast with ERR_ENGINE_START when an engine cannot start', async () => {
    let caught: unknown;
    try {
      await runMatch({
        engines: [fake('ok'), { name: 'nothing', command: '/no/such/engine', args: [], cwd: undefined, options: [] }],
        openings: OPENINGS,
        games: 2,
        settings: settings(),
        concurrency: 1,
      });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MatchError);
    expect((caught as MatchError).code).toBe('ERR_ENGINE_START');
  });

  it('refuses an unwritable PGN path with ERR_PGN_WRITE before starting engines', async () => {
    let caught: unknown;
    try {
      await runMatch({
        engines: [fake('a'), fake('b')],
        openings: OPENINGS,
        games: 2,
        settings: settings(),
        concurrency: 1,
        pgnFile: '/no/such/dir/games.pgn',
      });
    } catch (e) {
      caught = e;
    }
    expect((caught as MatchError).code).toBe('ERR_PGN_WRITE');
  });

  it('stops on abort and reports what finished', async () => {
    const controller = new AbortController();
    const summary = await runMatch({
      engines: [fake('a', '--mode=slow', '--delay=100', '--after=0'), fake('b')],
      openings: OPENINGS,
      games: 50,
      settings: settings({ limit: { kind: 'nodes', nodes: 1 }, maxPlies: 6 }),
      concurrency: 1,
      onGameEnd: (_game, standing) => {
        if (standing.gamesPlayed === 2) controller.abort();
      },
      signal: controller.signal,
    });
    expect(summary.stoppedBy).toBe('aborted');
    expect(summary.gamesPlayed).toBe(2);
    expect(summary.terminations).toEqual({ 'max-plies': 2 });
  });
});

describe('runMatch with Fairy-Stockfish (scripts/setup.sh installs /usr/games/fairy-stockfish)', () => {
  it('finds the Fairy-Stockfish binary', () => {
    expect(existsSync(FAIRY), `${FAIRY} is missing: run scripts/setup.sh`).toBe(true);
  });

  it('plays 2 openings × 2 colours to legal results and writes PGN whose every move replays legally', async () => {
    const pgn = path.join(tmp(), 'fs.pgn');
    const fs = (name: string): EngineSpec => ({
      name,
      command: FAIRY,
      args: [],
      cwd: undefined,
      options: [{ name: 'Hash', value: '8' }],
    });
    const summary = await runMatch({
      engines: [fs('FS-a'), fs('FS-b')],
      openings: OPENINGS,
      games: 4,
      settings: settings({
        limit: { kind: 'nodes', nodes: 1000 },
        maxPlies: 200,
        resign: parseResignSpec('movecount=3 score=500'),
        draw: parseDrawSpec('movenumber=30 movecount=6 score=10'),
      }),
      concurrency: 2,
      pgnFile: pgn,
    });
    expect(summary.gamesPlayed).toBe(4);
    const natural = [
      'checkmate',
      'stalemate',
      'insufficient-material',
      'counting-limit',
      'repetition',
      'max-plies',
      'resign-adjudication',
      'draw-adjudication',
    ];
    for (const game of summary.games) {
      expect(natural, `${game.round}: ${game.reason}`).toContain(game.termination);
      expect(['1-0', '0-1', '1/2-1/2']).toContain(game.result);
    }
    const wdl = summary.wdl;
    expect(wdl.wins + wdl.draws + wdl.losses).toBe(4);

    const pgnText = readFileSync(pgn, 'utf8');
    // The facade's own PGN reader takes every game back with the same moves.
    const facadeGames = parsePgn(pgnText);
    if (!facadeGames.ok) throw facadeGames.error;
    expect(facadeGames.value).toHaveLength(4);
    for (const game of facadeGames.value) {
      const record = summary.games.find((g) => g.round === Number(game.tags.get('Round')));
      expect(game.sans).toEqual(record?.moves.map((m) => m.san));
      // Board and side to move (game mode keeps board's honour optional, so the count fields may differ).
      expect(game.position.fen().split(' ').slice(0, 2)).toEqual(record?.finalFen.split(' ').slice(0, 2));
    }
    const games = readPgn(pgnText);
    expect(games).toHaveLength(4);
    for (const [index, game] of games.entries()) {
      const record = summary.games.find((g) => g.round === Number(game.tags.get('Round')));
      expect(record, `round ${game.tags.get('Round')}`).toBeDefined();
      expect(game.tags.get('Variant')).toBe('Makruk');
      expect(game.result).toBe(record?.result);
      const fen = game.tags.get('FEN') ?? INITIAL_FEN;
      const start = Position.fromFen(fen);
      if (!start.ok) throw start.error;
      let pos = start.value;
      for (const san of game.sans) {
        const move = parseSan(pos, san);
        expect(move.ok, `game ${index + 1}: ${san} in ${pos.fen()}`).toBe(true);
        if (!move.ok) break;
        pos = pos.play(move.value);
      }
      expect(game.sans).toHaveLength(record?.moves.length ?? -1);
      expect(pos.fen()).toBe(record?.finalFen);
      if (record?.termination === 'checkmate') expect(pos.isCheckmate()).toBe(true);
      if (record?.termination === 'counting-limit') expect(pos.outcome()?.reason).toBe('counting-limit');
    }
  }, 60_000);
});
