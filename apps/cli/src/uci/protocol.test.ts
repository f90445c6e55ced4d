import { describe, expect, it } from 'vitest';
import {
  formatBestMove,
  formatInfo,
  formatScoreForPeople,
  formatUciScore,
  infoString,
  parseBestMoveLine,
  parseIdName,
  parseInfoLine,
  parseOptionLine,
  scoreToCentipawns,
  wdlFromScore,
} from './protocol.js';
import { goCommand } from './client.js';

describe('parseInfoLine', () => {
  it('reads depth, score, nodes, time and pv (a Fairy-Stockfish line)', () => {
    const info = parseInfoLine(
      'info depth 6 seldepth 7 multipv 1 score cp 54 nodes 2000 nps 222222 tbhits 0 time 9 pv b5c6m d7e5 b1d2',
    );
    expect(info).toEqual({
      depth: 6,
      seldepth: 7,
      multipv: 1,
      score: { cp: 54 },
      nodes: 2000,
      nps: 222222,
      timeMs: 9,
      pv: ['b5c6m', 'd7e5', 'b1d2'],
    });
  });

  it('reads mate scores, bounds and negative values', () => {
    expect(parseInfoLine('info depth 12 score mate -3 nodes 5')?.score).toEqual({ mate: -3 });
    const bounded = parseInfoLine('info depth 9 score cp -120 upperbound time 40');
    expect(bounded?.score).toEqual({ cp: -120 });
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
    expect(parseOptionLine('option name Clear Hash type button')).toEqual({
      name: 'Clear Hash',
      type: 'button',
      vars: [],
    });
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
    expect(scoreToCentipawns({ cp: -35 })).toBe(-35);
    expect(scoreToCentipawns({ mate: 2 })).toBeGreaterThan(scoreToCentipawns({ mate: 5 }));
    expect(scoreToCentipawns({ mate: -2 })).toBeLessThan(-10000);
  });

  it('has one formatter for people: pawns, and mates as #N (analyse) or ±MN (PGN comments)', () => {
    expect(formatScoreForPeople({ cp: 54 }, 'M')).toBe('+0.54');
    expect(formatScoreForPeople({ cp: -120 }, 'M')).toBe('-1.20');
    expect(formatScoreForPeople({ mate: -3 }, 'M')).toBe('-M3');
    expect(formatScoreForPeople({ mate: 5 }, 'M')).toBe('+M5');
    expect(formatScoreForPeople({ cp: 23 })).toBe('+0.23');
    expect(formatScoreForPeople({ cp: -150 })).toBe('-1.50');
    expect(formatScoreForPeople({ cp: 0 })).toBe('+0.00');
    expect(formatScoreForPeople({ mate: -3 })).toBe('#-3');
    expect(formatScoreForPeople(undefined)).toBe('?');
    expect(formatUciScore({ mate: -3 })).toBe('mate -3');
    expect(formatUciScore({ cp: 7 })).toBe('cp 7');
  });

  it("round-trips the server's info line through the client's parser", () => {
    const info = {
      depth: 6,
      seldepth: 9,
      multiPv: 2,
      score: { mate: -2 },
      nodes: 12345,
      nps: 250000,
      timeMs: 49,
      hashfull: 3,
      pv: ['e3e4', 'c5c6m'],
      pvSan: ['e4', 'c6=M'],
    };
    expect(parseInfoLine(formatInfo(info))).toEqual({
      depth: 6,
      seldepth: 9,
      multipv: 2,
      score: { mate: -2 },
      nodes: 12345,
      nps: 250000,
      timeMs: 49,
      pv: ['e3e4', 'c5c6m'],
    });
  });

  it('gives win/draw/loss per mille that add up to 1000, symmetric, all win or loss for mates', () => {
    for (const cp of [-2000, -300, -50, 0, 1, 80, 400, 5000]) {
      const [w, d, l] = wdlFromScore({ cp });
      expect(w + d + l).toBe(1000);
      expect(Math.min(w, d, l)).toBeGreaterThanOrEqual(0);
      expect(wdlFromScore({ cp: -cp })).toEqual([l, d, w]);
    }
    expect(wdlFromScore({ cp: 400 })[0]).toBeGreaterThan(wdlFromScore({ cp: 100 })[0]);
    expect(wdlFromScore({ mate: 3 })).toEqual([1000, 0, 0]);
    expect(wdlFromScore({ mate: -1 })).toEqual([0, 0, 1000]);
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

describe('engine → GUI lines', () => {
  const info = {
    depth: 6,
    seldepth: 9,
    multiPv: 2,
    score: { cp: -35 },
    nodes: 12345,
    nps: 250000,
    timeMs: 49,
    hashfull: 3,
    pv: ['e3e4', 'c5c6m'],
    pvSan: ['e4', 'c6=M'],
  };

  it('writes an info line in UCI order with the PV last, and wdl after the score when asked', () => {
    expect(formatInfo(info)).toBe(
      'info depth 6 seldepth 9 multipv 2 score cp -35 nodes 12345 nps 250000 hashfull 3 time 49 pv e3e4 c5c6m',
    );
    expect(formatInfo(info, { wdl: true })).toMatch(
      /^info depth 6 seldepth 9 multipv 2 score cp -35 wdl \d+ \d+ \d+ nodes 12345 /,
    );
    expect(formatInfo({ ...info, score: { mate: -2 }, pv: [] })).toMatch(/score mate -2 nodes .* time 49$/);
  });

  it('writes bestmove, with ponder, and (none) without a legal move', () => {
    expect(formatBestMove({ bestMoveUci: 'e3e4', ponderUci: 'e6e5' })).toBe('bestmove e3e4 ponder e6e5');
    expect(formatBestMove({ bestMoveUci: 'c5c6m', ponderUci: undefined })).toBe('bestmove c5c6m');
    expect(formatBestMove({ bestMoveUci: undefined, ponderUci: undefined })).toBe('bestmove (none)');
  });

  it('keeps an info string on one line', () => {
    expect(infoString('a\nb\r\nc')).toBe('info string a b c');
  });
});
