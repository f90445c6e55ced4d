import { describe, expect, it } from 'vitest';
import { formatBestMove, formatInfo, infoString } from './info.js';

describe('engine → GUI lines', () => {
  const info = {
    depth: 6, seldepth: 9, multiPv: 2, score: { cp: -35 }, nodes: 12345, nps: 250000, timeMs: 49, hashfull: 3,
    pv: ['e3e4', 'c5c6m'], pvSan: ['e4', 'c6=M'],
  };

  it('writes an info line in UCI order with the PV last', () => {
    expect(formatInfo(info)).toBe('info depth 6 seldepth 9 multipv 2 score cp -35 nodes 12345 nps 250000 hashfull 3 time 49 pv e3e4 c5c6m');
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
