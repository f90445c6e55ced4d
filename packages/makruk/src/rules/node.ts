// A point of a game record: the position after a move (or the start), the game-mode counting state there, and what
// the players wrote: comments, NAGs, counting choices, arrows and square marks. Its children continue the game (the
// first is the main line). Game (a line of nodes) and GameTree (a tree of them) are made of these, and the rules of
// adding a move or a counting choice live here once. A node keeps its position and counting state, so adding a move
// looks at its parent only: nothing is replayed.
import { CountingGame } from '@makruk/counting';
import { MakrukError, ok } from './errors.js';
import type { Position } from './position.js';
import { makeSan } from './san.js';
import { materialOf } from './setup.js';
import { makeUci } from './uci.js';
import type { Color, Count, Move, OutcomeReason, Result, Square } from './types.js';

/** Why a game ended: the position's reasons, plus the ones only a game knows. */
export type GameOutcomeReason =
  | OutcomeReason
  | 'counting-side-mate'
  | 'repetition'
  | 'resignation'
  | 'agreement'
  /** A clock ran out: a win for the other side, or a draw when the other side cannot mate (no winner). */
  | 'time-forfeit';

/** How a game ended: `winner` is absent for a draw. */
export interface GameOutcome {
  winner?: Color;
  reason: GameOutcomeReason;
}

/** A counting choice a player made at a point of the game (recorded in PGN comments as `[%count start]`). */
export type CountingAction = 'start' | 'stop';

/** The colours of arrows and square marks, as PGN's `[%cal]`/`[%csl]` write them (G, R, Y, B). */
export type ShapeColor = 'green' | 'red' | 'yellow' | 'blue';

/**
 * An arrow (`from` → `to`, PGN `[%cal Ge2e4]`) or a square mark (no `to`, PGN `[%csl Ge4]`) a person drew on the
 * position of a node.
 */
export interface Shape {
  readonly color: ShapeColor;
  readonly from: Square;
  readonly to?: Square;
}

/** A point of a game tree: the root (before any move) or the position after a move. */
export interface TreeNode {
  /** The move that led here (undefined at the root). */
  readonly move?: Move;
  /** UCI of the move ('' at the root); unique among siblings, the node's step in a path. */
  readonly uci: string;
  /** SAN of the move ('' at the root). */
  readonly san: string;
  /** Plies from the root (0 at the root). */
  readonly ply: number;
  /** The position after the move. */
  readonly position: Position;
  /** FEN of `position` (counting fields in automatic mode, as engines read them). */
  readonly fen: string;
  /** The game-mode count here (the players' counting choices up to this point applied), or null. */
  readonly counting: Count | null;
  /** The game-mode counting state here, for what `count` alone does not say (who may start or stop). */
  readonly countingState: CountingGame;
  /** Comments after the move (at the root: before the first move). */
  comments: string[];
  /** Comments written before the move, at the start of a variation. */
  startComments: string[];
  /** Numeric Annotation Glyphs ($1 = !, $2 = ?, $3 = !!, $4 = ??, $5 = !?, $6 = ?!). */
  nags: number[];
  /** Board's-honour choices taken at this point (after the move, before the next). */
  countingActions: CountingAction[];
  /** Arrows and square marks drawn on this position (PGN `[%cal]`/`[%csl]`). */
  shapes: Shape[];
  /** The first child is the main continuation; the others are variations. */
  children: TreeNode[];
}

/**
 * The one node implementation. The lists are made when first used (a long game keeps one node a ply, most with no
 * comment, NAG, choice or shape), and the FEN is written when first asked for.
 */
export class Node implements TreeNode {
  readonly move: Move | undefined;
  readonly uci: string;
  readonly san: string;
  readonly ply: number;
  readonly position: Position;
  countingState: CountingGame;
  #fen: string | undefined;
  #comments: string[] | undefined;
  #startComments: string[] | undefined;
  #nags: number[] | undefined;
  #countingActions: CountingAction[] | undefined;
  #shapes: Shape[] | undefined;
  #children: Node[] | undefined;

  constructor(position: Position, ply: number, countingState: CountingGame, move?: Move, uci = '', san = '') {
    this.position = position;
    this.ply = ply;
    this.countingState = countingState;
    this.move = move;
    this.uci = uci;
    this.san = san;
  }

  get fen(): string {
    this.#fen ??= this.position.fen();
    return this.#fen;
  }
  get counting(): Count | null {
    return this.countingState.count;
  }
  get comments(): string[] {
    this.#comments ??= [];
    return this.#comments;
  }
  set comments(value: string[]) {
    this.#comments = value;
  }
  get startComments(): string[] {
    this.#startComments ??= [];
    return this.#startComments;
  }
  set startComments(value: string[]) {
    this.#startComments = value;
  }
  get nags(): number[] {
    this.#nags ??= [];
    return this.#nags;
  }
  set nags(value: number[]) {
    this.#nags = value;
  }
  get countingActions(): CountingAction[] {
    this.#countingActions ??= [];
    return this.#countingActions;
  }
  set countingActions(value: CountingAction[]) {
    this.#countingActions = value;
  }
  get shapes(): Shape[] {
    this.#shapes ??= [];
    return this.#shapes;
  }
  set shapes(value: Shape[]) {
    this.#shapes = value;
  }
  get children(): Node[] {
    this.#children ??= [];
    return this.#children;
  }
  set children(value: Node[]) {
    this.#children = value;
  }

  /** The lists as they are, without making empty ones (for readers of every node: writers, copies). */
  get commentList(): readonly string[] {
    return this.#comments ?? NONE;
  }
  get startCommentList(): readonly string[] {
    return this.#startComments ?? NONE;
  }
  get nagList(): readonly number[] {
    return this.#nags ?? NONE;
  }
  get countingActionList(): readonly CountingAction[] {
    return this.#countingActions ?? NONE;
  }
  get shapeList(): readonly Shape[] {
    return this.#shapes ?? NONE;
  }
  get childList(): readonly Node[] {
    return this.#children ?? NONE;
  }

  /** A copy with the same position, move and counting state, the lists copied, and no children. */
  copy(): Node {
    const made = new Node(this.position, this.ply, this.countingState, this.move, this.uci, this.san);
    made.#fen = this.#fen;
    if (this.#comments?.length) made.#comments = [...this.#comments];
    if (this.#startComments?.length) made.#startComments = [...this.#startComments];
    if (this.#nags?.length) made.#nags = [...this.#nags];
    if (this.#countingActions?.length) made.#countingActions = [...this.#countingActions];
    if (this.#shapes?.length) made.#shapes = this.#shapes.map((shape) => ({ ...shape }));
    return made;
  }
}

const NONE: readonly never[] = Object.freeze([]);

/** The root of a record starting at `position`; a count in the position (e.g. from its FEN) is taken over. */
export function rootNode(position: Position): Node {
  return new Node(position, 0, CountingGame.create(position.turn, materialOf(position.board), position.counting));
}

/** The game-mode counting state after `move` is played from `parent` (`after` is the position it leads to). */
function countingAfter(parent: Node, move: Move, after: Position): CountingGame {
  const state = parent.countingState;
  const captured = parent.position.pieceAt(move.to);
  return state.play(
    { capture: captured !== undefined, promotion: move.promotion === 'met', capturedPawn: captured?.role === 'pawn' },
    // unchanged material is shared with the point before (only captures and promotions change it)
    captured !== undefined || move.promotion === 'met' ? materialOf(after.board) : state.material,
  );
}

/** The node `move` (legal in `parent`'s position) leads to. It is not attached to `parent`. */
export function childNode(parent: Node, move: Move): Node {
  const after = parent.position.play(move);
  return new Node(
    after,
    parent.ply + 1,
    countingAfter(parent, move, after),
    move,
    makeUci(move),
    makeSan(parent.position, move),
  );
}

/**
 * How the game stands at a node, as far as the board and the counting rules say: checkmate (a win, but a draw when
 * the side counting board's honour mates), stalemate, insufficient material, the count passing its limit.
 */
export function nodeOutcome(node: Node): GameOutcome | undefined {
  const position = node.position;
  const checkmate = position.isCheckmate();
  if (!checkmate && position.isStalemate()) return { reason: 'stalemate' };
  if (!checkmate && position.isInsufficientMaterial()) return { reason: 'insufficient-material' };
  const verdict = node.countingState.verdict(checkmate);
  if (verdict === undefined) return undefined;
  if (verdict.result === 'win') return { winner: verdict.winner, reason: 'checkmate' };
  return { reason: verdict.reason };
}

export function describeOutcome(outcome: GameOutcome): string {
  const who = outcome.winner === undefined ? 'a draw' : `${outcome.winner} won`;
  return `${who} by ${outcome.reason.replace(/-/g, ' ')}`;
}

/** ERR_GAME_OVER: the game ended (`outcome`), so `what` cannot happen. */
export function gameOver(outcome: GameOutcome, what: string): { ok: false; error: MakrukError } {
  return {
    ok: false,
    error: new MakrukError('ERR_GAME_OVER', `The game is over (${describeOutcome(outcome)})${what}`),
  };
}

/**
 * The side to move at `node` starts or stops board's honour there (the caller has checked that the game goes on).
 * The choice is recorded on the node and its counting state changes. Returns the count started, or the one stopped.
 */
export function applyCountingAction(node: Node, action: CountingAction): Result<Count, MakrukError> {
  const before = node.countingState.count;
  const done = action === 'start' ? node.countingState.startCounting() : node.countingState.stopCounting();
  if (!done.ok) return { ok: false, error: new MakrukError(done.error.code, done.error.message) };
  node.countingState = done.value;
  node.countingActions.push(action);
  return ok((action === 'start' ? done.value.count : before) as Count);
}

/**
 * After a counting choice at `from`, the counting state of every node below it, again from its parent's, with its
 * own choices applied. A choice that no longer applies (a second start, a stop with no count) is dropped: the
 * record keeps only choices that took effect. Iterative: lines may be thousands of plies deep.
 */
export function recount(from: Node): void {
  const stack: Node[] = [from];
  for (let parent = stack.pop(); parent !== undefined; parent = stack.pop()) {
    for (const child of parent.childList) {
      child.countingState = countingAfter(parent, child.move as Move, child.position);
      const actions = child.countingActionList;
      if (actions.length > 0) {
        child.countingActions = [];
        for (const action of actions) applyCountingAction(child, action);
      }
      stack.push(child);
    }
  }
}
