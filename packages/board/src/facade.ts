// The one place the board talks to the rules facade (@makruk/makruk, CONTRIBUTING.md Contract 3).
// Everything the element needs from the rules goes through these few functions.
import { Position, makeSan, makeUci, type Move } from '@makruk/makruk';
import type { BoardPiece, Color, Square } from './squares.js';

export type { Position } from '@makruk/makruk';

export interface PlayedMove {
  from: Square;
  to: Square;
  promotion?: 'met';
  uci: string;
  san: string;
  after: Position;
}

/** A legal position from a FEN, or the facade's error message. */
export function positionFromFen(fen: string): { position: Position } | { error: string } {
  const result = Position.fromFen(fen);
  return result.ok ? { position: result.value } : { error: result.error.message };
}

export function initialPosition(): Position {
  return Position.initial();
}

export function turnOf(position: Position): Color {
  return position.turn;
}

export function piecesOf(position: Position): Array<[Square, BoardPiece]> {
  return position.pieces();
}

export function destsOf(position: Position): Map<Square, Square[]> {
  return position.dests();
}

export function isCheck(position: Position): boolean {
  return position.isCheck();
}

export function fenOf(position: Position): string {
  return position.fen();
}

/** The legal move from → to (promotion filled in, as Makruk promotion is automatic), or undefined. */
export function findMove(position: Position, from: Square, to: Square): Move | undefined {
  return position.legalMoves().find((m) => m.from === from && m.to === to);
}

export function playMove(position: Position, move: Move): PlayedMove {
  const san = makeSan(position, move);
  const after = position.play(move);
  const played: PlayedMove = { from: move.from, to: move.to, uci: makeUci(move), san, after };
  if (move.promotion) played.promotion = move.promotion;
  return played;
}
