// The engine controller: one Engine (from @makruk/makruk, running in a module Worker) analysing the node on screen.
// It follows the model: when the node changes while analysis is on, the running search is stopped (the library
// terminates and restarts the worker when the page is not cross-origin isolated) and a new one starts. It keeps the
// latest info of each MultiPV line for the views, and offers one-shot searches for the computer opponent.
import {
  type AnalysisResult,
  type AnalysisTarget,
  availableThreads,
  Engine,
  Position,
  makeFen,
  type Game,
  type Move,
  type SearchInfo,
  type SearchLimits,
  skillOf,
  type StrengthName,
} from '@makruk/makruk';
import type { ShownError } from '../i18n/errors.js';
import type { AnalysisModel } from '../model/analysis.js';
import { json, stored } from '../stored.js';

export interface EngineSettings {
  multiPv: number;
  hashMb: number;
  /** Search threads; more than one only where the page is cross-origin isolated (see threadChoices). */
  threads: number;
  /**
   * 'automatic': the engine's own view (the game's moves, counts assumed to start as soon as they may, as in
   * Fairy-Stockfish); 'game': the count as the players chose it at the node on screen (the position alone, its FEN
   * carrying the game's count).
   */
  counting: 'automatic' | 'game';
}

/**
 * The thread counts the page offers: 1 … min(the library's MAX_THREADS, the device's cores) where the page is
 * cross-origin isolated (workers can share the engine's memory), else none (no Threads setting is shown).
 */
export function threadChoices(): number[] {
  const most = Math.min(availableThreads(), globalThis.navigator?.hardwareConcurrency ?? 1);
  return most > 1 ? Array.from({ length: most }, (_, i) => i + 1) : [];
}

const DEFAULT_SETTINGS: EngineSettings = { multiPv: 3, hashMb: 16, threads: 1, counting: 'automatic' };

/** The saved settings, each one checked on its own (one out of range falls back alone). */
const savedSettings = stored<EngineSettings>(
  'engine',
  DEFAULT_SETTINGS,
  json((value) => {
    const saved = (typeof value === 'object' && value !== null ? value : {}) as Partial<EngineSettings>;
    const multiPv = Number(saved.multiPv);
    const hashMb = Number(saved.hashMb);
    const threads = Number(saved.threads);
    return {
      multiPv: Number.isInteger(multiPv) && multiPv >= 1 && multiPv <= 5 ? multiPv : DEFAULT_SETTINGS.multiPv,
      hashMb: [8, 16, 32, 64].includes(hashMb) ? hashMb : DEFAULT_SETTINGS.hashMb,
      threads: threadChoices().includes(threads) ? threads : DEFAULT_SETTINGS.threads,
      counting: saved.counting === 'game' ? 'game' : 'automatic',
    };
  }),
);

export function loadSettings(): EngineSettings {
  return savedSettings.read();
}

export class EngineController extends EventTarget {
  readonly #model: AnalysisModel;
  #engine: Promise<Engine> | undefined;
  #run: { stop(): void; result: Promise<unknown> } | undefined;
  #generation = 0;
  #busy: Promise<unknown> = Promise.resolve();
  /** Analysis is switched on (follows the node on screen). */
  running = false;
  settings: EngineSettings = loadSettings();
  /** Latest info per MultiPV line (index 0 = line 1), for `fen`. */
  lines: SearchInfo[] = [];
  fen = '';
  /** The position as the engine sees it (its FEN's count fields follow the counting setting). */
  inputFen = '';
  turn: 'white' | 'black' = 'white';
  error: string | undefined;
  /** Set when the engine searches with one thread although more were chosen (its helper threads could not start). */
  threadsFailure: string | undefined;
  /** Threat view: the lines are what the side not to move would play if it could move now. */
  threat = false;
  /** Why the threat cannot be shown here (e.g. the side to move is in check): the library's error, worded by the view. */
  threatError: ShownError | undefined;

  constructor(model: AnalysisModel) {
    super();
    this.#model = model;
    model.addEventListener('change', (event) => {
      if ((event as CustomEvent<string>).detail === 'view') return;
      if (this.running) void this.#analyse();
      else if (this.lines.length > 0) {
        // stopped: the lines (and the eval bar and arrows drawn from them) belong to another position now
        this.lines = [];
        this.#changed();
      }
    });
  }

  #changed(): void {
    this.dispatchEvent(new Event('change'));
  }

  #noteThreads(engine: Engine): void {
    if (engine.threadsFailure === this.threadsFailure) return;
    this.threadsFailure = engine.threadsFailure;
    this.#changed();
  }

  #start(): Promise<Engine> {
    if (!this.#engine) {
      this.#engine = Engine.start({ hashMb: this.settings.hashMb, threads: this.settings.threads });
      void this.#engine.then((engine) => this.#noteThreads(engine)).catch(() => undefined);
    }
    this.#engine.catch((error: unknown) => {
      this.error = error instanceof Error ? error.message : String(error);
      this.running = false;
      this.#engine = undefined;
      this.#changed();
    });
    return this.#engine;
  }

  saveSettings(settings: Partial<EngineSettings>): void {
    this.settings = { ...this.settings, ...settings };
    savedSettings.write(this.settings); // not saved: still used for this visit
    if (settings.hashMb !== undefined) {
      void this.#engine?.then((engine) => engine.setOption({ hashMb: this.settings.hashMb })).catch(() => undefined);
    }
    if (settings.threads !== undefined) {
      void this.#engine
        ?.then(async (engine) => {
          await engine.setOption({ threads: this.settings.threads });
          this.#noteThreads(engine);
        })
        .catch(() => undefined);
    }
    if (this.running) void this.#analyse();
  }

  setThreat(on: boolean): void {
    this.threat = on;
    if (this.running) void this.#analyse();
    else this.#changed();
  }

  toggle(on = !this.running): void {
    this.running = on;
    if (on) void this.#analyse();
    else {
      this.#generation++;
      this.#run?.stop();
    }
    this.#changed();
  }

  /** Stops the current search and starts one for the node on screen (the game's history goes along). */
  async #analyse(): Promise<void> {
    const generation = ++this.#generation;
    this.#run?.stop();
    const game = this.#model.game;
    let position = game.position;
    const gameFen = makeFen({ ...position.setup(), counting: game.counting });
    let target: AnalysisTarget = this.settings.counting === 'game' ? { fen: gameFen, moves: [] } : game;
    this.inputFen = this.settings.counting === 'game' ? gameFen : position.fen();
    this.threatError = undefined;
    if (this.threat) {
      // the same placement with the other side to move (refused by the rules when the side to move is in check)
      const flipped = Position.fromSetup({ ...position.setup(), turn: position.turn === 'white' ? 'black' : 'white' });
      if (flipped.ok) {
        position = flipped.value;
        target = position;
        this.inputFen = position.fen();
      } else this.threatError = flipped.error;
    }
    this.fen = position.fen();
    this.turn = position.turn;
    this.lines = [];
    this.#changed();
    const engine = await this.#start();
    await this.#busy.catch(() => undefined);
    if (generation !== this.#generation || !this.running || this.threatError) return;
    if (game.isOver() || position.legalMoves().length === 0) return;
    const run = engine.analyse(target, { infinite: true, multiPv: this.settings.multiPv }, (info) => {
      if (generation !== this.#generation) return;
      if (!info.pv || info.pv.length === 0) return;
      const lines = [...this.lines];
      lines[info.multiPv - 1] = info;
      this.lines = lines;
      this.#changed();
    });
    this.#run = run;
    this.#busy = run.result.catch(() => undefined);
  }

  /** One search to a limit (whole-game analysis); undefined if the engine failed. Live analysis must be off. */
  async search(game: Game, limits: SearchLimits): Promise<AnalysisResult | undefined> {
    const engine = await this.#start();
    await this.#busy.catch(() => undefined);
    const run = engine.analyse(game, { ...limits, multiPv: 1 });
    this.#busy = run.result.catch(() => undefined);
    try {
      return await run.result;
    } catch {
      return undefined;
    }
  }

  /**
   * A move for the computer opponent at a strength level (analysis is paused while it thinks). With `clock` (a timed
   * game: both times left and the increment, in ms) the search runs on its clock (wtime/btime/winc/binc, the engine's
   * time management); below full strength the level's own budget still caps it, so a weak level stays quick.
   */
  async bestMove(
    game: Game,
    level: StrengthName,
    clock?: { white: number; black: number; increment: number },
  ): Promise<Move | undefined> {
    const wasRunning = this.running;
    if (wasRunning) this.toggle(false);
    const engine = await this.#start();
    await this.#busy.catch(() => undefined);
    const skill = skillOf(level);
    await engine.setOption({ skill, multiPv: 1 });
    const budget = 300 + skill * 40;
    const limits: SearchLimits = clock
      ? {
          wtime: clock.white,
          btime: clock.black,
          winc: clock.increment,
          binc: clock.increment,
          ...(level === 'full' ? {} : { movetime: budget }),
        }
      : { movetime: budget };
    const run = engine.analyse(game, limits);
    this.#busy = run.result.catch(() => undefined);
    try {
      const result = await run.result;
      return result.bestMove ?? undefined;
    } finally {
      await engine.setOption({ skill: 20 });
      if (wasRunning) this.toggle(true);
    }
  }
}
