// Play the computer: side, strength level, start/stop, takeback; the result is the counting panel's.
import { STRENGTH_LEVELS, type StrengthName } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
// live(): the options follow the opponent's side and level even after the player has picked one (an attribute would not)
import { live } from 'lit/directives/live.js';
import type { Opponent } from '../engine/opponent.js';
import { LightView } from './base.js';
import { colorName, reasonText } from './counting-panel.js';

export class PlayPanel extends LightView {
  static override properties = { ...LightView.properties, opponent: { attribute: false } };
  declare opponent: Opponent | undefined;
  #update = (): void => this.requestUpdate();
  /** The game end already shown in the dialog (a path), so closing it does not bring it back. */
  #shownEnd: string | undefined;

  override updated(changed: Map<string, unknown>): void {
    const dialog = this.querySelector('dialog.result-dialog') as HTMLDialogElement | null;
    if (dialog && !dialog.open) {
      this.#shownEnd = this.ctx?.model.path.join(' ');
      dialog.showModal();
    }
    if (changed.has('opponent')) {
      (changed.get('opponent') as Opponent | undefined)?.removeEventListener('change', this.#update);
      this.opponent?.addEventListener('change', this.#update);
    }
  }

  /** A result dialog when a game against the computer has ended at the node on screen. */
  #endDialog() {
    const model = this.ctx?.model;
    if (!model || !this.opponent?.playing) return nothing;
    const outcome = model.game.outcome();
    if (!outcome || this.#shownEnd === model.path.join(' ')) return nothing;
    return html`<dialog class="result-dialog" aria-labelledby="result-title">
      <h2 id="result-title">
        ${outcome.winner ? msg(str`${colorName(outcome.winner)} wins`, { id: 'result-wins' }) : msg('Draw', { id: 'result-draw' })}
      </h2>
      <p>${model.game.result()} — ${reasonText(outcome.reason)}</p>
      <form method="dialog"><button type="submit" class="result-close" autofocus>${msg('Close', { id: 'editor-close' })}</button></form>
    </dialog>`;
  }

  override render() {
    const opponent = this.opponent;
    if (!this.ctx || !opponent) return nothing;
    const levelName = (name: StrengthName): string =>
      ({
        beginner: msg('beginner', { id: 'level-beginner' }),
        casual: msg('casual', { id: 'level-casual' }),
        club: msg('club', { id: 'level-club' }),
        strong: msg('strong', { id: 'level-strong' }),
        expert: msg('expert', { id: 'level-expert' }),
        full: msg('full strength', { id: 'level-full' }),
      })[name];
    const over = this.ctx.model.game.isOver();
    const answer =
      opponent.playing && opponent.drawAnswer?.path === this.ctx.model.path.join(' ') ? opponent.drawAnswer : undefined;
    return html`<section class="panel play" aria-labelledby="play-heading">
      <div class="panel-head"><h2 id="play-heading">${msg('Play the computer', { id: 'play-heading' })}</h2></div>
      <div class="row">
        <label
          >${msg('Computer plays', { id: 'play-side' })}
          <select class="play-side" ?disabled=${opponent.playing}>
            ${(['black', 'white'] as const).map((c) => html`<option value=${c} .selected=${live(c === opponent.side)}>${colorName(c)}</option>`)}
          </select></label
        >
        <label
          >${msg('Level', { id: 'play-level' })}
          <select class="play-level" ?disabled=${opponent.playing}>
            ${STRENGTH_LEVELS.map((l) => html`<option value=${l.name} .selected=${live(l.name === opponent.level)}>${levelName(l.name)}</option>`)}
          </select></label
        >
        ${
          opponent.playing
            ? html`<button type="button" class="play-stop" @click=${() => opponent.stop()}>${msg('Stop playing', { id: 'play-stop' })}</button>
              <button type="button" class="takeback" @click=${() => opponent.takeback()}>${msg('Take back', { id: 'play-takeback' })}</button>
              <button type="button" class="resign" ?disabled=${over} @click=${() => opponent.resign()}>${msg('Resign', { id: 'play-resign' })}</button>
              <button
                type="button"
                class="offer-draw"
                ?disabled=${over || opponent.thinking || opponent.weighing}
                @click=${() => void opponent.offerDraw()}
              >
                ${msg('Offer a draw', { id: 'play-offer-draw' })}
              </button>`
            : html`<button
              type="button"
              class="play-start"
              @click=${() =>
                opponent.start(
                  (this.querySelector('.play-side') as HTMLSelectElement).value === 'white' ? 'white' : 'black',
                  (this.querySelector('.play-level') as HTMLSelectElement).value as StrengthName,
                )}
            >
              ${msg('Play from here', { id: 'play-start' })}
            </button>`
        }
      </div>
      ${
        opponent.weighing
          ? html`<p class="draw-answer" role="status">${msg('The computer considers your offer…', { id: 'play-draw-weighing' })}</p>`
          : answer
            ? html`<p class="draw-answer" role="status">
                ${answer.accepted ? msg('The computer accepts the draw.', { id: 'play-draw-accepted' }) : msg('The computer declines the draw.', { id: 'play-draw-declined' })}
              </p>`
            : nothing
      }
      ${opponent.thinking ? html`<p class="thinking" role="status">${msg('The computer is thinking…', { id: 'play-thinking' })}</p>` : nothing}
      ${this.#endDialog()}
    </section>`;
  }
}
customElements.define('play-panel', PlayPanel);
