// Keyboard input as a Lit reactive controller: a roving focus over the 64 cells (arrows, Home, End, as the squares
// appear on screen), Enter or Space to pick up and drop, Escape to put down.
import { isSquare } from '@makruk/makruk';
import type { ReactiveController } from 'lit';
import { squareAfterKey } from './geometry.js';
import type { BoardInputHost } from './input.js';

export class KeyboardInputController implements ReactiveController {
  readonly #host: BoardInputHost;
  /** Move DOM focus to the focus square after the next render. */
  #focusPending = false;

  constructor(host: BoardInputHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  hostUpdated(): void {
    if (this.#focusPending) {
      this.#focusPending = false;
      this.#host.cell(this.#host.focusSquare)?.focus();
    }
  }

  onFocusIn = (e: FocusEvent): void => {
    const square = (e.target as HTMLElement).dataset?.square;
    if (isSquare(square)) this.#host.focusSquare = square;
  };

  onKeyDown = (e: KeyboardEvent): void => {
    const host = this.#host;
    const next = squareAfterKey(host.focusSquare, e.key, host.orientation);
    if (next) {
      e.preventDefault();
      if (next !== host.focusSquare) {
        host.focusSquare = next;
        this.#focusPending = true;
      }
      return;
    }
    if (e.key === 'Escape') {
      if (host.selected) host.select(undefined, true);
      else if (host.hasPremove) host.cancelPremove();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    const square = host.focusSquare;
    const selected = host.selected;
    const own = host.pieceOn(square) !== undefined && host.destsFor(square).length > 0;
    if (selected === square) {
      host.select(undefined, true);
    } else if (selected && host.destsFor(selected).includes(square)) {
      // a premove may aim at one's own piece (it may be taken first)
      host.tryMove(selected, square, false);
      this.#focusPending = true;
    } else if (own) {
      host.select(square, true);
    } else if (selected) {
      // a move attempt (made or refused), as a click on the square would be
      host.tryMove(selected, square, false);
      this.#focusPending = true;
    }
  };
}
