// A game: the positions and moves played, SAN and comments, the players' counting choices (game mode of
// @makruk/counting: optional board's honour, automatic pieces' honour, the counting side's mate is a draw),
// threefold repetition claims, resignation and agreement. PGN lives in pgn.ts (parsePgnGame, makePgn), which
// builds on Game; Game knows nothing of PGN.
import { CountingGame } from '@makruk/counting';
import type { CountingError } from '@makruk/counting';
import { MakrukError, argumentError, ok } from './errors.js';
import { Position } from './position.js';
import { REPETITION_DRAW_COUNT, repetitionCount } from './repetition.js';
import { makeSan } from './san.js';
import { materialOf } from './setup.js';
import { makeUci } from './uci.js';
import { opposite } from './types.js';
import type { Color, Count, Move, OutcomeReason, Result } from './types.js';

/** Why a game ended: the position's reasons, plus the ones only a game knows. */
export type GameOutcomeReason = OutcomeReason | 'counting-side-mate' | 'repetition' | 'resignation' | 'agreement';

/** How a game ended: `winner` is absent for a draw. */
export interface GameOutcome {
  winner?: Color;
  reason: GameOutcomeReason;
}

/** A counting choice a player made at a point of the game (recorded in PGN comments as `[%count start]`). */
export type CountingAction = 'start' | 'stop';

/** One move of the game as played. */
export interface GameMove {
  readonly move: Move;
  readonly san: string;
  readonly uci: string;
  /** FEN before and after the move (counting fields as Fairy-Stockfish writes them: automatic mode). */
  readonly fenBefore: string;
  readonly fenAfter: string;
  /** The game-mode count after the move (players' choices applied), or null. */
  readonly counting: Count | null;
  /** Comments written after the move. */
  readonly comments: readonly string[];
  /** Numeric annotation glyphs ($1 = !, $2 = ?, …). */
  readonly nags: readonly number[];
}

/** A point of the game: the root (before any move) or the position after a move. */
interface GameNode {
  position: Position;
  /** Game-mode counting state here, with the counting actions taken here applied. */
  counting: CountingGame;
  /** Counting actions taken at this point, in order (before the next move). Copied on write: most points have none. */
  actions: readonly CountingAction[];
  move?: { move: Move; san: string; uci: string };
  comments: readonly string[];
  nags: readonly number[];
}

/** The empty list every new point shares (a long game keeps one point per ply: no three empty arrays each). */
const NONE: readonly never[] = Object.freeze([]);

type Termination = { winner?: Color; reason: 'repetition' | 'resignation' | 'agreement' };

/** Result strings of PGN. */
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

function countingFor(position: Position): CountingGame {
  return CountingGame.create(position.turn, materialOf(position.board), position.counting);
}

/** Codes of errors only a game reports (beside the facade's MakrukErrorCode). */
export type GameErrorCode = 'ERR_GAME_OVER' | 'ERR_NO_DRAW_CLAIM';

function gameErr(code: GameErrorCode, message: string): Result<never, MakrukError> {
  return { ok: false, error: new MakrukError(code, message) };
}

function fromCountingError(error: CountingError): MakrukError {
  return new MakrukError(error.code, error.message);
}

export class Game {
  /** PGN tags in order (Variant, FEN and SetUp are written from the game itself). */
  readonly tags: Map<string, string> = new Map();
  #nodes: GameNode[];
  #termination: Termination | undefined;

  constructor(position: Position = Position.initial()) {
    if (!(position instanceof Position)) throw argumentError("A Game's start position", 'a Position', position);
    this.#nodes = [{ position, counting: countingFor(position), actions: NONE, comments: NONE, nags: NONE }];
  }

  /** A new game from the start position. */
  static initial(): Game {
    return new Game();
  }

  /** A new game from any legal position; a count in the position (e.g. from its FEN) is taken over. */
  static fromPosition(position: Position): Game {
    return new Game(position);
  }

  static fromFen(fen: string): Result<Game, MakrukError> {
    const position = Position.fromFen(fen);
    return position.ok ? ok(new Game(position.value)) : position;
  }

  get #current(): GameNode {
    return this.#nodes[this.#nodes.length - 1] as GameNode;
  }

  /** The position the game started from. */
  get initialPosition(): Position {
    return (this.#nodes[0] as GameNode).position;
  }

  /** The current position. */
  get position(): Position {
    return this.#current.position;
  }

  get turn(): Color {
    return this.position.turn;
  }

  /** Number of moves (plies) played. */
  get ply(): number {
    return this.#nodes.length - 1;
  }

  get moves(): Move[] {
    return this.#nodes.slice(1).map((node) => ({ ...(node.move as { move: Move }).move }));
  }

  get sans(): string[] {
    return this.#nodes.slice(1).map((node) => (node.move as { san: string }).san);
  }

  get ucis(): string[] {
    return this.#nodes.slice(1).map((node) => (node.move as { uci: string }).uci);
  }

  /** FEN of every position of the game, the start included (counting fields in automatic mode, as engines read). */
  get fens(): string[] {
    return this.#nodes.map((node) => node.position.fen());
  }

  /** Every move with its SAN, FENs, count, comments and NAGs. */
  history(): GameMove[] {
    const out: GameMove[] = [];
    for (let i = 1; i < this.#nodes.length; i++) {
      const node = this.#nodes[i] as GameNode;
      const before = this.#nodes[i - 1] as GameNode;
      const played = node.move as { move: Move; san: string; uci: string };
      out.push({
        move: { ...played.move },
        san: played.san,
        uci: played.uci,
        fenBefore: before.position.fen(),
        fenAfter: node.position.fen(),
        counting: node.counting.count,
        comments: [...node.comments],
        nags: [...node.nags],
      });
    }
    return out;
  }

  /** Comments before the first move. */
  get startComments(): readonly string[] {
    return [...(this.#nodes[0] as GameNode).comments];
  }

  /** Adds a comment to the last move (or to the start of the game when no move was played). */
  addComment(text: string): void {
    const trimmed = String(text).trim();
    if (trimmed !== '') this.#current.comments = [...this.#current.comments, trimmed];
  }

  /** Adds a numeric annotation glyph (1 = !, 2 = ?, …) to the last move. */
  addNag(nag: number): void {
    if (Number.isInteger(nag) && nag >= 0 && nag <= 255 && this.ply > 0)
      this.#current.nags = [...this.#current.nags, nag];
  }

  /** The counting choices taken at each point: index 0 = before the first move, i = after move i. */
  countingActions(): CountingAction[][] {
    return this.#nodes.map((node) => [...node.actions]);
  }

  /** Comments at each point: index 0 = before the first move, i = after move i. */
  commentsAt(index: number): string[] {
    return [...(this.#nodes[index]?.comments ?? [])];
  }

  /** NAGs of move i (1-based). */
  nagsAt(index: number): number[] {
    return [...(this.#nodes[index]?.nags ?? [])];
  }

  /**
   * Plays a move given as a Move, a UCI string (`e3e4`, `c5c6m`) or SAN (`e4`, `Nf3`, `dxe6`, `c6=M`).
   * Errors: ERR_GAME_OVER, ERR_ILLEGAL_MOVE, ERR_SAN_SYNTAX, ERR_SAN_ILLEGAL, ERR_SAN_AMBIGUOUS.
   */
  play(input: Move | string): Result<Move, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) {
      return gameErr('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)}); no more moves can be played.`);
    }
    const found = this.position.findMove(input);
    if (!found.ok) return found;
    const move = found.value;
    const node = this.#current;
    const position = node.position;
    const captured = position.pieceAt(move.to);
    const san = makeSan(position, move);
    const after = position.play(move);
    const counting = node.counting.play(
      { capture: captured !== undefined, promotion: move.promotion === 'met', capturedPawn: captured?.role === 'pawn' },
      // unchanged material is shared with the point before (only captures and promotions change it)
      captured !== undefined || move.promotion === 'met' ? materialOf(after.board) : node.counting.material,
    );
    this.#nodes.push({
      position: after,
      counting,
      actions: NONE,
      move: { move, san, uci: makeUci(move) },
      comments: NONE,
      nags: NONE,
    });
    return ok({ ...move });
  }

  /** Takes back the last move (and any claim, resignation or agreement). Returns the move, or undefined. */
  undo(): Move | undefined {
    this.#termination = undefined;
    if (this.#nodes.length === 1) return undefined;
    const node = this.#nodes.pop() as GameNode;
    return node.move ? { ...node.move.move } : undefined;
  }

  // ---- counting (game mode) ----

  /** The running count with the players' choices applied (game mode), or null. */
  get counting(): Count | null {
    return this.#current.counting.count;
  }

  /** The side to move may start board's honour now. */
  canStartCounting(): boolean {
    return this.outcome() === undefined && this.#current.counting.canStartCounting();
  }

  /** The side to move starts board's honour (it counts its own moves from 1). */
  startCounting(): Result<Count, MakrukError> {
    return this.#countingAction('start');
  }

  /** The counting side may stop board's honour now (its own turn). */
  canStopCounting(): boolean {
    return this.outcome() === undefined && this.#current.counting.canStopCounting();
  }

  /** The counting side stops board's honour; starting again later restarts from 1. Returns the stopped count. */
  stopCounting(): Result<Count, MakrukError> {
    return this.#countingAction('stop');
  }

  #countingAction(action: CountingAction): Result<Count, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) {
      return gameErr('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)}); counting cannot change.`);
    }
    const node = this.#current;
    const before = node.counting.count;
    const result = action === 'start' ? node.counting.startCounting() : node.counting.stopCounting();
    if (!result.ok) return { ok: false, error: fromCountingError(result.error) };
    node.counting = result.value;
    node.actions = [...node.actions, action];
    return ok((action === 'start' ? result.value.count : before) as Count);
  }

  // ---- repetition ----

  /**
   * How often the current position (same placement and side to move; the count is not compared) has occurred, this
   * time included.
   */
  repetitionCount(): number {
    return repetitionCount(this.#nodes.map((node) => node.position.repetitionKey()));
  }

  /** Threefold repetition can be claimed: the current position occurs for the third time (or more). */
  canClaimRepetition(): boolean {
    return this.outcome() === undefined && this.repetitionCount() >= REPETITION_DRAW_COUNT;
  }

  /** Claims a draw by threefold repetition. Error ERR_NO_DRAW_CLAIM when it cannot be claimed. */
  claimDraw(): Result<GameOutcome, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) {
      return gameErr('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)}).`);
    }
    const count = this.repetitionCount();
    if (count < REPETITION_DRAW_COUNT) {
      return gameErr(
        'ERR_NO_DRAW_CLAIM',
        `A draw by repetition needs the same position three times; this one has occurred ${count === 1 ? 'once' : 'twice'}.`,
      );
    }
    this.#termination = { reason: 'repetition' };
    return ok({ reason: 'repetition' });
  }

  /** `color` (default: the side to move) resigns. */
  resign(color: Color = this.turn): Result<GameOutcome, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameErr('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)}).`);
    this.#termination = { winner: opposite(color), reason: 'resignation' };
    return ok({ winner: opposite(color), reason: 'resignation' });
  }

  /** The players agree a draw. */
  agreeDraw(): Result<GameOutcome, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameErr('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)}).`);
    this.#termination = { reason: 'agreement' };
    return ok({ reason: 'agreement' });
  }

  // ---- the end ----

  /**
   * How the game ended, or undefined while it goes on: checkmate (a win, but a draw when the side counting board's
   * honour mates), stalemate, insufficient material, the count passing its limit (game-mode count), a claimed
   * repetition, resignation or agreement.
   */
  outcome(): GameOutcome | undefined {
    if (this.#termination !== undefined) return { ...this.#termination };
    const node = this.#current;
    const position = node.position;
    const checkmate = position.isCheckmate();
    if (!checkmate && position.isStalemate()) return { reason: 'stalemate' };
    if (!checkmate && position.isInsufficientMaterial()) return { reason: 'insufficient-material' };
    const verdict = node.counting.verdict(checkmate);
    if (verdict === undefined) return undefined;
    if (verdict.result === 'win') return { winner: verdict.winner, reason: 'checkmate' };
    return { reason: verdict.reason };
  }

  isOver(): boolean {
    return this.outcome() !== undefined;
  }

  /** The PGN result: from the outcome, else the Result tag read from a PGN, else '*'. */
  result(): GameResult {
    const outcome = this.outcome();
    if (outcome !== undefined)
      return outcome.winner === undefined ? '1/2-1/2' : outcome.winner === 'white' ? '1-0' : '0-1';
    const tag = this.tags.get('Result');
    return tag === '1-0' || tag === '0-1' || tag === '1/2-1/2' ? tag : '*';
  }

  /** Start FEN and UCI moves, the form `Engine.analyse` takes (it replays the history, so repetitions are seen). */
  engineInput(): { fen: string; moves: string[] } {
    return { fen: this.initialPosition.fen(), moves: this.ucis };
  }

  /** An independent copy. */
  clone(): Game {
    const copy = new Game(this.initialPosition);
    copy.#nodes = this.#nodes.map((node) => ({
      ...node,
      actions: [...node.actions],
      comments: [...node.comments],
      nags: [...node.nags],
    }));
    copy.#termination = this.#termination ? { ...this.#termination } : undefined;
    for (const [name, value] of this.tags) copy.tags.set(name, value);
    return copy;
  }
}

function describeOutcome(outcome: GameOutcome): string {
  const who = outcome.winner === undefined ? 'a draw' : `${outcome.winner} won`;
  return `${who} by ${outcome.reason.replace(/-/g, ' ')}`;
}
