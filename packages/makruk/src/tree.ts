// A game tree: the moves of a game with its variations, comments, NAGs and the players' counting choices at every
// point, addressed by paths (as lichess's analysis board: "a tree and a path in it"). A path is the list of UCI moves
// from the root, so it stays valid when variations are promoted or reordered. The rules are Game's: a move is added
// by replaying the path as a Game (game-mode counting included), so the tree never judges a move by itself.
// PGN for trees (parsePgnTree keeps variations, makePgnTree writes them) lives in pgn.ts with the rest of PGN.
import { MakrukError, argumentError, describeValue, quoteInput } from './errors.js';
import { Game } from './game.js';
import type { CountingAction } from './game.js';
import { Position } from './position.js';
import type { Move, Result } from './types.js';

/** The UCI moves from the root to a node; `[]` is the root. */
export type TreePath = readonly string[];

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
  /** FEN of `position`. */
  readonly fen: string;
  /** Comments after the move (at the root: before the first move). */
  comments: string[];
  /** Comments written before the move, at the start of a variation. */
  startComments: string[];
  /** Numeric Annotation Glyphs ($1 = !, $2 = ?, $3 = !!, $4 = ??, $5 = !?, $6 = ?!). */
  nags: number[];
  /** Board's-honour choices taken at this point (after the move, before the next). */
  countingActions: CountingAction[];
  /** The first child is the main continuation; the others are variations. */
  children: TreeNode[];
}

function makeNode(position: Position, ply: number, move?: Move, uci = '', san = ''): TreeNode {
  const node: TreeNode = {
    uci,
    san,
    ply,
    position,
    fen: position.fen(),
    comments: [],
    startComments: [],
    nags: [],
    countingActions: [],
    children: [],
  };
  return move ? { ...node, move } : node;
}

/** A path that leads nowhere: nothing can be played or chosen there (ERR_ILLEGAL_MOVE). */
function noNode(path: TreePath): { ok: false; error: MakrukError } {
  const where = Array.isArray(path) ? quoteInput(path.join(' ')) : describeValue(path);
  return { ok: false, error: new MakrukError('ERR_ILLEGAL_MOVE', `No position at ${where} in the tree.`) };
}

export class GameTree {
  readonly root: TreeNode;
  /** PGN tags (Variant, FEN, SetUp and Result are written from the tree itself). */
  readonly tags = new Map<string, string>();

  constructor(position: Position = Position.initial()) {
    if (!(position instanceof Position)) {
      throw new TypeError(`A GameTree starts from a Position, not ${describeValue(position)}.`);
    }
    this.root = makeNode(position, 0);
  }

  static fromFen(fen: string): Result<GameTree, MakrukError> {
    const position = Position.fromFen(fen);
    if (!position.ok) return position;
    return { ok: true, value: new GameTree(position.value) };
  }

  /** A tree holding a game's moves as its main line (with comments, NAGs, counting choices and tags). */
  static fromGame(game: Game): GameTree {
    if (!(game instanceof Game)) throw argumentError("GameTree.fromGame's game", 'a Game', game);
    const tree = new GameTree(game.initialPosition);
    for (const [name, value] of game.tags) tree.tags.set(name, value);
    const actions = game.countingActions();
    let node = tree.root;
    node.comments.push(...game.commentsAt(0));
    node.countingActions.push(...(actions[0] ?? []));
    game.moves.forEach((move, index) => {
      const full = makeNode(node.position.play(move), node.ply + 1, move, game.ucis[index], game.sans[index]);
      full.comments.push(...game.commentsAt(index + 1));
      full.nags.push(...game.nagsAt(index + 1));
      full.countingActions.push(...(actions[index + 1] ?? []));
      node.children.push(full);
      node = full;
    });
    return tree;
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
   * e.g. `gameAt(path).counting`, `.outcome()`, `.canStartCounting()`, or what `Engine.analyse` takes.
   */
  gameAt(path: TreePath): Game {
    const game = Game.fromPosition(this.root.position);
    for (const [name, value] of this.tags) game.tags.set(name, value);
    const nodes = this.nodesAlong(path);
    nodes.forEach((node, index) => {
      if (index > 0 && node.move) {
        const played = game.play(node.move);
        if (!played.ok) return;
      }
      for (const comment of node.comments) game.addComment(comment);
      for (const nag of node.nags) game.addNag(nag);
      for (const action of node.countingActions) {
        if (action === 'start') game.startCounting();
        else game.stopCounting();
      }
    });
    return game;
  }

  /**
   * Plays a move (Move, UCI or SAN) after the node at `path`. An existing child with that move is reused; otherwise
   * the move becomes a new child: the main continuation if the node had none, else a variation. Returns the new path.
   * Errors: ERR_ILLEGAL_MOVE (also for a path not in the tree), and those of Game.play (ERR_ILLEGAL_MOVE, ERR_SAN_*, ERR_GAME_OVER).
   */
  addMove(path: TreePath, input: Move | string): Result<string[], MakrukError> {
    const node = this.nodeAt(path);
    if (!node) return noNode(path);
    const game = this.gameAt(path);
    const played = game.play(input);
    if (!played.ok) return played;
    const move = played.value;
    const uci = game.ucis.at(-1) as string;
    const existing = node.children.find((child) => child.uci === uci);
    if (!existing) {
      const child = makeNode(game.position, node.ply + 1, move, uci, game.sans.at(-1) as string);
      node.children.push(child);
    }
    return { ok: true, value: [...path, uci] };
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
   * The choice is recorded on the node; later moves keep their positions (counting changes only the game's state).
   */
  countingAction(path: TreePath, action: CountingAction): Result<true, MakrukError> {
    const node = this.nodeAt(path);
    if (!node) return noNode(path);
    const game = this.gameAt(path);
    const done = action === 'start' ? game.startCounting() : game.stopCounting();
    if (!done.ok) return done;
    node.countingActions.push(action);
    return { ok: true, value: true };
  }

  /** Replaces the comments of a node (empty text removes them). */
  setComment(path: TreePath, text: string): boolean {
    const node = this.nodeAt(path);
    if (!node) return false;
    const cleaned = String(text).trim();
    node.comments = cleaned === '' ? [] : [cleaned];
    return true;
  }

  /** Sets a NAG of the move-mark kind ($1–$6) on a node, or removes it when it is already set. */
  toggleNag(path: TreePath, nag: number): boolean {
    const node = this.nodeAt(path);
    if (!node || path.length === 0) return false;
    if (node.nags.includes(nag)) node.nags = node.nags.filter((n) => n !== nag);
    else node.nags = [...node.nags.filter((n) => n < 1 || n > 6 || nag < 1 || nag > 6), nag];
    return true;
  }

  /** A deep copy (positions are immutable and shared). */
  clone(): GameTree {
    const copy = new GameTree(this.root.position);
    for (const [name, value] of this.tags) copy.tags.set(name, value);
    const copyInto = (from: TreeNode, to: TreeNode): void => {
      to.comments = [...from.comments];
      to.startComments = [...from.startComments];
      to.nags = [...from.nags];
      to.countingActions = [...from.countingActions];
      to.children = from.children.map((child) => {
        const made: TreeNode = { ...child, children: [] };
        copyInto(child, made);
        return made;
      });
    };
    copyInto(this.root, copy.root);
    return copy;
  }
}
