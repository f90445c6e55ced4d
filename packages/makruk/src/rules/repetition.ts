// Repetition (docs/rules.md "Repetition"): two positions are the same when the placement and the side to move are; the
// count (its ply included) and the move numbers are not compared, so a threefold repetition can be claimed while a
// count runs (as in Fairy-Stockfish). The one owner of this rule in TypeScript: Position, Game and `makruk match` use
// it; the engine keeps its own (hash keys), cross-checked by a test.
//
// A capture or a pawn move makes every earlier position unrepeatable: material only goes down and pawns only go
// forward, so no later placement can equal an earlier one — comparing keys is enough, no reset is needed.
import type { Board } from './board.js';
import { makeBoardFen } from './fen.js';
import type { Color } from './types.js';

/** What makes two positions "the same" for repetition: the placement (promoted marks ignored) and the side to move. */
export function repetitionKey(position: { readonly board: Board; readonly turn: Color }): string {
  return `${makeBoardFen(position.board)} ${position.turn === 'white' ? 'w' : 'b'}`;
}

/** How often the last key of `keys` occurs in `keys`, the last one included (1 when it has not occurred before). */
export function repetitionCount(keys: readonly string[]): number {
  const last = keys[keys.length - 1];
  if (last === undefined) return 0;
  let count = 0;
  for (const key of keys) if (key === last) count++;
  return count;
}

/** Occurrences that make a repetition: the third occurrence may be claimed as a draw (engines score it as one). */
export const REPETITION_DRAW_COUNT = 3;
