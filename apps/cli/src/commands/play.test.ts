import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { defaultSaveName, loadGame, setPlayerTags, sidesFromTags } from '../play/save.js';
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
    expect(() => loadGame(file)).toThrow(/broken\.pgn:4: ERR_PGN_MOVE: /);
    const result = run(dir, 'play', '--resume', file);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^makruk: ERR_PLAY_RESUME: .*broken\.pgn:4: ERR_PGN_MOVE: /);
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
    expect(loadGame(path.join(dir, 'g.pgn')).ply).toBe(2);
  });
});
