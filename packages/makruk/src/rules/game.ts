// A game: one line through a game record (node.ts), from the start to the current position: the moves played, SAN
// and comments, the players' counting choices (game mode of @makruk/counting: optional board's honour, automatic
// pieces' honour, the counting side's mate is a draw), threefold repetition claims, resignation and agreement. Every
// point is a node, as in a GameTree; Game adds only what a line has and a tree has not (the end by claim,
// resignation or agreement). PGN lives in pgn.ts (parsePgnGame, makePgn).
import type { CountingGame } from '@makruk/counting';
import { type GAME_ERROR_CODES, MakrukError, argumentError, err, ok } from './errors.js';
import {
  type CountingAction,
  type GameOutcome,
  type Node,
  applyCountingAction,
  childNode,
  describeOutcome,
  gameOver,
  nodeOutcome,
  rootNode,
} from './node.js';
import { canMate } from './dead-position.js';
import { Position } from './position.js';
import { REPETITION_DRAW_COUNT, repetitionCount } from './repetition.js';
import { opposite } from './types.js';
import type { Color, Count, Move, Result } from './types.js';

export type { CountingAction, GameOutcome, GameOutcomeReason, Shape, ShapeColor } from './node.js';

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

type Termination = { winner?: Color; reason: 'repetition' | 'resignation' | 'agreement' | 'time-forfeit' };

/** Result strings of PGN. */
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/** Codes of errors only a game reports (owned by errors.ts GAME_ERROR_CODES, part of MakrukErrorCode). */
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];

function gameErr(code: GameErrorCode, message: string): Result<never, MakrukError> {
  return { ok: false, error: new MakrukError(code, message) };
}

/** The PGN result of an outcome. */
export function resultOf(outcome: GameOutcome): GameResult {
  return outcome.winner === undefined ? '1/2-1/2' : outcome.winner === 'white' ? '1-0' : '0-1';
}

/** A PGN Result tag's value, if it is one of the four results. */
export function resultTag(value: string | undefined): GameResult | undefined {
  return value === '1-0' || value === '0-1' || value === '1/2-1/2' || value === '*' ? value : undefined;
}

/** A Game over a line of nodes (each the only child of the one before), taken as it is (module use only). */
let gameOnLine: (line: Node[], tags: ReadonlyMap<string, string>) => Game;
/** The nodes of a game's line, root first (module use only: GameTree.fromGame, makePgn). */
let lineOfGame: (game: Game) => readonly Node[];

export class Game {
  /** PGN tags in order (Variant, FEN and SetUp are written from the game itself). */
  readonly tags: Map<string, string> = new Map();
  /** The root, then the node of every move played: each is the only child of the one before. */
  #line: Node[];
  #termination: Termination | undefined;

  static {
    gameOnLine = (line, tags) => {
      const game = new Game((line[0] as Node).position);
      game.#line = line;
      for (const [name, value] of tags) game.tags.set(name, value);
      return game;
    };
    lineOfGame = (game) => game.#line;
  }

  constructor(position: Position = Position.initial()) {
    if (!(position instanceof Position)) throw argumentError("A Game's start position", 'a Position', position);
    this.#line = [rootNode(position)];
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

  get #current(): Node {
    return this.#line[this.#line.length - 1] as Node;
  }

  /** The position the game started from. */
  get initialPosition(): Position {
    return (this.#line[0] as Node).position;
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
    return this.#line.length - 1;
  }

  get moves(): Move[] {
    return this.#line.slice(1).map((node) => ({ ...(node.move as Move) }));
  }

  get sans(): string[] {
    return this.#line.slice(1).map((node) => node.san);
  }

  get ucis(): string[] {
    return this.#line.slice(1).map((node) => node.uci);
  }

  /** FEN of every position of the game, the start included (counting fields in automatic mode, as engines read). */
  get fens(): string[] {
    return this.#line.map((node) => node.fen);
  }

  /** Every move with its SAN, FENs, count, comments and NAGs. */
  history(): GameMove[] {
    const out: GameMove[] = [];
    for (let i = 1; i < this.#line.length; i++) {
      const node = this.#line[i] as Node;
      const before = this.#line[i - 1] as Node;
      out.push({
        move: { ...(node.move as Move) },
        san: node.san,
        uci: node.uci,
        fenBefore: before.fen,
        fenAfter: node.fen,
        counting: node.counting,
        comments: [...node.commentList],
        nags: [...node.nagList],
      });
    }
    return out;
  }

  /** Comments before the first move. */
  get startComments(): readonly string[] {
    return [...(this.#line[0] as Node).commentList];
  }

  /** Adds a comment to the last move (or to the start of the game when no move was played). */
  addComment(text: string): void {
    const trimmed = String(text).trim();
    if (trimmed !== '') this.#current.comments.push(trimmed);
  }

  /** Adds a numeric annotation glyph (1 = !, 2 = ?, …) to the last move. */
  addNag(nag: number): void {
    if (isNag(nag) && this.ply > 0) this.#current.nags.push(nag);
  }

  /** The counting choices taken at each point: index 0 = before the first move, i = after move i. */
  countingActions(): CountingAction[][] {
    return this.#line.map((node) => [...node.countingActionList]);
  }

  /** Comments at each point: index 0 = before the first move, i = after move i. */
  commentsAt(index: number): string[] {
    return [...(this.#line[index]?.commentList ?? [])];
  }

  /** NAGs of move i (1-based). */
  nagsAt(index: number): number[] {
    return [...(this.#line[index]?.nagList ?? [])];
  }

  /**
   * Plays a move given as a Move, a UCI string (`e3e4`, `c5c6m`) or SAN (`e4`, `Nf3`, `dxe6`, `c6=M`).
   * Errors: ERR_GAME_OVER, ERR_ILLEGAL_MOVE, ERR_SAN_SYNTAX, ERR_SAN_ILLEGAL, ERR_SAN_AMBIGUOUS.
   */
  play(input: Move | string): Result<Move, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameOver(outcome, '; no more moves can be played.');
    const node = this.#current;
    const found = node.position.findMove(input);
    if (!found.ok) return found;
    const child = childNode(node, found.value);
    node.children.push(child);
    this.#line.push(child);
    return ok({ ...found.value });
  }

  /** Takes back the last move (and any claim, resignation or agreement). Returns the move, or undefined. */
  undo(): Move | undefined {
    this.#termination = undefined;
    if (this.#line.length === 1) return undefined;
    const node = this.#line.pop() as Node;
    this.#current.children = [];
    return { ...(node.move as Move) };
  }

  // ---- counting (game mode) ----

  /** The running count with the players' choices applied (game mode), or null. */
  get counting(): Count | null {
    return this.#current.counting;
  }

  /**
   * The game-mode counting state now (the count with the players' choices, the side to move, the material): what
   * `spokenCount` reads.
   */
  get countingState(): CountingGame {
    return this.#current.countingState;
  }

  /** The side to move may start board's honour now. */
  canStartCounting(): boolean {
    return this.outcome() === undefined && this.#current.countingState.canStartCounting();
  }

  /** The side to move starts board's honour (it counts its own moves from 1). */
  startCounting(): Result<Count, MakrukError> {
    return this.#countingAction('start');
  }

  /** The counting side may stop board's honour now (its own turn). */
  canStopCounting(): boolean {
    return this.outcome() === undefined && this.#current.countingState.canStopCounting();
  }

  /** The counting side stops board's honour; starting again later restarts from 1. Returns the stopped count. */
  stopCounting(): Result<Count, MakrukError> {
    return this.#countingAction('stop');
  }

  #countingAction(action: CountingAction): Result<Count, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameOver(outcome, '; counting cannot change.');
    return applyCountingAction(this.#current, action);
  }

  // ---- repetition ----

  /**
   * How often the current position (same placement and side to move; the count is not compared) has occurred, this
   * time included.
   */
  repetitionCount(): number {
    return repetitionCount(this.#line.map((node) => node.position.repetitionKey()));
  }

  /** Threefold repetition can be claimed: the current position occurs for the third time (or more). */
  canClaimRepetition(): boolean {
    return this.outcome() === undefined && this.repetitionCount() >= REPETITION_DRAW_COUNT;
  }

  /** Claims a draw by threefold repetition. Error ERR_NO_DRAW_CLAIM when it cannot be claimed. */
  claimDraw(): Result<GameOutcome, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameOver(outcome, '.');
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
    if (color !== 'white' && color !== 'black') return err(argumentError('resign', "'white' or 'black'", color));
    if (outcome !== undefined) return gameOver(outcome, '.');
    this.#termination = { winner: opposite(color), reason: 'resignation' };
    return ok({ winner: opposite(color), reason: 'resignation' });
  }

  /** The players agree a draw. */
  agreeDraw(): Result<GameOutcome, MakrukError> {
    const outcome = this.outcome();
    if (outcome !== undefined) return gameOver(outcome, '.');
    this.#termination = { reason: 'agreement' };
    return ok({ reason: 'agreement' });
  }

  /**
   * `color`'s clock ran out: the other side wins on time, unless it cannot mate with what it has left (docs/rules.md
   * "Dead position", `canMate`), then the game is drawn. The reason is 'time-forfeit' either way (PGN's Termination
   * "time forfeit").
   */
  timeForfeit(color: Color): Result<GameOutcome, MakrukError> {
    if (color !== 'white' && color !== 'black') throw argumentError("timeForfeit's color", "'white' or 'black'", color);
    const outcome = this.outcome();
    if (outcome !== undefined) return gameOver(outcome, '.');
    const other = opposite(color);
    this.#termination = canMate(this.position.board, other)
      ? { winner: other, reason: 'time-forfeit' }
      : { reason: 'time-forfeit' };
    return ok({ ...this.#termination });
  }

  // ---- the end ----

  /**
   * How the game ended, or undefined while it goes on: checkmate (a win, but a draw when the side counting board's
   * honour mates), stalemate, insufficient material, the count passing its limit (game-mode count), a claimed
   * repetition, resignation or agreement.
   */
  outcome(): GameOutcome | undefined {
    if (this.#termination !== undefined) return { ...this.#termination };
    return nodeOutcome(this.#current);
  }

  isOver(): boolean {
    return this.outcome() !== undefined;
  }

  /** The PGN result: from the outcome, else the Result tag read from a PGN, else '*'. */
  result(): GameResult {
    const outcome = this.outcome();
    if (outcome !== undefined) return resultOf(outcome);
    return resultTag(this.tags.get('Result')) ?? '*';
  }

  /** Start FEN and UCI moves, the form `Engine.analyse` takes (it replays the history, so repetitions are seen). */
  engineInput(): { fen: string; moves: string[] } {
    return { fen: this.initialPosition.fen(), moves: this.ucis };
  }

  /** An independent copy. */
  clone(): Game {
    const copy = gameOnLine(copyLine(this.#line), this.tags);
    copy.#termination = this.#termination ? { ...this.#termination } : undefined;
    return copy;
  }
}

/** A NAG PGN can write: a whole number 0–255. */
export function isNag(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 255;
}

/** Copies of nodes, each the only child of the one before (a Game's line). */
export function copyLine(nodes: readonly Node[]): Node[] {
  const line: Node[] = [];
  for (const node of nodes) {
    const made = node.copy();
    const last = line[line.length - 1];
    if (last) last.children = [made];
    line.push(made);
  }
  return line;
}

/** A Game over `line` (root first, each node the only child of the one before), with `tags`. For GameTree and PGN. */
export function gameFromLine(line: Node[], tags: ReadonlyMap<string, string>): Game {
  return gameOnLine(line, tags);
}

/** The nodes of a game's line, root first. For GameTree and PGN; not to be changed. */
export function gameLine(game: Game): readonly Node[] {
  return lineOfGame(game);
}

export { describeOutcome };
