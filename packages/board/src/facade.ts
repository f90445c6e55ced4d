// The board's adapter to the rules facade (@makruk/makruk, CONTRIBUTING.md Contract 3): the few compound steps the
// element needs (a position or an error message from a FEN, a played move with its SAN, a board field read for
// drawing only). Everything else — types, the start FEN, squares, legal moves — is used from the facade directly.
import {
  Board,
  MakrukError,
  PROMOTION_RANK,
  Position,
  describeValue,
  makeBoardFen,
  makeSan,
  makeUci,
  parseBoardFen,
  rankOf,
  squareIndex,
  type Move,
  type Piece,
  type Square,
} from '@makruk/makruk';

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

/** The legal move from → to (promotion filled in, as Makruk promotion is automatic), or undefined. */
export function findMove(position: Position, from: Square, to: Square): Move | undefined {
  const found = position.findMove({ from, to });
  return found.ok ? found.value : undefined;
}

export function playMove(position: Position, move: Move): PlayedMove {
  const san = makeSan(position, move);
  const after = position.play(move);
  const played: PlayedMove = { from: move.from, to: move.to, uci: makeUci(move), san, after };
  if (move.promotion) played.promotion = move.promotion;
  return played;
}

export type BoardMap = Map<Square, Piece>;

/** The pieces of a FEN's board field, for drawing a position the rules refuse; undefined when the field is unreadable. */
export function readBoardField(fen: string): BoardMap | undefined {
  const result = parseBoardFen(fen.trim().split(/\s+/)[0] ?? '');
  return result.ok ? new Map(result.value.pieces()) : undefined;
}

/** The board field for drawn pieces (promoted pawns as `M~`). */
export function writeBoardField(pieces: BoardMap): string {
  const board = Board.empty();
  for (const [square, piece] of pieces) board.set(square, piece);
  return makeBoardFen(board, { promoted: true });
}

/** A MakrukError for a wrongly typed argument from plain JavaScript (where a UCI string was expected). */
export function notAMove(method: string, value: unknown): MakrukError {
  return new MakrukError(
    'ERR_ILLEGAL_MOVE',
    `${method} takes a move in UCI notation like e3e4; it was given ${describeValue(value)}.`,
  );
}

/**
 * A move the host allowed (its own `dests`) that the rules do not know, e.g. on a diagram the rules refuse: the
 * drawn piece moves as asked (a pawn reaching its promotion rank becomes a promoted met), the turn passes, and the
 * other FEN fields stay. Returns the new FEN and the move in UCI.
 */
export function moveOnDrawing(
  pieces: BoardMap,
  fen: string,
  from: Square,
  to: Square,
): { fen: string; uci: string; promotion?: 'met' } | undefined {
  const piece = pieces.get(from);
  if (!piece) return undefined;
  const promotes = piece.role === 'pawn' && rankOf(squareIndex(to)) === PROMOTION_RANK[piece.color === 'white' ? 0 : 1];
  const after: BoardMap = new Map(pieces);
  after.delete(from);
  after.set(to, promotes ? { color: piece.color, role: 'met', promoted: true } : piece);
  const fields = fen.trim().split(/\s+/);
  const turn = fields[1] === 'b' ? 'w' : 'b';
  const uci = `${from}${to}${promotes ? 'm' : ''}`;
  const result: { fen: string; uci: string; promotion?: 'met' } = {
    fen: [writeBoardField(after), turn, ...fields.slice(2)].join(' '),
    uci,
  };
  if (promotes) result.promotion = 'met';
  return result;
}
