// The library's errors as the page shows them: in English the library's own message (it names the input and why);
// in Thai a Thai sentence chosen by the error's stable code (the library's messages are English only), with the
// input and, for PGN, the line. The Thai texts are in locales/th.ts, as every page string (ids `error-…`).
import { msg, str } from '@lit/localize';
import { getLocale } from './localization.js';

export interface ShownError {
  readonly code: string;
  readonly message: string;
  /** A PGN error's line. */
  readonly line?: number;
}

function thaiSentence(code: string, input: string): string {
  switch (code) {
    case 'ERR_SAN_SYNTAX':
    case 'ERR_UCI_SYNTAX':
      return msg(str`${input} is not a move the page can read`, { id: 'error-move-syntax' });
    case 'ERR_SAN_ILLEGAL':
    case 'ERR_ILLEGAL_MOVE':
    case 'ERR_PGN_MOVE':
      return msg(str`${input} cannot be played here`, { id: 'error-move-illegal' });
    case 'ERR_SAN_AMBIGUOUS':
      return msg(str`${input} could be more than one move: name the file or rank it comes from`, {
        id: 'error-move-ambiguous',
      });
    case 'ERR_GAME_OVER':
      return msg('The game is over: no more moves can be played', { id: 'error-game-over' });
    case 'ERR_KINGS':
      return msg('Each side needs exactly one king', { id: 'error-kings' });
    case 'ERR_PAWN_ON_PROMOTION_RANK':
      return msg('A pawn stands where it would already have been promoted', { id: 'error-pawn-rank' });
    case 'ERR_OPPOSITE_CHECK':
    case 'ERR_OPPONENT_IN_CHECK':
      return msg('The side not to move is in check', { id: 'error-opposite-check' });
    case 'ERR_TOO_MANY_PIECES':
      return msg('More pieces than a side has in a game', { id: 'error-too-many' });
    case 'ERR_FEN_COUNTING':
    case 'ERR_FEN_HALFMOVES':
    case 'ERR_COUNT_PAWNS':
      return msg('The count fields do not fit this position', { id: 'error-fen-count' });
    default:
      if (code.startsWith('ERR_FEN') || code === 'ERR_PGN_FEN')
        return msg('This is not a FEN the page can read', { id: 'error-fen' });
      if (code.startsWith('ERR_PGN')) return msg('This is not a PGN the page can read', { id: 'error-pgn' });
      return msg('That cannot be done here', { id: 'error-other' });
  }
}

/**
 * The error to show: the library's message in English; in Thai a Thai sentence for its code (`input`: what the
 * player typed, quoted in it), the PGN line first, and the English message kept after it for the details.
 */
export function errorText(error: ShownError, input = ''): string {
  if (getLocale() !== 'th') return error.message;
  const quoted = input.trim() ? `“${input.trim()}”` : msg('This move', { id: 'error-this-move' });
  const sentence = thaiSentence(error.code, quoted);
  const where = typeof error.line === 'number' ? msg(str`Line ${error.line}: `, { id: 'error-line' }) : '';
  return `${where}${sentence} (${error.message})`;
}
