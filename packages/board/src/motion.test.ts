import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MakrukSelectDetail } from './index.js';
import { cell, cleanup, mountBoard, settle } from './test-helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

function centreOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

describe('drag threshold and ghost (touch pointer)', () => {
  it('a small wobble stays a click; a real drag shows a ghost and drops the piece', async () => {
    const board = await mountBoard();
    const grid = board.shadowRoot!.querySelector('.grid')!;
    const fire = (type: string, at: { x: number; y: number }) =>
      grid.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          clientX: at.x,
          clientY: at.y,
          bubbles: true,
        }),
      );
    const from = centreOf(cell(board, 'c3'));
    const to = centreOf(cell(board, 'c4'));
    fire('pointerdown', from);
    fire('pointermove', { x: from.x + 2, y: from.y - 1 }); // under the 4 px threshold
    await settle(board);
    expect(board.shadowRoot!.querySelector('.ghost')).toBeNull();
    fire('pointermove', { x: from.x, y: (from.y + to.y) / 2 });
    await settle(board);
    const ghost = board.shadowRoot!.querySelector<HTMLElement>('.ghost');
    expect(ghost).not.toBeNull();
    expect(ghost!.style.transform).toMatch(/translate/);
    expect(cell(board, 'c3').querySelector('.pc')!.classList.contains('lifted')).toBe(true);
    expect(cell(board, 'c4').classList.contains('dest')).toBe(true);
    fire('pointermove', to);
    await settle(board);
    expect(cell(board, 'c4').getAttribute('part')).toContain('drag-over');
    fire('pointerup', to);
    await settle(board);
    expect(board.shadowRoot!.querySelector('.ghost')).toBeNull();
    expect(cell(board, 'c4').getAttribute('aria-label')).toBe('c4, white pawn');
  });
});

describe('cancelled drags', () => {
  it('a pointercancel mid-drag (e.g. the browser takes the touch) snaps the piece back', async () => {
    const board = await mountBoard();
    const grid = board.shadowRoot!.querySelector('.grid')!;
    const from = centreOf(cell(board, 'e3'));
    const fire = (type: string, y: number) =>
      grid.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 3,
          pointerType: 'pen',
          button: 0,
          clientX: from.x,
          clientY: y,
          bubbles: true,
        }),
      );
    fire('pointerdown', from.y);
    fire('pointermove', from.y - 40);
    await settle(board);
    expect(board.shadowRoot!.querySelector('.ghost')).not.toBeNull();
    fire('pointercancel', from.y - 40);
    await settle(board);
    expect(board.shadowRoot!.querySelector('.ghost')).toBeNull();
    expect(cell(board, 'e3').getAttribute('aria-label')).toBe('e3, white pawn');
    expect(cell(board, 'e3').getAttribute('aria-selected')).toBe('false');
  });
});

describe('selection events', () => {
  it('makruk-select reports the picked-up piece and its destinations, then null', async () => {
    const board = await mountBoard();
    const seen: MakrukSelectDetail[] = [];
    board.addEventListener('makruk-select', (e) => seen.push(e.detail));
    const grid = board.shadowRoot!.querySelector('.grid')!;
    const click = (sq: string) => {
      const at = centreOf(cell(board, sq));
      for (const type of ['pointerdown', 'pointerup'])
        grid.dispatchEvent(
          new PointerEvent(type, { pointerId: 1, button: 0, clientX: at.x, clientY: at.y, bubbles: true }),
        );
    };
    click('b1');
    click('b1');
    expect(seen).toEqual([
      { square: 'b1', piece: { color: 'white', role: 'knight' }, dests: ['d2'] },
      { square: null, dests: [] },
    ]);
  });
});

describe('animation', () => {
  it('animates a host move, and not under prefers-reduced-motion', async () => {
    const board = await mountBoard();
    board.animationDuration = 300;
    let changes = 0;
    board.addEventListener('change', () => changes++);
    expect(board.move('e3e4')).toBe(true);
    await settle(board);
    expect(cell(board, 'e4').querySelector('.pc')!.getAnimations().length).toBe(1);
    expect(board.lastMove).toBe('e3e4');
    expect(board.move('e3e4')).toBe(false); // no longer legal
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList,
    );
    expect(board.move('e6e5')).toBe(true);
    await settle(board);
    expect(cell(board, 'e5').querySelector('.pc')!.getAnimations().length).toBe(0);
    expect(changes).toBe(0); // host moves are not user changes
  });

  it('clamps huge, infinite, NaN and negative durations: the piece always lands on its square', async () => {
    for (const [value, expected] of [
      ['Infinity', 1000],
      ['1e12', 1000],
      ['NaN', 0],
      ['-50', 0],
      ['abc', 0],
    ] as const) {
      const board = await mountBoard();
      board.setAttribute('animation-duration', value);
      await settle(board);
      expect(board.move('e3e4')).toBe(true);
      await settle(board);
      const animations = cell(board, 'e4').querySelector('.pc')!.getAnimations();
      if (expected === 0) {
        expect(animations).toEqual([]);
      } else {
        expect(animations.length).toBe(1);
        expect(animations[0]!.effect!.getTiming().duration).toBe(expected);
        animations[0]!.finish(); // a finite animation ends: the piece is drawn on e4, not a square back
        expect(getComputedStyle(cell(board, 'e4').querySelector('.pc')!).transform).toBe('none');
      }
      cleanup();
    }
  });
});
