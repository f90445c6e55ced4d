// UCI long algebraic moves: 'e3e4', and 'c5c6m' for a promotion (the 'm' may be left out on input).
import { parseSquare } from './squares.js';
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

export function makeUci(move: Move): string {
  return `${move.from}${move.to}${move.promotion === 'met' ? 'm' : ''}`;
}
