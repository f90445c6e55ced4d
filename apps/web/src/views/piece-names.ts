// The page's words for the pieces (one owner: the editor's palette and the board's screen-reader labels use them).
import type { PieceNames } from '@makruk/board';
import type { Role } from '@makruk/makruk';
import { msg } from '@lit/localize';
import { getLocale } from '../i18n/localization.js';
import { colorName } from './counting-panel.js';

export function roleName(role: Role): string {
  return {
    king: msg('king', { id: 'role-king' }),
    met: msg('met', { id: 'role-met' }),
    khon: msg('khon', { id: 'role-khon' }),
    knight: msg('knight', { id: 'role-knight' }),
    rook: msg('rook', { id: 'role-rook' }),
    pawn: msg('pawn', { id: 'role-pawn' }),
  }[role];
}

/**
 * The board's words for its squares' accessible names ("d1, ฝ่ายขาว ขุน") in the page's language; undefined in
 * English, where the board's own words ("d1, white king") are the page's.
 */
export function boardPieceNames(): PieceNames | undefined {
  if (getLocale() === 'en') return undefined;
  return {
    white: colorName('white'),
    black: colorName('black'),
    pawn: roleName('pawn'),
    met: roleName('met'),
    khon: roleName('khon'),
    knight: roleName('knight'),
    rook: roleName('rook'),
    king: roleName('king'),
    promoted: msg('met (promoted pawn)', { id: 'role-promoted' }),
  };
}
