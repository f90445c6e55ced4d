// The page: header (language, theme, flip), the board with its evaluation bar and best-move arrows, and the panels.
// Keys: ← → (or k j, as lichess) step, Shift+← → to the previous / next branching point, Home End jump, ↑ ↓ between variations, Space
// plays the engine's best move, f flips, ? shows the keys (not while typing in a field or moving on the board, which
// has its own keys); the mouse wheel over the board steps through the moves.
import '@makruk/board';
import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import type { Shape } from '@makruk/makruk';
import { type Locale, getLocale, useLocale } from '../i18n/localization.js';
import { storedWord } from '../stored.js';
import { LightView, type PageContext } from './base.js';
import './board-editor.js';
import './clocks.js';
import { countWords } from './counting-panel.js';
import './engine-lines.js';
import './eval-bar.js';
import './fen-pgn.js';
import './game-panel.js';
import { playerLine } from './game-tags.js';
import './move-tree.js';
import { liveMoveText, outcomeText } from './move-words.js';
import { boardPieceNames } from './piece-names.js';
import './play-panel.js';
import './practice-panel.js';
import './tablebase-panel.js';

const savedTheme = storedWord('theme', undefined, ['light', 'dark']);
/** Wheel pixels per move (a mouse notch is about 100; a trackpad sends many small steps). */
const WHEEL_STEP = 40;
/** The engine's arrows: violet, so that they are not taken for the player's own (green, red, blue, yellow). */
const ARROW_COLORS = [
  'rgb(112 56 168 / 0.85)',
  'rgb(112 56 168 / 0.5)',
  'rgb(112 56 168 / 0.35)',
  'rgb(112 56 168 / 0.25)',
  'rgb(112 56 168 / 0.2)',
];
const SHAPE_COLORS = ['green', 'red', 'yellow', 'blue'] as const;
type ShapeColor = (typeof SHAPE_COLORS)[number];
/** Engine-line arrows get thinner down the ranking (issue 9), in squares (the board's default is 0.15). */
const ARROW_WIDTHS = [0.15, 0.11, 0.085, 0.065, 0.05];

export class MakrukAnalysis extends LightView {
  static override followsEngine = true;
  static override properties = { ...LightView.properties, linkError: { attribute: false } };
  /** The library's error for a bad link parameter (shown above the board). */
  declare linkError: string | undefined;
  #theme: 'light' | 'dark' = 'light';
  #showKeys = false;
  /** The page's settings (language, notation, theme, keys) are behind one control: the game comes first. */
  #showSettings = false;
  #update = (): void => this.requestUpdate();

  constructor() {
    super();
    this.#theme =
      savedTheme.read() ?? (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    document.documentElement.dataset.theme = this.#theme;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.#onKey);
  }
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onKey);
  }

  override updated(changed: Map<string, unknown>): void {
    // the board's movable side follows the opponent (playing: the player's side, premoving while it thinks)
    if (changed.has('ctx')) {
      (changed.get('ctx') as PageContext | undefined)?.opponent.removeEventListener('change', this.#update);
      this.ctx?.opponent.addEventListener('change', this.#update);
    }
  }

  #onKey = (event: KeyboardEvent): void => {
    const model = this.ctx?.model;
    if (!model || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.composedPath()[0] as HTMLElement | undefined;
    if (
      target &&
      (target.closest?.('input, textarea, select, [role="gridcell"], [role="grid"]') || target.isContentEditable)
    )
      return;
    // Space on a button or link is its own click
    if (event.key === ' ' && target?.closest?.('button, a, summary, [role="button"], [role="slider"]')) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => (event.shiftKey ? model.prevBranch() : model.prev()),
      ArrowRight: () => (event.shiftKey ? model.nextBranch() : model.next()),
      // lichess's letters for the same steps
      k: () => model.prev(),
      j: () => model.next(),
      ' ': () => this.#playBest(),
      Home: () => model.first(),
      End: () => model.last(),
      ArrowUp: () => model.sibling(-1),
      ArrowDown: () => model.sibling(1),
      f: () => model.flip(),
      x: () => this.ctx?.engine.setThreat(!this.ctx.engine.threat),
      '?': () => {
        this.#showKeys = !this.#showKeys;
        this.requestUpdate();
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  /** Space: the engine's best move here (not in threat view, whose moves are the other side's). */
  #playBest(): void {
    const engine = this.ctx?.engine;
    const model = this.ctx?.model;
    if (!engine || !model || engine.threat || engine.fen !== model.game.position.fen()) return;
    const best = engine.lines[0]?.pv[0];
    if (best) model.play(best);
  }

  /** The mouse wheel over the board steps through the moves (down: on, up: back); small trackpad steps add up. */
  #wheelSum = 0;
  #onWheel = {
    handleEvent: (event: WheelEvent): void => {
      const model = this.ctx?.model;
      if (!model || event.ctrlKey || event.deltaY === 0) return;
      event.preventDefault();
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_PIXEL ? event.deltaY : event.deltaY * 40;
      if (Math.sign(pixels) !== Math.sign(this.#wheelSum)) this.#wheelSum = 0;
      this.#wheelSum += pixels;
      if (Math.abs(this.#wheelSum) < WHEEL_STEP) return;
      this.#wheelSum = 0;
      if (pixels > 0) model.next();
      else model.prev();
    },
    passive: false,
  };

  /** The count beside the board (as pychess shows it beside the player), and how a game ended on the count. */
  #boardCount() {
    const game = this.ctx?.model.game;
    if (!game) return nothing;
    const words = countWords(game);
    const outcome = game.outcome();
    if (!words && !outcome) return nothing;
    const result = outcomeText(game);
    return html`<p class="board-count">
      ${words ? html`<span class="board-count-say">${words.say}</span>` : nothing}
      ${words?.mate && !outcome ? html`<span class="board-count-mate">${words.mate}</span>` : nothing}
      ${result ? html`<strong class="board-count-result">${result}</strong>` : nothing}
    </p>`;
  }

  #setTheme(theme: 'light' | 'dark'): void {
    this.#theme = theme;
    document.documentElement.dataset.theme = theme;
    savedTheme.write(theme);
    this.requestUpdate();
  }

  /** The player's arrows and circles belong to the move on screen (and go into the PGN). */
  #onShapes = (event: CustomEvent<{ shapes: Array<{ from: string; to?: string; brush?: string }> }>): void => {
    const shapes = event.detail.shapes.map((shape) => ({
      color: (SHAPE_COLORS.includes(shape.brush as ShapeColor) ? shape.brush : 'green') as ShapeColor,
      from: shape.from,
      ...(shape.to && shape.to !== shape.from ? { to: shape.to } : {}),
    }));
    this.ctx?.model.setShapes(shapes as Shape[]);
  };

  #onMove = (event: CustomEvent<{ uci: string }>): void => {
    const played = this.ctx?.model.play(event.detail.uci);
    if (!played?.ok) event.preventDefault();
  };

  override render() {
    if (!this.ctx) return nothing;
    const { model, engine, opponent, practice } = this.ctx;
    const node = model.node;
    const game = model.game;
    const shapes = engine.running
      ? engine.lines
          .map((line, index) => {
            const uci = line?.pv[0];
            const brush = engine.threat
              ? index === 0
                ? 'red'
                : 'rgb(200 30 30 / 0.4)'
              : (ARROW_COLORS[index] ?? 'green');
            const width = ARROW_WIDTHS[index] ?? 0.05;
            return uci ? { from: uci.slice(0, 2), to: uci.slice(2, 4), brush, width } : undefined;
          })
          .filter((shape) => shape !== undefined)
      : [];
    const locale = getLocale() as Locale;
    return html`<header class="top">
        <h1>${msg('Makruk analysis', { id: 'app-title' })}</h1>
        <div class="header-actions">
          <button type="button" class="flip" @click=${() => model.flip()}>${msg('Flip board', { id: 'flip' })}</button>
          <button
            type="button"
            class="settings-toggle"
            aria-expanded=${this.#showSettings ? 'true' : 'false'}
            aria-controls="page-settings"
            @click=${() => {
              this.#showSettings = !this.#showSettings;
              this.requestUpdate();
            }}
          >
            ${msg('Settings', { id: 'settings-label' })}
          </button>
        </div>
        <nav id="page-settings" class="settings" aria-label=${msg('Settings', { id: 'settings-label' })} ?hidden=${!this.#showSettings}>
          <label
            >${msg('Language', { id: 'language-label' })}
            <select
              class="language"
              @change=${(event: Event) => void useLocale((event.target as HTMLSelectElement).value === 'th' ? 'th' : 'en')}
            >
              <option value="en" ?selected=${locale === 'en'}>English</option>
              <option value="th" lang="th" ?selected=${locale === 'th'}>ไทย</option>
            </select></label
          >
          <label
            >${msg('Notation', { id: 'notation-label' })}
            <select
              class="notation"
              @change=${(event: Event) => {
                const value = (event.target as HTMLSelectElement).value === 'thai' ? 'thai' : 'algebraic';
                model.setNotation(value);
              }}
            >
              <option value="algebraic" ?selected=${model.notation === 'algebraic'}>${msg('Algebraic', { id: 'notation-algebraic' })}</option>
              <option value="thai" ?selected=${model.notation === 'thai'}>${msg('Thai', { id: 'notation-thai' })}</option>
            </select></label
          >
          <button
            type="button"
            class="theme"
            aria-pressed=${this.#theme === 'dark' ? 'true' : 'false'}
            @click=${() => this.#setTheme(this.#theme === 'dark' ? 'light' : 'dark')}
          >
            ${msg('Dark theme', { id: 'theme-dark' })}
          </button>
          <button
            type="button"
            class="keys"
            aria-expanded=${this.#showKeys ? 'true' : 'false'}
            @click=${() => {
              this.#showKeys = !this.#showKeys;
              this.requestUpdate();
            }}
          >
            ${msg('Keys', { id: 'keys-button' })}
          </button>
        </nav>
      </header>
      ${
        this.#showKeys
          ? html`<section class="panel keys-help" aria-labelledby="keys-heading">
            <h2 id="keys-heading">${msg('Keys', { id: 'keys-button' })}</h2>
            <ul>
              <li><kbd>←</kbd> <kbd>→</kbd> / <kbd>k</kbd> <kbd>j</kbd> ${msg('previous / next move', { id: 'keys-step' })}</li>
              <li><kbd>Home</kbd> <kbd>End</kbd> ${msg('start / end of the line', { id: 'keys-jump' })}</li>
              <li><kbd>↑</kbd> <kbd>↓</kbd> ${msg('other variations of this move', { id: 'keys-variations' })}</li>
              <li><kbd>Shift</kbd>+<kbd>←</kbd> <kbd>Shift</kbd>+<kbd>→</kbd> ${msg('previous / next branching point', { id: 'keys-branches' })}</li>
              <li><kbd>${msg('Space', { id: 'keys-space-name' })}</kbd> ${msg('play the engine’s best move', { id: 'keys-space' })}</li>
              <li>${msg('Mouse wheel over the board: previous / next move', { id: 'keys-wheel' })}</li>
              <li><kbd>f</kbd> ${msg('flip the board', { id: 'keys-flip' })}</li>
              <li><kbd>x</kbd> ${msg('threat view', { id: 'keys-threat' })}</li>
              <li><kbd>?</kbd> ${msg('show or hide these keys', { id: 'keys-help' })}</li>
            </ul>
          </section>`
          : nothing
      }
      ${
        this.linkError
          ? html`<p class="error link-error" role="alert">${msg('The link could not be opened:', { id: 'link-error' })} ${this.linkError}</p>`
          : nothing
      }
      <main class="layout">
        <div class="board-area">
        ${playerLine(model.tree, model.orientation, 'top')}
        <game-clocks .ctx=${this.ctx} .opponent=${opponent} place="top"></game-clocks>
        <div class="board-column">
          <eval-bar .ctx=${this.ctx}></eval-bar>
          <div class="board-wrap" @wheel=${this.#onWheel}>
            <makruk-board
              .fen=${node.fen}
              orientation=${model.orientation}
              last-move=${node.uci}
              movable=${game.isOver() ? 'none' : opponent.playing ? (opponent.side === 'white' ? 'black' : 'white') : opponent.thinking ? 'none' : 'both'}
              ?premove=${opponent.playing}
              notation=${model.notation}
              label=${msg('Makruk board', { id: 'board-label' })}
              .pieceNames=${boardPieceNames()}
              .shapes=${shapes}
              .userShapes=${(node.shapes ?? []).map((shape) => ({ from: shape.from, to: shape.to, brush: shape.color }))}
              @makruk-move=${this.#onMove}
              @makruk-shapes=${this.#onShapes}
            ></makruk-board>
          </div>
        </div>
        <game-clocks .ctx=${this.ctx} .opponent=${opponent} place="bottom"></game-clocks>
        ${playerLine(model.tree, model.orientation, 'bottom')}
        ${this.#boardCount()}
        </div>
        <div class="side-column">
          <move-tree .ctx=${this.ctx}></move-tree>
          <engine-lines .ctx=${this.ctx}></engine-lines>
          <tablebase-panel .ctx=${this.ctx} .playing=${opponent.playing}></tablebase-panel>
          <counting-panel .ctx=${this.ctx}></counting-panel>
          <game-panel .ctx=${this.ctx}></game-panel>
          <play-panel .ctx=${this.ctx} .opponent=${opponent}></play-panel>
          <practice-panel .ctx=${this.ctx} .opponent=${opponent} .practice=${practice}></practice-panel>
          <fen-pgn-panel .ctx=${this.ctx}></fen-pgn-panel>
          <board-editor .ctx=${this.ctx}></board-editor>
        </div>
      </main>
      <p class="sr-only live-move" aria-live="polite">${liveMoveText(node, model.parent, game)}</p>`;
  }
}
customElements.define('makruk-analysis', MakrukAnalysis);

declare global {
  interface HTMLElementTagNameMap {
    'makruk-analysis': MakrukAnalysis;
  }
}
