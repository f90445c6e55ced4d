// Whole-game analysis: every position of the main line searched to a fixed depth, one after another (a queue),
// with progress; it can be cancelled and resumed (positions already searched are kept). From the scores it marks
// inaccuracies, mistakes and blunders by the mover's loss of winning chances (@makruk/makruk's winningChances).
import { MOVE_JUDGMENTS, type MoveJudgmentName, moveJudgment, type Score, whiteWinningChances } from '@makruk/makruk';
import type { AnalysisModel } from '../model/analysis.js';
import { json, stored } from '../stored.js';
import type { EngineController } from './controller.js';

/** How many searched positions are kept on the device (the newest; a long game has a few hundred). */
const KEPT_SCORES = 2000;
interface SavedAnalysis {
  depth: number;
  scores: Array<[string, number, Score]>;
}
const isScore = (value: unknown): value is Score =>
  typeof value === 'object' &&
  value !== null &&
  (Number.isFinite((value as { cp?: unknown }).cp) || Number.isFinite((value as { mate?: unknown }).mate));
/** Whole-game analysis is kept between visits (it was lost on reload): the depth chosen and the scores found. */
const savedAnalysis = stored<SavedAnalysis>(
  'analysis',
  { depth: 8, scores: [] },
  json((value) => {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<SavedAnalysis>;
    const depth = [4, 6, 8, 10, 12].includes(v.depth as number) ? (v.depth as number) : 8;
    const scores = (Array.isArray(v.scores) ? v.scores : []).filter(
      (entry): entry is [string, number, Score] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]) && isScore(entry[2]),
    );
    return { depth, scores };
  }),
);

/** A move's mark; the thresholds and glyphs are the library's (MOVE_JUDGMENTS, shared with the CLI's annotate). */
export type Judgment = MoveJudgmentName;
export const JUDGMENT_GLYPHS = Object.fromEntries(MOVE_JUDGMENTS.map((j) => [j.name, j.symbol])) as Record<
  Judgment,
  string
>;

export interface GamePoint {
  /** The main-line path of the position. */
  path: string[];
  /** White's winning chances there (-1…+1), or undefined when not searched yet. */
  white?: number;
  score?: Score;
}

export class GameAnalysis extends EventTarget {
  readonly #model: AnalysisModel;
  readonly #engine: EngineController;
  /** Searched positions, by FEN and history (the path), kept across runs. */
  readonly #scores = new Map<string, { white: number; score: Score }>();
  depth = 8;
  running = false;
  done = 0;
  total = 0;
  nodes = 0;
  timeMs = 0;
  #cancelled = false;

  constructor(model: AnalysisModel, engine: EngineController) {
    super();
    this.#model = model;
    this.#engine = engine;
    const saved = savedAnalysis.read();
    this.depth = saved.depth;
    for (const [key, white, score] of saved.scores) this.#scores.set(key, { white, score });
  }

  /** Keeps the depth and the newest scores on the device. */
  save(): void {
    const scores = [...this.#scores]
      .slice(-KEPT_SCORES)
      .map(([key, { white, score }]): [string, number, Score] => [key, white, score]);
    savedAnalysis.write({ depth: this.depth, scores });
  }

  #changed(): void {
    this.dispatchEvent(new Event('change'));
  }

  #key(path: readonly string[]): string {
    return `${this.#model.tree.root.fen}|${path.join(' ')}|${this.depth}`;
  }

  /** The main line's positions with what is known of them. */
  points(): GamePoint[] {
    const main = this.#model.tree.mainlinePath();
    const points: GamePoint[] = [];
    for (let ply = 0; ply <= main.length; ply++) {
      const path = main.slice(0, ply);
      const known = this.#scores.get(this.#key(path));
      points.push(known ? { path, white: known.white, score: known.score } : { path });
    }
    return points;
  }

  /** The mark of the move that led to each main-line position (by path), from the searched scores. */
  judgments(): Map<string, Judgment> {
    const marks = new Map<string, Judgment>();
    const points = this.points();
    for (let ply = 1; ply < points.length; ply++) {
      const before = points[ply - 1]?.white;
      const after = points[ply]?.white;
      if (before === undefined || after === undefined) continue;
      const whiteMoved =
        this.#model.tree.nodeAt((points[ply] as GamePoint).path.slice(0, -1))?.position.turn === 'white';
      const loss = whiteMoved ? before - after : after - before;
      const mark = moveJudgment(loss);
      if (mark) marks.set((points[ply] as GamePoint).path.join(' '), mark.name);
    }
    return marks;
  }

  cancel(): void {
    this.#cancelled = true;
  }

  /** Searches every main-line position not searched yet; resolves when done or cancelled. */
  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.#cancelled = false;
    const wasLive = this.#engine.running;
    if (wasLive) this.#engine.toggle(false);
    const points = this.points();
    this.total = points.length;
    this.done = points.filter((point) => point.white !== undefined).length;
    this.#changed();
    const started = performance.now();
    try {
      for (const point of points) {
        if (this.#cancelled) break;
        if (point.white !== undefined) continue;
        const game = this.#model.tree.gameAt(point.path);
        const turn = game.position.turn;
        let score: Score;
        if (game.isOver() || game.position.legalMoves().length === 0) {
          const outcome = game.outcome();
          const mated = game.position.isCheckmate() && outcome?.winner !== undefined;
          score = mated ? { mate: 0 } : { cp: 0 };
        } else {
          const result = await this.#engine.search(game, { depth: this.depth });
          if (!result) break;
          this.nodes += result.nodes;
          score = result.score ?? { cp: 0 };
        }
        this.#scores.set(this.#key(point.path), { white: whiteWinningChances(score, turn), score });
        this.save();
        this.done++;
        this.#changed();
      }
    } finally {
      this.timeMs += performance.now() - started;
      this.running = false;
      this.#changed();
      if (wasLive && !this.#cancelled) this.#engine.toggle(true);
    }
  }
}
