// What the board shows: a FEN, the rules' Position when the rules accept it (else why not), the drawn pieces, the
// king in check, and the legal destinations (computed once, on first use). One immutable snapshot per change.
import type { Position, Square } from '@makruk/makruk';
import { type BoardMap, positionFromFen, readBoardField } from './facade.js';

export class ShownPosition {
  readonly fen: string;
  /** Undefined when the rules refused the FEN (see `error`): the board field is still drawn, nothing moves. */
  readonly position: Position | undefined;
  readonly error: string | undefined;
  readonly pieces: BoardMap;
  /** The square of the king in check, if the side to move is in check. */
  readonly check: Square | undefined;
  #dests: Map<Square, Square[]> | undefined;

  private constructor(fen: string, position: Position | undefined, error: string | undefined, pieces: BoardMap) {
    this.fen = fen;
    this.position = position;
    this.error = error;
    this.pieces = pieces;
    let check: Square | undefined;
    if (position?.isCheck()) {
      for (const [sq, p] of pieces) if (p.role === 'king' && p.color === position.turn) check = sq;
    }
    this.check = check;
  }

  static of(position: Position): ShownPosition {
    return new ShownPosition(position.fen(), position, undefined, new Map(position.pieces()));
  }

  /** A FEN: the position when the rules accept it, else its board field drawn as far as it can be read. */
  static fromFen(text: string): ShownPosition {
    const parsed = positionFromFen(text);
    if ('position' in parsed) return ShownPosition.of(parsed.position);
    return new ShownPosition(text, undefined, parsed.error, readBoardField(text) ?? new Map());
  }

  /** The rules' legal destinations from a square (none when the FEN was refused). */
  rulesDests(square: Square): readonly Square[] {
    if (!this.position) return [];
    this.#dests ??= this.position.dests();
    return this.#dests.get(square) ?? [];
  }
}
