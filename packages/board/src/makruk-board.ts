// <makruk-board>: renders a Makruk position and lets people move on it with a pointer or the keyboard.
// Legal moves come from the rules facade (facade.ts) or from the host (`dests`); pointer and keyboard input live in
// their own controllers (pointer-input.ts, keyboard-input.ts, size-controller.ts), the shown position in
// shown-position.ts, the drawing of the grid and coordinates in view.ts and coordinates.ts.
import {
  INITIAL_FEN,
  isSquare,
  parseUci,
  pieceReach,
  type Color,
  type Piece,
  type Position,
  type Square,
} from '@makruk/makruk';
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import {
  moveSentence,
  pieceName,
  pieceNamesFrom,
  premoveDropSentence,
  premoveSentence,
  refusalSentence,
  type PieceNames,
  type PremoveDrop,
  type Refusal,
} from './a11y.js';
import { renderCoordinates, type CoordinateNotation, type CoordinatesMode } from './coordinates.js';
import type { MakrukBoardEventDetails, MakrukMoveDetail, MakrukSelectDetail } from './events.js';
import { findMove, moveOnDrawing, notAMove, playMove } from './facade.js';
import { squareAtPoint } from './geometry.js';
import type { BoardInputHost } from './input.js';
import { KeyboardInputController } from './keyboard-input.js';
import { getPieceSet, registerPieceSet } from './piece-set.js';
import { thaiPieceSet } from './pieces-thai.js';
import { westernPieceSet } from './pieces-western.js';
import { PointerInputController } from './pointer-input.js';
import { animateArrival } from './motion.js';
import { MAX_SHAPES, renderShape, shapesLeftOut, shapesToDraw, type Shape } from './shapes.js';
import { ShownPosition } from './shown-position.js';
import { SizeController } from './size-controller.js';
import { boardStyles } from './styles.js';
import { pieceSvg, pieceSymbols, renderRows } from './view.js';

registerPieceSet('thai', thaiPieceSet);
registerPieceSet('western', westernPieceSet);

export { INITIAL_FEN };
export type { CoordinateNotation, CoordinatesMode };
export type Movable = 'white' | 'black' | 'both' | 'none';
export type BoardStyle = 'thai' | 'checkered';
export type Palette = 'classic' | 'red';
/** Legal destinations by origin square. */
export type Dests = ReadonlyMap<Square, readonly Square[]>;

/** Every event the element fires bubbles out of its shadow root. */
const EVENT_INIT = { bubbles: true, composed: true } as const;

const HELP =
  'Arrow keys move between squares. Enter or Space picks up a piece and drops it on a square. Escape puts it down.';

function uciSquares(text: string | undefined): [Square, Square] | undefined {
  const move = typeof text === 'string' ? parseUci(text) : undefined;
  return move ? [move.from, move.to] : undefined;
}

/**
 * An embeddable, accessible Makruk (Thai chess) board. Legal moves come from @makruk/makruk or from the host
 * (`dests`). Form-associated: its form value is the FEN.
 *
 * @tagname makruk-board
 *
 * @fires {CustomEvent<MakrukMoveDetail>} makruk-move - Cancelable, before a user move is applied. detail: from, to, uci, san, fen (after the move), piece, captured?, promotion?
 * @fires {CustomEvent<MakrukSelectDetail>} makruk-select - A piece was picked up (square, piece, dests) or put down (square: null).
 * @fires {CustomEvent<MakrukPremoveDetail>} makruk-premove - The user set a premove (with `premove` on, a move made while it is the other side's turn). detail: from, to, piece
 * @fires {CustomEvent<MakrukPremoveDropDetail>} makruk-premove-drop - A premove went unmade. detail: from, to, reason ('cancelled' or 'illegal': not legal when its turn came)
 * @fires {CustomEvent<MakrukShapesDetail>} makruk-shapes - The user's drawn shapes changed.
 * @fires {Event} change - After a user move has been applied.
 *
 * @cssprop [--makruk-board-color=#efd783] - Board colour (Thai style).
 * @cssprop [--makruk-grid-color=#4a2f12] - Grid lines and border.
 * @cssprop [--makruk-light-square-color=#f1dcae] - Light squares of the checkered board.
 * @cssprop [--makruk-dark-square-color=#8b5a2b] - Dark squares of the checkered board.
 * @cssprop [--makruk-coord-color=#3d2610] - Coordinate labels.
 * @cssprop [--makruk-coord-on-dark-color=#fbf1dc] - Inside labels on dark checkered squares.
 * @cssprop --makruk-coord-outside-color - Outside labels (default: --makruk-coord-color).
 * @cssprop [--makruk-white-fill=#f6ecd2] - White pieces: body.
 * @cssprop [--makruk-white-line=#2b1d0e] - White pieces: outline.
 * @cssprop [--makruk-white-detail=#2b1d0e] - White pieces: inner lines.
 * @cssprop [--makruk-black-fill=#262220] - Black pieces: body.
 * @cssprop [--makruk-black-line=#0b0908] - Black pieces: outline.
 * @cssprop [--makruk-black-detail=#e9dcc0] - Black pieces: inner lines.
 * @cssprop [--makruk-red-fill=#b3322a] - The dark side with palette="red": body.
 * @cssprop [--makruk-red-line=#2a0c08] - The dark side with palette="red": outline.
 * @cssprop [--makruk-red-detail=#f3dca6] - The dark side with palette="red": inner lines.
 * @cssprop [--makruk-last-move-color=rgb(155 199 0 / 0.45)] - Last move.
 * @cssprop [--makruk-selected-color=rgb(20 85 30 / 0.5)] - The picked-up piece's square.
 * @cssprop [--makruk-premove-color=rgb(20 30 85 / 0.45)] - The two squares of a waiting premove.
 * @cssprop [--makruk-dest-color=rgb(20 85 30 / 0.5)] - Legal destination dots and rings.
 * @cssprop [--makruk-drag-over-color=rgb(20 85 30 / 0.6)] - Ring on the legal square under a dragged piece.
 * @cssprop [--makruk-check-color=rgb(255 0 0 / 0.9)] - Centre of the king-in-check glow (its own layer, on every board style).
 * @cssprop [--makruk-focus-color=#1565c0] - Keyboard focus ring.
 * @cssprop --makruk-brush-green - Green arrows and circles.
 * @cssprop --makruk-brush-red - Red arrows and circles.
 * @cssprop --makruk-brush-blue - Blue arrows and circles.
 * @cssprop --makruk-brush-yellow - Yellow arrows and circles.
 *
 * @csspart container - The square box holding everything.
 * @csspart board - The grid of squares (role=grid).
 * @csspart square - Every square; also has light|dark and, when they apply, selected, last-move, check, dest, drag-over, premove.
 * @csspart piece - Every piece drawing; also white-piece|black-piece and its kind (pawn, promoted, met, khon, knight, rook, king).
 * @csspart coord - Coordinate labels.
 * @csspart shapes - The SVG layer with arrows and circles.
 * @csspart ghost - The piece following the pointer during a drag.
 */
export class MakrukBoard extends LitElement {
  static override styles = boardStyles;
  static formAssociated = true;
  // Every property is declared once, here: its attribute, its type, its default and its doc.
  /** Which way up: 'white' puts rank 1 at the bottom. */
  @property({ reflect: true }) orientation: Color = 'white';
  /** 'thai' (default) or 'western', or any name given to registerPieceSet(). */
  @property({ attribute: 'piece-set', reflect: true }) pieceSet = 'thai';
  /** 'classic' (cream against black) or 'red' (cream against red). */
  @property({ reflect: true }) palette: Palette = 'classic';
  /** 'thai' (one colour with grid lines, default) or 'checkered'. */
  @property({ attribute: 'board-style', reflect: true }) boardStyle: BoardStyle = 'thai';
  /** Coordinate labels: 'inside' the edge squares, 'outside' the grid, or 'none'. */
  @property({ reflect: true }) coordinates: CoordinatesMode = 'inside';
  /** Coordinate labels: 'algebraic' (a–h, 1–8) or 'thai' (ก–ญ, ๑–๘). */
  @property() notation: CoordinateNotation = 'algebraic';
  /** Who may move pieces with the pointer or keyboard. */
  @property() movable: Movable = 'both';
  /** Highlighted last move as UCI ('e3e4'); set automatically after a move. */
  @property({ attribute: 'last-move' }) lastMove: string | undefined;
  /** Move animation in milliseconds (0 = none; always none under prefers-reduced-motion). */
  @property({ attribute: 'animation-duration', type: Number }) animationDuration = 200;
  /** Pointer travel in CSS pixels before a press becomes a drag. */
  @property({ attribute: 'drag-threshold', type: Number }) dragThreshold = 4;
  /** Accessible name of the board grid. */
  @property() label = 'Makruk board';
  /**
   * The colour and piece words of the squares' accessible names and the announcements ("b2, black king"), e.g. Thai
   * ones; any word left out (or not a non-empty string) stays English (ENGLISH_PIECE_NAMES).
   */
  @property({ attribute: false }) pieceNames: Partial<PieceNames> | undefined;
  /**
   * Premoves: when `movable` is one side and it is the other side's turn, a move of that side's piece (to any square
   * its movement reaches) is kept and made when the turn comes, if it is legal then.
   */
  @property({ type: Boolean, reflect: true }) premove = false;
  /** Form field name; the form value is the FEN. */
  @property({ reflect: true }) name: string | undefined;
  /** Host-supplied legal destinations; when set, they replace the rules facade's. */
  @property({ attribute: false }) dests: Dests | Readonly<Record<string, readonly Square[]>> | undefined;
  /** Host shapes (e.g. engine arrows); user-drawn shapes are kept separately in `userShapes`. */
  @property({ attribute: false }) shapes: readonly Shape[] = [];

  @state() _selected: Square | undefined;
  @state() _focus: Square = 'a1';
  @state() _userShapes: Shape[] = [];
  @state() _announcement = '';
  @state() _version = 0;
  @state() _premove: { from: Square; to: Square; color: Color } | undefined;

  #shown: ShownPosition = ShownPosition.fromFen(INITIAL_FEN);
  #internals: ElementInternals | undefined;
  #size = new SizeController(this);
  #initialFen: string | undefined;
  #userShapesCut = 0; // entries of the last userShapes given beyond MAX_SHAPES (not kept)
  #pointer: PointerInputController;
  #keyboard: KeyboardInputController;

  constructor() {
    super();
    this.#internals = typeof this.attachInternals === 'function' ? this.attachInternals() : undefined;
    const input = this.#inputHost();
    this.#pointer = new PointerInputController(input);
    this.#keyboard = new KeyboardInputController(input);
    this.#setFen(INITIAL_FEN);
  }

  /** What the input controllers may use (input.ts): selection and moves go through the same two methods. */
  #inputHost(): BoardInputHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const board = this;
    return {
      addController: (c) => board.addController(c),
      removeController: (c) => board.removeController(c),
      requestUpdate: () => board.requestUpdate(),
      get updateComplete() {
        return board.updateComplete;
      },
      get orientation() {
        return board.orientation;
      },
      get dragThreshold() {
        return board.dragThreshold;
      },
      get selected() {
        return board._selected;
      },
      get focusSquare() {
        return board._focus;
      },
      set focusSquare(square: Square) {
        board._focus = square;
      },
      get userShapes() {
        return board._userShapes;
      },
      get renderRoot() {
        return board.renderRoot;
      },
      pieceOn: (square) => board.#shown.pieces.get(square),
      destsFor: (square) => board.#destsFor(square),
      squareFromPoint: (x, y) => board.#squareFromPoint(x, y),
      select: (square, announce) => board.#select(square, announce),
      tryMove: (from, to, dragged) => board.#userMove(from, to, dragged),
      get hasPremove() {
        return board._premove !== undefined;
      },
      cancelPremove: () => board.cancelPremove(),
      setUserShapes: (shapes) => board.#setUserShapes(shapes),
      cell: (square) => board.#cell(square),
    };
  }

  // ---- position ----------------------------------------------------------------------------------------

  /** The position as FEN. Setting it shows that position (a FEN the rules refuse is drawn, but nothing moves). */
  @property({ noAccessor: true })
  get fen(): string {
    return this.#shown.fen;
  }
  set fen(value: string | null | undefined) {
    const text = value == null ? INITIAL_FEN : String(value);
    this.#initialFen ??= text;
    this.#setFen(text);
  }

  /** The rules-facade Position shown, or undefined when the FEN was refused (see fenError). */
  get position(): Position | undefined {
    return this.#shown.position;
  }
  set position(value: Position | undefined) {
    if (value == null) this.#setFen(INITIAL_FEN);
    else if (typeof (value as Partial<Position>).legalMoves === 'function') this.#setPosition(value);
    else this.#setFen(String(value)); // not a Position: drawn like any other text given as a FEN (fenError says why)
  }

  /** Why the last FEN was refused by the rules (the board still draws its board field when it can). */
  get fenError(): string | undefined {
    return this.#shown.error;
  }

  /** User-drawn arrows and circles (right-drag / right-click). */
  get userShapes(): readonly Shape[] {
    return this._userShapes;
  }
  set userShapes(value: readonly Shape[]) {
    // from plain JavaScript anything may arrive: keep the shapes of an array (drawing skips bad ones), else none;
    // no more than MAX_SHAPES could ever be drawn, so only those are kept, and the rest are counted in shapesLeftOut
    this._userShapes = Array.isArray(value) ? value.slice(0, MAX_SHAPES) : [];
    this.#userShapesCut = Array.isArray(value) ? value.length - this._userShapes.length : 0;
  }

  /**
   * How many shapes are not drawn because there are too many: the board reads only the first 256 (`MAX_SHAPES`) of
   * `shapes` followed by `userShapes`, and draws the good ones among them; 0 when nothing was left out.
   */
  get shapesLeftOut(): number {
    return shapesLeftOut(this.#shapeLists()) + this.#userShapesCut;
  }

  /** The shape lists in drawing order: the host's (when an array), then the user's. */
  #shapeLists(): readonly (readonly unknown[])[] {
    return [Array.isArray(this.shapes) ? this.shapes : [], this._userShapes];
  }

  /** The piece drawn on a square. */
  pieceAt(square: Square): Piece | undefined {
    return this.#shown.pieces.get(square);
  }

  /** The premove waiting for its turn, if any. */
  get currentPremove(): { from: Square; to: Square } | undefined {
    return this._premove ? { from: this._premove.from, to: this._premove.to } : undefined;
  }

  /** Cancels the waiting premove (`makruk-premove-drop` with reason 'cancelled'); nothing when there is none. */
  cancelPremove(): void {
    this.#dropPremove('cancelled');
  }

  /** Turns the board around. */
  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
  }

  /**
   * Plays a move for the host (e.g. an engine reply), animated, without `makruk-move`/`change` events.
   * Returns false (and changes nothing) when the move is not legal.
   */
  move(uci: string): boolean {
    if (typeof uci !== 'string') throw notAMove('move()', uci);
    const squares = uciSquares(uci);
    const position = this.#shown.position;
    if (!squares || !position) return false;
    const legal = findMove(position, squares[0], squares[1]);
    if (!legal) return false;
    const piece = this.#shown.pieces.get(legal.from)!;
    const captured = this.#shown.pieces.get(legal.to);
    const played = playMove(position, legal);
    this.#setPosition(played.after);
    this.#afterMove(piece, legal.from, legal.to, captured, Boolean(played.promotion), false);
    return true;
  }

  #setFen(text: string): void {
    this.#show(ShownPosition.fromFen(text));
  }

  #setPosition(position: Position): void {
    this.#show(ShownPosition.of(position));
  }

  #show(shown: ShownPosition): void {
    this.#shown = shown;
    this._selected = undefined;
    this.#pointer?.reset();
    this._version = (this._version ?? 0) + 1;
    this.#internals?.setFormValue(shown.fen);
  }

  #destsFor(square: Square): readonly Square[] {
    const piece = this.#shown.pieces.get(square);
    if (!piece || !this.#mayMove(piece.color)) return [];
    if (piece.color === this.#premoveSide()) return pieceReach(piece, square);
    if (this.dests) {
      const hostDests = this.dests;
      const list =
        hostDests instanceof Map ? hostDests.get(square) : (hostDests as Record<string, readonly Square[]>)[square];
      return Array.isArray(list) ? list.filter(isSquare) : [];
    }
    return this.#shown.rulesDests(square);
  }

  #mayMove(color: Color): boolean {
    return this.movable === 'both' || this.movable === color;
  }

  /** The side that premoves now: with `premove` on, the one movable side while the rules say it is not its turn. */
  #premoveSide(): Color | undefined {
    const turn = this.#shown.position?.turn;
    if (!this.premove || !turn || (this.movable !== 'white' && this.movable !== 'black')) return undefined;
    return this.movable !== turn ? this.movable : undefined;
  }

  // ---- premoves ------------------------------------------------------------------------------------------

  #setPremove(piece: Piece, from: Square, to: Square): void {
    this._premove = { from, to, color: piece.color };
    this.#select(undefined, false);
    this._announcement = premoveSentence(piece, from, to, this.#names());
    this.#emit('makruk-premove', { from, to, piece });
  }

  #dropPremove(reason: PremoveDrop): void {
    const premove = this._premove;
    if (!premove) return;
    this._premove = undefined;
    this._announcement = premoveDropSentence(premove.from, premove.to, reason);
    this.#emit('makruk-premove-drop', { from: premove.from, to: premove.to, reason });
  }

  /**
   * Before each update: a premove goes when premoves or its side are turned off or its piece is gone, and is made (a
   * `makruk-move`, as if the user made it now) or dropped when its side is to move.
   */
  #settlePremove(): void {
    const premove = this._premove;
    if (!premove) return;
    const piece = this.#shown.pieces.get(premove.from);
    let drop: PremoveDrop | undefined;
    if (!piece || piece.color !== premove.color) drop = 'illegal';
    else if (!this.premove || !this.#mayMove(premove.color)) drop = 'cancelled';
    else if (this.#shown.position?.turn !== premove.color)
      return; // it waits for its turn
    else if (!this.#destsFor(premove.from).includes(premove.to)) drop = 'illegal';
    if (drop) {
      this.#dropPremove(drop);
      return;
    }
    this._premove = undefined;
    this.#userMove(premove.from, premove.to, false);
  }

  // before each render (changes made here join this update): the premove is settled against what is about to be shown
  override willUpdate(): void {
    this.#settlePremove();
  }

  #names(): PieceNames {
    return pieceNamesFrom(this.pieceNames);
  }

  // ---- form association ----------------------------------------------------------------------------------

  get form(): HTMLFormElement | null {
    return this.#internals?.form ?? null;
  }
  formResetCallback(): void {
    this.#setFen(this.#initialFen ?? INITIAL_FEN);
    this.lastMove = undefined;
  }
  formStateRestoreCallback(state: unknown): void {
    if (typeof state === 'string') this.#setFen(state);
  }

  // ---- rendering -----------------------------------------------------------------------------------------

  #geometry(): { left: number; top: number; size: number; square: number } {
    const size = this.#size.size;
    const inner = this.coordinates === 'outside' ? size * 0.9 : size;
    const width = this.offsetWidth || size;
    const height = this.offsetHeight || size;
    return { left: Math.max(0, (width - size) / 2), top: Math.max(0, (height - size) / 2), size, square: inner / 8 };
  }

  override render(): TemplateResult {
    const white = this.orientation !== 'black';
    const selected = this._selected;
    const dests = new Set(selected ? this.#destsFor(selected) : []);
    const last = uciSquares(this.lastMove);
    const drag = this.#pointer.drag;
    const outside = this.coordinates === 'outside';
    const geo = this.#geometry();
    const wrapStyle = geo.size
      ? `width:${geo.size}px;height:${geo.size}px;left:${geo.left}px;top:${geo.top}px;--_sq:${geo.square}px;` +
        `--_line:${Math.max(1, Math.round(geo.size / 360))}px`
      : 'inset:0;--_sq:12.5cqw;--_line:1px';

    const rows = renderRows({
      orientation: white ? 'white' : 'black',
      pieces: this.#shown.pieces,
      selected,
      dests,
      last,
      check: this.#shown.check,
      drag,
      focus: this._focus,
      premove: this._premove ? [this._premove.from, this._premove.to] : undefined,
      names: this.#names(),
    });

    const pointer = this.#pointer;
    const keyboard = this.#keyboard;
    const dragPiece = drag?.active ? this.#shown.pieces.get(drag.from) : undefined;
    // at most MAX_SHAPES are read and drawn, so neither drawing nor replacing them depends on how many were given
    const allShapes = shapesToDraw(this.#shapeLists());
    return html`<div class="wrap ${outside ? 'outside' : ''} ${this.boardStyle === 'checkered' ? 'checkered' : ''}"
        part="container" style=${wrapStyle}>
        <svg class="defs" aria-hidden="true"><defs>${unsafeSVG(pieceSymbols(getPieceSet(this.pieceSet) ?? thaiPieceSet))}</defs></svg>
        <div class="grid" part="board" role="grid" aria-label=${this.label} aria-describedby="help"
          @pointerdown=${pointer.onPointerDown} @pointermove=${pointer.onPointerMove} @pointerup=${pointer.onPointerUp}
          @pointercancel=${pointer.onPointerCancel} @lostpointercapture=${pointer.onPointerCancel}
          @contextmenu=${pointer.onContextMenu} @keydown=${keyboard.onKeyDown} @focusin=${keyboard.onFocusIn}>${rows}</div>
        ${renderCoordinates(this.coordinates, this.notation === 'thai' ? 'thai' : 'algebraic', white ? 'white' : 'black')}
        <svg class="shapes" part="shapes" viewBox="0 0 8 8" aria-hidden="true">${allShapes.map((s) =>
          renderShape(s, white ? 'white' : 'black'),
        )}</svg>
        ${dragPiece ? html`<div class="ghost" part="ghost">${pieceSvg(dragPiece, false)}</div>` : nothing}
        <div class="sr" id="help">${HELP}</div>
        <div class="sr" role="status">${this._announcement}</div>
      </div>`;
  }

  // ---- geometry ------------------------------------------------------------------------------------------

  #gridElement(): HTMLElement | null {
    return this.renderRoot.querySelector('.grid');
  }

  #cell(square: Square): HTMLElement | null {
    return this.renderRoot.querySelector(`[data-square="${square}"]`);
  }

  #squareFromPoint(x: number, y: number): Square | undefined {
    const grid = this.#gridElement();
    return grid ? squareAtPoint(grid.getBoundingClientRect(), x, y, this.orientation) : undefined;
  }

  #setUserShapes(shapes: Shape[]): void {
    this._userShapes = shapes;
    this.#userShapesCut = 0;
    this.#emit('makruk-shapes', { shapes: [...shapes] });
  }

  // ---- selection and moves -------------------------------------------------------------------------------

  #select(square: Square | undefined, announce: boolean): void {
    if (square === this._selected) return;
    this._selected = square;
    const piece = square ? this.#shown.pieces.get(square) : undefined;
    const dests = square ? [...this.#destsFor(square)] : [];
    if (announce) {
      this._announcement =
        square && piece
          ? `Picked up ${pieceName(piece, this.#names())} on ${square}. ${dests.length ? `Can move to ${dests.join(', ')}.` : 'No legal moves.'}`
          : 'Dropped.';
    }
    const detail: MakrukSelectDetail = { square: square ?? null, dests };
    if (piece) detail.piece = piece;
    this.#emit('makruk-select', detail);
  }

  /** A user move (pointer or keyboard): checks, asks the host (cancelable event), applies. */
  #userMove(from: Square, to: Square, dragged: boolean): boolean {
    const piece = this.#shown.pieces.get(from);
    if (!piece || !this.#destsFor(from).includes(to)) return this.#refuse(piece, from, to, 'illegal');
    if (piece.color === this.#premoveSide()) {
      this.#setPremove(piece, from, to);
      return true;
    }
    const captured = this.#shown.pieces.get(to);
    const position = this.#shown.position;
    const legal = position ? findMove(position, from, to) : undefined;
    let detail: MakrukMoveDetail;
    let apply: () => void;
    if (legal && position) {
      const played = playMove(position, legal);
      detail = { from, to, uci: played.uci, san: played.san, fen: played.after.fen(), piece };
      if (played.promotion) detail.promotion = played.promotion;
      apply = () => this.#setPosition(played.after);
    } else {
      // Host-supplied dests beyond the rules (e.g. a puzzle or a set-up editor): move the drawn piece as asked.
      const drawn = moveOnDrawing(this.#shown.pieces, this.#shown.fen, from, to)!;
      detail = { from, to, uci: drawn.uci, san: drawn.uci, fen: drawn.fen, piece };
      if (drawn.promotion) detail.promotion = drawn.promotion;
      apply = () => this.#setFen(drawn.fen);
    }
    if (captured) detail.captured = captured;
    const versionBefore = this._version;
    if (!this.#emit('makruk-move', detail, { cancelable: true })) return this.#refuse(piece, from, to, 'cancelled');
    // A listener may have set a new position itself; then the host is in charge and we do not apply ours.
    if (this._version === versionBefore) apply();
    this.#afterMove(piece, from, to, captured, Boolean(detail.promotion), dragged);
    this.dispatchEvent(new Event('change', EVENT_INIT));
    return true;
  }

  /**
   * Fires one of the element's own events (events.ts MakrukBoardEventDetails: the name fixes the detail's type),
   * bubbling and composed; false when a listener cancelled a cancelable one.
   */
  #emit<Name extends keyof MakrukBoardEventDetails>(
    name: Name,
    detail: MakrukBoardEventDetails[Name],
    { cancelable = false }: { cancelable?: boolean } = {},
  ): boolean {
    // built apart from dispatchEvent: the manifest analyzer would list `name` itself as an event (the events are the
    // class's @fires tags)
    const event = new CustomEvent(name, { ...EVENT_INIT, detail, cancelable });
    return this.dispatchEvent(event);
  }

  /** Every refused user move, whatever the input path: one sentence in the live region, the piece put down. */
  #refuse(piece: Piece | undefined, from: Square, to: Square, why: Refusal): false {
    this._announcement = refusalSentence(piece, from, to, why, this.#names());
    this.#select(undefined, false);
    return false;
  }

  #afterMove(
    piece: Piece,
    from: Square,
    to: Square,
    captured: Piece | undefined,
    promotion: boolean,
    dragged: boolean,
  ): void {
    this.lastMove = `${from}${to}`;
    this._announcement = moveSentence(
      piece,
      from,
      to,
      captured,
      promotion,
      this.#shown.check !== undefined,
      this.#names(),
    );
    if (!dragged) {
      void this.updateComplete.then(() =>
        animateArrival(this.#cell(to)?.querySelector('.pc'), from, to, this.orientation, this.animationDuration),
      );
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'makruk-board': MakrukBoard;
  }
}
