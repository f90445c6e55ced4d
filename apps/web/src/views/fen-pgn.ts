// FEN and PGN: an editable FEN field checked by the library (its error beside it), PGN import by paste or file
// (the library's error with its line), export with variations and comments, download, and a share link.
import { makeFen } from '@makruk/makruk';
import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import { errorText } from '../i18n/errors.js';
import { shareLink } from '../model/persistence.js';
import { LightView } from './base.js';
import { positionPng } from './png.js';

export class FenPgnPanel extends LightView {
  #fenError: string | undefined;
  #pgnError: string | undefined;
  #link = '';

  #download(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  #importPgn(text: string): void {
    const loaded = this.ctx?.model.loadPgn(text);
    this.#pgnError = loaded && !loaded.ok ? errorText(loaded.error) : undefined;
    this.requestUpdate();
  }

  override render() {
    if (!this.ctx) return nothing;
    const { model } = this.ctx;
    const pgn = model.pgn();
    // the FEN field is the automatic-mode FEN (as engines and other tools read it); the counting panel shows the
    // players' count (board's honour started or stopped by them): when the two differ, the page says so
    const game = model.game;
    const playersFen = makeFen({ ...game.position.setup(), counting: game.counting });
    return html`<section class="panel fen-pgn" aria-labelledby="fenpgn-heading">
      <div class="panel-head"><h2 id="fenpgn-heading">${msg('FEN and PGN', { id: 'fenpgn-heading' })}</h2></div>
      <label class="field"
        >FEN
        <input
          type="text"
          class="fen-input"
          spellcheck="false"
          aria-describedby="fen-error"
          aria-invalid=${this.#fenError ? 'true' : 'false'}
          .value=${model.node.fen}
          @change=${(event: Event) => {
            const loaded = model.loadFen((event.target as HTMLInputElement).value);
            this.#fenError = loaded.ok ? undefined : errorText(loaded.error);
            this.requestUpdate();
          }}
      /></label>
      ${
        playersFen !== model.node.fen
          ? html`<p class="fen-note">
              ${msg('This FEN counts as engines do (automatic counting), not as the players chose. With the players’ count:', { id: 'fen-players-note' })}
              <code class="fen-players">${playersFen}</code>
            </p>`
          : nothing
      }
      <p id="fen-error" class="error fen-error" role=${this.#fenError ? 'alert' : nothing}>${this.#fenError ?? ''}</p>
      <label class="field"
        >${msg('PGN (paste a game here to import it)', { id: 'pgn-label' })}
        <textarea class="pgn-input" rows="6" spellcheck="false" .value=${pgn}></textarea>
      </label>
      <div class="row">
        <button
          type="button"
          class="pgn-import"
          @click=${() => this.#importPgn((this.querySelector('.pgn-input') as HTMLTextAreaElement).value)}
        >
          ${msg('Import PGN', { id: 'pgn-import' })}
        </button>
        <label class="file-button"
          >${msg('Open a file', { id: 'pgn-file' })}
          <input
            type="file"
            accept=".pgn,text/plain"
            class="pgn-file"
            @change=${async (event: Event) => {
              const file = (event.target as HTMLInputElement).files?.[0];
              if (file) this.#importPgn(await file.text());
            }}
        /></label>
        <button
          type="button"
          class="pgn-download"
          @click=${() => {
            const url = URL.createObjectURL(new Blob([model.pgn()], { type: 'application/x-chess-pgn' }));
            const a = document.createElement('a');
            a.href = url;
            a.download = 'makruk.pgn';
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          }}
        >
          ${msg('Download PGN', { id: 'pgn-download' })}
        </button>
        <button
          type="button"
          class="png-download"
          @click=${async () => this.#download(await positionPng(model.node.position, model.orientation), 'makruk.png')}
        >
          ${msg('Download PNG', { id: 'png-download' })}
        </button>
        <button
          type="button"
          class="share"
          @click=${() => {
            this.#link = shareLink(model, location.href);
            void navigator.clipboard?.writeText(this.#link).catch(() => undefined);
            this.requestUpdate();
          }}
        >
          ${msg('Share link', { id: 'share-link' })}
        </button>
      </div>
      <p class="error pgn-error" role=${this.#pgnError ? 'alert' : nothing}>${this.#pgnError ?? ''}</p>
      ${
        this.#link
          ? html`<label class="field"
            >${msg('Link to this game', { id: 'share-label' })}<input type="text" class="share-url" readonly .value=${this.#link}
          /></label>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('fen-pgn-panel', FenPgnPanel);
