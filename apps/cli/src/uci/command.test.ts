import { describe, expect, it } from 'vitest';
import { parseUciCommand } from './command.js';

describe('UCI command lines', () => {
  it('reads the simple commands, with surrounding blanks', () => {
    for (const name of ['uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'quit', 'd', 'eval', 'flip'] as const) {
      expect(parseUciCommand(`  ${name}\t`)).toEqual({ ok: true, command: { kind: name }, notes: [] });
    }
    expect(parseUciCommand('')).toMatchObject({ ok: true, command: { kind: 'empty' } });
    expect(parseUciCommand('debug on')).toMatchObject({ ok: true, command: { kind: 'debug', on: true } });
    expect(parseUciCommand('isready now')).toMatchObject({
      ok: true,
      command: { kind: 'isready' },
      notes: [expect.stringContaining('now')],
    });
  });

  it('reads position startpos and fen, with and without moves', () => {
    expect(parseUciCommand('position startpos')).toMatchObject({
      ok: true,
      command: { kind: 'position', fen: undefined, moves: [] },
    });
    expect(parseUciCommand('position startpos moves e3e4 e6e5')).toMatchObject({
      ok: true,
      command: { kind: 'position', fen: undefined, moves: ['e3e4', 'e6e5'] },
    });
    const fen = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
    expect(parseUciCommand(`position fen ${fen} moves b2c3`)).toMatchObject({
      ok: true,
      command: { kind: 'position', fen, moves: ['b2c3'] },
    });
    expect(parseUciCommand(`position fen ${fen}`)).toMatchObject({ ok: true, command: { fen, moves: [] } });
  });

  it('says what is wrong with a malformed position', () => {
    expect(parseUciCommand('position')).toMatchObject({ ok: false, message: expect.stringContaining('startpos') });
    expect(parseUciCommand('position fen')).toMatchObject({ ok: false, message: expect.stringContaining('missing') });
    expect(parseUciCommand('position startpos e3e4')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"moves"'),
    });
    expect(parseUciCommand('position somewhere')).toMatchObject({
      ok: false,
      message: expect.stringContaining('somewhere'),
    });
  });

  it('reads setoption names and values with spaces', () => {
    expect(parseUciCommand('setoption name Skill Level value 7')).toEqual({
      ok: true,
      command: { kind: 'setoption', name: 'Skill Level', value: '7' },
      notes: [],
    });
    expect(parseUciCommand('setoption name Clear Hash')).toMatchObject({
      command: { name: 'Clear Hash', value: undefined },
    });
    expect(parseUciCommand('setoption name X value a b')).toMatchObject({ command: { name: 'X', value: 'a b' } });
    expect(parseUciCommand('setoption Hash 5')).toMatchObject({ ok: false });
    expect(parseUciCommand('setoption name value 3')).toMatchObject({ ok: false });
  });

  it('names an unknown command and keeps control characters out of the answer', () => {
    expect(parseUciCommand('hello world')).toEqual({ ok: false, message: 'unknown command "hello" in "hello world"' });
    const parsed = parseUciCommand('\u0007beep');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).not.toMatch(/\u0007/);
  });

  it('keeps a malformed go as a go, with what was wrong, so that it still gets its bestmove', () => {
    expect(parseUciCommand('go depth nope')).toMatchObject({
      ok: true,
      command: { kind: 'go', limits: {}, errors: [expect.stringContaining('depth')] },
    });
    expect(parseUciCommand('go movetime 50')).toMatchObject({
      ok: true,
      command: { kind: 'go', limits: { movetime: 50 }, errors: [] },
    });
  });
});
