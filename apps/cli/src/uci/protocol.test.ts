import { describe, expect, it } from 'vitest';
import {
  formatScore,
  goCommand,
  parseBestMoveLine,
  parseIdName,
  parseInfoLine,
  parseOptionLine,
  scoreToCentipawns,
} from './uci-parse.js';

describe('parseInfoLine', () => {
  it('reads depth, score, nodes, time and pv (a Fairy-Stockfish line)', () => {
    const info = parseInfoLine(
      'info depth 6 seldepth 7 multipv 1 score cp 54 nodes 2000 nps 222222 tbhits 0 time 9 pv b5c6m d7e5 b1d2',
    );
    expect(info).toEqual({
      depth: 6,
      seldepth: 7,
      multipv: 1,
      score: { kind: 'cp', value: 54 },
      nodes: 2000,
      nps: 222222,
      timeMs: 9,
      pv: ['b5c6m', 'd7e5', 'b1d2'],
    });
  });

  it('reads mate scores, bounds and negative values', () => {
    expect(parseInfoLine('info depth 12 score mate -3 nodes 5')?.score).toEqual({ kind: 'mate', value: -3 });
    const bounded = parseInfoLine('info depth 9 score cp -120 upperbound time 40');
    expect(bounded?.score).toEqual({ kind: 'cp', value: -120 });
    expect(bounded?.bound).toBe('upper');
    expect(bounded?.timeMs).toBe(40);
  });

  it('keeps info strings and ignores junk', () => {
    expect(parseInfoLine('info string variant makruk startpos')).toEqual({ string: 'variant makruk startpos' });
    expect(parseInfoLine('info depth x score cp ? currmove e3e4')).toEqual({});
    expect(parseInfoLine('bestmove e3e4')).toBeUndefined();
    expect(parseInfoLine('')).toBeUndefined();
  });
});

describe('parseBestMoveLine', () => {
  it('reads the move and the ponder move', () => {
    expect(parseBestMoveLine('bestmove b5c6m ponder d7e5')).toEqual({ move: 'b5c6m', ponder: 'd7e5' });
    expect(parseBestMoveLine('bestmove e3e4')).toEqual({ move: 'e3e4' });
    expect(parseBestMoveLine('bestmove (none)')).toEqual({ move: '(none)' });
    expect(parseBestMoveLine('bestmove')).toEqual({ move: '' });
    expect(parseBestMoveLine('info depth 1')).toBeUndefined();
  });
});

describe('parseOptionLine and id', () => {
  it('reads names with spaces, defaults, ranges and combo vars', () => {
    expect(parseOptionLine('option name Clear Hash type button')).toEqual({ name: 'Clear Hash', type: 'button', vars: [] });
    expect(parseOptionLine('option name UCI_Elo type spin default 1350 min 1350 max 2850')).toEqual({
      name: 'UCI_Elo',
      type: 'spin',
      default: '1350',
      min: 1350,
      max: 2850,
      vars: [],
    });
    const variant = parseOptionLine('option name UCI_Variant type combo default chess var chess var makruk var shogi');
    expect(variant?.vars).toEqual(['chess', 'makruk', 'shogi']);
    expect(parseOptionLine('option name VariantPath type string default <empty>')?.default).toBe('');
    expect(parseOptionLine('uciok')).toBeUndefined();
    expect(parseIdName('id name Fairy-Stockfish 11.1 LB 64')).toBe('Fairy-Stockfish 11.1 LB 64');
    expect(parseIdName('id author someone')).toBeUndefined();
  });
});

describe('scores and go', () => {
  it('orders mate scores above any centipawn score', () => {
    expect(scoreToCentipawns({ kind: 'cp', value: -35 })).toBe(-35);
    expect(scoreToCentipawns({ kind: 'mate', value: 2 })).toBeGreaterThan(scoreToCentipawns({ kind: 'mate', value: 5 }));
    expect(scoreToCentipawns({ kind: 'mate', value: -2 })).toBeLessThan(-10000);
    expect(formatScore({ kind: 'cp', value: 54 })).toBe('+0.54');
    expect(formatScore({ kind: 'cp', value: -120 })).toBe('-1.20');
    expect(formatScore({ kind: 'mate', value: -3 })).toBe('-M3');
  });

  it('writes go commands for each limit', () => {
    expect(goCommand({ kind: 'nodes', nodes: 2000 })).toBe('go nodes 2000');
    expect(goCommand({ kind: 'movetime', ms: 20 })).toBe('go movetime 20');
    expect(goCommand({ kind: 'depth', depth: 5 })).toBe('go depth 5');
    const tc = { movesPerSession: 40, baseMs: 60000, incrementMs: 600 };
    expect(goCommand({ kind: 'clock', tc }, { wtime: 59000, btime: 60000, winc: 600, binc: 600, movestogo: 39 })).toBe(
      'go wtime 59000 btime 60000 winc 600 binc 600 movestogo 39',
    );
  });
});
