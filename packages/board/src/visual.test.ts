// What the board paints, measured from real screenshots of headless Chromium (this machine has no Thai font).
import { afterEach, describe, expect, it } from 'vitest';
import type { MakrukBoard } from './index.js';
import { cell, cleanup, meanColour, mountBoard, pixelsOf } from './test-helpers.js';

afterEach(cleanup);

const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('check highlight', () => {
  // the black king in check on a dark square (d8) and on a light one (e8), and the same king not in check
  const cases = [
    { square: 'd8', check: '3k4/8/8/8/8/8/8/3RK3 b - - 0 1', quiet: '3k4/8/8/8/8/8/8/2R1K3 b - - 0 1' },
    { square: 'e8', check: '4k3/8/8/8/8/8/8/3KR3 b - - 0 1', quiet: '4k3/8/8/8/8/8/8/3K1R2 b - - 0 1' },
  ];
  for (const style of ['thai', 'checkered'])
    for (const palette of ['classic', 'red'])
      it(`is plainly visible on light and dark squares (board-style=${style}, palette=${palette})`, async () => {
        for (const { square, check, quiet } of cases) {
          const attrs = { 'board-style': style, palette, coordinates: 'none' };
          const inCheck = await mountBoard({ ...attrs, fen: check });
          const notInCheck = await mountBoard({ ...attrs, fen: quiet });
          expect(cell(inCheck, square).classList.contains('check')).toBe(true);
          const a = meanColour(await pixelsOf(cell(inCheck, square)));
          const b = meanColour(await pixelsOf(cell(notInCheck, square)));
          // the square as a whole changes colour clearly (Euclidean RGB distance of the mean colour)
          expect(distance(a, b), `${square}: ${a.map(Math.round)} vs ${b.map(Math.round)}`).toBeGreaterThan(40);
          cleanup();
        }
      });
});

describe('coordinates', () => {
  async function labelImages(board: MakrukBoard, axis: 'file' | 'rank'): Promise<string[]> {
    const out: string[] = [];
    for (const label of board.shadowRoot!.querySelectorAll(`.coord.${axis}`)) {
      const image = await pixelsOf(label);
      out.push(Array.from(image.data).join(','));
    }
    return out;
  }

  it('draws every Thai file letter and rank digit as its own glyph, even without a Thai font', async () => {
    for (const coordinates of ['inside', 'outside']) {
      const board = await mountBoard({ notation: 'thai', coordinates }, 480);
      for (const axis of ['file', 'rank'] as const) {
        const images = await labelImages(board, axis);
        expect(images.length).toBe(8);
        // eight different pictures: no two labels are the same (missing-glyph boxes all look alike)
        expect(new Set(images).size).toBe(8);
        for (const label of board.shadowRoot!.querySelectorAll(`.coord.${axis}`)) {
          const rect = label.getBoundingClientRect();
          expect(rect.width * rect.height).toBeGreaterThan(20);
        }
      }
      cleanup();
    }
  });

  function inkHit(board: MakrukBoard, square: string, rect: DOMRect): boolean {
    const box = cell(board, square).getBoundingClientRect();
    const href = cell(board, square).querySelector('use')?.getAttribute('href');
    if (!href) return false;
    const shapes = [...board.shadowRoot!.querySelectorAll(`${href} *`)].filter(
      (e): e is SVGGeometryElement => e instanceof SVGGeometryElement,
    );
    for (let i = 0; i <= 8; i++)
      for (let j = 0; j <= 8; j++) {
        const x = rect.left + (rect.width * i) / 8;
        const y = rect.top + (rect.height * j) / 8;
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
        const point = new DOMPoint(((x - box.left) / box.width) * 50, ((y - box.top) / box.height) * 50);
        if (shapes.some((s) => s.isPointInFill(point) || s.isPointInStroke(point))) return true;
      }
    return false;
  }

  it('inside labels never cover a piece, in the corners either (a1, h1, a8, h8), in both sets and orientations', async () => {
    for (const pieceSet of ['thai', 'western'])
      for (const orientation of ['white', 'black'])
        for (const notation of ['algebraic', 'thai']) {
          const board = await mountBoard({ 'piece-set': pieceSet, orientation, notation }, 480);
          const labels = [...board.shadowRoot!.querySelectorAll('.coord')];
          expect(labels.length).toBe(16);
          for (const label of labels) {
            const rect = label.getBoundingClientRect();
            for (const sq of [
              'a1',
              'b1',
              'c1',
              'd1',
              'e1',
              'f1',
              'g1',
              'h1',
              'a8',
              'b8',
              'c8',
              'd8',
              'e8',
              'f8',
              'g8',
              'h8',
            ]) {
              expect(
                inkHit(board, sq, rect),
                `${pieceSet} ${orientation} ${notation}: '${label.getAttribute('data-label')}' on ${sq}`,
              ).toBe(false);
            }
          }
          cleanup();
        }
  });
});
