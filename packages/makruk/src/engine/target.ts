// What the engine analyses: a Position, a game as start FEN + moves, or anything with `engineInput()` (a Game),
// turned into the start FEN + UCI moves the worker replays (so the engine sees the history for repetition), through
// the library's one `replay`. Also the way back: the engine's UCI moves as the facade's legal moves and SAN lines.
import { MakrukError, describeValue } from '../rules/errors.js';
import { Position } from '../rules/position.js';
import { replay, type MoveList } from '../rules/replay.js';
import { makeSan } from '../rules/san.js';
import { makeUci } from '../rules/uci.js';
import type { Move, Result } from '../rules/types.js';
import type { WorkerGame } from './worker-protocol.js';

/** A game to analyse from: a start FEN (default: the initial position) and the moves played (SAN, UCI or Move). */
export interface GameInput {
  fen?: string;
  moves?: MoveList;
}

/** What analyse() accepts: a position (no history), a game as start FEN + moves, or anything with `engineInput()`. */
export type AnalysisTarget = Position | GameInput | { engineInput(): GameInput };

function targetError(message: string): Result<never, MakrukError> {
  return { ok: false, error: new MakrukError('ERR_ENGINE_TARGET', message) };
}

/**
 * The start FEN + UCI moves for the worker, and the position they lead to (for turn, legality, SAN). Errors are
 * values: ERR_ENGINE_TARGET for something that is no target at all, else the replay's (FEN codes, a ReplayError
 * naming the bad move).
 */
export function resolveAnalysisTarget(
  target: AnalysisTarget,
): Result<{ game: WorkerGame; position: Position }, MakrukError> {
  if (target instanceof Position)
    return { ok: true, value: { game: { fen: target.fen(), moves: [] }, position: target } };
  if (typeof target !== 'object' || target === null) {
    return targetError(`analyse() needs a Position, a Game or { fen, moves }, not ${describeValue(target)}`);
  }
  const input: unknown =
    'engineInput' in target && typeof target.engineInput === 'function' ? target.engineInput() : target;
  if (typeof input !== 'object' || input === null) return targetError(`engineInput() gave ${describeValue(input)}`);
  const { fen, moves } = input as GameInput;
  if (fen !== undefined && typeof fen !== 'string')
    return targetError(`the start FEN is ${describeValue(fen)}, not a string`);
  const replayed = replay(fen, moves ?? []);
  if (!replayed.ok) return replayed;
  const { start, position, moves: played } = replayed.value;
  return { ok: true, value: { game: { fen: start.fen(), moves: played.map(makeUci) }, position } };
}

/** The legal move the engine means by a UCI string (with the promotion mark the facade's generator sets). */
export function legalMoveOf(position: Position, uci: string | null | undefined): Move | undefined {
  if (!uci) return undefined;
  const found = position.findMove(uci);
  return found.ok ? found.value : undefined;
}

/** SAN of a UCI line from `position`; stops at the first move the facade does not find legal. */
export function sanLine(position: Position, pv: readonly string[]): string[] {
  const out: string[] = [];
  let current = position;
  for (const uci of pv) {
    const move = legalMoveOf(current, uci);
    if (!move) break;
    out.push(makeSan(current, move));
    current = current.play(move);
  }
  return out;
}
