import { INITIAL_FEN as FACADE_START } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';

describe('importing @makruk/board outside a browser', () => {
  it('loads in Node, where there is no window, and the element class is usable (its attributes)', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const board = await import('./index.js');
    // the start position is the facade's, not a second copy
    expect(board.INITIAL_FEN).toBe(FACADE_START);
    const observed = (board.MakrukBoard as unknown as { observedAttributes: string[] }).observedAttributes;
    expect(observed).toEqual(expect.arrayContaining(['fen', 'piece-set', 'board-style', 'animation-duration']));
  });

  it('reads and writes FEN board fields for drawing a position the rules refuse', async () => {
    const { readBoardField, writeBoardField } = await import('./facade.js');
    const board = readBoardField('rnsmksnr/8/pppppppp/8/2M~5/PPPPPPPP/8/RNSKMSNR w - - 0 1')!;
    expect(board.get('c4')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(board.get('d1')).toEqual({ color: 'white', role: 'king' });
    expect(board.get('e8')).toEqual({ color: 'black', role: 'king' });
    expect(writeBoardField(board)).toBe('rnsmksnr/8/pppppppp/8/2M~5/PPPPPPPP/8/RNSKMSNR');
    for (const bad of [
      '',
      '8/8/8',
      'rnsmksnr/8/pppppppp/8/9/PPPPPPPP/8/RNSKMSNR',
      'xnsmksnr/8/8/8/8/8/8/8',
      '7/8/8/8/8/8/8/8',
    ]) {
      expect(readBoardField(bad)).toBeUndefined();
    }
  });

  it('clamps the animation time: none for NaN or negative, at most MAX_ANIMATION_MS', async () => {
    const { animationMs, MAX_ANIMATION_MS } = await import('./motion.js');
    expect([200, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e12, '300', 'abc'].map(animationMs)).toEqual([
      200,
      0,
      0,
      0,
      MAX_ANIMATION_MS,
      MAX_ANIMATION_MS,
      300,
      0,
    ]);
  });
});
