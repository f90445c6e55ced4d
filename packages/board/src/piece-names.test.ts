// The squares' accessible names and the announcements in the host's words (issue 21: Thai screen-reader labels).
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { ENGLISH_PIECE_NAMES, type PieceNames } from './index.js';
import { cell, cleanup, mountBoard, settle } from './test-helpers.js';

afterEach(cleanup);

const THAI: PieceNames = {
  white: 'ฝ่ายขาว',
  black: 'ฝ่ายดำ',
  pawn: 'เบี้ย',
  met: 'เม็ด',
  khon: 'โคน',
  knight: 'ม้า',
  rook: 'เรือ',
  king: 'ขุน',
  promoted: 'เบี้ยหงาย',
};
const status = (board: HTMLElement) => board.shadowRoot!.querySelector('[role="status"]')!.textContent;

describe('pieceNames', () => {
  it('names the squares in English by default', async () => {
    const board = await mountBoard();
    expect(board.pieceNames).toBeUndefined();
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, white king');
    expect(ENGLISH_PIECE_NAMES.promoted).toBe('met (promoted pawn)');
  });

  it('names the squares and announces the moves in the host’s words (Thai)', async () => {
    const board = await mountBoard({ fen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1' });
    board.pieceNames = THAI;
    await settle(board);
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, ฝ่ายขาว ขุน');
    expect(cell(board, 'b8').getAttribute('aria-label')).toBe('b8, ฝ่ายดำ ม้า');
    expect(cell(board, 'e4').getAttribute('aria-label')).toBe('e4');
    await page.getByRole('gridcell', { name: 'e3, ฝ่ายขาว เบี้ย' }).click();
    await settle(board);
    await page.getByRole('gridcell', { name: 'e4', exact: true }).click();
    await settle(board);
    expect(status(board)).toBe('ฝ่ายขาว เบี้ย e3 to e4.');
    board.fen = 'k7/8/2M~5/8/8/8/3M4/4K3 w - - 0 1';
    await settle(board);
    expect(cell(board, 'c6').getAttribute('aria-label')).toBe('c6, ฝ่ายขาว เบี้ยหงาย');
    expect(cell(board, 'd2').getAttribute('aria-label')).toBe('d2, ฝ่ายขาว เม็ด');
  });

  it('keeps English for any word left out or not a non-empty string', async () => {
    const board = await mountBoard();
    board.pieceNames = { king: 'ขุน', white: '', rook: 42 as unknown as string };
    await settle(board);
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, white ขุน');
    expect(cell(board, 'a1').getAttribute('aria-label')).toBe('a1, white rook');
    board.pieceNames = 'thai' as unknown as PieceNames;
    await settle(board);
    expect(cell(board, 'd1').getAttribute('aria-label')).toBe('d1, white king');
  });
});
