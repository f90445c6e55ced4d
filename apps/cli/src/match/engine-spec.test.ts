import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distinctNames, ourCliEntry, parseEngineSpecs, splitCommandLine } from './engine-spec.js';
import { matchErrorCode } from '../testing/match-error-code.js';

const codeOf = matchErrorCode;

describe('engine specs', () => {
  it('groups key=value pairs into engines, each starting at cmd= or ours (the built CLI)', () => {
    expect(existsSync(ourCliEntry()), 'the CLI is built before its tests (pnpm build)').toBe(true);
    const specs = parseEngineSpecs([
      'cmd=/usr/games/fairy-stockfish',
      'name=FS',
      'option.UCI_Elo=2000',
      'option.UCI_LimitStrength=true',
      'ours',
      'name=dev',
      'option.Hash=32',
    ]);
    expect(specs).toHaveLength(2);
    expect(specs[0]).toEqual({
      name: 'FS',
      command: '/usr/games/fairy-stockfish',
      args: [],
      cwd: undefined,
      options: [
        { name: 'UCI_Elo', value: '2000' },
        { name: 'UCI_LimitStrength', value: 'true' },
      ],
    });
    expect(specs[1]?.name).toBe('dev');
    expect(specs[1]?.command).toBe(process.execPath);
    expect(specs[1]?.args).toEqual([ourCliEntry(), 'uci']);
    expect(ourCliEntry()).toMatch(/apps[/\\]cli[/\\]dist[/\\]main\.js$/);
  });

  it('refuses "ours" with ERR_ENGINE_SPEC while the CLI is not built', () => {
    expect(codeOf(() => parseEngineSpecs(['ours'], '/no/such/build/main.js'))).toBe('ERR_ENGINE_SPEC');
  });

  it('splits cmd into program and arguments and takes arg= and dir=', () => {
    const [spec] = parseEngineSpecs([
      'cmd=node "/my engines/e.js" --fast',
      'arg=uci',
      'dir=/tmp',
      'option.Clear Hash=',
    ]);
    expect(spec?.command).toBe('node');
    expect(spec?.args).toEqual(['/my engines/e.js', '--fast', 'uci']);
    expect(spec?.cwd).toBe('/tmp');
    expect(spec?.name).toBe('node');
    expect(spec?.options).toEqual([{ name: 'Clear Hash', value: '' }]);
    expect(splitCommandLine(' a  \'b c\'d "" ')).toEqual(['a', 'b cd', '']);
    expect(splitCommandLine('x\\ y "$HOME" \'a"b\' | >')).toEqual(['x y', '$HOME', 'a"b', '|', '>']);
  });

  it('rejects unclear specs with ERR_ENGINE_SPEC', () => {
    for (const tokens of [
      ['name=FS'],
      ['cmd='],
      ['cmd=x', 'speed=3'],
      ['cmd=x', 'justaword'],
      ['cmd=x', 'name=a', 'name=b'],
      ['cmd=x', 'dir=/no/such/dir/anywhere'],
      ['cmd="unclosed'],
      ["cmd=x 'unclosed"],
      ['cmd=x', 'option.=3'],
    ]) {
      expect(
        codeOf(() => parseEngineSpecs(tokens)),
        tokens.join(' '),
      ).toBe('ERR_ENGINE_SPEC');
    }
  });

  it('makes equal names distinct', () => {
    const specs = distinctNames(parseEngineSpecs(['cmd=/usr/games/fairy-stockfish', 'cmd=/usr/games/fairy-stockfish']));
    expect(specs.map((s) => s.name)).toEqual(['fairy-stockfish', 'fairy-stockfish#2']);
  });
});
