// Engine lines: MultiPV score, depth, nodes/s and the line in SAN; clicking a move of a line plays the line up to it
// (its score: the first move); start/stop and settings.
import { Position } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { errorText } from '../i18n/errors.js';
import { LightView } from './base.js';
import { colorName } from './counting-panel.js';
import { formatNps, formatScore, lineSan } from './format.js';
import { threadChoices } from '../engine/controller.js';

/** The FEN after the first `count` moves of a line (undefined if the rules refuse one of them). */
function fenAfter(fen: string, pv: readonly string[], count: number): string | undefined {
  const start = Position.fromFen(fen);
  if (!start.ok) return undefined;
  let position = start.value;
  for (const uci of pv.slice(0, count)) {
    const move = position.findMove(uci);
    if (!move.ok) return undefined;
    position = position.play(move.value);
  }
  return position.fen();
}

/**
 * How many moves of a line a click plays: up to the move clicked, else one (the score or the row: as pychess, one
 * ply, not the whole line).
 */
function movesUpTo(event: Event): number {
  const move = (event.target as Element | null)?.closest?.('.pv-move');
  const count = Number(move?.getAttribute('data-count'));
  return Number.isInteger(count) && count > 0 ? count : 1;
}

export class EngineLines extends LightView {
  static override followsEngine = true;
  /** The PV move under the pointer: its line and how many moves of the line lead to it. */
  #hover: { line: number; count: number } | undefined;
  /** Screen readers: announce the best line when its depth grows (on request). */
  #announce = false;

  #setHover(hover: { line: number; count: number } | undefined): void {
    this.#hover = hover;
    this.requestUpdate();
  }

  override render() {
    if (!this.ctx) return nothing;
    const { engine, model } = this.ctx;
    const lines = engine.lines.filter((line) => line !== undefined);
    const top = lines[0];
    const game = model.game;
    const over = game.isOver() || game.position.legalMoves().length === 0;
    return html`<section class="panel engine" aria-labelledby="engine-heading">
      <div class="panel-head">
        <h2 id="engine-heading">${msg('Engine', { id: 'engine-heading' })}</h2>
        <button type="button" class="engine-toggle" aria-pressed=${engine.running ? 'true' : 'false'} @click=${() => engine.toggle()}>
          ${engine.running ? msg('Stop', { id: 'engine-stop' }) : msg('Analyse', { id: 'engine-start' })}
        </button>
        <button type="button" class="threat" aria-pressed=${engine.threat ? 'true' : 'false'} @click=${() => engine.setThreat(!engine.threat)}>
          ${msg('Threat', { id: 'engine-threat' })}
        </button>
      </div>
      <details class="engine-settings">
        <summary>${msg('Engine settings', { id: 'engine-settings' })}</summary>
        <div class="engine-settings-body">
        <label
          >${msg('Lines', { id: 'engine-multipv' })}
          <select
            class="multipv"
            @change=${(event: Event) => engine.saveSettings({ multiPv: Number((event.target as HTMLSelectElement).value) })}
          >
            ${[1, 2, 3, 4, 5].map((n) => html`<option value=${n} ?selected=${n === engine.settings.multiPv}>${n}</option>`)}
          </select></label
        >
        <label
          >${msg('Counting', { id: 'counting-heading' })}
          <select
            class="engine-counting"
            @change=${(event: Event) =>
              engine.saveSettings({
                counting: (event.target as HTMLSelectElement).value === 'game' ? 'game' : 'automatic',
              })}
          >
            <option value="automatic" ?selected=${engine.settings.counting === 'automatic'}>
              ${msg('automatic (engine)', { id: 'engine-counting-automatic' })}
            </option>
            <option value="game" ?selected=${engine.settings.counting === 'game'}>
              ${msg('as the players chose', { id: 'engine-counting-game' })}
            </option>
          </select></label
        >
        <label
          >${msg('Hash', { id: 'engine-hash' })}
          <select class="hash" @change=${(event: Event) => engine.saveSettings({ hashMb: Number((event.target as HTMLSelectElement).value) })}>
            ${[8, 16, 32, 64].map((mb) => html`<option value=${mb} ?selected=${mb === engine.settings.hashMb}>${mb} MB</option>`)}
          </select></label
        >
        ${
          threadChoices().length > 1
            ? html`<label
                >${msg('Threads', { id: 'engine-threads' })}
                <select class="threads" @change=${(event: Event) => engine.saveSettings({ threads: Number((event.target as HTMLSelectElement).value) })}>
                  ${threadChoices().map((n) => html`<option value=${n} ?selected=${n === engine.settings.threads}>${n}</option>`)}
                </select></label
              >`
            : ''
        }
        </div>
      <label class="announce"
        ><input
          type="checkbox"
          class="announce-toggle"
          .checked=${this.#announce}
          @change=${(event: Event) => {
            this.#announce = (event.target as HTMLInputElement).checked;
            this.requestUpdate();
          }}
        />
        ${msg('Announce the best line', { id: 'engine-announce' })}</label
      >
      <details class="engine-input">
        <summary>${msg('Position sent to the engine', { id: 'engine-input' })}</summary>
        <code class="engine-input-fen">${engine.inputFen}</code>
      </details>
      </details>
      <p class="sr-only best-line-live" aria-live="polite">
        ${
          this.#announce && top
            ? `${formatScore(top.score, engine.turn)}, ${msg(str`Depth ${top.depth}`, { id: 'engine-depth' })}: ${lineSan(engine.fen, top.pv.slice(0, 6), model.notation, top.pvSan.slice(0, 6)).join(' ')}`
            : ''
        }
      </p>
      ${engine.error ? html`<p class="error" role="alert">${engine.error}</p>` : nothing}
      ${
        engine.threadsFailure
          ? html`<p class="threads-failure" role="status" title=${engine.threadsFailure}>
              ${msg('Searching with 1 thread: the helper threads could not start.', { id: 'engine-threads-failure' })}
            </p>`
          : nothing
      }
      ${
        engine.threat
          ? html`<p class="threat-note">
            ${
              engine.threatError
                ? msg(str`No threat view here: ${errorText(engine.threatError)}`, { id: 'engine-threat-error' })
                : msg(str`Threat: what ${colorName(engine.turn)} would play if it could move now`, {
                    id: 'engine-threat-note',
                  })
            }
          </p>`
          : nothing
      }
      ${
        top
          ? html`<p class="engine-stats" aria-live="off">
            ${msg(str`Depth ${top.depth}`, { id: 'engine-depth' })} · ${
              // a search shorter than a millisecond has no speed to show (the library reports 0)
              top.nps > 0 ? `${formatNps(top.nps)} · ` : ''
            }${top.nodes.toLocaleString()}
            ${msg('nodes', { id: 'engine-nodes' })}
          </p>`
          : engine.running && !over
            ? html`<p class="engine-stats">${msg('Thinking…', { id: 'engine-thinking' })}</p>`
            : over
              ? html`<p class="engine-stats">${msg('The game is over here.', { id: 'engine-over' })}</p>`
              : nothing
      }
      <ol class="pv-lines" @mouseleave=${() => this.#setHover(undefined)}>
        ${lines.map((line, index) => {
          const sans = lineSan(engine.fen, line.pv.slice(0, 12), model.notation, line.pvSan.slice(0, 12));
          const hover = this.#hover?.line === index ? this.#hover : undefined;
          const preview = hover ? fenAfter(engine.fen, line.pv, hover.count) : undefined;
          return html`<li>
            <button
              type="button"
              class="pv"
              data-uci=${line.pv.join(' ')}
              title=${msg('Play its first move, or the line up to the move clicked', { id: 'engine-play-line-to' })}
              ?disabled=${engine.threat}
              @click=${(event: Event) => model.playLine(line.pv.slice(0, movesUpTo(event)))}
            >
              <strong class="pv-score">${formatScore(line.score, engine.turn)}</strong>
              <span class="pv-san"
                >${sans.map(
                  (san, ply) =>
                    html`<span class="pv-move" data-count=${ply + 1} @mouseenter=${() => this.#setHover({ line: index, count: ply + 1 })}>${san}</span> `,
                )}</span
              >
            </button>
            ${
              preview
                ? html`<div class="mini-board" aria-hidden="true" inert>
                  <makruk-board .fen=${preview} orientation=${model.orientation} movable="none" coordinates="none" animation-duration="0" last-move=${line.pv[hover ? hover.count - 1 : 0] ?? ''}></makruk-board>
                </div>`
                : nothing
            }
          </li>`;
        })}
      </ol>
    </section>`;
  }
}
customElements.define('engine-lines', EngineLines);
