// Thai-style set, drawn for this project: turned-wood urns for khun, khon and met (height and top tell them apart),
// a cowrie disc for the bia, a boat for the ruea and a horse head for the ma.
import type { PieceSet } from './piece-set.js';

const FOOT = '<path d="M11 45h28l-3-4H14z"/>';

export const thaiPieceSet: PieceSet = {
  art: {
    // cowrie disc seen from the side: thickness band plus a ringed face
    pawn:
      '<path d="M7 34v4c0 4 8 7 18 7s18-3 18-7v-4z"/><ellipse cx="25" cy="34" rx="18" ry="7.5"/>' +
      '<g fill="none" stroke="currentColor" stroke-width="1.6"><ellipse cx="25" cy="34" rx="11.5" ry="4.4"/>' +
      '<ellipse cx="25" cy="34" rx="5" ry="1.8"/></g>',
    // the disc turned over: the face shows one thick band in the detail colour, and the rim is taller
    promoted:
      '<path d="M7 32v6c0 4 8 7 18 7s18-3 18-7v-6z"/><ellipse cx="25" cy="32" rx="18" ry="7.5"/>' +
      '<ellipse cx="25" cy="32" rx="14" ry="5.5" fill="currentColor" stroke="none"/><ellipse cx="25" cy="32" rx="6.5" ry="2.4"/>' +
      '<path d="M7.5 38.5c3 3 10 4.5 17.5 4.5s14.5-1.5 17.5-4.5" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    // short urn, single plain spire
    met:
      FOOT +
      '<path d="M15 41c-4-4-4-10 1-13h18c5 3 5 9 1 13z"/><path d="M18 28l2-3h10l2 3z"/>' +
      '<path d="M21 25l4-9 4 9z"/><circle cx="25" cy="15" r="2"/>' +
      '<path d="M15 34h20" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    // taller urn with a stepped, temple-like top
    khon:
      FOOT +
      '<path d="M16 41c-4-4-4-10 0-14h18c4 4 4 10 0 14z"/><path d="M17 27l2-3h12l2 3z"/>' +
      '<path d="M19 24v-4h12v4zM21 20v-4h8v4zM22.5 16l2.5-9 2.5 9z"/><circle cx="25" cy="6" r="2"/>' +
      '<path d="M16 34h18" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    // tallest urn: banded body, tiers with flared eaves, a lotus bud and a long spire
    king:
      FOOT +
      '<path d="M14 41c-4-4-4-12 0-16h22c4 4 4 12 0 16z"/><path d="M15 25l2-3h16l2 3z"/>' +
      '<path d="M15 22l3-4h14l3 4zM18 18l2-4h10l2 4zM20 14l2-3h6l2 3z"/>' +
      '<path d="M22 11c0-3 3-4 3-6 0 2 3 3 3 6z"/><path d="M24.2 5.5l.8-4.5.8 4.5z"/>' +
      '<path d="M14.5 30h21M14.5 36h21" fill="none" stroke="currentColor" stroke-width="1.6"/>' +
      '<circle cx="25" cy="33" r="1.6" fill="currentColor" stroke="none"/>',
    // horse head facing left
    knight:
      '<path d="M15 45c0-7 4-11 6-15-3 1-6 2-9 4l-3-3c1-4 4-8 8-12l2-7 4 4 3-5 3 6c6 3 10 11 10 28z"/>' +
      '<circle cx="19.5" cy="19" r="1.6" fill="currentColor" stroke="none"/>' +
      '<path d="M27 14c5 3 8 9 8 20" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    // boat (ruea) with a small roofed cabin
    rook:
      '<path d="M4 31l5 2h32l5-2-6 12H10z"/><path d="M15 33v-8h20v8z"/><path d="M12 26l13-10 13 10z"/>' +
      '<path d="M10 38h30" fill="none" stroke="currentColor" stroke-width="1.6"/>',
  },
};
