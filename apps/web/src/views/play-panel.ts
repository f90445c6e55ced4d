// Play the computer: side, strength level, start/stop, takeback; the result is the counting panel's.
import { STRENGTH_LEVELS, type StrengthName } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
// live(): the options follow the opponent's side and level even after the player has picked one (an attribute would not)
import { live } from 'lit/directives/live.js';
import type { Opponent } from '../engine/opponent.js';
import { TIME_CONTROL_PRESETS, type TimeControl, parseTimeControl, timeControlName } from '../model/clock.js';
import { LightView } from './base.js';
import { colorName, reasonText } from './counting-panel.js';

export class PlayPanel extends LightView {
  static override properties = { ...LightView.properties, opponent: { attribute: false } };
  declare opponent: Opponent | undefined;
  #update = (): void => this.requestUpdate();
  /** The game end already shown in the dialog (a path), so closing it does not bring it back. */
  #shownEnd: string | undefined;
  /** The time control picked: 'none', a preset's name ("5+3") or 'custom'. */
  #timeChoice = 'none';
  /** The side and level picked but not yet played (a re-render, e.g. for the time control, must not undo them). */
  #side: 'white' | 'black' | undefined;
  #level: StrengthName | undefined;
  /** Why the custom time control was refused (shown beside it). */
  #timeError: string | undefined;

  /** The time control chosen, undefined for none, or an error for a bad custom one. */
  #timeControl(): { ok: true; value: TimeControl | undefined } | { ok: false; error: string } {
    if (this.#timeChoice === 'none') return { ok: true, value: undefined };
    if (this.#timeChoice === 'custom') {
      const minutes = (this.querySelector('.time-minutes') as HTMLInputElement | null)?.value ?? '';
      const increment = (this.querySelector('.time-increment') as HTMLInputElement | null)?.value ?? '';
      const parsed = parseTimeControl(minutes, increment);
      if (parsed.ok) return parsed;
      return {
        ok: false,
        error:
          parsed.error.code === 'ERR_TIME_MINUTES'
            ? msg(str`Minutes: a number from 0.25 to 180 (got “${minutes}”).`, { id: 'time-error-minutes' })
            : msg(str`Increment: whole seconds from 0 to 60 (got “${increment}”).`, { id: 'time-error-increment' }),
      };
    }
    return { ok: true, value: TIME_CONTROL_PRESETS.find((preset) => timeControlName(preset) === this.#timeChoice) };
  }

  #start(): void {
    const opponent = this.opponent;
    if (!opponent) return;
    const time = this.#timeControl();
    this.#timeError = time.ok ? undefined : time.error;
    this.requestUpdate();
    if (!time.ok) return;
    this.#side = undefined;
    this.#level = undefined;
    opponent.start(
      (this.querySelector('.play-side') as HTMLSelectElement).value === 'white' ? 'white' : 'black',
      (this.querySelector('.play-level') as HTMLSelectElement).value as StrengthName,
      time.value ? { timeControl: time.value } : {},
    );
  }

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
        ${
          outcome.winner
            ? outcome.reason === 'time-forfeit'
              ? msg(str`${colorName(outcome.winner)} wins on time`, { id: 'result-wins-time' })
              : msg(str`${colorName(outcome.winner)} wins`, { id: 'result-wins' })
            : msg('Draw', { id: 'result-draw' })
        }
      </h2>
      <p>
        ${model.game.result()} — ${reasonText(outcome.reason)}${
          outcome.reason === 'time-forfeit' && !outcome.winner
            ? html` — ${msg('the side with time left cannot mate', { id: 'result-time-no-mate' })}`
            : nothing
        }
      </p>
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
          <select
            class="play-side"
            ?disabled=${opponent.playing}
            @change=${(event: Event) => (this.#side = (event.target as HTMLSelectElement).value === 'white' ? 'white' : 'black')}
          >
            ${(['black', 'white'] as const).map(
              (c) =>
                html`<option value=${c} .selected=${live(c === (opponent.playing ? opponent.side : (this.#side ?? opponent.side)))}>${colorName(c)}</option>`,
            )}
          </select></label
        >
        <label
          >${msg('Level', { id: 'play-level' })}
          <select
            class="play-level"
            ?disabled=${opponent.playing}
            @change=${(event: Event) => (this.#level = (event.target as HTMLSelectElement).value as StrengthName)}
          >
            ${STRENGTH_LEVELS.map(
              (l) =>
                html`<option value=${l.name} .selected=${live(l.name === (opponent.playing ? opponent.level : (this.#level ?? opponent.level)))}>${levelName(l.name)}</option>`,
            )}
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
            : html`<label
                >${msg('Time control', { id: 'play-time' })}
                <select
                  class="play-time"
                  @change=${(event: Event) => {
                    this.#timeChoice = (event.target as HTMLSelectElement).value;
                    this.#timeError = undefined;
                    this.requestUpdate();
                  }}
                >
                  <option value="none" .selected=${live(this.#timeChoice === 'none')}>${msg('none', { id: 'play-time-none' })}</option>
                  ${TIME_CONTROL_PRESETS.map((preset) => {
                    const name = timeControlName(preset);
                    return html`<option value=${name} .selected=${live(this.#timeChoice === name)}>${name}</option>`;
                  })}
                  <option value="custom" .selected=${live(this.#timeChoice === 'custom')}>${msg('custom', { id: 'play-time-custom' })}</option>
                </select></label
              >
              ${
                this.#timeChoice === 'custom'
                  ? html`<label
                        >${msg('Minutes', { id: 'play-time-minutes' })}
                        <input class="time-minutes" type="text" inputmode="decimal" size="4" value="5" aria-describedby="time-error"
                      /></label>
                      <label
                        >${msg('Increment (s)', { id: 'play-time-increment' })}
                        <input class="time-increment" type="text" inputmode="numeric" size="3" value="3" aria-describedby="time-error"
                      /></label>`
                  : nothing
              }
              <button type="button" class="play-start" @click=${() => this.#start()}>
                ${msg('Play from here', { id: 'play-start' })}
              </button>`
        }
      </div>
      ${this.#timeError ? html`<p class="error time-error" id="time-error" role="alert">${this.#timeError}</p>` : nothing}
      ${
        opponent.playing && opponent.clock
          ? html`<p class="play-time-shown">${msg(str`Time control ${timeControlName(opponent.clock.control)}`, { id: 'play-time-shown' })}</p>`
          : nothing
      }
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
