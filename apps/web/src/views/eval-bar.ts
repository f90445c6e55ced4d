// The evaluation bar: White's winning chances (from @makruk/makruk's winningChances) as the white part of a bar.
// It turns with the board: the side at the bottom of the board has its part at the bottom of the bar. Before the
// first line (or in the threat view) it is an even grey, so that no half-and-half bar reads as a 0.00 evaluation.
import { whiteWinningChances } from '@makruk/makruk';
import { msg } from '@lit/localize';
import { html } from 'lit';
import { formatScore } from './format.js';
import { LightView } from './base.js';

export class EvalBar extends LightView {
  static override followsEngine = true;
  override render() {
    const engine = this.ctx?.engine;
    const turn = engine?.turn ?? 'white';
    const best = engine?.threat ? undefined : engine?.lines[0];
    const chances = best ? whiteWinningChances(best.score, turn) : 0;
    const whitePercent = Math.round((50 + chances * 50) * 10) / 10;
    const label = best ? formatScore(best.score, turn) : msg('no evaluation', { id: 'eval-none' });
    const flipped = this.ctx?.model.orientation === 'black';
    return html`<div
      class="eval-bar ${flipped ? 'flipped' : ''} ${best ? '' : 'no-eval'}"
      role="meter"
      aria-label=${msg('Evaluation', { id: 'eval-label' })}
      aria-valuemin="0"
      aria-valuemax="100"
      aria-valuenow=${whitePercent}
      aria-valuetext=${label}
    >
      <div class="eval-black" style="height: ${100 - whitePercent}%"></div>
      <span class="eval-text ${whitePercent < 50 ? 'on-black' : ''}">${best ? label : ''}</span>
    </div>`;
  }
}
customElements.define('eval-bar', EvalBar);
