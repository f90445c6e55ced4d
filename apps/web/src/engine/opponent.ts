// Play the computer: when it is the computer's side to move at the node on screen, ask the engine controller for a
// move at the chosen strength and play it into the tree (so the game is kept, with its variations).
import { type Game, GameTree, type Move, type Position, STRENGTH_LEVELS, type StrengthName } from '@makruk/makruk';
import type { AnalysisModel } from '../model/analysis.js';
import { ChessClock, type ClockTimes, type TimeControl, pgnTimeControl } from '../model/clock.js';
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
 * A game against the computer as kept on the device, so that a reload comes back to it in play: who plays what, and
 * for a timed game the time control and both clocks at each position reached (absent for an untimed game).
 */
interface SavedPlay {
  side: 'white' | 'black';
  level: StrengthName;
  control?: TimeControl;
  /** Both clocks at each position of the game (a path, written with spaces), as they stood when it was reached. */
  times: Record<string, ClockTimes>;
  /** The path on screen and both clocks at the last save. */
  path: string;
  now?: ClockTimes;
}
function isTimes(value: unknown): value is ClockTimes {
  const v = value as Partial<ClockTimes> | null;
  return typeof v === 'object' && v !== null && Number.isFinite(v.white) && Number.isFinite(v.black);
}
const savedPlay = stored<SavedPlay | undefined>(
  'play',
  undefined,
  json((value) => {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<SavedPlay>;
    const control = v.control as Partial<TimeControl> | undefined;
    if (v.side !== 'white' && v.side !== 'black') return undefined;
    if (!LEVELS.includes(v.level as StrengthName) || typeof v.path !== 'string') return undefined;
    if (control === undefined) return { side: v.side, level: v.level as StrengthName, times: {}, path: v.path };
    if (!isTimes(v.now)) return undefined;
    if (!Number.isFinite(control.initialMs) || !Number.isFinite(control.incrementMs)) return undefined;
    const times: Record<string, ClockTimes> = {};
    for (const [path, t] of Object.entries(typeof v.times === 'object' && v.times !== null ? v.times : {}))
      if (isTimes(t)) times[path] = t;
    return {
      side: v.side,
      level: v.level as StrengthName,
      control: control as TimeControl,
      times,
      path: v.path,
      now: v.now,
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
  /** The clocks of a timed game (undefined: no time control). */
  clock: ChessClock | undefined;
  /** Both clocks at each position of the timed game (a path with spaces), as they stood when it was reached. */
  #times = new Map<string, ClockTimes>();
  /** The path the clocks last followed. */
  #clockPath = '';
  /** The game tree the clocks belong to: a new game, an import or a restored one stops them. */
  #clockTree: unknown;
  #flagTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #now: () => number;
  /**
   * A move chosen before the engine is asked (counting practice: the tables' defence, issue 18): a UCI move for the
   * computer in this position, or undefined to let the engine choose.
   */
  advisor: ((game: Game) => Promise<string | undefined> | undefined) | undefined;

  constructor(model: AnalysisModel, engine: EngineController, now: () => number = () => performance.now()) {
    super();
    this.#model = model;
    this.#engine = engine;
    this.#now = now;
    model.addEventListener('change', (event) => {
      if ((event as CustomEvent<string>).detail !== 'view') this.#followClock();
      void this.#maybeMove();
    });
    const saved = savedChoice.read();
    if (saved.side === 'white') this.side = 'white';
    if (saved.level) this.level = saved.level;
    this.#restoreTimed();
    // the clocks as they stand when the page goes away (a reload, a closed tab), not only at the last move
    globalThis.addEventListener?.('pagehide', () => this.#savePlay());
  }

  /**
   * A game against the computer comes back in play after a reload (issue 21: an untimed one came back as analysis). A
   * timed one comes back with its clocks where they stood at the last save, running again for the
   * side to move: the time the page was away is not counted. Against the computer nobody is kept waiting, and a
   * crash, a closed laptop or a reload should not lose the player the game on time; the engine thinks on its own
   * clock anyway.
   */
  #restoreTimed(): void {
    const saved = savedPlay.read();
    if (!saved || saved.path !== this.#model.path.join(' ') || this.#model.game.isOver()) {
      if (saved) savedPlay.write(undefined);
      return;
    }
    this.playing = true;
    this.side = saved.side;
    this.level = saved.level;
    if (!saved.control || !saved.now) return; // an untimed game: back in play, no clocks
    this.clock = new ChessClock(saved.control, this.#now, saved.now);
    this.#times = new Map(Object.entries(saved.times));
    this.#clockPath = saved.path;
    this.#clockTree = this.#model.tree;
    this.clock.start(this.#model.game.turn);
    this.#armFlag();
  }

  #savePlay(): void {
    const clock = this.clock;
    if (!this.playing) {
      savedPlay.write(undefined);
      return;
    }
    if (!clock) {
      // an untimed game is kept in play when it is the player's own (practice has its own panel and state)
      savedPlay.write(
        this.#chosen === undefined
          ? { side: this.side, level: this.level, times: {}, path: this.#model.path.join(' ') }
          : undefined,
      );
      return;
    }
    savedPlay.write({
      side: this.side,
      level: this.level,
      control: clock.control,
      times: Object.fromEntries(this.#times),
      path: this.#clockPath,
      now: clock.times(),
    });
  }

  /**
   * The clocks follow the node on screen: a move played from the clocks' position presses the mover's clock; a
   * position of this game reached before (a takeback) brings back both clocks as they stood there; anything else
   * (another game, a variation) stops them. They run for the side to move until the game is over.
   */
  #followClock(): void {
    const clock = this.clock;
    if (!this.playing) return;
    if (!clock) {
      this.#savePlay(); // an untimed game: only where it stands
      return;
    }
    const model = this.#model;
    const path = model.path.join(' ');
    const game = model.game;
    if (model.tree !== this.#clockTree) {
      this.#dropClock(); // another game on screen (new game, import): the timed game's clocks stop
      return;
    }
    if (path !== this.#clockPath) {
      const known = this.#times.get(path);
      if (known) clock.set(known);
      else if (model.path.length > 0 && model.path.slice(0, -1).join(' ') === this.#clockPath) {
        clock.press(game.turn === 'white' ? 'black' : 'white');
        clock.pause();
        this.#times.set(path, clock.times());
      } else {
        this.#dropClock();
        return;
      }
      this.#clockPath = path;
    }
    if (game.isOver()) clock.pause();
    else if (clock.running !== game.turn) clock.start(game.turn);
    this.#armFlag();
    this.#savePlay();
  }

  /** No clocks any more (the game goes on untimed, or is stopped). */
  #dropClock(): void {
    this.clock?.pause();
    this.#clearFlag();
    this.clock = undefined;
    this.#times.clear();
    this.#savePlay();
    this.#changed();
  }

  #clearFlag(): void {
    if (this.#flagTimer !== undefined) clearTimeout(this.#flagTimer);
    this.#flagTimer = undefined;
  }

  /** A timer for the moment the running side's flag falls. */
  #armFlag(): void {
    this.#clearFlag();
    const left = this.clock?.msUntilFlag();
    if (left === undefined) return;
    this.#flagTimer = setTimeout(() => this.#checkFlag(), Math.max(0, left) + 1);
  }

  #checkFlag(): void {
    const clock = this.clock;
    if (!clock || !this.playing) return;
    const flagged = clock.flagged();
    if (!flagged) {
      this.#armFlag();
      return;
    }
    this.#ticket++;
    this.thinking = false;
    clock.pause();
    this.#clearFlag();
    this.#model.endGame('time', flagged);
    this.#savePlay();
    this.#changed();
  }

  /**
   * Starts playing `side` at `level`. `remember: false` (counting practice) leaves the player's own choice of side and
   * level alone: it is neither saved nor shown once this game is stopped.
   */
  start(
    side: 'white' | 'black',
    level: StrengthName,
    { remember = true, timeControl }: { remember?: boolean; timeControl?: TimeControl } = {},
  ): void {
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
    this.#clearFlag();
    this.#times.clear();
    this.clock = timeControl ? new ChessClock(timeControl, this.#now) : undefined;
    if (this.clock) {
      const tags = this.#model.tree.tags;
      tags.set('TimeControl', pgnTimeControl(this.clock.control));
      this.#clockPath = this.#model.path.join(' ');
      this.#clockTree = this.#model.tree;
      this.#times.set(this.#clockPath, this.clock.times());
      this.clock.start(this.#model.game.turn);
      this.#armFlag();
    } else this.#model.tree.tags.delete('TimeControl');
    this.#savePlay();
    if (this.#engine.running) this.#engine.toggle(false);
    if (this.#model.orientation === side) this.#model.flip();
    this.#changed();
    void this.#maybeMove();
  }

  stop(): void {
    this.playing = false;
    this.#dropClock();
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
    this.clock?.pause();
    this.#clearFlag();
    this.#savePlay();
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

  /** The advisor's move, when it gives a legal one (a failing advisor leaves the move to the engine). */
  async #advised(game: Game): Promise<Move | undefined> {
    try {
      const uci = await this.advisor?.(game);
      const move = uci === undefined ? undefined : game.position.findMove(uci);
      return move?.ok ? move.value : undefined;
    } catch {
      return undefined;
    }
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
      const advised = await this.#advised(game);
      const mate = advised ?? (this.level === 'beginner' ? undefined : mateInOne(game.position));
      const clock = this.clock;
      const move =
        mate ??
        (await this.#engine.bestMove(
          game,
          this.level,
          clock && { ...clock.times(), increment: clock.control.incrementMs },
        ));
      if (ticket !== this.#ticket || !this.playing || this.#model.path.join(' ') !== path.join(' ')) return;
      if (move) this.#model.play(move);
    } finally {
      if (ticket === this.#ticket) this.thinking = false;
      this.#changed();
    }
  }
}
