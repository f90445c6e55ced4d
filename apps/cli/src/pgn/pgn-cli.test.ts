// `makruk pgn convert | annotate | stats` end to end: the built command (dist/main.js, `pnpm build` first) on files
// of random games, with the real engine at fixed node budgets.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game, makePgn, mulberry32, parsePgn } from '@makruk/makruk';
import { spawn as spawnPty } from 'node-pty';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', '..', 'dist', 'main.js');

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'makruk-pgn-cli-'));
}

/** `count` games of random legal moves (8 to 8 + spread - 1 plies, fewer if one ends), from a seed. */
function randomGames(count: number, seed: number, spread = 30): string {
  const random = mulberry32(seed);
  const texts: string[] = [];
  for (let g = 0; g < count; g++) {
    const game = new Game();
    game.tags.set('Event', 'random');
    game.tags.set('Round', String(g + 1));
    const plies = 8 + Math.floor(random() * spread);
    for (let i = 0; i < plies && !game.isOver(); i++) {
      const moves = game.position.legalMoves();
      game.play(moves[Math.floor(random() * moves.length)]!);
    }
    texts.push(makePgn(game));
  }
  return texts.join('\n');
}

function gamesOf(text: string): Game[] {
  const parsed = parsePgn(text);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/** Each game's text in a file written by makruk (games are separated by a blank line before a tag section). */
function gameTexts(text: string): string[] {
  return text.split(/\n\n(?=\[Event )/).map((part) => part.trim());
}

describe('makruk pgn convert', () => {
  it('writes UCI and Thai PGN that read back to the same games, and SAN again from them', () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, randomGames(12, 7));
    const san = run('pgn', 'convert', source, '--to', 'san');
    expect(san.status).toBe(0);
    expect(san.stdout).toBe(`${readFileSync(source, 'utf8')}`);
    for (const notation of ['uci', 'thai']) {
      const out = path.join(dir, `games-${notation}.pgn`);
      const converted = run('pgn', 'convert', source, '--to', notation, '--out', out);
      expect(converted).toMatchObject({ status: 0, stdout: '' });
      expect(converted.stderr).toContain(`12 games converted to ${notation}`);
      const text = readFileSync(out, 'utf8');
      expect(text).toMatch(notation === 'uci' ? /^1\. [a-h][1-8][a-h][1-8] /m : /^1\. [\u0E00-\u0E7F]/m);
      expect(run('pgn', 'check', out)).toMatchObject({ status: 0, stdout: `${out}: 12 games, 0 problems\n` });
      expect(run('pgn', 'convert', out, '--to', 'san').stdout).toBe(san.stdout);
    }
    expect(readdirSync(dir).sort()).toEqual(['games-thai.pgn', 'games-uci.pgn', 'games.pgn']);
  });

  it('stops at a broken game with its number and line, and leaves no output file', () => {
    const dir = tempDir();
    const source = path.join(dir, 'broken.pgn');
    writeFileSync(source, `${randomGames(2, 3)}\n[Event "broken"]\n\n1. e4 f5\n2. Ke5 *\n`);
    const line = readFileSync(source, 'utf8').split('\n').indexOf('2. Ke5 *') + 1;
    const out = path.join(dir, 'out.pgn');
    const failed = run('pgn', 'convert', source, '--to', 'uci', '--out', out);
    expect(failed.status).toBe(2);
    expect(failed.stderr).toMatch(
      new RegExp(
        `^makruk: ERR_PGN_MOVE: ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}: game 3: Move 2\\. 'Ke5'`,
      ),
    );
    expect(readdirSync(dir)).toEqual(['broken.pgn']);
    expect(run('pgn', 'convert', path.join(dir, 'missing.pgn'), '--to', 'san').stderr).toContain('ERR_FILE');
    expect(run('pgn', 'convert', source, '--to', 'san', '--out', path.join(dir, 'no', 'x.pgn')).stderr).toMatch(
      /ERR_FILE: cannot write/,
    );
    expect(run('pgn', 'convert', source, '--to', 'lan').status).toBe(2);
  });
});

describe('every makruk pgn command', () => {
  it('reads a game without tags as a game of its own, as the library does (none is merged into the one before)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'tagless.pgn');
    const text = `1. e4 e5 *\n\n1. d4 d5 *\n\n${randomGames(1, 4)}\n1. Nd2 {no tags} *\n\n${randomGames(1, 5)}`;
    writeFileSync(file, text);
    const library = gamesOf(text);
    expect(library).toHaveLength(5);
    const converted = run('pgn', 'convert', file, '--to', 'uci');
    expect(converted.status).toBe(0);
    expect(gamesOf(converted.stdout).map((game) => game.ucis)).toEqual(library.map((game) => game.ucis));
    expect(run('pgn', 'check', file).stdout).toContain(`${file}: 5 games,`);
    expect(JSON.parse(run('pgn', 'stats', file, '--json').stdout)).toMatchObject({ games: 5, unreadable: 0 });
    const annotated = run('pgn', 'annotate', file, '--nodes', '200', '--jobs', '1');
    expect(annotated.stderr).toContain('annotated 5 games');
    expect(gamesOf(readFileSync(path.join(dir, 'tagless.annotated.pgn'), 'utf8')).map((game) => game.ucis)).toEqual(
      library.map((game) => game.ucis),
    );
    // two games on one line, each with its result
    writeFileSync(file, '1. e4 * 1. d4 d5 *\n');
    expect(run('pgn', 'check', file).stdout).toContain(`${file}: 2 games,`);
  }, 120_000);

  it('exits 2 on a broken game, whichever command reads it (the one exit-code policy)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'broken.pgn');
    writeFileSync(file, `${randomGames(1, 8)}\n[Event "broken"]\n\n1. e4 e4 *\n`);
    for (const args of [
      ['check', file],
      ['check', file, '--json'],
      ['stats', file],
      ['convert', file, '--to', 'san'],
      ['annotate', file, '--nodes', '100'],
    ]) {
      const result = run('pgn', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout + result.stderr, args.join(' ')).toContain('ERR_PGN_MOVE');
    }
  });

  it('reads blank and % lines before the first game in one pass (100,000 of them: no quadratic splitter)', () => {
    const dir = tempDir();
    for (const filler of ['\n', '% an escape line\n']) {
      const file = path.join(dir, 'filler.pgn');
      writeFileSync(file, `${filler.repeat(100_000)}[Event "x"]\n\n1. e4 *\n`);
      const result = run('pgn', 'check', file);
      expect(result.stdout).toContain(`${file}:100001: game 1: ERR_PGN_TAG: The Site tag is missing`);
      expect(result.stdout).toContain(`${file}: 1 games, 6 problems`);
    }
  }, 60_000);

  it('refuses an endless line (a binary file, /dev/zero) with ERR_PGN_LINE instead of crashing', () => {
    const dir = tempDir();
    const file = path.join(dir, 'long.pgn');
    writeFileSync(file, `[Event "x"]\n\n1. e4 {${'x'.repeat(2_000_000)}} *\n`);
    for (const source of [file, '/dev/zero']) {
      const result = run('pgn', 'check', source);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(`^makruk: ERR_PGN_LINE: ${source}:(3|1): a line longer than 1048576 characters: not a PGN file\n$`),
      );
    }
  }, 60_000);

  it('streams check --json: 100,000 games with 7 problems each in a 48 MB heap, as valid JSON', () => {
    const dir = tempDir();
    const file = path.join(dir, 'many.pgn');
    writeFileSync(file, '[Event "x"]\n\n1. e4 e5 *\n\n'.repeat(100_000));
    const result = spawnSync(process.execPath, ['--max-old-space-size=48', cli, 'pgn', 'check', '--json', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      timeout: 300_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(2);
    const report = JSON.parse(result.stdout);
    expect(report.files[0].games).toBe(100_000);
    expect(report.files[0].problems).toHaveLength(600_000); // six roster tags missing a game (Event is there)
    expect(report.files[0].problems.at(-1)).toMatchObject({ game: 100_000, line: 399_997, code: 'ERR_PGN_TAG' });
  }, 300_000);
});

describe('makruk pgn stats', () => {
  it('prints JSON totals, reports an unreadable game on stderr and exits 2', () => {
    const dir = tempDir();
    const file = path.join(dir, 'games.pgn');
    writeFileSync(file, `${randomGames(30, 11)}\n[Event "broken"]\n\n1. e4 e4 *\n`);
    const result = run('pgn', 'stats', file, '--json');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/games\.pgn:\d+: game 31: ERR_PGN_MOVE: /);
    const stats = JSON.parse(result.stdout);
    expect(stats).toMatchObject({ file, games: 30, unreadable: 1 });
    expect(Object.values(stats.results as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(30);
    expect(stats.firstMoves.reduce((sum: number, row: { games: number }) => sum + row.games, 0)).toBe(30);
    const table = run('pgn', 'stats', file);
    expect(table.stdout).toMatch(/^.*games\.pgn: 30 games, 1 unreadable/);
    expect(table.stdout).toContain('first moves');
  });
});

interface State {
  games: number;
  bytes: number;
}

function readState(file: string): State | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as State;
  } catch {
    return undefined; // not there yet, or being replaced
  }
}

/** Starts annotate, kills it with `signal` once at least `games` games are finished; resolves with how it ended. */
function annotateUntil(
  args: string[],
  stateFile: string,
  games: number,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; gamesAtKill: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let gamesAtKill = -1;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const poll = setInterval(() => {
      const state = readState(stateFile);
      if (state && state.games >= games && gamesAtKill < 0) {
        gamesAtKill = state.games;
        child.kill(signal);
      }
    }, 10);
    child.on('error', reject);
    child.on('exit', (code, exitSignal) => {
      clearInterval(poll);
      resolve({ code, signal: exitSignal, stderr, gamesAtKill });
    });
  });
}

describe('makruk pgn annotate', () => {
  const GAMES = 20;
  const NODES = '20000';

  it('annotates 20 games with 2 jobs; killed twice and resumed, it writes the same file as an uninterrupted run', async () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, randomGames(GAMES, 2026));
    const plies = gamesOf(readFileSync(source, 'utf8')).map((game) => game.ply);

    const reference = path.join(dir, 'reference.pgn');
    const whole = run('pgn', 'annotate', source, '--nodes', NODES, '--jobs', '2', '--out', reference);
    expect(whole.stderr).toMatch(
      new RegExp(`annotated ${GAMES} games, ${plies.reduce((a, b) => a + b, 0)} moves in .* moves/s\\) → `),
    );
    expect(whole.status).toBe(0);
    // not a terminal: one plain progress line per game, in input order
    expect([...whole.stderr.matchAll(/^game (\d+): (\d+) moves · games \d+\/20/gm)].map((m) => Number(m[1]))).toEqual(
      plies.map((_, index) => index + 1),
    );
    expect(run('pgn', 'check', reference)).toMatchObject({
      status: 0,
      stdout: `${reference}: ${GAMES} games, 0 problems\n`,
    });
    const text = readFileSync(reference, 'utf8');
    const annotated = gamesOf(text);
    expect(annotated.map((game) => game.ply)).toEqual(plies);
    for (const game of annotated) {
      for (let i = 1; i <= game.ply; i++)
        expect(game.commentsAt(i).join(' ')).toMatch(/\[%eval (-?\d+\.\d\d|#-?\d+)\]/);
      expect(game.tags.get('Annotator')).toBe(`makruk pgn annotate (nodes ${NODES})`);
      expect(game.tags.get('WhiteACPL')).toMatch(/^\d+$/);
      expect(game.tags.get('BlackBlunders')).toMatch(/^\d+$/);
    }
    expect(text).toMatch(/\$(2|4|6) /); // random moves earn marks

    const out = path.join(dir, 'interrupted.pgn');
    const stateFile = `${out}.state.json`;
    const args = ['pgn', 'annotate', source, '--nodes', NODES, '--jobs', '2', '--out', out];
    const first = await annotateUntil(args, stateFile, 3, 'SIGTERM');
    expect(first.code).toBe(143);
    expect(first.stderr).toContain('--resume');
    expect(first.gamesAtKill).toBeGreaterThanOrEqual(3);
    expect(existsSync(out)).toBe(false);
    const afterFirst = readState(stateFile) as State;
    expect(afterFirst.games).toBeLessThan(GAMES);

    // the interrupted run is not thrown away by mistake, nor continued with other settings
    const refused = run(...args);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/ERR_RESUME: .*add --resume/);
    const otherBudget = run(...args.map((arg) => (arg === NODES ? '30000' : arg)), '--resume');
    expect(otherBudget.status).toBe(2);
    expect(otherBudget.stderr).toMatch(/ERR_RESUME: .*other settings/);

    const second = await annotateUntil([...args, '--resume'], stateFile, afterFirst.games + 3, 'SIGKILL');
    expect(second.signal).toBe('SIGKILL');
    const afterSecond = readState(stateFile) as State;
    expect(afterSecond.games).toBeGreaterThanOrEqual(afterFirst.games + 3);
    expect(afterSecond.games).toBeLessThan(GAMES);

    const last = run(...args, '--resume');
    expect(last.status).toBe(0);
    // only the games not finished before were analysed
    expect(last.stderr).toContain(
      `annotated ${GAMES - afterSecond.games} games (${afterSecond.games} finished before, kept)`,
    );
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['games.pgn', 'interrupted.pgn', 'reference.pgn']);
  }, 600_000);

  it('gives the same games with 1 job as with 2, and shards that together make the whole file', () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, randomGames(7, 99, 12));
    const whole = run('pgn', 'annotate', source, '--nodes', '2000', '--jobs', '1');
    expect(whole.status).toBe(0);
    const wholeText = readFileSync(path.join(dir, 'games.annotated.pgn'), 'utf8');
    const shards = [1, 2, 3].map((index) => {
      const result = run('pgn', 'annotate', source, '--nodes', '2000', '--jobs', '2', '--shard', `${index}/3`);
      expect(result.status).toBe(0);
      return gameTexts(readFileSync(path.join(dir, `games.annotated.${index}-of-3.pgn`), 'utf8'));
    });
    expect(shards.map((games) => games.length)).toEqual([3, 2, 2]);
    const interleaved = [0, 1, 2, 3, 4, 5, 6].map((index) => shards[index % 3]![Math.floor(index / 3)]);
    expect(interleaved).toEqual(gameTexts(wholeText));
    expect(run('pgn', 'annotate', source, '--shard', '4/3').stderr).toContain('ERR_ARGUMENT');
    expect(run('pgn', 'annotate', source, '--nodes', '10', '--depth', '3').stderr).toContain('ERR_ARGUMENT');
  }, 300_000);

  it('lets one run at a time write an output: a second --resume on the same --out is refused, the file stays whole', async () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    // far more work than the second run's 12 s wait, even on a machine several times faster than this one: the
    // first run must still hold the lock when the second gives up (it is stopped right after)
    writeFileSync(source, randomGames(48, 31, 10));
    const out = path.join(dir, 'same.pgn');
    const args = ['pgn', 'annotate', source, '--nodes', '200000', '--jobs', '1', '--out', out, '--resume'];
    const first = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    const firstExit = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)));
    while (!existsSync(`${out}.state.json`)) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = run(...args);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`${out}.lock is held: waiting up to 12 s`);
    expect(second.stderr).toMatch(/makruk: ERR_OUTPUT_LOCKED: another makruk pgn annotate is writing .*same\.pgn/);
    // the first run is untouched: stopped now, its partial file holds exactly the games its state counts
    first.kill('SIGTERM');
    expect(await firstExit).toBe(143);
    const state = readState(`${out}.state.json`) as State;
    expect(gamesOf(readFileSync(`${out}.partial`, 'utf8'))).toHaveLength(state.games);
    expect(readFileSync(`${out}.partial`).length).toBe(state.bytes);
    expect(existsSync(`${out}.lock`)).toBe(false); // released on the way out
  }, 300_000);

  it('finishes a run killed between its last game and removing its state, on --resume', () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, randomGames(3, 41, 6));
    const out = path.join(dir, 'out.pgn');
    const args = ['pgn', 'annotate', source, '--nodes', '500', '--jobs', '1', '--out', out];
    expect(run(...args).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    // what the run's last steps leave: the state marked complete, then the rename, then the state removed
    const complete = (settingsFrom: string): string => {
      const settings = {
        version: 1,
        input: source,
        inputBytes: readFileSync(source).length,
        limits: { nodes: 500 },
        hashMb: Number(settingsFrom),
        shard: null,
      };
      return JSON.stringify({ settings, games: 3, bytes: Buffer.byteLength(text), complete: true });
    };
    const hash = '16';
    // killed after the rename: OUT is whole, the state is left
    writeFileSync(`${out}.state.json`, complete(hash));
    const afterRename = run(...args, '--hash', hash, '--resume');
    expect(afterRename.stderr).not.toContain('ERR_RESUME');
    expect(afterRename.status).toBe(0);
    expect(afterRename.stderr).toContain('annotated 0 games (3 finished before, kept)');
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['games.pgn', 'out.pgn']);
    // killed before the rename: the partial file is whole
    writeFileSync(`${out}.state.json`, complete(hash));
    writeFileSync(`${out}.partial`, text);
    writeFileSync(out, 'an older file');
    expect(run(...args, '--hash', hash, '--resume').status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['games.pgn', 'out.pgn']);
  }, 60_000);

  it('stops before any search at a broken game, naming it', () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, `${randomGames(2, 5)}\n[Event "broken"]\n\n1. e4 {[%count start]} f5 *\n`);
    const result = run('pgn', 'annotate', source, '--nodes', '1000');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/ERR_PGN_COUNT: .*games\.pgn:\d+: game 3: /);
    expect(readdirSync(dir)).toEqual(['games.pgn']);
    writeFileSync(source, randomGames(2, 5));
    const unwritable = run(
      'pgn',
      'annotate',
      source,
      '--nodes',
      '1000',
      '--out',
      path.join(dir, 'no', 'such', 'dir.pgn'),
    );
    expect(unwritable).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^makruk: ERR_FILE: cannot write .*dir\.pgn: ENOENT/),
    });
    expect(run('pgn', 'annotate', path.join(dir, 'missing.pgn')).stderr).toMatch(
      /ERR_FILE: cannot read .*missing\.pgn/,
    );
  });
});

describe('makruk pgn annotate on a terminal', () => {
  it('draws a cli-progress bar with games, moves and ETA instead of plain lines', async () => {
    const dir = tempDir();
    const source = path.join(dir, 'games.pgn');
    writeFileSync(source, randomGames(4, 21, 10));
    const pty = spawnPty(process.execPath, [cli, 'pgn', 'annotate', source, '--nodes', '2000', '--jobs', '1'], {
      cols: 160,
      rows: 10,
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let screen = '';
    pty.onData((data) => (screen += data));
    const code = await new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
    expect(code).toBe(0);
    expect(screen).toMatch(/annotate \|[█░]+\| 100% · games 4\/4 · moves (\d+)\/\1 · [\d.]+ moves\/s · ETA \d+s/);
    expect(screen).not.toMatch(/^game \d+:/m);
    expect(screen).toContain('annotated 4 games');
    expect(existsSync(path.join(dir, 'games.annotated.pgn'))).toBe(true);
  }, 120_000);
});
