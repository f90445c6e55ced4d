// The board editor: put pieces on any square (a palette and a grid of square buttons, keyboard usable), choose the
// side to move and the count fields; the position is checked by the library (Position.fromFen: its error shown),
// then analysed or played from. While it is open it takes the main board's place (as lichess's editor page does):
// the host gets the `editing` attribute, and board-editor.css hides the board area and the other panels. The
// position is edited on a full-size <makruk-board> (the page's orientation, notation and coordinates; inert, an empty
// board field: it only draws the board) with the 64 square buttons over its squares, which draw the pieces with the
// board's art. The squares are one Tab stop; the arrow keys move as the board is seen, Enter or Space puts the piece.
// A palette piece is chosen with a click (then put with a click on a square) or dragged onto a square (pointer events:
// mouse or finger). Live analysis is paused while the editor is open (its lines would be of the game behind it) and
// resumes when it closes: on the game's position, or on the position applied.
import {
  Board,
  type Color,
  INITIAL_FEN,
  type Piece,
  Position,
  type Role,
  type Square,
  makeBoardFen,
  parseFen,
} from '@makruk/makruk';
import { thaiPieceSet } from '@makruk/board';
import { msg, str } from '@lit/localize';
import { html, nothing, svg } from 'lit';
import { unsafeSVG } from 'lit/directives/unsafe-svg.js';
import { errorText } from '../i18n/errors.js';
import type { EngineController } from '../engine/controller.js';
import type { Opponent } from '../engine/opponent.js';
import { LightView } from './base.js';
import './board-editor.css';
import { colorName } from './counting-panel.js';
import { roleName } from './piece-names.js';
import { PIECE_COLORS } from './png.js';

const ROLES: Role[] = ['king', 'met', 'khon', 'knight', 'rook', 'pawn'];
const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
/** The board the editor draws under its square buttons: the lines and coordinates only (the buttons draw the pieces). */
const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';
/** The keys the page would take for the game behind the editor (stepping, jumping), kept inside the editor. */
const EDITOR_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', ' ']);

/** A piece drawn with the board's own art (the library's constant SVG paths, no user text) and colours. */
function pieceArt(piece: Piece) {
  const kind = piece.role === 'met' && piece.promoted ? 'promoted' : piece.role;
  return html`<svg class="piece-art" viewBox="0 0 50 50" aria-hidden="true" focusable="false"
    style="${PIECE_COLORS[piece.color]};stroke-width:1.5;stroke-linejoin:round">${svg`${unsafeSVG(thaiPieceSet.art[kind])}`}</svg>`;
}

export class BoardEditor extends LightView {
  #board: Board = Board.empty();
  #turn: Color = 'white';
  /** The count limit in moves ('' = no count), the number the counting side says next, and who counts. */
  #countLimit = '';
  #countNext = '1';
  #countSide: Color = 'white';
  /** FEN field 5 when no count runs (the half-move clock), kept as it was. */
  #halfmoves = '0';
  /** The move number of the position the editor was opened on (kept, so a set-up position goes on counting moves). */
  #moveNumber = '1';
  #tool: Piece | 'erase' = { color: 'white', role: 'king' };
  #open = false;
  #error: string | undefined;
  /** The square button that holds the Tab stop (the last one focused or clicked). */
  #focus: Square = 'e1';
  /**
   * A palette piece being dragged (pointer events, mouse or touch; the pointer is captured by its palette button):
   * where the pointer went down and is now, whether it has moved far enough to be a drag, the square under it, and
   * the size the piece is drawn at (a square's).
   */
  #drag:
    | {
        piece: Piece;
        pointerId: number;
        startX: number;
        startY: number;
        x: number;
        y: number;
        moved: boolean;
        over: Square | undefined;
        size: number;
      }
    | undefined;

  /**
   * Live analysis was on when the editor opened (or was switched on while it was open, e.g. by a whole-game
   * analysis ending): it is paused while the editor is open, its lines being of the game's position behind it, and
   * switched on again when the editor closes (the game's position, or the position applied).
   */
  #resumeEngine = false;
  #engine: EngineController | undefined;
  #engineChanged = (): void => this.#pauseEngine();

  /** The opponent whose game keeps the editor shut (its start and end re-render the Open button). */
  #opponent: Opponent | undefined;
  #opponentChanged = (): void => this.requestUpdate();

  override willUpdate(): void {
    super.willUpdate();
    if (this.ctx?.opponent !== this.#opponent) {
      this.#opponent?.removeEventListener('change', this.#opponentChanged);
      this.#opponent = this.isConnected ? this.ctx?.opponent : undefined;
      this.#opponent?.addEventListener('change', this.#opponentChanged);
    }
  }
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#opponent?.removeEventListener('change', this.#opponentChanged);
    this.#opponent = undefined;
    this.#followEngine(false);
  }

  #pauseEngine(): void {
    if (!this.#engine?.running) return;
    this.#resumeEngine = true;
    this.#engine.toggle(false);
  }

  /** While open, the engine is kept paused; on closing it is switched on again if it was on. */
  #followEngine(open: boolean): void {
    if (open && this.#engine && this.#engine === this.ctx?.engine) return;
    this.#engine?.removeEventListener('change', this.#engineChanged);
    const resume = !open && this.#resumeEngine;
    const engine = this.#engine;
    this.#engine = open ? this.ctx?.engine : undefined;
    this.#resumeEngine = false;
    if (this.#engine) {
      this.#pauseEngine();
      this.#engine.addEventListener('change', this.#engineChanged);
    }
    if (resume) engine?.toggle(true);
  }

  override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    this.toggleAttribute('editing', this.#open);
  }

  /** Opens or closes the editor; the page is scrolled to its top, where the editor (or the main board) now is. */
  async #setOpen(open: boolean): Promise<void> {
    this.#open = open;
    this.#followEngine(open);
    this.requestUpdate();
    await this.updateComplete;
    globalThis.scrollTo?.({ top: 0 });
    // focus stays in the editor's place (the Open button is further down: the page is not scrolled to it)
    (this.querySelector(open ? '#editor-heading' : '.editor-open') as HTMLElement | null)?.focus({
      preventScroll: true,
    });
  }

  /** Arrow keys, Home and End on the squares: the next square as the board is seen (orientation followed). */
  #onGridKey(event: KeyboardEvent, square: Square): void {
    const white = this.ctx?.model.orientation !== 'black';
    let file = FILES.indexOf(square[0] as (typeof FILES)[number]);
    let rank = Number(square[1]) - 1;
    const right = white ? 1 : -1;
    const up = white ? 1 : -1;
    switch (event.key) {
      case 'ArrowRight':
        file += right;
        break;
      case 'ArrowLeft':
        file -= right;
        break;
      case 'ArrowUp':
        rank += up;
        break;
      case 'ArrowDown':
        rank -= up;
        break;
      case 'Home':
        file = white ? 0 : 7;
        break;
      case 'End':
        file = white ? 7 : 0;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return;
    this.#focus = `${FILES[file]}${rank + 1}` as Square;
    this.requestUpdate();
    void this.updateComplete.then(() =>
      (this.querySelector(`.editor-grid [data-square="${this.#focus}"]`) as HTMLElement | null)?.focus(),
    );
  }

  /** The editing board's square under a point of the screen (the square buttons lie on the board's squares). */
  #squareAt(x: number, y: number): Square | undefined {
    const cell = document.elementFromPoint(x, y)?.closest?.('.editor-grid [data-square]');
    return cell && this.contains(cell) ? ((cell as HTMLElement).dataset.square as Square) : undefined;
  }

  /** A palette piece pressed: it is chosen (as a click does), and may be dragged onto a square. */
  #onToolDown(event: PointerEvent, piece: Piece): void {
    if (!event.isPrimary || event.button !== 0) return;
    this.#tool = { ...piece };
    const cell = this.querySelector('.editor-grid .cell')?.getBoundingClientRect();
    this.#drag = {
      piece,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      x: event.clientX,
      y: event.clientY,
      moved: false,
      over: undefined,
      size: cell?.width ?? 48,
    };
    // the moves and the release come to the button wherever the pointer goes (a touch is captured anyway)
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    this.requestUpdate();
  }

  #onToolMove(event: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.x = event.clientX;
    drag.y = event.clientY;
    // a few pixels' wobble of a click is not a drag
    if (!drag.moved && Math.hypot(drag.x - drag.startX, drag.y - drag.startY) < 4) return;
    drag.moved = true;
    drag.over = this.#squareAt(drag.x, drag.y);
    this.requestUpdate();
  }

  /** Released: a dragged piece is put on the square under the pointer (off the board, nothing changes). */
  #onToolUp(event: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.#drag = undefined;
    const square = drag.moved ? this.#squareAt(event.clientX, event.clientY) : undefined;
    if (square) {
      this.#board.set(square, { ...drag.piece });
      this.#focus = square;
    }
    this.requestUpdate();
  }

  #onToolCancel(event: PointerEvent): void {
    if (event.pointerId !== this.#drag?.pointerId) return;
    this.#drag = undefined;
    this.requestUpdate();
  }

  #change(update: () => void): void {
    update();
    this.requestUpdate();
  }

  #load(fen: string): void {
    const setup = parseFen(fen);
    if (!setup.ok) return;
    this.#board = setup.value.board.clone();
    this.#turn = setup.value.turn;
    const fields = fen.split(/\s+/);
    const limit = fields[3] ?? '-';
    const plies = Number(fields[4] ?? '0');
    if (limit === '-' || limit === '0' || !/^\d+$/.test(limit)) {
      this.#countLimit = '';
      this.#countNext = '1';
      this.#halfmoves = fields[4] ?? '0';
    } else {
      // FEN counts in plies: the limit is 2 per move; the count ply 2c-2 (the counting side to move) or 2c-1 says c next
      this.#countLimit = String(Math.floor(Number(limit) / 2));
      this.#countNext = String(Math.floor(plies / 2) + 1);
      const turn = setup.value.turn;
      this.#countSide = plies % 2 === 0 ? turn : turn === 'white' ? 'black' : 'white';
      this.#halfmoves = '0';
    }
    this.#moveNumber = /^[1-9]\d*$/.test(fields[5] ?? '') ? (fields[5] as string) : '1';
    this.requestUpdate();
  }

  /** The side with a bare king (its count is pieces' honour, and it is the one that counts). */
  #bareSide(): Color | undefined {
    const bare = (color: Color) => this.#board.count(color) === this.#board.count(color, 'king');
    return bare('white') && !bare('black') ? 'white' : bare('black') && !bare('white') ? 'black' : undefined;
  }

  /** Who counts: the bare king's side under pieces' honour, else the side chosen. */
  get countSide(): Color {
    return this.#bareSide() ?? this.#countSide;
  }

  /** What is wrong with the count fields, in words (they are in moves; the FEN's are in plies). */
  #countProblem(): string | undefined {
    const limit = this.#countLimit.trim();
    if (limit === '') return undefined;
    if (!/^\d{1,5}$/.test(limit) || Number(limit) < 1)
      return msg('The count limit is a number of moves, such as 64 (board’s honour) or 8, or empty for no count.', {
        id: 'editor-count-limit-error',
      });
    const next = this.#countNext.trim();
    if (!/^\d{1,6}$/.test(next) || Number(next) < 1 || Number(next) > Number(limit) + 1)
      return msg(
        str`The next count is the number the counting side says with its next move: 1 to ${Number(limit) + 1}.`,
        {
          id: 'editor-count-next-error',
        },
      );
    return undefined;
  }

  get fen(): string {
    const limit = this.#countLimit.trim();
    let fields = `- ${this.#halfmoves}`;
    if (limit !== '' && !this.#countProblem()) {
      const plies = 2 * (Number(this.#countNext) - 1) + (this.#turn === this.countSide ? 0 : 1);
      fields = `${2 * Number(limit)} ${plies}`;
    }
    return `${makeBoardFen(this.#board)} ${this.#turn === 'white' ? 'w' : 'b'} - ${fields} ${this.#moveNumber}`;
  }

  override render() {
    if (!this.ctx) return nothing;
    const { model, opponent } = this.ctx;
    if (!this.#open) {
      // The editor hides the board: a game against the computer (and its clocks) would go on unseen behind it.
      const playing = opponent.playing && !model.game.isOver();
      return html`<section class="panel editor" aria-labelledby="editor-heading">
        <div class="panel-head">
          <h2 id="editor-heading">${msg('Board editor', { id: 'editor-heading' })}</h2>
          <button
            type="button"
            class="editor-open"
            ?disabled=${playing}
            aria-describedby=${playing ? 'editor-playing' : nothing}
            @click=${() => {
              this.#load(model.node.fen);
              void this.#setOpen(true);
            }}
          >
            ${msg('Set up a position', { id: 'editor-open' })}
          </button>
        </div>
        ${playing ? html`<p id="editor-playing" class="hint">${msg('Finish or resign the game against the computer to set up a position.', { id: 'editor-playing' })}</p>` : nothing}
      </section>`;
    }
    const fen = this.fen;
    const countProblem = this.#countProblem();
    const checked = Position.fromFen(fen);
    // the library's FEN errors name FEN fields; the editor's fields are in moves, so its count errors are its own
    const problem = countProblem
      ? countProblem
      : checked.ok
        ? undefined
        : checked.error.code === 'ERR_FEN_COUNTING'
          ? msg('No count can run while an unpromoted pawn stands on the board: leave the count limit empty.', {
              id: 'editor-count-pawns',
            })
          : msg(str`Not a legal position: ${errorText(checked.error)}`, { id: 'editor-illegal' });
    const white = model.orientation !== 'black';
    // the squares in screen order: from the top left, row by row
    const ranks = white ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
    const files = white ? FILES : [...FILES].reverse();
    const toolLabel = (piece: Piece) => `${colorName(piece.color)} ${roleName(piece.role)}`;
    const drag = this.#drag?.moved ? this.#drag : undefined;
    const isTool = (piece: Piece | 'erase') =>
      piece === 'erase'
        ? this.#tool === 'erase'
        : this.#tool !== 'erase' && this.#tool.color === piece.color && this.#tool.role === piece.role;
    return html`<section
      class="panel editor"
      aria-labelledby="editor-heading"
      @keydown=${(event: KeyboardEvent) => {
        // the game behind the editor is not stepped while the player edits
        if (EDITOR_KEYS.has(event.key)) event.stopPropagation();
      }}
    >
      <div class="panel-head">
        <h2 id="editor-heading" tabindex="-1">${msg('Board editor', { id: 'editor-heading' })}</h2>
        <button type="button" class="editor-close" @click=${() => void this.#setOpen(false)}>${msg('Close', { id: 'editor-close' })}</button>
      </div>
      <div class="editor-body">
      <div class="editor-board-wrap">
        <makruk-board
          class="editor-board"
          inert
          .fen=${EMPTY_FEN}
          orientation=${model.orientation}
          notation=${model.notation}
          movable="none"
          animation-duration="0"
        ></makruk-board>
      <div class="editor-grid" role="group" aria-label=${msg('Squares: click to put the chosen piece', { id: 'editor-grid' })}>
        ${ranks.flatMap((rank) =>
          files.map((file) => {
            const square = `${file}${rank}` as Square;
            const piece = this.#board.get(square);
            return html`<button
              type="button"
              class="cell ${piece?.color ?? ''} ${drag?.over === square ? 'drop-target' : ''}"
              data-square=${square}
              tabindex=${square === this.#focus ? '0' : '-1'}
              aria-label=${piece ? `${square}, ${toolLabel(piece)}` : square}
              title=${piece ? `${square}, ${toolLabel(piece)}` : square}
              @keydown=${(event: KeyboardEvent) => this.#onGridKey(event, square)}
              @focus=${() => {
                if (this.#focus === square) return;
                this.#focus = square;
                this.requestUpdate();
              }}
              @click=${() => {
                this.#focus = square;
                this.#board.set(
                  square,
                  this.#tool === 'erase' || (piece && isTool(piece)) ? undefined : { ...this.#tool },
                );
                this.requestUpdate();
              }}
            >
              ${piece ? pieceArt(piece) : ''}
            </button>`;
          }),
        )}
      </div>
      </div>
      <div class="editor-side">
      <div class="palette" role="group" aria-label=${msg('Pieces', { id: 'editor-palette' })}>
        ${(['white', 'black'] as const).flatMap((color) =>
          ROLES.map(
            (role) => html`<button
              type="button"
              class="tool ${color}"
              data-tool=${`${color}-${role}`}
              aria-pressed=${isTool({ color, role }) ? 'true' : 'false'}
              aria-label=${toolLabel({ color, role })}
              title=${toolLabel({ color, role })}
              @pointerdown=${(event: PointerEvent) => this.#onToolDown(event, { color, role })}
              @pointermove=${(event: PointerEvent) => this.#onToolMove(event)}
              @pointerup=${(event: PointerEvent) => this.#onToolUp(event)}
              @pointercancel=${(event: PointerEvent) => this.#onToolCancel(event)}
              @lostpointercapture=${(event: PointerEvent) => this.#onToolCancel(event)}
              @click=${() =>
                this.#change(() => {
                  this.#tool = { color, role };
                })}
            >
              ${pieceArt({ color, role })}
            </button>`,
          ),
        )}
        <button type="button" class="tool erase" aria-pressed=${isTool('erase') ? 'true' : 'false'} @click=${() =>
          this.#change(() => {
            this.#tool = 'erase';
          })}>
          ${msg('Erase', { id: 'editor-erase' })}
        </button>
      </div>
      <div class="row">
        <label
          >${msg('Side to move', { id: 'editor-turn' })}
          <select class="editor-turn" @change=${(e: Event) =>
            this.#change(() => {
              this.#turn = (e.target as HTMLSelectElement).value === 'black' ? 'black' : 'white';
            })}>
            ${(['white', 'black'] as const).map((c) => html`<option value=${c} ?selected=${c === this.#turn}>${colorName(c)}</option>`)}
          </select></label
        >
        <label
          >${msg('Count limit (moves)', { id: 'editor-count-moves' })}
          <input class="editor-count" type="text" inputmode="numeric" size="3" placeholder=${msg('none', { id: 'editor-count-none' })} .value=${this.#countLimit} @change=${(
            e: Event,
          ) =>
            this.#change(() => {
              this.#countLimit = (e.target as HTMLInputElement).value;
            })}
        /></label>
        <label
          >${msg('Next count number', { id: 'editor-count-next' })}
          <input class="editor-count-next" type="text" inputmode="numeric" size="3" ?disabled=${this.#countLimit.trim() === ''} .value=${this.#countNext} @change=${(
            e: Event,
          ) =>
            this.#change(() => {
              this.#countNext = (e.target as HTMLInputElement).value;
            })}
        /></label>
        <label
          >${msg('Counts', { id: 'editor-count-side' })}
          <select class="editor-count-side" ?disabled=${this.#countLimit.trim() === '' || this.#bareSide() !== undefined} @change=${(
            e: Event,
          ) =>
            this.#change(() => {
              this.#countSide = (e.target as HTMLSelectElement).value === 'black' ? 'black' : 'white';
            })}>
            ${(['white', 'black'] as const).map((c) => html`<option value=${c} .selected=${c === this.countSide}>${colorName(c)}</option>`)}
          </select></label
        >
      </div>
      <div class="row">
        <button type="button" class="editor-clear" @click=${() =>
          this.#change(() => {
            this.#board = Board.empty();
          })}>${msg('Empty board', { id: 'editor-clear' })}</button>
        <button type="button" class="editor-start" @click=${() => this.#load(INITIAL_FEN)}>${msg('Start position', { id: 'editor-start' })}</button>
      </div>
      <p class="editor-fen"><code>${fen}</code></p>
      <p class="error editor-error" role=${problem ? 'status' : nothing}>${problem ?? ''}</p>
      ${this.#error ? html`<p class="error" role="alert">${this.#error}</p>` : nothing}
      <button
        type="button"
        class="editor-use"
        ?disabled=${!checked.ok || countProblem !== undefined}
        @click=${() => {
          const loaded = model.loadFen(fen);
          this.#error = loaded.ok ? undefined : loaded.error.message;
          if (loaded.ok) void this.#setOpen(false);
          else this.requestUpdate();
        }}
      >
        ${msg('Analyse or play from here', { id: 'editor-use' })}
      </button>
      </div>
      </div>
      ${
        drag
          ? html`<div
              class="drag-piece"
              aria-hidden="true"
              style="left:${drag.x}px;top:${drag.y}px;width:${drag.size}px;height:${drag.size}px"
            >${pieceArt(drag.piece)}</div>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('board-editor', BoardEditor);
