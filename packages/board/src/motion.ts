// Move animation: the piece slides from its old square into the new one. The time is clamped, so a huge or
// infinite `animation-duration` can never leave a piece drawn on the square it came from.
import type { Color, Square } from '@makruk/makruk';
import { squareXY } from './squares.js';

/** Longest move animation, in milliseconds: longer (or infinite) values are cut to it. */
export const MAX_ANIMATION_MS = 1000;

/** The animation time actually used: NaN, negative or non-numbers → 0 (none), above MAX_ANIMATION_MS → that. */
export function animationMs(value: unknown): number {
  const ms = typeof value === 'number' ? value : Number(value);
  return ms > 0 ? Math.min(ms, MAX_ANIMATION_MS) : 0;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Slides `piece` (already drawn on `to`) in from `from`; nothing under prefers-reduced-motion or for 0 ms. */
export function animateArrival(
  piece: Element | null | undefined,
  from: Square,
  to: Square,
  orientation: Color,
  duration: unknown,
): void {
  const ms = animationMs(duration);
  if (ms === 0 || prefersReducedMotion() || !piece || typeof piece.animate !== 'function') return;
  const [fx, fy] = squareXY(from);
  const [tx, ty] = squareXY(to);
  const sign = orientation === 'black' ? -1 : 1;
  const dx = (fx - tx) * 100 * sign;
  const dy = (ty - fy) * 100 * sign;
  piece.animate([{ transform: `translate(${dx}%, ${dy}%)` }, { transform: 'none' }], {
    duration: ms,
    easing: 'ease-out',
  });
}
