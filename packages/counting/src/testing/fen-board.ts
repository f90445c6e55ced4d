// Test support only (not built): a tiny FEN board that applies a UCI move without checking legality, so tests can
// turn "FEN + move" into the MoveFacts and Material the counting rules take.
import type { Color, Count, Material, MoveFacts } from '../types.js';
import { opposite } from '../types.js';
import { materialFromPlacement } from '../placement.js';
import { parseCountingFields } from '../fen.js';

export interface FenState {
  board: string[][]; // board[rank][file], rank 0 = rank 1; '' = empty, 'P~' style not used (promoted -> 'M~')
  turn: Color;
  fields: string[];
}

export function readFen(fen: string): FenState {
  const fields = fen.trim().split(/\s+/);
  const rows = (fields[0] ?? '').split('/');
  const board: string[][] = [];
  for (let r = 7; r >= 0; r--) {
    const row: string[] = [];
    const text = rows[7 - r] ?? '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i] as string;
      if (c >= '1' && c <= '8') for (let k = 0; k < Number(c); k++) row.push('');
      else if (c === '~') row[row.length - 1] += '~';
      else row.push(c);
    }
    board[r] = row;
  }
  return { board, turn: fields[1] === 'b' ? 'black' : 'white', fields };
}

export function placementOf(board: string[][]): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let text = '';
    let empty = 0;
    for (const cell of board[r] ?? []) {
      if (cell === '') {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += cell.replace('~', '');
    }
    if (empty > 0) text += String(empty);
    rows.push(text);
  }
  return rows.join('/');
}

export function materialOf(board: string[][]): Material {
  const result = materialFromPlacement(board.flat().join(''));
  if (!result.ok) throw result.error;
  return result.value;
}

export function countOf(fen: string): Count | null {
  const state = readFen(fen);
  const parsed = parseCountingFields(
    state.fields[3] ?? '-',
    state.fields[4] ?? '0',
    state.turn,
    materialOf(state.board),
  );
  if (!parsed.ok) throw parsed.error;
  return parsed.count;
}

/** Applies a UCI move (e.g. `a1a2`, `c5c6m`) to the board; returns the facts and the new board. */
export function applyUci(
  state: { board: string[][]; turn: Color },
  uci: string,
): {
  board: string[][];
  turn: Color;
  facts: MoveFacts;
  after: Material;
} {
  const file = (c: string) => c.charCodeAt(0) - 97;
  const fromFile = file(uci[0] ?? 'a');
  const fromRank = Number(uci[1]) - 1;
  const toFile = file(uci[2] ?? 'a');
  const toRank = Number(uci[3]) - 1;
  const board = state.board.map((row) => row.slice());
  const piece = board[fromRank]?.[fromFile] ?? '';
  const target = board[toRank]?.[toFile] ?? '';
  if (piece === '') throw new Error(`no piece on ${uci.slice(0, 2)}`);
  const isWhite = piece === piece.toUpperCase();
  const promotion = (piece === 'P' && toRank === 5) || (piece === 'p' && toRank === 2);
  (board[fromRank] as string[])[fromFile] = '';
  (board[toRank] as string[])[toFile] = promotion ? (isWhite ? 'M~' : 'm~') : piece;
  const facts: MoveFacts = {
    mover: state.turn,
    capture: target !== '',
    promotion,
    capturedPawn: target === 'P' || target === 'p',
  };
  return { board, turn: opposite(state.turn), facts, after: materialOf(board) };
}
