// The clocks of a timed game against the computer, one above and one below the board: the side at the bottom of the
// board (the player's, turning with the board) below. Each is a role="timer" (not live: no announcement per tick),
// named with its side and time; one polite live region says when the player's time runs low (30 s, 10 s).
import type { Color } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import type { Opponent } from '../engine/opponent.js';
import { formatClock } from '../model/clock.js';
import { LightView } from './base.js';
import { colorName } from './counting-panel.js';

/** Under this a clock is drawn as low on time (ms). */
export const LOW_TIME_MS = 20_000;
/** The player hears these once each as the clock passes them (ms). */
const WARNINGS = [30_000, 10_000];

function spoken(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  const s = seconds % 60;
  return minutes > 0
    ? msg(str`${minutes} min ${s} s`, { id: 'clock-spoken-min' })
    : msg(str`${s} s`, { id: 'clock-spoken-s' });
}

export class GameClocks extends LightView {
  static override properties = { ...LightView.properties, opponent: { attribute: false }, place: {} };
  declare opponent: Opponent | undefined;
  /** 'top' (the side at the top of the board) or 'bottom'. */
  declare place: 'top' | 'bottom';
  #update = (): void => this.requestUpdate();
  #tick: ReturnType<typeof setInterval> | undefined;
  /** Warnings already given in this game (the threshold). */
  #warned = new Set<number>();
  #warning = '';

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('opponent')) {
      (changed.get('opponent') as Opponent | undefined)?.removeEventListener('change', this.#update);
      this.opponent?.addEventListener('change', this.#update);
    }
    const running = this.opponent?.clock?.running !== undefined;
    if (running && this.#tick === undefined) this.#tick = setInterval(() => this.requestUpdate(), 100);
    if (!running && this.#tick !== undefined) {
      clearInterval(this.#tick);
      this.#tick = undefined;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#tick !== undefined) clearInterval(this.#tick);
    this.#tick = undefined;
  }

  override render() {
    const clock = this.opponent?.clock;
    const model = this.ctx?.model;
    if (!clock || !model || !this.opponent) {
      this.#warned.clear();
      return nothing;
    }
    const bottom = model.orientation;
    const color: Color = this.place === 'bottom' ? bottom : bottom === 'white' ? 'black' : 'white';
    const left = clock.remaining(color);
    const running = clock.running === color;
    const player = color !== this.opponent.side;
    if (player) {
      for (const at of WARNINGS) {
        if (left <= at && left > 0 && !this.#warned.has(at)) {
          this.#warned.add(at);
          this.#warning = msg(str`${spoken(left)} left on your clock`, { id: 'clock-warning' });
        }
      }
    }
    const who = player ? msg('you', { id: 'clock-you' }) : msg('computer', { id: 'clock-computer' });
    const classes = ['clock', running ? 'running' : '', left < LOW_TIME_MS ? 'low' : '', left <= 0 ? 'flagged' : '']
      .filter(Boolean)
      .join(' ');
    return html`<div
        class=${classes}
        role="timer"
        data-color=${color}
        aria-label=${msg(str`${colorName(color)} (${who}): ${spoken(left)}`, { id: 'clock-label' })}
      >
        <span class="clock-side" aria-hidden="true">${colorName(color)} · ${who}</span>
        <span class="clock-time" aria-hidden="true">${formatClock(left)}</span>
      </div>
      ${player ? html`<p class="sr-only" aria-live="polite">${this.#warning}</p>` : nothing}`;
  }
}
customElements.define('game-clocks', GameClocks);
