// A game tree: the moves of a game with its variations, comments, NAGs and the players' counting choices at every
// point, addressed by paths (as lichess's analysis board: "a tree and a path in it"). A path is the list of UCI moves
// from the root, so it stays valid when variations are promoted or reordered. The rules are Game's: a move is added
// by replaying the path as a Game (game-mode counting included), so the tree never judges a move by itself.
// PGN: parsePgnTree keeps variations `( … )`, comments `{ }` (and `;`), NAGs and `[%count start|stop]` choices;
// makePgnTree writes them back. The tags and the starting position are read and written by pgn.ts.
import { MakrukError, argumentError, describeValue, quoteInput } from './errors.js';
import { Game } from './game.js';
import type { CountingAction } from './game.js';
import { PgnError, makePgn, parsePgnGame, safeComment } from './pgn.js';
import type { PgnErrorCode } from './pgn.js';
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

// ---------------------------------------------------------------- PGN

const TAG_LINE = /\[\s*[A-Za-z0-9_+#=:-]+\s*"(?:[^"\\\r\n]|\\.)*"\s*\]/y;
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const COUNT_COMMAND = /\[%count\s+(start|stop)\s*\]/g;
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '{', '}', '(', ')', '[', ']', ';', '$']);

function pgnFail(code: PgnErrorCode, message: string, line: number): { ok: false; error: PgnError } {
  return { ok: false, error: new PgnError(code, message, line) };
}

/** Where the tag section of a PGN text ends (tags, blank space and `%` escape lines before the movetext). */
function endOfTags(text: string): number {
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\uFEFF') {
      i++;
    } else if (char === '%' && (i === 0 || text[i - 1] === '\n')) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (char === '[') {
      TAG_LINE.lastIndex = i;
      const match = TAG_LINE.exec(text);
      if (!match) return i; // parsePgnGame reports the broken tag
      i += match[0].length;
    } else {
      return i;
    }
  }
  return i;
}

/**
 * Reads the first game of a PGN text into a tree, keeping variations, comments, NAGs and counting choices.
 * Tags, the Variant check and the FEN tag are read by parsePgnGame; errors are PgnErrors with their line
 * (ERR_PGN_VARIATION for an unbalanced `(`/`)`, ERR_PGN_MOVE for an illegal move in any line, …).
 */
export function parsePgnTree(text: string): Result<GameTree, PgnError> {
  if (typeof text !== 'string') return pgnFail('ERR_PGN_INPUT', `The PGN must be text, not ${describeValue(text)}.`, 1);
  const headerEnd = endOfTags(text);
  const header = parsePgnGame(`${text.slice(0, headerEnd)}\n*`);
  if (!header.ok) return header;
  const tree = new GameTree(header.value.initialPosition);
  for (const [name, value] of header.value.tags) if (name !== 'Result') tree.tags.set(name, value);

  let line = 1;
  for (let k = 0; k < headerEnd; k++) if (text[k] === '\n') line++;
  // the current path, and the paths to return to when a variation closes
  let path: string[] = [];
  const stack: string[][] = [];
  let pendingStart: string[] = [];
  let i = headerEnd;
  const length = text.length;
  let openedVariation = false;

  const addComment = (body: string, at: number): { ok: false; error: PgnError } | undefined => {
    const actions: CountingAction[] = [];
    const cleaned = body
      .replace(COUNT_COMMAND, (_all, action: CountingAction) => {
        actions.push(action);
        return ' ';
      })
      .replace(/\s+/g, ' ')
      .trim();
    const node = tree.nodeAt(path) as TreeNode;
    // a comment right after '(' belongs before the variation's first move
    if (cleaned !== '') {
      if (openedVariation) pendingStart.push(cleaned);
      else node.comments.push(cleaned);
    }
    for (const action of actions) {
      const done = tree.countingAction(path, action);
      if (!done.ok) return pgnFail('ERR_PGN_COUNT', `[%count ${action}] cannot be applied here: ${done.error.message}`, at);
    }
    return undefined;
  };

  while (i < length) {
    const char = text[i] as string;
    if (char === '\n') {
      line++;
      i++;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      i++;
      continue;
    }
    if (char === '%' && text[i - 1] === '\n') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? length : end;
      continue;
    }
    if (char === '[') break; // the next game's tags
    if (char === '{' || char === ';') {
      const start = line;
      let body: string;
      if (char === '{') {
        const close = text.indexOf('}', i + 1);
        if (close < 0) return pgnFail('ERR_PGN_COMMENT', "A comment opened with '{' is never closed with '}'.", start);
        body = text.slice(i + 1, close);
        i = close + 1;
      } else {
        const end = text.indexOf('\n', i);
        body = text.slice(i + 1, end < 0 ? length : end);
        i = end < 0 ? length : end;
      }
      for (const c of body) if (c === '\n') line++;
      const failure = addComment(body, start);
      if (failure) return failure;
      continue;
    }
    if (char === '(') {
      if (path.length === 0) return pgnFail('ERR_PGN_VARIATION', "A variation '(' must follow a move.", line);
      stack.push(path);
      path = path.slice(0, -1);
      openedVariation = true;
      pendingStart = [];
      i++;
      continue;
    }
    if (char === ')') {
      const back = stack.pop();
      if (!back) return pgnFail('ERR_PGN_VARIATION', "')' closes a variation that was never opened.", line);
      path = back;
      openedVariation = false;
      i++;
      continue;
    }
    if (char === '}') return pgnFail('ERR_PGN_COMMENT', "'}' closes a comment that was never opened.", line);
    if (char === ']') return pgnFail('ERR_PGN_TOKEN', "']' outside a tag.", line);
    if (char === '$') {
      let end = i + 1;
      while (end < length && (text[end] as string) >= '0' && (text[end] as string) <= '9') end++;
      const digits = text.slice(i + 1, end);
      if (digits === '' || digits.length > 3 || Number(digits) > 255) {
        return pgnFail('ERR_PGN_TOKEN', `A NAG is '$' and a number 0–255, not ${quoteInput(text.slice(i, Math.max(end, i + 1)))}.`, line);
      }
      const node = tree.nodeAt(path) as TreeNode;
      node.nags.push(Number(digits));
      i = end;
      continue;
    }
    let end = i;
    while (end < length && !DELIMITERS.has(text[end] as string)) end++;
    const token = text.slice(i, end);
    i = end;
    if (RESULTS.has(token)) {
      if (stack.length > 0) return pgnFail('ERR_PGN_VARIATION', "A variation opened with '(' is never closed with ')'.", line);
      break;
    }
    const numbered = /^(\d+)(\.*)(.*)$/.exec(token);
    let san = token;
    if (numbered) {
      if (numbered[3] === '') continue; // a move number
      if (numbered[2] === '') return pgnFail('ERR_PGN_TOKEN', `${quoteInput(token)} is neither a move number nor a move.`, line);
      san = numbered[3] as string;
    }
    const suffix = /[!?]{1,2}$/.exec(san);
    let nag: number | undefined;
    if (suffix && suffix.index > 0) {
      nag = SUFFIX_NAGS[suffix[0]];
      san = san.slice(0, suffix.index);
    }
    const before = tree.nodeAt(path) as TreeNode;
    const added = tree.addMove(path, san);
    if (!added.ok) {
      const dots = before.position.turn === 'white' ? '.' : '...';
      return pgnFail('ERR_PGN_MOVE', `Move ${before.position.fullmoves}${dots} ${quoteInput(san)}: ${added.error.message}`, line);
    }
    path = added.value;
    const node = tree.nodeAt(path) as TreeNode;
    if (openedVariation && pendingStart.length > 0) node.startComments.push(...pendingStart);
    pendingStart = [];
    openedVariation = false;
    if (nag !== undefined) node.nags.push(nag);
  }
  if (stack.length > 0) return pgnFail('ERR_PGN_VARIATION', "A variation opened with '(' is never closed with ')'.", line);
  const result = header.value.tags.get('Result');
  if (result !== undefined && RESULTS.has(result)) tree.tags.set('Result', result);
  return { ok: true, value: tree };
}

/**
 * Writes a tree as PGN: the tags (as makePgn writes them for the main line's game), then the main line with every
 * variation in parentheses, comments, NAGs and `[%count …]` choices.
 */
export function makePgnTree(tree: GameTree, options: { maxLineLength?: number } = {}): string {
  if (!(tree instanceof GameTree)) {
    throw new MakrukError('ERR_PGN_INPUT', `makePgnTree needs a GameTree, not ${describeValue(tree)}.`);
  }
  const game = tree.gameAt(tree.mainlinePath());
  // a stored Result tag stays when the main line itself has no end (e.g. a resignation recorded in the PGN)
  const stored = tree.tags.get('Result');
  const result = game.result() !== '*' ? game.result() : stored !== undefined && RESULTS.has(stored) ? stored : '*';
  game.tags.delete('Result');
  const tagsOnly = Game.fromPosition(tree.root.position);
  for (const [name, value] of game.tags) tagsOnly.tags.set(name, value);
  const headerText = (makePgn(tagsOnly).split('\n\n')[0] as string).replace(/\[Result "[^"]*"\]/, `[Result "${result}"]`);

  const root = tree.root;
  const rootTurnWhite = root.position.turn === 'white';
  const rootFull = root.position.fullmoves;
  const numberOf = (ply: number): { white: boolean; full: number } => {
    const offset = ply - 1 + (rootTurnWhite ? 0 : 1);
    return { white: offset % 2 === 0, full: rootFull + Math.floor(offset / 2) };
  };
  const tokens: string[] = [];
  const commentToken = (node: TreeNode): boolean => {
    const parts = node.comments.map(safeComment).filter((part) => part !== '');
    for (const action of node.countingActions) parts.push(`[%count ${action}]`);
    if (parts.length === 0) return false;
    tokens.push(`{${parts.join(' ')}}`);
    return true;
  };
  const moveToken = (node: TreeNode, forceNumber: boolean): boolean => {
    const { white, full } = numberOf(node.ply);
    tokens.push(white ? `${full}. ${node.san}` : forceNumber ? `${full}... ${node.san}` : node.san);
    for (const nag of node.nags) tokens.push(`$${nag}`);
    return commentToken(node) || node.nags.length > 0;
  };
  const writeLine = (from: TreeNode, forceFirst: boolean): void => {
    let node = from;
    let force = forceFirst;
    while (node.children.length > 0) {
      const [main, ...variations] = node.children as [TreeNode, ...TreeNode[]];
      let forceNext = moveToken(main, force);
      for (const variation of variations) {
        tokens.push('(');
        const starts = variation.startComments.map(safeComment).filter((part) => part !== '');
        if (starts.length > 0) tokens.push(`{${starts.join(' ')}}`);
        const after = moveToken(variation, true);
        writeLine(variation, after);
        tokens.push(')');
        forceNext = true;
      }
      force = forceNext;
      node = main;
    }
  };
  const rootComment = commentToken(root);
  writeLine(root, rootComment || !rootTurnWhite);
  tokens.push(result);
  return `${headerText}\n\n${wrapTokens(tokens, Math.max(20, options.maxLineLength ?? 80))}\n`;
}

/** Joins tokens into lines of at most `max` characters where possible; '(' and ')' stick to their neighbours. */
function wrapTokens(tokens: readonly string[], max: number): string {
  const words: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as string;
    const pieces = token.startsWith('{') ? token.split(' ') : [token];
    for (const piece of pieces) {
      const last = words.length - 1;
      if (last >= 0 && words[last]?.endsWith('(')) words[last] += piece;
      else if (piece === ')' && last >= 0) words[last] += ')';
      else words.push(piece);
    }
  }
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current === '') current = word;
    else if (current.length + 1 + word.length <= max || word.startsWith('%')) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}
