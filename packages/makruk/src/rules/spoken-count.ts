// The count as players say it, for the facade's callers: @makruk/counting owns the arithmetic (spokenCount); this
// checks what plain JavaScript callers pass, as every facade function does. Read it from game.countingState,
// node.countingState (game mode, the players' choices) or position.countingState (automatic mode, as the FEN has it).
import { spokenCount as countAsSpoken, type CountingState, type SpokenCount } from '@makruk/counting';
import { argumentError } from './errors.js';

function isCountingState(value: unknown): value is CountingState {
  if (typeof value !== 'object' || value === null) return false;
  const { count, turn, material } = value as Partial<Record<keyof CountingState, unknown>>;
  if (turn !== 'white' && turn !== 'black') return false;
  if (typeof material !== 'object' || material === null) return false;
  if (count === null) return true;
  if (typeof count !== 'object' || count === undefined) return false;
  const { kind, side, plies, limitPlies } = count as Partial<Record<string, unknown>>;
  return (
    (kind === 'board' || kind === 'pieces') &&
    (side === 'white' || side === 'black') &&
    Number.isInteger(plies) &&
    Number.isInteger(limitPlies)
  );
}

/** The count as players say it (who counts, the number said, the next, the moves left to mate), or null. */
export function spokenCount(state: CountingState): SpokenCount | null {
  if (!isCountingState(state))
    throw argumentError("spokenCount's state", 'a counting state (game, node or position .countingState)', state);
  return countAsSpoken(state);
}
