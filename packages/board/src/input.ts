// What the input controllers (pointer-input.ts, keyboard-input.ts) may ask of the element: one narrow interface,
// so that every input path selects and moves through the same two methods.
import type { Color, Piece, Square } from '@makruk/makruk';
import type { ReactiveControllerHost } from 'lit';
import type { Shape } from './shapes.js';

export interface BoardInputHost extends ReactiveControllerHost {
  readonly orientation: Color;
  readonly dragThreshold: number;
  /** The picked-up square. */
  readonly selected: Square | undefined;
  /** The keyboard's roving focus square. */
  focusSquare: Square;
  readonly userShapes: readonly Shape[];
  pieceOn(square: Square): Piece | undefined;
  destsFor(square: Square): readonly Square[];
  squareFromPoint(x: number, y: number): Square | undefined;
  /** Picks a piece up (or puts it down with undefined); `announce` says so in the live region. */
  select(square: Square | undefined, announce: boolean): void;
  /**
   * A user move: refused (with the one refusal sentence) unless `to` is a legal destination; true if made. While
   * premoves are on and it is the other side's turn, it sets the premove instead.
   */
  tryMove(from: Square, to: Square, dragged: boolean): boolean;
  /** Whether a premove is waiting for its turn. */
  readonly hasPremove: boolean;
  /** Cancels the waiting premove (a click elsewhere, a right-click, Escape). */
  cancelPremove(): void;
  setUserShapes(shapes: Shape[]): void;
  cell(square: Square): HTMLElement | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
}
