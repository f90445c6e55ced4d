// Play the computer: when it is the computer's side to move at the node on screen, ask the engine controller for a
// move at the chosen strength and play it into the tree (so the game is kept, with its variations).
import { GameTree, type Move, type Position, STRENGTH_LEVELS, type StrengthName } from '@makruk/makruk';
import type { AnalysisModel } from '../model/analysis.js';
import { json, stored } from '../stored.js';
import type { EngineController } from './controller.js';

/** The named levels, weakest first: the library's (STRENGTH_LEVELS), their one owner. */
const LEVELS: readonly StrengthName[] = STRENGTH_LEVELS.map((level) => level.name);
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

/**
 * A mate in one, if the position has one. Every level but beginner plays it: a casual player sees a mate in one, and
 * a weakened search ('casual' played 1.Rc1 in 7k/8/6K1/8/8/8/8/R7 w, not Ra8#) can miss it.
 */
export function mateInOne(position: Position): Move | undefined {
  return position.legalMoves().find((move) => position.play(move).isCheckmate());
}

/** The computer takes a draw when it is at most this far ahead (centipawns, from its side). */
const DRAW_ACCEPT_CP = 50;

export class Opponent extends EventTarget {
  playing = false;
  side: 'white' | 'black' = 'black';
  level: StrengthName = 'casual';
  thinking = false;
  /** The computer's answer to the player's last draw offer while this position is on screen. */
  drawAnswer: { path: string; accepted: boolean } | undefined;
  /** The computer is weighing a draw offer. */
  weighing = false;
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
    this.drawAnswer = undefined;
    // a game goes on from here without variations: where the tree already goes on, a new game (the line up to here,
    // then nothing), the old one kept as the model's previous game
    if (this.#model.node.children.length > 0) {
      const tree = GameTree.fromGame(this.#model.game);
      this.#model.newGame(tree, tree.mainlinePath());
    }
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

  /** The player resigns the game being played. */
  resign(): void {
    if (!this.playing) return;
    this.#ticket++;
    this.thinking = false;
    this.#model.endGame('resign', this.side === 'white' ? 'black' : 'white');
    this.#changed();
  }

  /**
   * The player offers a draw: the computer searches the position and accepts when it stands no better than half a
   * pawn up (or is being mated).
   */
  async offerDraw(): Promise<void> {
    const model = this.#model;
    if (!this.playing || this.thinking || this.weighing || model.game.isOver()) return;
    const path = model.path.join(' ');
    this.weighing = true;
    this.#changed();
    try {
      const result = await this.#engine.search(model.game, { movetime: 400 });
      if (!this.playing || model.path.join(' ') !== path || model.game.isOver()) return;
      const score = result?.score;
      // the score is the side to move's: turned to the computer's
      const sign = model.game.turn === this.side ? 1 : -1;
      const accepted =
        score !== undefined && ('mate' in score ? score.mate * sign < 0 : score.cp * sign <= DRAW_ACCEPT_CP);
      this.drawAnswer = { path, accepted };
      if (accepted) model.endGame('draw');
    } finally {
      this.weighing = false;
      this.#changed();
    }
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
      const mate = this.level === 'beginner' ? undefined : mateInOne(game.position);
      const move = mate ?? (await this.#engine.bestMove(game, this.level));
      if (ticket !== this.#ticket || !this.playing || this.#model.path.join(' ') !== path.join(' ')) return;
      if (move) this.#model.play(move);
    } finally {
      if (ticket === this.#ticket) this.thinking = false;
      this.#changed();
    }
  }
}
