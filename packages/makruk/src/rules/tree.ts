// A game tree: the moves of a game with its variations, comments, NAGs, arrows and the players' counting choices at
// every point, addressed by paths (as lichess's analysis board: "a tree and a path in it"). A path is the list of
// UCI moves from the root, so it stays valid when variations are promoted or reordered. The nodes are those of
// node.ts, which a Game's line is made of too: a move is judged by the rules there (game-mode counting included)
// from the node it is played at, so nothing is replayed. PGN for trees lives in pgn.ts with the rest of PGN.
import { MakrukError, argumentError, describeValue, quoteInput } from './errors.js';
import { Game, copyLine, gameFromLine, gameLine, isNag } from './game.js';
import {
  type CountingAction,
  Node,
  type Shape,
  type TreeNode,
  applyCountingAction,
  childNode,
  gameOver,
  nodeOutcome,
  recount,
  rootNode,
} from './node.js';
import { Position } from './position.js';
import { isSquare } from './squares.js';
import type { Move, Result } from './types.js';

export type { Shape, ShapeColor, TreeNode } from './node.js';

/** The UCI moves from the root to a node; `[]` is the root. */
export type TreePath = readonly string[];

/** A path that leads nowhere: nothing can be played or chosen there (ERR_ILLEGAL_MOVE). */
function noNode(path: TreePath): { ok: false; error: MakrukError } {
  const where = Array.isArray(path) ? quoteInput(path.join(' ')) : describeValue(path);
  return { ok: false, error: new MakrukError('ERR_ILLEGAL_MOVE', `No position at ${where} in the tree.`) };
}

const SHAPE_COLORS: ReadonlySet<string> = new Set(['green', 'red', 'yellow', 'blue']);

function isShape(value: unknown): value is Shape {
  if (typeof value !== 'object' || value === null) return false;
  const shape = value as Partial<Record<keyof Shape, unknown>>;
  return (
    typeof shape.color === 'string' &&
    SHAPE_COLORS.has(shape.color) &&
    isSquare(shape.from) &&
    (shape.to === undefined || isSquare(shape.to))
  );
}

export class GameTree {
  readonly root: TreeNode;
  /** PGN tags (Variant, FEN, SetUp and Result are written from the tree itself). */
  readonly tags = new Map<string, string>();

  constructor(position: Position = Position.initial()) {
    if (!(position instanceof Position)) throw argumentError("A GameTree's start position", 'a Position', position);
    this.root = rootNode(position);
  }

  static fromFen(fen: string): Result<GameTree, MakrukError> {
    const position = Position.fromFen(fen);
    if (!position.ok) return position;
    return { ok: true, value: new GameTree(position.value) };
  }

  /** A tree holding a game's moves as its main line (with comments, NAGs, counting choices and tags). */
  static fromGame(game: Game): GameTree {
    if (!(game instanceof Game)) throw argumentError("GameTree.fromGame's game", 'a Game', game);
    return treeFromRoot(copyLine(gameLine(game))[0] as Node, game.tags);
  }

  /** The node a path leads to, or undefined when a step of it is not in the tree. */
  nodeAt(path: TreePath): TreeNode | undefined {
    if (!Array.isArray(path)) return undefined; // not a path (plain JavaScript callers): no node
    let node: TreeNode | undefined = this.root;
    for (const uci of path) {
      node = node.children.find((child) => child.uci === uci);
      if (!node) return undefined;
    }
    return node;
  }

  /** The root and every node along a path (as far as the path exists). */
  nodesAlong(path: TreePath): TreeNode[] {
    const nodes: TreeNode[] = [this.root];
    if (!Array.isArray(path)) return nodes;
    let node = this.root;
    for (const uci of path) {
      const next = node.children.find((child) => child.uci === uci);
      if (!next) break;
      nodes.push(next);
      node = next;
    }
    return nodes;
  }

  /** The path of the main line from a node (default: the root) to its end. */
  mainlinePath(from: TreePath = []): string[] {
    if (!Array.isArray(from)) return [];
    const path = [...from];
    let node = this.nodeAt(from);
    while (node?.children[0]) {
      node = node.children[0];
      path.push(node.uci);
    }
    return path;
  }

  /** The main line's nodes, root first. */
  mainline(): TreeNode[] {
    return this.nodesAlong(this.mainlinePath());
  }

  /** The longest existing prefix of a path. */
  validPath(path: TreePath): string[] {
    return this.nodesAlong(path)
      .slice(1)
      .map((node) => node.uci);
  }

  /**
   * The game along a path (moves, comments, NAGs, counting choices and tags): the rules' view of that point,
   * e.g. `gameAt(path).counting`, `.outcome()`, `.canStartCounting()`, or what `Engine.analyse` takes. The game is a
   * copy: playing on it leaves the tree as it is.
   */
  gameAt(path: TreePath): Game {
    const line = copyLine(this.nodesAlong(path) as Node[]);
    // as Game itself keeps them: comments trimmed and not empty, NAGs 0–255 on moves only
    for (const node of line) {
      if (node.commentList.length > 0) node.comments = node.commentList.map((c) => String(c).trim()).filter((c) => c);
      if (node.nagList.length > 0) node.nags = node.ply === 0 ? [] : node.nagList.filter(isNag);
    }
    return gameFromLine(line, this.tags);
  }

  /**
   * Plays a move (Move, UCI or SAN) after the node at `path`. An existing child with that move is reused; otherwise
   * the move becomes a new child: the main continuation if the node had none, else a variation. Returns the new path.
   * Errors: ERR_ILLEGAL_MOVE (also for a path not in the tree), and those of Game.play (ERR_ILLEGAL_MOVE, ERR_SAN_*, ERR_GAME_OVER).
   */
  addMove(path: TreePath, input: Move | string): Result<string[], MakrukError> {
    const node = this.nodeAt(path) as Node | undefined;
    if (!node) return noNode(path);
    const child = addChild(node, input);
    return child.ok ? { ok: true, value: [...path, child.value.uci] } : child;
  }

  /**
   * Plays moves one after another from the node at `path`, as addMove does each (existing children are reused), and
   * returns the path to the last. All or nothing: when a move cannot be played, nothing is added and the error says
   * which move of the line it was. addMove finds its node from the root each time; for a long line this is the
   * faster way.
   */
  addLine(path: TreePath, moves: ReadonlyArray<Move | string>): Result<string[], MakrukError> {
    const start = this.nodeAt(path) as Node | undefined;
    if (!start) return noNode(path);
    if (!Array.isArray(moves))
      return { ok: false, error: argumentError("addLine's moves", 'an array of moves', moves) };
    const steps = [...path];
    let node = start;
    /** The first new node and where it goes: attached only when the whole line is legal. */
    let graft: { parent: Node; child: Node } | undefined;
    for (const [index, input] of moves.entries()) {
      const outcome = nodeOutcome(node);
      const found =
        outcome === undefined ? node.position.findMove(input) : gameOver(outcome, '; no more moves can be played.');
      if (!found.ok) {
        const error = new MakrukError(found.error.code, `Move ${index + 1} of the line: ${found.error.message}`);
        return { ok: false, error };
      }
      const move = found.value;
      let next = node.childList.find((child) => child.move !== undefined && sameMove(child.move, move));
      if (!next) {
        next = childNode(node, move);
        if (graft) node.children.push(next);
        else graft = { parent: node, child: next };
      }
      steps.push(next.uci);
      node = next;
    }
    if (graft) graft.parent.children.push(graft.child);
    return { ok: true, value: steps };
  }

  /** Deletes the node at `path` and everything after it (not the root). Returns false if there is no such node. */
  deleteAt(path: TreePath): boolean {
    if (!Array.isArray(path) || path.length === 0) return false;
    const parent = this.nodeAt(path.slice(0, -1));
    const index = parent?.children.findIndex((child) => child.uci === path.at(-1)) ?? -1;
    if (!parent || index < 0) return false;
    parent.children.splice(index, 1);
    return true;
  }

  /**
   * Promotes the variation holding the node at `path` one level: at the deepest fork along the path where the
   * path does not follow the first child, its child moves to the front. With `toMainline`, this is done at every
   * fork, so the whole path becomes the main line. Returns false when nothing changed.
   */
  promote(path: TreePath, toMainline = false): boolean {
    const nodes = this.nodesAlong(path);
    let changed = false;
    for (let index = nodes.length - 1; index > 0; index--) {
      const parent = nodes[index - 1] as TreeNode;
      const child = nodes[index] as TreeNode;
      const at = parent.children.indexOf(child);
      if (at > 0) {
        parent.children.splice(at, 1);
        parent.children.unshift(child);
        changed = true;
        if (!toMainline) break;
      }
    }
    return changed;
  }

  /** Makes the path the main line (promotes it at every fork). */
  makeMainline(path: TreePath): boolean {
    return this.promote(path, true);
  }

  /** True when the path follows first children only. */
  isMainline(path: TreePath): boolean {
    const nodes = this.nodesAlong(path);
    return nodes.every((node, index) => index === 0 || (nodes[index - 1] as TreeNode).children[0] === node);
  }

  /**
   * The side to move at `path` starts or stops board's honour there (game mode, see Game.startCounting).
   * The choice is recorded on the node; the counting state of every node after it follows (a later choice that no
   * longer applies, such as a second start, is dropped). Positions do not change.
   */
  countingAction(path: TreePath, action: CountingAction): Result<true, MakrukError> {
    const node = this.nodeAt(path) as Node | undefined;
    if (!node) return noNode(path);
    const done = countingChoice(node, action);
    return done.ok ? { ok: true, value: true } : done;
  }

  /** Replaces the comments of a node (empty text removes them). */
  setComment(path: TreePath, text: string): boolean {
    const node = this.nodeAt(path);
    if (!node) return false;
    const cleaned = String(text).trim();
    node.comments = cleaned === '' ? [] : [cleaned];
    return true;
  }

  /** Sets a NAG of the move-mark kind ($1–$6) on a node, or removes it when it is already set. NAGs are 0–255. */
  toggleNag(path: TreePath, nag: number): boolean {
    const node = this.nodeAt(path);
    if (!node || path.length === 0 || !isNag(nag)) return false;
    if (node.nags.includes(nag)) node.nags = node.nags.filter((n) => n !== nag);
    else node.nags = [...node.nags.filter((n) => n < 1 || n > 6 || nag < 1 || nag > 6), nag];
    return true;
  }

  /**
   * Replaces the arrows and square marks drawn on a node's position (PGN `[%cal]`/`[%csl]`); `[]` removes them.
   * Returns false when there is no such node or a shape is not a Shape (a colour of green, red, yellow or blue,
   * squares a1–h8); duplicates are kept once.
   */
  setShapes(path: TreePath, shapes: readonly Shape[]): boolean {
    const node = this.nodeAt(path);
    if (!node || !Array.isArray(shapes) || !shapes.every(isShape)) return false;
    const seen = new Set<string>();
    node.shapes = shapes
      .map(
        (shape): Shape =>
          shape.to === undefined || shape.to === shape.from
            ? { color: shape.color, from: shape.from }
            : { color: shape.color, from: shape.from, to: shape.to },
      )
      .filter((shape) => {
        const key = `${shape.from}${shape.to ?? ''}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return true;
  }

  /** A deep copy (positions are immutable and shared). */
  clone(): GameTree {
    const root = (this.root as Node).copy();
    const stack: Array<[Node, Node]> = [[this.root as Node, root]];
    for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
      const [from, to] = pair;
      if (from.childList.length === 0) continue;
      to.children = from.childList.map((child) => {
        const made = child.copy();
        stack.push([child, made]);
        return made;
      });
    }
    return treeFromRoot(root, this.tags);
  }
}

/** A tree over `root` (its nodes taken as they are) with `tags`: for copies and PGN. */
export function treeFromRoot(root: Node, tags: ReadonlyMap<string, string>): GameTree {
  const tree = new GameTree(root.position);
  (tree as { root: TreeNode }).root = root;
  for (const [name, value] of tags) tree.tags.set(name, value);
  return tree;
}

/**
 * Plays a move (Move, UCI or SAN) at a node of a tree: the existing child with that move, or a new one after the
 * others. Errors: ERR_GAME_OVER, and those of Position.findMove.
 */
export function addChild(node: Node, input: Move | string): Result<Node, MakrukError> {
  const outcome = nodeOutcome(node);
  if (outcome !== undefined) return gameOver(outcome, '; no more moves can be played.');
  const found = node.position.findMove(input);
  if (!found.ok) return found;
  const uci = found.value;
  const existing = node.childList.find((child) => child.move !== undefined && sameMove(child.move, uci));
  if (existing) return { ok: true, value: existing };
  const child = childNode(node, found.value);
  node.children.push(child);
  return { ok: true, value: child };
}

function sameMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to;
}

/** A counting choice at a node of a tree (ERR_GAME_OVER when the game has ended there); the nodes after it follow. */
export function countingChoice(node: Node, action: CountingAction): Result<true, MakrukError> {
  const outcome = nodeOutcome(node);
  if (outcome !== undefined) return gameOver(outcome, '; counting cannot change.');
  const done = applyCountingAction(node, action);
  if (!done.ok) return done;
  if (node.childList.length > 0) recount(node);
  return { ok: true, value: true };
}
