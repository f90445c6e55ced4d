// The position options every subcommand shares: a FEN (or `startpos`).
import { INITIAL_FEN, Position } from '@makruk/makruk';

/** Reads `--fen` (or the start position); `startpos` is accepted as a name for it. */
export function positionFromFen(fen: string | undefined): Position {
  const text = fen === undefined || fen.trim() === 'startpos' ? INITIAL_FEN : fen;
  const result = Position.fromFen(text);
  if (!result.ok) throw result.error;
  return result.value;
}
