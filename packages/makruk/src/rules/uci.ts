// UCI long algebraic moves: 'e3e4', and 'c5c6m' for a promotion (the 'm' may be left out on input).
import { argumentError } from './errors.js';
import { isSquare, parseSquare } from './squares.js';
import type { Move } from './types.js';

const UCI = /^([a-h][1-8])([a-h][1-8])(m?)$/;

/** The move written in `text`, or undefined when it is not UCI. Does not check legality (see Position.isLegal). */
export function parseUci(text: string): Move | undefined {
  if (typeof text !== 'string') return undefined;
  const match = UCI.exec(text.trim());
  if (!match) return undefined;
  const from = parseSquare(match[1] as string);
  const to = parseSquare(match[2] as string);
  if (!from || !to || from === to) return undefined;
  return match[3] ? { from, to, promotion: 'met' } : { from, to };
}

/** The UCI text of a move. Throws MakrukError ERR_ARGUMENT when `move` is not a Move (`{ from, to, promotion? }`). */
export function makeUci(move: Move): string {
  if (typeof move !== 'object' || move === null || !isSquare(move.from) || !isSquare(move.to)) {
    throw argumentError("makeUci's move", "a Move like { from: 'e3', to: 'e4' }", move);
  }
  return `${move.from}${move.to}${move.promotion === 'met' ? 'm' : ''}`;
}
