// `makruk pgn annotate`, the game side: from one evaluation per position of a game to the annotated game — an
// `[%eval …]` comment on every move, a `?!`/`?`/`??` mark where the mover lost enough, and summary tags per side.
// The engine side (which positions are searched, how) is annotate-engine.ts; files, jobs and resuming annotate-run.ts.
import { Game, MOVE_JUDGMENTS, moveJudgment, winningChances, type Color, type Score } from '@makruk/makruk';

/** What is known of one position of a game: a search's verdict, or the rules' when the game ended there. */
export interface PositionEval {
  /** From the side to move (as engines report). */
  score: Score;
  /** The engine's best move (UCI); absent where nothing was searched. */
  bestMove?: string;
  /** The game is over here by the rules: the side to move is mated (lost), or it is a draw. */
  over?: 'mated' | 'draw';
}

/**
 * The marks, worst first: the library's move judgments (`MOVE_JUDGMENTS`, the one owner of the 0.1 / 0.2 / 0.3
 * thresholds, which the page uses too). The loss is the mover's drop in winning chances from the position before
 * the move to the position after it; a move that is the engine's own choice loses nothing.
 */
export const MARKS = MOVE_JUDGMENTS;

export type MarkName = (typeof MARKS)[number]['name'];

/** The NAGs this command writes (and removes from its input before writing its own). */
const MARK_NAGS: ReadonlySet<number> = new Set(MARKS.map((mark) => mark.nag));

/** Centipawn scores are clamped to ± this for the average loss, and a mate counts as this much. */
export const CP_LOSS_CLAMP = 1000;

/** Tags written per game: the annotator, and per side its average centipawn loss and the count of each mark. */
export const SUMMARY_TAGS = {
  annotator: 'Annotator',
  acpl: (side: Color) => `${side === 'white' ? 'White' : 'Black'}ACPL`,
  marks: (side: Color, mark: MarkName) =>
    `${side === 'white' ? 'White' : 'Black'}${mark === 'blunder' ? 'Blunders' : mark === 'mistake' ? 'Mistakes' : 'Inaccuracies'}`,
} as const;

/** An `[%eval …]` command in a comment (with its surrounding spaces). */
const EVAL_COMMAND = /\s*\[%eval\s+[^\]]*\]\s*/g;

/** Per side: moves, total centipawn loss and the count of each mark. */
export interface SideSummary {
  moves: number;
  /** Average centipawn loss per move, rounded (0 without moves). */
  acpl: number;
  marks: Record<MarkName, number>;
}

export type GameSummary = Record<Color, SideSummary>;

/**
 * The `[%eval …]` value of a position, from White's view: pawn units with two decimals (`0.35`, `-1.20`), `#N` when
 * White mates in N, `#-N` when Black does, `#0` when the side to move is mated (the result says who won).
 */
export function formatEval(evaluation: PositionEval, turn: Color): string {
  if (evaluation.over === 'mated') return '#0';
  if (evaluation.over === 'draw') return '0.00';
  const { score } = evaluation;
  const sign = turn === 'white' ? 1 : -1;
  if ('mate' in score) return score.mate === 0 ? '#0' : `#${sign * score.mate}`;
  const pawns = (sign * score.cp) / 100;
  return pawns === 0 ? '0.00' : pawns.toFixed(2);
}

/** Winning chances of the side to move, -1 … +1. */
function chancesOf(evaluation: PositionEval): number {
  if (evaluation.over === 'mated') return -1;
  if (evaluation.over === 'draw') return 0;
  return winningChances(evaluation.score);
}

/** Centipawns of the side to move, clamped to ±CP_LOSS_CLAMP (a mate counts as the clamp). */
function centipawnsOf(evaluation: PositionEval): number {
  if (evaluation.over === 'mated') return -CP_LOSS_CLAMP;
  if (evaluation.over === 'draw') return 0;
  const { score } = evaluation;
  if ('mate' in score) return score.mate > 0 ? CP_LOSS_CLAMP : -CP_LOSS_CLAMP;
  return Math.max(-CP_LOSS_CLAMP, Math.min(CP_LOSS_CLAMP, score.cp));
}

/** The mark a loss of winning chances earns, or undefined. */
export function markFor(loss: number): (typeof MARKS)[number] | undefined {
  return moveJudgment(loss);
}

/** What the move from `before` to `after` cost its mover: winning chances and centipawns, never negative. */
export function moveLoss(before: PositionEval, after: PositionEval, played: string): { chances: number; cp: number } {
  if (before.bestMove !== undefined && before.bestMove === played) return { chances: 0, cp: 0 };
  // `after` is from the opponent's side: the mover's view is its negation
  const chances = Math.max(0, chancesOf(before) + chancesOf(after));
  const cp = Math.max(0, centipawnsOf(before) + centipawnsOf(after));
  return { chances, cp };
}

function emptySide(): { moves: number; cpLoss: number; marks: Record<MarkName, number> } {
  return { moves: 0, cpLoss: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } };
}

/**
 * The game annotated: a copy of `game` (tags, comments, NAGs, counting choices kept; earlier `[%eval]` comments and
 * `?!`/`?`/`??` marks replaced) with an eval on every move, marks and summary tags. `evals[k]` is the position after
 * k moves (k = 0 … game.ply).
 */
export function annotateGame(
  game: Game,
  evals: readonly PositionEval[],
  annotator: string,
): { game: Game; summary: GameSummary } {
  if (evals.length !== game.ply + 1) throw new Error(`annotateGame: ${evals.length} evaluations for ${game.ply} moves`);
  const out = new Game(game.initialPosition);
  for (const [name, value] of game.tags) out.tags.set(name, value);
  const actions = game.countingActions();
  const copyPoint = (index: number, extra?: string): void => {
    for (const comment of game.commentsAt(index)) out.addComment(comment.replace(EVAL_COMMAND, ' ').trim());
    if (extra !== undefined) out.addComment(extra);
    for (const action of actions[index] ?? []) {
      const done = action === 'start' ? out.startCounting() : out.stopCounting();
      if (!done.ok) throw done.error; // the same choices at the same points of the same game: cannot fail
    }
  };
  copyPoint(0);
  const sides = { white: emptySide(), black: emptySide() };
  const moves = game.moves;
  const ucis = game.ucis;
  moves.forEach((move, index) => {
    const mover = out.turn;
    const played = out.play(move);
    if (!played.ok) throw played.error; // replaying the game's own moves
    const before = evals[index] as PositionEval;
    const after = evals[index + 1] as PositionEval;
    const loss = moveLoss(before, after, ucis[index] as string);
    const mark = markFor(loss.chances);
    const side = sides[mover];
    side.moves++;
    side.cpLoss += loss.cp;
    if (mark) side.marks[mark.name]++;
    for (const nag of game.nagsAt(index + 1)) if (!MARK_NAGS.has(nag)) out.addNag(nag);
    if (mark) out.addNag(mark.nag);
    copyPoint(index + 1, `[%eval ${formatEval(after, out.turn)}]`);
  });
  const summary = {} as GameSummary;
  out.tags.set(SUMMARY_TAGS.annotator, annotator);
  for (const color of ['white', 'black'] as const) {
    const side = sides[color];
    const acpl = side.moves === 0 ? 0 : Math.round(side.cpLoss / side.moves);
    summary[color] = { moves: side.moves, acpl, marks: { ...side.marks } };
    out.tags.set(SUMMARY_TAGS.acpl(color), String(acpl));
    for (const mark of [...MARKS].reverse())
      out.tags.set(SUMMARY_TAGS.marks(color, mark.name), String(side.marks[mark.name]));
  }
  return { game: out, summary };
}
