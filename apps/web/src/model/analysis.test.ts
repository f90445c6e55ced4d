import { describe, expect, it } from 'vitest';
import { AnalysisModel } from './analysis.js';
import { openLink, shareLink } from './persistence.js';

describe('AnalysisModel', () => {
  it('plays moves into the tree, makes a variation from a different move, navigates and promotes', () => {
    const model = new AnalysisModel();
    const kinds: string[] = [];
    model.addEventListener('change', (event) => kinds.push((event as CustomEvent<string>).detail));
    expect(model.play('e4').ok).toBe(true);
    expect(model.play('e5').ok).toBe(true);
    model.prev();
    expect(model.play('Nd7').ok).toBe(true);
    expect(model.tree.nodeAt(['e3e4'])?.children.map((c) => c.san)).toEqual(['e5', 'Nd7']);
    model.sibling(-1);
    expect(model.node.san).toBe('e5');
    model.sibling(1);
    model.promote();
    expect(model.tree.mainlinePath()).toEqual(['e3e4', 'b8d7']);
    model.first();
    expect(model.path).toEqual([]);
    model.last();
    expect(model.node.san).toBe('Nd7');
    expect(kinds).toContain('tree');
    expect(kinds).toContain('path');
  });

  it('refuses an illegal move with the library error and keeps the node', () => {
    const model = new AnalysisModel();
    const result = model.play('e3e5');
    expect(!result.ok && result.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(model.path).toEqual([]);
  });

  it('deleting the node on screen goes back to its parent', () => {
    const model = new AnalysisModel();
    model.play('e4');
    model.play('e5');
    model.deleteAt(['e3e4']);
    expect(model.path).toEqual([]);
    expect(model.tree.root.children).toEqual([]);
  });
});

describe('links', () => {
  it('?fen=&moves= opens a position and plays the moves; the share link gives them back', () => {
    const model = new AnalysisModel();
    const fen = '4k3/8/8/8/8/8/8/RR2K3 w - - 0 40';
    expect(openLink(model, `?fen=${encodeURIComponent(fen)}&moves=${encodeURIComponent('a1a2 e8d8')}`)).toEqual({
      ok: true,
    });
    expect(model.tree.root.fen).toBe(fen);
    expect(model.path).toEqual(['a1a2', 'e8d8']);
    const link = new URL(shareLink(model, 'http://localhost/page/?x=1'));
    expect(link.searchParams.get('fen')).toBe(fen);
    expect(link.searchParams.get('moves')).toBe('a1a2 e8d8');
  });

  it('?pgn= opens a game with its variations; a bad parameter gives the library error and the start position', () => {
    const model = new AnalysisModel();
    expect(openLink(model, `?pgn=${encodeURIComponent('1. e4 (1. d4) e5 *')}`)).toEqual({ ok: true });
    expect(model.tree.root.children).toHaveLength(2);
    const bad = openLink(model, `?fen=${encodeURIComponent('8/8/8 w')}`);
    expect(bad && !bad.ok && bad.error.code.startsWith('ERR_')).toBe(true);
    expect(model.tree.root.children).toHaveLength(0);
    const badMove = openLink(model, '?moves=e3e5');
    expect(badMove && !badMove.ok && badMove.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(openLink(model, '?other=1')).toBeUndefined();
  });
});
