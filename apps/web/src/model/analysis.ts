// The page's state: a game tree and a path in it (the node on screen), plus the board's orientation. Every rule
// comes from @makruk/makruk (GameTree, Game); this module only keeps the state and tells listeners it changed.
// Views send intents here; persistence and the engine controller read from here.
import {
  type Color,
  type CountingAction,
  type Game,
  GameTree,
  type MakrukError,
  type Move,
  type Result,
  type TreeNode,
  makePgnTree,
  parsePgnTree,
} from '@makruk/makruk';

export type ChangeKind = 'tree' | 'path' | 'view';

export class AnalysisModel extends EventTarget {
  #tree: GameTree;
  #path: string[] = [];
  #game: Game | undefined;
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
    this.#game ??= this.#tree.gameAt(this.#path);
    return this.#game;
  }

  #changed(kind: ChangeKind): void {
    if (kind !== 'view') this.#game = undefined;
    this.dispatchEvent(new CustomEvent<ChangeKind>('change', { detail: kind }));
  }

  /** Replaces the whole tree (a new game, an imported PGN, a FEN, a restored session). */
  setTree(tree: GameTree, path: readonly string[] = []): void {
    this.#tree = tree;
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
    this.setTree(tree.value);
    return { ok: true, value: true };
  }
  loadPgn(text: string): Result<true, MakrukError> {
    const tree = parsePgnTree(text);
    if (!tree.ok) return tree;
    this.setTree(tree.value, tree.value.mainlinePath());
    return { ok: true, value: true };
  }
  pgn(): string {
    return makePgnTree(this.#tree);
  }
}
