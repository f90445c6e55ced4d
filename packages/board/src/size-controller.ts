// Keeps the board square: a ResizeObserver reports the largest square that fits the host (its width when the host
// has no height), and the host re-renders at that size.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class SizeController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #observer: ResizeObserver | undefined;
  /** Side of the drawn board in CSS pixels (0 until measured). */
  size = 0;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    if (typeof ResizeObserver !== 'function') return;
    this.#observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]!.contentRect;
      const side = Math.max(0, Math.floor(box.height > 0 ? Math.min(box.width, box.height) : box.width));
      if (side !== this.size) {
        this.size = side;
        this.#host.requestUpdate();
      }
    });
    this.#observer.observe(this.#host);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }
}
