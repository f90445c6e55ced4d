// Pointer input (mouse, touch, pen) as a Lit reactive controller: click-click, drag and drop with a threshold and a
// ghost piece, and right-button arrows and circles.
import type { Square } from '@makruk/makruk';
import type { ReactiveController } from 'lit';
import type { BoardInputHost } from './input.js';
import { brushForModifiers, sameShape, type Shape } from './shapes.js';

export interface DragState {
  pointerId: number;
  from: Square;
  startX: number;
  startY: number;
  /** Past the drag threshold: the ghost follows the pointer. */
  active: boolean;
  wasSelected: boolean;
  /** The square under the pointer while dragging. */
  over?: Square | undefined;
}

export class PointerInputController implements ReactiveController {
  readonly #host: BoardInputHost;
  #drag: DragState | undefined;
  #shapeStart: Square | undefined;

  constructor(host: BoardInputHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The drag in progress, if any (the element draws the lifted piece and the ghost from it). */
  get drag(): DragState | undefined {
    return this.#drag;
  }

  /** Forgets a drag (the position changed under it). */
  reset(): void {
    this.#setDrag(undefined);
  }

  #setDrag(drag: DragState | undefined): void {
    this.#drag = drag;
    this.#host.requestUpdate();
  }

  onContextMenu = (e: Event): void => {
    e.preventDefault();
  };

  onPointerDown = (e: PointerEvent): void => {
    const host = this.#host;
    const square = host.squareFromPoint(e.clientX, e.clientY);
    if (e.button === 2) {
      e.preventDefault();
      // a right-click cancels a premove (and draws nothing); else it starts an arrow or a circle
      if (host.hasPremove) host.cancelPremove();
      else this.#shapeStart = square;
      return;
    }
    if (e.button !== 0) return;
    // any left press cancels a waiting premove (a press on one's own piece then picks it up for a new one)
    if (host.hasPremove) host.cancelPremove();
    if (!square) return;
    if (host.userShapes.length) host.setUserShapes([]);
    const selected = host.selected;
    const piece = host.pieceOn(square);
    const own = piece !== undefined && host.destsFor(square).length > 0;
    if (selected && selected !== square && (!own || host.destsFor(selected).includes(square))) {
      // a click on another square while a piece is up is a move attempt (made or refused); a premove may aim at
      // one's own piece (it may be taken first)
      e.preventDefault();
      host.tryMove(selected, square, false);
      return;
    }
    if (own) {
      e.preventDefault();
      host.focusSquare = square;
      host.select(square, false);
      this.#setDrag({
        pointerId: e.pointerId,
        from: square,
        startX: e.clientX,
        startY: e.clientY,
        active: false,
        wasSelected: selected === square,
      });
      try {
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      } catch {
        // synthetic or already-released pointers cannot be captured; the drag still works inside the board
      }
    } else {
      host.select(undefined, false);
    }
  };

  onPointerMove = (e: PointerEvent): void => {
    const drag = this.#drag;
    if (!drag || drag.pointerId !== e.pointerId) return;
    let next = drag;
    if (!drag.active) {
      if (Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < this.#host.dragThreshold) return;
      next = { ...drag, active: true };
    }
    const over = this.#host.squareFromPoint(e.clientX, e.clientY);
    if (over !== next.over) next = { ...next, over };
    if (next !== drag) this.#setDrag(next);
    void this.#placeGhost(e.clientX, e.clientY);
  };

  async #placeGhost(x: number, y: number): Promise<void> {
    await this.#host.updateComplete;
    const root = this.#host.renderRoot;
    const ghost = root.querySelector<HTMLElement>('.ghost');
    const wrap = root.querySelector<HTMLElement>('.wrap');
    if (!ghost || !wrap) return;
    const rect = wrap.getBoundingClientRect();
    const half = ghost.offsetWidth / 2;
    ghost.style.transform = `translate(${x - rect.left - half}px, ${y - rect.top - half}px)`;
  }

  onPointerUp = (e: PointerEvent): void => {
    const host = this.#host;
    const square = host.squareFromPoint(e.clientX, e.clientY);
    if (e.button === 2) {
      this.#finishShape(square, e);
      return;
    }
    const drag = this.#drag;
    if (!drag || drag.pointerId !== e.pointerId) return;
    this.#setDrag(undefined);
    if (drag.active) {
      if (square && square !== drag.from) host.tryMove(drag.from, square, true);
      else if (!square) host.select(undefined, false); // dropped off the board: snap back
    } else if (drag.wasSelected && square === drag.from) {
      host.select(undefined, false); // second click on the selected piece puts it down
    }
  };

  /** A cancelled pointer, or capture lost before pointerup (e.g. the element moved): the piece snaps back. */
  onPointerCancel = (e: PointerEvent): void => {
    if (this.#drag?.pointerId !== e.pointerId) return;
    const wasDragging = this.#drag.active;
    this.#setDrag(undefined);
    if (wasDragging) this.#host.select(undefined, false);
  };

  #finishShape(square: Square | undefined, e: PointerEvent): void {
    const from = this.#shapeStart;
    this.#shapeStart = undefined;
    if (!from || !square) return;
    const shape: Shape = { from, brush: brushForModifiers(e) };
    if (square !== from) shape.to = square;
    const shapes = this.#host.userShapes;
    const existing = shapes.find((s) => sameShape(s, shape));
    const others = shapes.filter((s) => !sameShape(s, shape));
    // drawing the same shape again with the same brush removes it; another brush recolours it
    this.#host.setUserShapes(existing && existing.brush === shape.brush ? others : [...others, shape]);
  }
}
