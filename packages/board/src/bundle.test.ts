import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

// The self-contained file made by `pnpm build` (scripts/bundle.mjs). This test file runs in its own frame, so the
// bundle defines <makruk-board> here by itself, as it would on a plain page from one <script type="module"> tag.
const url = new URL('../dist/makruk-board.bundle.js', import.meta.url).href;
const built = await fetch(url).then(
  (r) => r.ok && (r.headers.get('content-type') ?? '').includes('javascript'),
  () => false,
);

describe('dist/makruk-board.bundle.js', () => {
  it('defines <makruk-board> alone and plays a move', async () => {
    // `pnpm build` runs before the tests (turbo's test task depends on build); a missing bundle is a failure
    expect(built, 'dist/makruk-board.bundle.js is missing: run `pnpm --filter @makruk/board build`').toBe(true);
    expect(customElements.get('makruk-board')).toBeUndefined();
    await import(/* @vite-ignore */ url);
    await customElements.whenDefined('makruk-board');
    document.body.innerHTML = '<main><div style="width:320px;height:320px"><makruk-board></makruk-board></div></main>';
    const board = document.querySelector('makruk-board')!;
    await board.updateComplete;
    const moves: string[] = [];
    board.addEventListener('makruk-move', (e) => moves.push(`${e.detail.san} ${e.detail.fen}`));
    await page.getByRole('gridcell', { name: 'e3, white pawn' }).click();
    await page.getByRole('gridcell', { name: 'e4', exact: true }).click();
    expect(moves).toEqual(['e4 rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1']);
  });
});
