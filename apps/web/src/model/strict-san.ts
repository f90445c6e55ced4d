// Typed moves are read strictly (issue 21): the library's parseSan is tolerant (a pawn move written `e5` is read as
// the capture `fxe5` when that is the only pawn move to e5), which turns a typo into a different move. Before a typed
// SAN move is played, the page checks that what was written says what the move does.
import { type Position, makeSan, readSanPattern } from '@makruk/makruk';

export type StrictRefusal =
  /** A pawn capture written as a push (`e5` for `fxe5`): SAN names the pawn's file. */
  | { code: 'pawn-capture-without-file'; written: string; san: string }
  /** `x` written for a move that takes nothing. */
  | { code: 'capture-mark-on-quiet-move'; written: string; san: string };

/**
 * Why `text`, read as a move from `position`, is refused by the strict reading; undefined when it is written as SAN
 * says (or is no legal move at all: the library's own error then tells why). Long algebraic (e3e4) and Thai SAN name
 * their move by other rules and pass.
 */
export function strictSanRefusal(position: Position, text: string): StrictRefusal | undefined {
  const written = text.trim();
  if (/[\u0E00-\u0E7F]/.test(written)) return undefined;
  const pattern = readSanPattern(written);
  if (!pattern || pattern.role === undefined) return undefined;
  const found = position.findMove(written);
  if (!found.ok) return undefined;
  const move = found.value;
  const capture = position.isCapture(move);
  const san = makeSan(position, move);
  if (pattern.role === 'pawn' && capture && !pattern.fromFile)
    return { code: 'pawn-capture-without-file', written, san };
  // no other letter x in Latin SAN (pieces K M S N R, aliases B Q; files a-h)
  if (written.includes('x') && !capture) return { code: 'capture-mark-on-quiet-move', written, san };
  return undefined;
}
