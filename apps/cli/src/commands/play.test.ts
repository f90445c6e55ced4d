import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { defaultSaveName, fileText, loadGame, setPlayerTags, sidesFromTags } from '../play/save.js';
import { parseLevel, playLimits } from './play.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', '..', 'dist', 'main.js');

function run(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', input: '', timeout: 60_000 });
}

describe('makruk play options', () => {
  it('reads --level as 0-20 or a level name', () => {
    expect(parseLevel('club')).toBe(8);
    expect(parseLevel('0')).toBe(0);
    expect(parseLevel('20')).toBe(20);
    expect(() => parseLevel('21')).toThrow(/from 0 to 20/);
    expect(() => parseLevel('grandmaster')).toThrow(/whole number/);
  });

  it('gives the engine a fixed budget when asked (repeatable games), else time', () => {
    expect(playLimits({ nodes: 3000 })).toEqual({ nodes: 3000 });
    expect(playLimits({ depth: 4 })).toEqual({ depth: 4 });
    expect(playLimits({})).toEqual({ movetime: 1000 });
  });

  it('names the default file by date and time', () => {
    expect(defaultSaveName(new Date('2026-11-30T15:28:01.500Z'))).toBe('makruk-2026-11-30-152801.pgn');
  });

  it('finds the sides and level of a saved game in its tags', () => {
    const game = new Game();
    setPlayerTags(game, 'black', 12, new Date('2026-11-30T00:00:00Z'));
    expect(game.tags.get('Date')).toBe('2026.11.30');
    expect(sidesFromTags(game)).toEqual({ human: 'black', level: 12 });
    expect(sidesFromTags(new Game())).toEqual({});
  });

  it('refuses a broken --resume file with ERR_PLAY_RESUME and its line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const file = path.join(dir, 'broken.pgn');
    writeFileSync(file, '[Event "x"]\n\n1. e4 e5\n2. Ke5 *\n');
    expect(() => loadGame(file)).toThrow(/broken\.pgn:4: game 1: ERR_PGN_MOVE: /);
    const result = run(dir, 'play', '--resume', file);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^makruk: ERR_PLAY_RESUME: .*broken\.pgn:4: game 1: ERR_PGN_MOVE: /);
    expect(run(dir, 'play', '--resume', file, '--game', '2').stderr).toMatch(
      /^makruk: ERR_PLAY_RESUME: .*broken\.pgn holds one game, so it has no game 2/,
    );
    expect(run(dir, 'play', '--game', '2').stderr).toMatch(/^makruk: ERR_ARGUMENT: --game goes with --resume/);
  });

  it('will not overwrite a file with a new game, and --fen does not go with --resume', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    writeFileSync(path.join(dir, 'old.pgn'), '1. e4 *\n');
    const exists = run(dir, 'play', '--save', 'old.pgn');
    expect(exists.status).toBe(2);
    expect(exists.stderr).toBe(
      'makruk: ERR_PLAY_SAVE_EXISTS: old.pgn exists; continue it with --resume old.pgn, or choose another --save file\n',
    );
    const both = run(dir, 'play', '--fen', 'startpos', '--resume', 'old.pgn');
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(
      /^makruk: ERR_ARGUMENT: option '--fen <fen\.\.\.>' cannot be used with option '--resume <file>'/,
    );
  });

  it('plays from piped input: a move, the reply, saved on the way out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const result = spawnSync(process.execPath, [cli, 'play', '--save', 'g.pgn', '--depth', '2', '--ascii'], {
      cwd: dir,
      encoding: 'utf8',
      input: 'e4\nquit\n',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Engine plays 1\.\.\. \S+/);
    expect(result.stdout).not.toMatch(/\x1b\[\d*m/); // not a terminal: no colours
    expect(loadGame(path.join(dir, 'g.pgn')).game.ply).toBe(2);
  });

  it('refuses a --save file it cannot write before the game starts, instead of saying "Game saved"', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const result = spawnSync(process.execPath, [cli, 'play', '--save', 'nodir/x.pgn', '--nodes', '100'], {
      cwd: dir,
      encoding: 'utf8',
      input: 'e4\nquit\n',
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('makruk: ERR_PLAY_SAVE: cannot write the game to nodir/x.pgn: ENOENT\n');
    expect(result.stdout).not.toContain('Game saved');
  });

  it('resumes one game of a file of several and keeps the others byte for byte', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const first = '[Event "a"]\n\n1. e4 e5 {kept as written}  *\n\n';
    const second = '[Event "b"]\n\n1. d4 *\n\n';
    const third = '1. Nd2 *\n'; // no tags: a game of its own
    writeFileSync(path.join(dir, 'three.pgn'), first + second + third);
    const quit = run(dir, 'play', '--resume', 'three.pgn', '--nodes', '100');
    expect(quit.status).toBe(0);
    expect(quit.stdout).toContain('three.pgn holds 3 games: continuing game 1 (the others are kept as they are)');
    expect(readFileSync(path.join(dir, 'three.pgn'), 'utf8')).toBe(first + second + third); // nothing changed
    const played = spawnSync(
      process.execPath,
      [cli, 'play', '--resume', 'three.pgn', '--game', '2', '--color', 'black', '--nodes', '100'],
      { cwd: dir, encoding: 'utf8', input: 'Nd7\nquit\n', timeout: 60_000 },
    );
    expect(played.status).toBe(0);
    const text = readFileSync(path.join(dir, 'three.pgn'), 'utf8');
    expect(text.startsWith(first)).toBe(true);
    expect(text.endsWith(`\n${third}`)).toBe(true);
    const resumed = loadGame(path.join(dir, 'three.pgn'), 2);
    expect(resumed.games).toBe(3);
    expect(resumed.game.tags.get('Event')).toBe('b');
    expect(resumed.game.sans.slice(0, 2)).toEqual(['d4', 'Nd7']);
  });

  it('keeps the other games byte for byte with CRLF and lone-CR line ends too', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    for (const end of ['\r\n', '\r']) {
      const games = [
        '[Event "a"]',
        '',
        '1. e4 e5 *',
        '',
        '[Event "b"]',
        '',
        '1. d4 *',
        '',
        '[Event "c"]',
        '',
        '1. c4 *',
        '',
      ];
      const file = path.join(dir, 'games.pgn');
      writeFileSync(file, games.join(end));
      const loaded = loadGame(file, 2);
      expect(loaded.game.tags.get('Event')).toBe('b');
      expect(loaded.target.before).toBe(games.slice(0, 4).join(end) + end);
      expect(loaded.target.after).toBe(games.slice(8).join(end));
      loaded.game.play('Nd7');
      const text = fileText(loaded.target, loaded.game);
      expect(text.startsWith(loaded.target.before)).toBe(true);
      expect(text.endsWith(`\n${loaded.target.after}`)).toBe(true);
    }
  });

  it('--resume A --save B refuses a B that exists, and writes only the game to a new B', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    writeFileSync(path.join(dir, 'a.pgn'), '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. d4 *\n');
    writeFileSync(path.join(dir, 'b.pgn'), 'keep me\n');
    const refused = run(dir, 'play', '--resume', 'a.pgn', '--save', 'b.pgn', '--nodes', '100');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^makruk: ERR_PLAY_SAVE_EXISTS: b\.pgn exists/);
    expect(readFileSync(path.join(dir, 'b.pgn'), 'utf8')).toBe('keep me\n');
    expect(run(dir, 'play', '--resume', 'a.pgn', '--save', 'c.pgn', '--nodes', '100').status).toBe(0);
    expect(existsSync(path.join(dir, 'c.pgn'))).toBe(true);
    expect(loadGame(path.join(dir, 'c.pgn')).games).toBe(1);
  });
});
