// Replay: a start FEN and a move list (SAN or UCI, or Move objects) to the position they reach. The one owner of
// "play these moves from this FEN" in the library; the engine, the UCI front end and the CLI use it.
import { MakrukError, describeValue } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { Position } from './position.js';
import type { Move, Result } from './types.js';

/** What a replay reached. */
export interface Replayed {
  /** The position the moves start from. */
  readonly start: Position;
  /** The position after the last move. */
  readonly position: Position;
  /** The moves as played (legal, with their promotion flags). */
  readonly moves: Move[];
}

/**
 * A move of the list could not be played. `code` is the lookup's (ERR_ILLEGAL_MOVE, ERR_SAN_SYNTAX, ERR_SAN_ILLEGAL,
 * ERR_SAN_AMBIGUOUS); `index` is the bad move's 0-based index in the list (the message says "move index+1"), and
 * `replayed` is everything up to the move before it.
 */
export class ReplayError extends MakrukError {
  readonly index: number;
  readonly replayed: Replayed;
  constructor(cause: MakrukError, index: number, replayed: Replayed) {
    super(cause.code as MakrukError['code'], `Move ${index + 1}: ${cause.message}`, { cause });
    this.index = index;
    this.replayed = replayed;
  }
}

/** A move list: an array of moves (SAN, UCI or Move), or one string of them separated by spaces. */
export type MoveList = string | readonly (Move | string)[];

/** The moves of a list, as the items `replay` plays. */
export function moveListItems(moves: MoveList): readonly (Move | string)[] {
  return typeof moves === 'string' ? moves.split(/\s+/).filter((text) => text !== '') : moves;
}

/**
 * Plays `moves` (SAN or UCI, mixed as you like; see `Position.findMove`) from `start` (a FEN, a Position, or the
 * start position when omitted). Errors: the FEN's (ERR_FEN_…, legality codes), ERR_ILLEGAL_MOVE when `moves` is not
 * a list, and a ReplayError naming the first move that cannot be played.
 */
export function replay(start: string | Position | undefined, moves: MoveList = []): Result<Replayed, MakrukError> {
  let first: Position;
  if (start instanceof Position) first = start;
  else {
    const parsed = Position.fromFen(start ?? INITIAL_FEN);
    if (!parsed.ok) return parsed;
    first = parsed.value;
  }
  if (typeof moves !== 'string' && !Array.isArray(moves)) {
    return {
      ok: false,
      error: new MakrukError(
        'ERR_ILLEGAL_MOVE',
        `The move list is ${describeValue(moves)}; give an array of moves or one string of them.`,
      ),
    };
  }
  let position = first;
  const played: Move[] = [];
  const items = moveListItems(moves);
  for (let index = 0; index < items.length; index++) {
    const found = position.findMove(items[index] as Move | string);
    if (!found.ok)
      return { ok: false, error: new ReplayError(found.error, index, { start: first, position, moves: played }) };
    played.push(found.value);
    position = position.play(found.value);
  }
  return { ok: true, value: { start: first, position, moves: played } };
}
