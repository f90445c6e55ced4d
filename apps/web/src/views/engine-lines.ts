// Engine lines: MultiPV score, depth, nodes/s and the line in SAN; clicking a line plays it; start/stop and settings.
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { LightView } from './base.js';
import { formatNps, formatScore, lineSan } from './format.js';

export class EngineLines extends LightView {
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
        <label
          >${msg('Lines', { id: 'engine-multipv' })}
          <select
            class="multipv"
            @change=${(event: Event) => engine.saveSettings({ multiPv: Number((event.target as HTMLSelectElement).value) })}
          >
            ${[1, 2, 3, 4, 5].map((n) => html`<option value=${n} ?selected=${n === engine.settings.multiPv}>${n}</option>`)}
          </select></label
        >
      </div>
      ${engine.error ? html`<p class="error" role="alert">${engine.error}</p>` : nothing}
      ${top
        ? html`<p class="engine-stats" aria-live="off">
            ${msg(str`Depth ${top.depth}`, { id: 'engine-depth' })} · ${formatNps(top.nps)} · ${top.nodes.toLocaleString()}
            ${msg('nodes', { id: 'engine-nodes' })}
          </p>`
        : engine.running && !over
          ? html`<p class="engine-stats">${msg('Thinking…', { id: 'engine-thinking' })}</p>`
          : over
            ? html`<p class="engine-stats">${msg('The game is over here.', { id: 'engine-over' })}</p>`
            : nothing}
      <ol class="pv-lines">
        ${lines.map(
          (line) => html`<li>
            <button
              type="button"
              class="pv"
              data-uci=${line.pv.join(' ')}
              title=${msg('Play this line', { id: 'engine-play-line' })}
              @click=${() => model.playLine(line.pv.slice(0, Math.max(1, line.pvSan.length)))}
            >
              <strong class="pv-score">${formatScore(line.score, engine.turn)}</strong>
              <span class="pv-san">${lineSan(engine.fen, line.pv.slice(0, 12), model.notation, line.pvSan.slice(0, 12)).join(' ')}</span>
            </button>
          </li>`,
        )}
      </ol>
    </section>`;
  }
}
customElements.define('engine-lines', EngineLines);
