// Typed moves are read strictly (issue 21). The rule is the library's (parseSan refuses SAN that says less than its
// move with ERR_SAN_INEXACT); this module only says which of its two cases it is, so that the page can say it in the
// player's language with the move to write instead.
import { type Position, makeSan } from '@makruk/makruk';

export type StrictRefusal =
  /** A pawn capture written as a push (`e5` for `fxe5`): SAN names the pawn's file. */
  | { code: 'pawn-capture-without-file'; written: string; san: string }
  /** `x` written for a move that takes nothing. */
  | { code: 'capture-mark-on-quiet-move'; written: string; san: string };

/**
 * Why `text`, read as a move from `position`, is refused by the strict reading; undefined when it is written as SAN
 * says (or is no legal move at all: the library's own error then tells why).
 */
export function strictSanRefusal(position: Position, text: string): StrictRefusal | undefined {
  const written = text.trim();
  const strict = position.findMove(written);
  if (strict.ok || strict.error.code !== 'ERR_SAN_INEXACT') return undefined;
  const lenient = position.findMove(written, { lenient: true });
  if (!lenient.ok) return undefined;
  const move = lenient.value;
  const san = makeSan(position, move);
  // the library refuses only these two: a capture said as a push, or a capture mark where nothing is taken
  return position.isCapture(move)
    ? { code: 'pawn-capture-without-file', written, san }
    : { code: 'capture-mark-on-quiet-move', written, san };
}
