// The page's state: a game tree and a path in it (the node on screen), plus the board's orientation. Every rule
// comes from @makruk/makruk (GameTree, Game); this module only keeps the state and tells listeners it changed.
// Views send intents here; persistence and the engine controller read from here.
import {
  type Color,
  type CountingAction,
  type Game,
  type GameOutcome,
  GameTree,
  type MakrukError,
  type Move,
  type Result,
  type Shape,
  type TreeNode,
  makePgnTree,
  parsePgnTree,
} from '@makruk/makruk';

export type ChangeKind = 'tree' | 'path' | 'view';

/** How a game ended by the players' word rather than on the board (at one node: a path, written with spaces). */
export interface Ending {
  path: string;
  action: 'resign' | 'draw' | 'claim' | 'time';
  /** The side that resigned, or whose clock ran out ('time'). */
  color?: Color;
}

/** A game kept aside by "New game": its PGN and the path that was on screen. */
export interface KeptGame {
  pgn: string;
  path: string[];
}

function applyEnding(game: Game, ending: Ending): Result<GameOutcome, MakrukError> {
  if (ending.action === 'resign') return game.resign(ending.color ?? game.turn);
  if (ending.action === 'draw') return game.agreeDraw();
  if (ending.action === 'time') return game.timeForfeit(ending.color ?? game.turn);
  return game.claimDraw();
}

export class AnalysisModel extends EventTarget {
  #tree: GameTree;
  #path: string[] = [];
  #game: Game | undefined;
  #ending: Ending | undefined;
  /** The game before the last "New game", so that it stays reachable. */
  previous: KeptGame | undefined;
  orientation: Color = 'white';
  /** How moves are written on the page: algebraic SAN or Thai SAN (a view preference, kept by the app). */
  notation: 'algebraic' | 'thai' = 'algebraic';

  constructor(tree: GameTree = new GameTree()) {
    super();
    this.#tree = tree;
  }

  get tree(): GameTree {
    return this.#tree;
  }
  get path(): readonly string[] {
    return this.#path;
  }
  get node(): TreeNode {
    return this.#tree.nodeAt(this.#path) ?? this.#tree.root;
  }
  /** The parent of the node on screen (undefined at the root). */
  get parent(): TreeNode | undefined {
    return this.#path.length === 0 ? undefined : this.#tree.nodeAt(this.#path.slice(0, -1));
  }
  /** The game along the path: the rules' view of the node on screen (counting, outcome, history for the engine). */
  get game(): Game {
    if (!this.#game) {
      const game = this.#tree.gameAt(this.#path);
      if (this.#ending?.path === this.#path.join(' ')) applyEnding(game, this.#ending);
      this.#game = game;
    }
    return this.#game;
  }
  /** A resignation, draw agreement or repetition claim, and where it was made. */
  get ending(): Ending | undefined {
    return this.#ending;
  }

  #changed(kind: ChangeKind): void {
    if (kind !== 'view') this.#game = undefined;
    this.dispatchEvent(new CustomEvent<ChangeKind>('change', { detail: kind }));
  }

  /** Replaces the whole tree (a new game, an imported PGN, a FEN, a restored session). */
  setTree(tree: GameTree, path: readonly string[] = [], ending?: Ending): void {
    this.#tree = tree;
    this.#ending = ending;
    this.#path = tree.validPath(path);
    this.#changed('tree');
  }

  goTo(path: readonly string[]): void {
    const valid = this.#tree.validPath(path);
    if (valid.join(' ') === this.#path.join(' ')) return;
    this.#path = valid;
    this.#changed('path');
  }

  /** Plays a move (Move, UCI or SAN) from the node on screen: an existing child, or a new line. */
  play(input: Move | string): Result<string[], MakrukError> {
    const before = this.#tree.nodeAt(this.#path)?.children.length ?? 0;
    const added = this.#tree.addMove(this.#path, input);
    if (!added.ok) return added;
    this.#path = added.value;
    const after = this.#tree.nodeAt(this.#path.slice(0, -1))?.children.length ?? 0;
    this.#changed(after > before ? 'tree' : 'path');
    return added;
  }

  /** Plays several moves one after another (a PV line); stops at the first that fails. */
  playLine(moves: readonly string[]): void {
    let path = this.#path;
    let grew = false;
    for (const uci of moves) {
      const before = this.#tree.nodeAt(path)?.children.length ?? 0;
      const added = this.#tree.addMove(path, uci);
      if (!added.ok) break;
      grew ||= (this.#tree.nodeAt(path)?.children.length ?? 0) > before;
      path = added.value;
    }
    this.#path = path;
    this.#changed(grew ? 'tree' : 'path');
  }

  /**
   * A new game (by default from the start position). The game on screen is kept aside as `previous` (unless it has no
   * move), so a click cannot lose it: `backToPrevious` brings it back.
   */
  newGame(tree: GameTree = new GameTree(), path: readonly string[] = []): void {
    if (this.#tree.root.children.length > 0) this.previous = { pgn: this.pgn(), path: [...this.#path] };
    this.setTree(tree, path);
  }
  /** Back to the game kept by `newGame`; the game on screen takes its place. False if there is none. */
  backToPrevious(): boolean {
    const kept = this.previous;
    if (!kept) return false;
    const tree = parsePgnTree(kept.pgn);
    if (!tree.ok) return false;
    this.previous = this.#tree.root.children.length > 0 ? { pgn: this.pgn(), path: [...this.#path] } : undefined;
    this.setTree(tree.value, kept.path);
    return true;
  }

  /**
   * Ends the game at the node on screen by the players' word: `resign` (`color` resigns, by default the side to
   * move), `draw` (agreed), `claim` (threefold repetition) or `time` (`color`'s clock ran out: PGN's Termination
   * "time forfeit"). The library's error when the game cannot end so.
   */
  endGame(action: Ending['action'], color?: Color): Result<GameOutcome, MakrukError> {
    const ending: Ending = { path: this.#path.join(' '), action, ...(color ? { color } : {}) };
    const game = this.#tree.gameAt(this.#path);
    const done = applyEnding(game, ending);
    if (!done.ok) return done;
    this.#ending = ending;
    // the PGN's result: the tree's Result tag counts when the main line ends here
    if (this.node.children.length === 0 && this.#tree.isMainline(this.#path)) {
      this.#tree.tags.set('Result', game.result());
      if (action === 'time') this.#tree.tags.set('Termination', 'time forfeit');
    }
    this.#changed('tree');
    return done;
  }

  // ---- navigation (lichess-like keys) ----
  next(): void {
    const child = this.node.children[0];
    if (child) this.goTo([...this.#path, child.uci]);
  }
  prev(): void {
    if (this.#path.length > 0) this.goTo(this.#path.slice(0, -1));
  }
  first(): void {
    this.goTo([]);
  }
  last(): void {
    this.goTo(this.#tree.mainlinePath(this.#path));
  }
  /** Back to the nearest earlier position where the tree branches (several moves), else the start (Shift+←). */
  prevBranch(): void {
    for (let length = this.#path.length - 1; length > 0; length--) {
      const path = this.#path.slice(0, length);
      if ((this.#tree.nodeAt(path)?.children.length ?? 0) > 1) {
        this.goTo(path);
        return;
      }
    }
    this.goTo([]);
  }
  /** On along the line to the next position where the tree branches, else the line's end (Shift+→). */
  nextBranch(): void {
    const path = [...this.#path];
    let node = this.node;
    while (node.children[0]) {
      node = node.children[0];
      path.push(node.uci);
      if (node.children.length > 1) break;
    }
    this.goTo(path);
  }
  /** To the sibling line above (↑) or below (↓) the node on screen. */
  sibling(step: -1 | 1): void {
    const parent = this.parent;
    if (!parent) return;
    const index = parent.children.indexOf(this.node);
    const other = parent.children[index + step];
    if (other) this.goTo([...this.#path.slice(0, -1), other.uci]);
  }

  // ---- tree edits ----
  promote(path: readonly string[] = this.#path): void {
    if (this.#tree.promote(path)) this.#changed('tree');
  }
  makeMainline(path: readonly string[] = this.#path): void {
    if (this.#tree.makeMainline(path)) this.#changed('tree');
  }
  deleteAt(path: readonly string[] = this.#path): void {
    if (path.length === 0) return;
    const onScreen = this.#path.join(' ');
    const removed = path.join(' ');
    if (!this.#tree.deleteAt(path)) return;
    if (onScreen === removed || onScreen.startsWith(`${removed} `)) this.#path = path.slice(0, -1);
    this.#changed('tree');
  }
  countingAction(action: CountingAction): Result<true, MakrukError> {
    const done = this.#tree.countingAction(this.#path, action);
    if (done.ok) this.#changed('tree');
    return done;
  }
  setComment(text: string): void {
    if (this.#tree.setComment(this.#path, text)) this.#changed('tree');
  }
  /** The arrows and circles drawn on the node on screen (kept with it, and in the PGN as [%cal]/[%csl]). */
  setShapes(shapes: readonly Shape[]): void {
    const before = JSON.stringify(this.node.shapes ?? []);
    if (!this.#tree.setShapes(this.#path, shapes)) return;
    if (JSON.stringify(this.node.shapes ?? []) !== before) this.#changed('tree');
  }
  toggleNag(nag: number): void {
    if (this.#tree.toggleNag(this.#path, nag)) this.#changed('tree');
  }
  setNotation(notation: 'algebraic' | 'thai'): void {
    this.notation = notation;
    this.#changed('view');
  }
  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.#changed('view');
  }

  // ---- text formats ----
  loadFen(fen: string): Result<true, MakrukError> {
    const tree = GameTree.fromFen(fen.trim());
    if (!tree.ok) return tree;
    this.newGame(tree.value);
    return { ok: true, value: true };
  }
  loadPgn(text: string): Result<true, MakrukError> {
    const tree = parsePgnTree(text);
    if (!tree.ok) return tree;
    this.newGame(tree.value, tree.value.mainlinePath());
    return { ok: true, value: true };
  }
  pgn(): string {
    return makePgnTree(this.#tree);
  }
}
