// A view renders from the model (and the engine controller) and sends intents back; it re-renders when they change.
import { updateWhenLocaleChanges } from '@lit/localize';
import { LitElement } from 'lit';
import type { EngineController } from '../engine/controller.js';
import type { GameAnalysis } from '../engine/game-analysis.js';
import type { Opponent } from '../engine/opponent.js';
import type { AnalysisModel } from '../model/analysis.js';
import type { Practice } from '../model/practice.js';

/** The model and the controllers, all created once in main.ts. */
export interface PageContext {
  model: AnalysisModel;
  engine: EngineController;
  analysis: GameAnalysis;
  opponent: Opponent;
  practice: Practice;
}

export class ModelView extends LitElement {
  static override properties = { ctx: { attribute: false } };
  /** Views that show the engine's output re-render on each of its reports; the others only on model changes. */
  static followsEngine = false;
  declare ctx: PageContext | undefined;
  #listening: PageContext | undefined;
  #update = (): void => this.requestUpdate();

  constructor() {
    super();
    updateWhenLocaleChanges(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listen();
  }
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unlisten();
  }
  override willUpdate(): void {
    if (this.ctx !== this.#listening) this.#listen();
  }
  #listen(): void {
    this.#unlisten();
    if (!this.ctx || !this.isConnected) return;
    this.ctx.model.addEventListener('change', this.#update);
    if ((this.constructor as typeof ModelView).followsEngine) this.ctx.engine.addEventListener('change', this.#update);
    this.ctx.analysis.addEventListener('change', this.#update);
    this.#listening = this.ctx;
  }
  #unlisten(): void {
    this.#listening?.model.removeEventListener('change', this.#update);
    this.#listening?.engine.removeEventListener('change', this.#update);
    this.#listening?.analysis.removeEventListener('change', this.#update);
    this.#listening = undefined;
  }
}

/** Light DOM rendering: the page's stylesheet applies, and tests and axe see one document. */
export class LightView extends ModelView {
  override createRenderRoot(): HTMLElement {
    return this;
  }
}
