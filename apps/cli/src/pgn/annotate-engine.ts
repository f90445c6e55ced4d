// `makruk pgn annotate`, the engine side: one evaluation for every position of a game, from the library's Engine.
// Each game starts with `engine.newGame()` (hash and history cleared), so at a fixed node or depth budget a game's
// evaluations depend on the game alone, not on which engine (job) got it or what it searched before: that is what
// makes a resumed run byte-identical to an uninterrupted one.
import type { Engine, Game, SearchLimits } from '@makruk/makruk';
import type { PositionEval } from './annotate.js';

/** What annotate needs of an engine (the library's Engine). */
export type AnnotateEngine = Pick<Engine, 'newGame' | 'analyse' | 'quit'>;

/** Game ends that the final position itself decides (a resignation or an agreement is searched like any position). */
const DECIDED_BY_RULES = new Set([
  'checkmate',
  'stalemate',
  'insufficient-material',
  'counting-limit',
  'counting-side-mate',
]);

/** The rules' verdict on the game's final position, or undefined when it needs a search. */
function finalVerdict(game: Game): PositionEval | undefined {
  const outcome = game.outcome();
  if (outcome === undefined || !DECIDED_BY_RULES.has(outcome.reason)) return undefined;
  return outcome.winner === undefined ? { score: { cp: 0 }, over: 'draw' } : { score: { mate: 0 }, over: 'mated' };
}

/**
 * Evaluates the positions after 0, 1, … game.ply moves with `engine` (which must be idle), calling `onPosition(k)`
 * after each. The engine sees the game's history, so it knows the count and repetitions.
 */
export async function evaluateGame(
  engine: AnnotateEngine,
  game: Game,
  limits: SearchLimits,
  onPosition: (index: number) => void = () => undefined,
): Promise<PositionEval[]> {
  await engine.newGame();
  const fen = game.initialPosition.fen();
  const ucis = game.ucis;
  const evals: PositionEval[] = [];
  for (let k = 0; k <= ucis.length; k++) {
    const verdict = k === ucis.length ? finalVerdict(game) : undefined;
    if (verdict) {
      evals.push(verdict);
    } else {
      const result = await engine.analyse({ fen, moves: ucis.slice(0, k) }, limits).result;
      const evaluation: PositionEval = { score: result.score ?? { cp: 0 } };
      if (result.bestMoveUci !== undefined) evaluation.bestMove = result.bestMoveUci;
      evals.push(evaluation);
    }
    onPosition(k);
  }
  return evals;
}
