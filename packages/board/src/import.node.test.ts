import { describe, expect, it } from 'vitest';

describe('importing @makruk/board outside a browser', () => {
  it('loads in Node, where there is no window', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const board = await import('./index.js');
    expect(typeof board.MakrukBoard).toBe('function');
    expect(board.INITIAL_FEN).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  });

  it('reads and writes FEN board fields for drawing', async () => {
    const { readBoardField, writeBoardField } = await import('./board-fen.js');
    const board = readBoardField('rnsmksnr/8/pppppppp/8/2M~5/PPPPPPPP/8/RNSKMSNR w - - 0 1')!;
    expect(board.get('c4')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(board.get('d1')).toEqual({ color: 'white', role: 'king' });
    expect(board.get('e8')).toEqual({ color: 'black', role: 'king' });
    expect(writeBoardField(board)).toBe('rnsmksnr/8/pppppppp/8/2M~5/PPPPPPPP/8/RNSKMSNR');
    for (const bad of ['', '8/8/8', 'rnsmksnr/8/pppppppp/8/9/PPPPPPPP/8/RNSKMSNR', 'xnsmksnr/8/8/8/8/8/8/8', '7/8/8/8/8/8/8/8']) {
      expect(readBoardField(bad)).toBeUndefined();
    }
  });
});
