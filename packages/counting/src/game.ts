import type { Color, Count, CountingResult, Material, MoveFacts } from './types.js';
import { CountingError, opposite } from './types.js';
import { BOARDS_HONOUR_LIMIT, bareKingSide, countingPossible, isBare } from './material.js';
import { advanceCount, bareKingTookLastPawn, countAfterBareKingTookLastPawn, countStartingFor } from './automatic.js';
import { countingVerdict, isCountExpired } from './outcome.js';
import type { CountingVerdict } from './outcome.js';

type StartRefusal = 'ERR_COUNT_PIECES_HONOUR' | 'ERR_COUNT_RUNNING' | 'ERR_COUNT_PAWNS' | 'ERR_COUNT_BARE_KING';
type StopRefusal = 'ERR_COUNT_NOT_RUNNING' | 'ERR_COUNT_PIECES_HONOUR' | 'ERR_COUNT_NOT_COUNTING_SIDE';

/** Why board's honour cannot start, for people. */
const START_REFUSALS: Record<StartRefusal, (state: CountingGame) => string> = {
  ERR_COUNT_PIECES_HONOUR: () => "Pieces' honour is already counting; board's honour cannot start.",
  ERR_COUNT_RUNNING: (state) => `Board's honour is already being counted by ${state.count?.side}.`,
  ERR_COUNT_PAWNS: () => 'Counting cannot start while an unpromoted pawn is on the board.',
  ERR_COUNT_BARE_KING: () => "Board's honour cannot start when a side has a bare king (pieces' honour applies).",
};

/** Why a count cannot be stopped, for people. */
const STOP_REFUSALS: Record<StopRefusal, (state: CountingGame) => string> = {
  ERR_COUNT_NOT_RUNNING: () => 'No count is running.',
  ERR_COUNT_PIECES_HONOUR: () => "Pieces' honour is automatic and cannot be stopped.",
  ERR_COUNT_NOT_COUNTING_SIDE: (state) =>
    `Only the counting side (${state.count?.side}) may stop the count, on its own turn.`,
};

/** A move as game mode needs it: the mover is always the side to move of the state. */
export type GameMoveFacts = Omit<MoveFacts, 'mover'>;

/**
 * Game mode (docs/rules.md "The counting rules", full rules): players choose to start and stop board's honour; pieces'
 * honour starts by itself; the counting side's checkmate is a draw. An immutable state machine: every method returns
 * a new state and leaves this one as it was.
 */
export class CountingGame {
  /** The side to move. */
  readonly turn: Color;
  /** Material on the board now. */
  readonly material: Material;
  /** The running count, or null. */
  readonly count: Count | null;

  private constructor(turn: Color, material: Material, count: Count | null) {
    this.turn = turn;
    this.material = material;
    this.count = count === null ? null : Object.freeze({ ...count });
    Object.freeze(this);
  }

  /**
   * A state for a position, with the count it already has (for example from a FEN). Loading never starts a count.
   */
  static create(turn: Color, material: Material, count: Count | null = null): CountingGame {
    return new CountingGame(turn, material, count);
  }

  /** Why the side to move may not start board's honour now, or undefined when it may. */
  startCountingError(): CountingError | undefined {
    const refusal = this.#startRefusal();
    return refusal === undefined ? undefined : new CountingError(refusal, START_REFUSALS[refusal](this));
  }

  /** The rule that refuses a start, without making an error (asked on every move by boards and pages). */
  #startRefusal(): StartRefusal | undefined {
    if (this.count !== null) return this.count.kind === 'pieces' ? 'ERR_COUNT_PIECES_HONOUR' : 'ERR_COUNT_RUNNING';
    if (!countingPossible(this.material)) return 'ERR_COUNT_PAWNS';
    if (isBare(this.material.white) || isBare(this.material.black)) return 'ERR_COUNT_BARE_KING';
    return undefined;
  }

  /** The side to move may start board's honour: no unpromoted pawns, neither side bare, no count running. */
  canStartCounting(): boolean {
    return this.#startRefusal() === undefined;
  }

  /** The side to move starts board's honour: it counts its own moves 1, 2, 3, … (from 1 again after a stop). */
  startCounting(): CountingResult<CountingGame> {
    const error = this.startCountingError();
    if (error !== undefined) return { ok: false, error };
    const count: Count = { kind: 'board', side: this.turn, limitPlies: 2 * BOARDS_HONOUR_LIMIT, plies: 0 };
    return { ok: true, value: new CountingGame(this.turn, this.material, count) };
  }

  /** Why the side to move may not stop counting now, or undefined when it may. */
  stopCountingError(): CountingError | undefined {
    const refusal = this.#stopRefusal();
    return refusal === undefined ? undefined : new CountingError(refusal, STOP_REFUSALS[refusal](this));
  }

  #stopRefusal(): StopRefusal | undefined {
    if (this.count === null) return 'ERR_COUNT_NOT_RUNNING';
    if (this.count.kind === 'pieces') return 'ERR_COUNT_PIECES_HONOUR';
    if (this.count.side !== this.turn) return 'ERR_COUNT_NOT_COUNTING_SIDE';
    return undefined;
  }

  /** The counting side may stop board's honour on its own turn. */
  canStopCounting(): boolean {
    return this.#stopRefusal() === undefined;
  }

  stopCounting(): CountingResult<CountingGame> {
    const error = this.stopCountingError();
    if (error !== undefined) return { ok: false, error };
    return { ok: true, value: new CountingGame(this.turn, this.material, null) };
  }

  /**
   * The state after the side to move makes a move; `after` is the material after it. Board's honour never starts
   * here (it is the players' choice); pieces' honour starts by itself and replaces board's honour.
   */
  play(move: GameMoveFacts, after: Material): CountingGame {
    const mover = this.turn;
    const toMove = opposite(mover);
    const advanced = this.count === null ? null : advanceCount(this.count);
    const facts: MoveFacts = {
      mover,
      capture: move.capture,
      promotion: move.promotion,
      capturedPawn: move.capturedPawn,
    };
    if (bareKingTookLastPawn(facts, after) && bareKingSide(after) === mover) {
      return new CountingGame(toMove, after, countAfterBareKingTookLastPawn(mover, after));
    }
    const startsPiecesHonour =
      countingPossible(after) &&
      bareKingSide(after) === toMove &&
      (advanced === null || advanced.kind === 'board' || move.capture || move.promotion);
    return new CountingGame(toMove, after, startsPiecesHonour ? countStartingFor(toMove, after) : advanced);
  }

  /** The count has passed its limit (a draw unless the side to move is checkmated). */
  isExpired(): boolean {
    return this.count !== null && isCountExpired(this.count);
  }

  /** What the counting rules say, given whether the side to move is checkmated (game mode: counting-side mate draws). */
  verdict(checkmate: boolean): CountingVerdict | undefined {
    return countingVerdict(this.count, this.turn, checkmate, 'game');
  }
}
