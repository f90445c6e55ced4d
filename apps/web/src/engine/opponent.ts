// Play the computer: when it is the computer's side to move at the node on screen, ask the engine controller for a
// move at the chosen strength and play it into the tree (so the game is kept, with its variations).
import type { StrengthName } from '@makruk/makruk';
import type { AnalysisModel } from '../model/analysis.js';
import { json, stored } from '../stored.js';
import type { EngineController } from './controller.js';

const LEVELS: readonly StrengthName[] = ['beginner', 'casual', 'club', 'strong', 'expert', 'full'];
/** The side and level the player last chose (each checked on its own). */
const savedChoice = stored<{ side?: 'white' | 'black'; level?: StrengthName }>(
  'opponent',
  {},
  json((value) => {
    const saved = (typeof value === 'object' && value !== null ? value : {}) as { side?: unknown; level?: unknown };
    return {
      side: saved.side === 'white' || saved.side === 'black' ? saved.side : undefined,
      level: LEVELS.includes(saved.level as StrengthName) ? (saved.level as StrengthName) : undefined,
    };
  }),
);

export class Opponent extends EventTarget {
  playing = false;
  side: 'white' | 'black' = 'black';
  level: StrengthName = 'casual';
  thinking = false;
  readonly #model: AnalysisModel;
  readonly #engine: EngineController;
  #ticket = 0;
  /** The player's own side and level while a game not to be remembered (practice) is played. */
  #chosen: { side: 'white' | 'black'; level: StrengthName } | undefined;

  constructor(model: AnalysisModel, engine: EngineController) {
    super();
    this.#model = model;
    this.#engine = engine;
    model.addEventListener('change', () => void this.#maybeMove());
    const saved = savedChoice.read();
    if (saved.side === 'white') this.side = 'white';
    if (saved.level) this.level = saved.level;
  }

  /**
   * Starts playing `side` at `level`. `remember: false` (counting practice) leaves the player's own choice of side and
   * level alone: it is neither saved nor shown once this game is stopped.
   */
  start(side: 'white' | 'black', level: StrengthName, { remember = true }: { remember?: boolean } = {}): void {
    this.playing = true;
    if (remember) {
      this.#chosen = undefined;
      savedChoice.write({ side, level });
    } else {
      this.#chosen ??= { side: this.side, level: this.level };
    }
    this.side = side;
    this.level = level;
    if (this.#engine.running) this.#engine.toggle(false);
    if (this.#model.orientation === side) this.#model.flip();
    this.#changed();
    void this.#maybeMove();
  }

  stop(): void {
    this.playing = false;
    if (this.#chosen) {
      this.side = this.#chosen.side;
      this.level = this.#chosen.level;
      this.#chosen = undefined;
    }
    this.#ticket++;
    this.#changed();
  }

  /** Takes back the last move of each side (the moves stay in the tree). */
  takeback(): void {
    this.#ticket++;
    this.thinking = false;
    const model = this.#model;
    model.prev();
    if (model.game.turn === this.side && model.path.length > 0) model.prev();
    this.#changed();
  }

  #changed(): void {
    this.dispatchEvent(new Event('change'));
  }

  async #maybeMove(): Promise<void> {
    const game = this.#model.game;
    if (!this.playing || this.thinking || game.turn !== this.side || game.isOver()) return;
    if (game.position.legalMoves().length === 0) return;
    const ticket = ++this.#ticket;
    const path = [...this.#model.path];
    this.thinking = true;
    this.#changed();
    try {
      const move = await this.#engine.bestMove(game, this.level);
      if (ticket !== this.#ticket || !this.playing || this.#model.path.join(' ') !== path.join(' ')) return;
      if (move) this.#model.play(move);
    } finally {
      if (ticket === this.#ticket) this.thinking = false;
      this.#changed();
    }
  }
}
