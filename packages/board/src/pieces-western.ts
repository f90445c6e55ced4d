// Western-style set for chess players: king, rook and knight as in chess; the met as a small ferz (a queen-like
// crown, short); the khon as its own figure (a spearhead: it steps like a shogi silver); promoted pawn = crowned pawn.
import type { PieceSet } from './piece-set.js';

const BASE = '<path d="M11 45h28v-3l-3-3H14l-3 3z"/>';
const PAWN = '<path d="M16 39c1-6 4-10 6-13h6c2 3 5 7 6 13z"/><circle cx="25" cy="21" r="6"/>';

export const westernPieceSet: PieceSet = {
  art: {
    pawn: BASE + PAWN,
    promoted: `${BASE + PAWN}<path d="M19 15l1-7 3 4 2-5 2 5 3-4 1 7z" fill="currentColor"/>`,
    met:
      BASE +
      '<path d="M15 39l-2-17 6 8 2-11 4 10 4-10 2 11 6-8-2 17z"/>' +
      '<circle cx="13" cy="21" r="2"/><circle cx="21" cy="18" r="2"/><circle cx="29" cy="18" r="2"/><circle cx="37" cy="21" r="2"/>' +
      '<path d="M16 35h18" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    khon:
      BASE +
      '<path d="M18 39l3-14h8l3 14z"/><path d="M17 25h16l-8-19z"/>' +
      '<path d="M25 10v12M21 22h8" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    king:
      BASE +
      '<path d="M14 39c0-9-7-12-4-18 3-5 10-3 15 3 5-6 12-8 15-3 3 6-4 9-4 18z"/>' +
      '<path d="M23 17v-5h-3V9h3V5h4v4h3v3h-3v5z"/>' +
      '<path d="M14 34h22" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    knight:
      BASE +
      '<path d="M15 39c0-6 5-9 7-13-3 1-6 2-9 4l-3-3c1-4 4-8 8-12l2-6 4 4 3-4 3 5c6 4 9 10 9 25z"/>' +
      '<circle cx="19.5" cy="18" r="1.6" fill="currentColor" stroke="none"/>',
    rook:
      BASE +
      '<path d="M15 39l2-20h16l2 20z"/><path d="M13 19v-9h5v4h4v-4h6v4h4v-4h5v9z"/>' +
      '<path d="M16 34h18" fill="none" stroke="currentColor" stroke-width="1.6"/>',
  },
};
