// Counting practice: a standard ending (K+R v K, K+S+M v K, …) from a random legal start, Black bare and counting
// (pieces' honour, with the count written in the FEN as docs/rules.md says: limit and ply 2N, Black to move). The
// player has White and must mate before the count runs out. The tables (endgame tablebases, in their own worker) pick
// only starts White wins within the count and defend Black (issues 18, 21). Tries are recorded on the device.
import { countStartingFor } from '@makruk/counting';
import {
  Board,
  type GameOutcome,
  GameTree,
  Position,
  type Role,
  SQUARES,
  makeBoardFen,
  materialOf,
  mulberry32,
  spokenCount,
} from '@makruk/makruk';
import type { TablebaseProbeFn } from '../engine/tablebase.js';
import { json, stored } from '../stored.js';
import type { AnalysisModel } from './analysis.js';

export interface Ending {
  id: string;
  /** White's pieces besides the king. */
  pieces: Role[];
}

export const ENDINGS: readonly Ending[] = [
  { id: 'KRRK', pieces: ['rook', 'rook'] },
  { id: 'KRK', pieces: ['rook'] },
  { id: 'KSSK', pieces: ['khon', 'khon'] },
  { id: 'KSMK', pieces: ['khon', 'met'] },
  { id: 'KNMK', pieces: ['knight', 'met'] },
  // No K+M+M v K (KMMK): the tables find no start of it that White wins within the count (2000 candidates, none),
  // so practice could never hand one out. A record saved under that id is read past (readRecords reads ENDINGS).
];

export type PracticeResult = 'win' | 'count-out' | 'draw';
export interface PracticeRecord {
  tries: number;
  wins: number;
  countOuts: number;
}
/** Each ending's tries, wins and count-outs from what was saved (any field that is not a number reads as 0). */
function readRecords(value: unknown): Record<string, PracticeRecord> {
  const saved = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    Partial<PracticeRecord> | undefined
  >;
  const out: Record<string, PracticeRecord> = {};
  for (const ending of ENDINGS) {
    const r = saved[ending.id];
    out[ending.id] = {
      tries: Number(r?.tries) || 0,
      wins: Number(r?.wins) || 0,
      countOuts: Number(r?.countOuts) || 0,
    };
  }
  return out;
}
const savedRecords = stored('practice', readRecords({}), json(readRecords));

export function loadRecords(): Record<string, PracticeRecord> {
  return savedRecords.read();
}

function saveRecords(records: Record<string, PracticeRecord>): void {
  savedRecords.write(records); // not saved: kept for this visit
}

/**
 * Random legal starts for an ending, one after another from one seed: Black (bare king) to move and counting from
 * N+1, the limit from the table. Positions the library refuses, already over, with Black in check or able to take a
 * piece are drawn again.
 */
export function* practiceCandidates(ending: Ending, seed: number): Generator<Position, never> {
  const random = mulberry32(seed);
  for (;;) {
    const board = Board.empty();
    const free = [...SQUARES];
    const take = () => free.splice(Math.floor(random() * free.length), 1)[0] as (typeof SQUARES)[number];
    board.set(take(), { color: 'white', role: 'king' });
    board.set(take(), { color: 'black', role: 'king' });
    for (const role of ending.pieces) board.set(take(), { color: 'white', role });
    // The count that starts for the bare side, by counting's countStartingFor (the rule's one owner): limit, ply 2N.
    const count = countStartingFor('black', materialOf(board));
    const made = Position.fromFen(`${makeBoardFen(board)} b - ${count.limitPlies} ${count.plies} 1`);
    if (!made.ok) continue;
    const position = made.value;
    const moves = position.legalMoves();
    if (position.isCheck() || position.outcome() !== undefined || moves.length === 0) continue;
    if (moves.some((move) => position.isCapture(move))) continue; // no piece hangs at the start
    yield position;
  }
}

/** The first random legal start for an ending from a seed (not checked for a mate: see winnableStart). */
export function practicePosition(ending: Ending, seed: number): Position {
  return practiceCandidates(ending, seed).next().value;
}

/**
 * How many candidates winnableStart asks the tables about before it gives up. K+N+M v K is the rarest: about 1 start in
 * 100 is won within its count (a probe takes about 0.1–1 ms once the table is made), so 5000 leave no real chance of
 * finding none.
 */
export const START_TRIES = 5000;

/**
 * A start that can be won (issue 21): the first of the seed's candidates that the tables (endgame tablebases, exact)
 * say Black, to move, loses under the count, that is White's fastest mate fits the moves the count leaves. `mateIn`
 * is that mate's length in moves. Starts the tables call a draw (no mate, or none in time) are never handed out.
 */
export async function winnableStart(
  ending: Ending,
  seed: number,
  probe: TablebaseProbeFn,
  tries = START_TRIES,
): Promise<{ position: Position; mateIn: number }> {
  let tried = 0;
  for (const position of practiceCandidates(ending, seed)) {
    const answer = await probe(position.fen());
    if (!answer.ok) throw new Error(`no ${ending.id} start: ${answer.error.message}`);
    const { result, mate } = answer.value;
    if (result === 'loss' && mate !== undefined && mate < 0) return { position, mateIn: -mate };
    if (++tried >= tries) break;
  }
  throw new Error(`no ${ending.id} start White can win within the count in ${tries} tries`);
}

/** One of White's moves that was not the tables' fastest mate (issue 18: where the player lost moves). */
export interface PracticeSlip {
  /** The move's number in the game (practice starts with Black to move at move 1: White's first move is move 2). */
  moveNumber: number;
  san: string;
  uci: string;
  /** The position the move was played in (for writing it in Thai notation). */
  fenBefore: string;
  /** Moves the mate took longer after this move than before it (1 or more); 0 when the move let the win go. */
  movesLost: number;
  /** The move turned the win into a draw: no mate in time is left. */
  winLost: boolean;
}

/** What the tables say of White's moves in a finished practice game. */
export interface PracticeReview {
  /** White's moves played. */
  played: number;
  /** The moves White's fastest mate needed at the start. */
  fastest: number;
  slips: PracticeSlip[];
}

/**
 * The tables' review of a practice game (issue 18): every White move whose position the tables call a win is judged
 * against the fastest mate there; a move that mates more slowly costs the difference, one that leaves no mate in
 * time lets the win go. Moves from a drawn position are not judged (nothing to lose). Black's moves are the tables'.
 */
export async function reviewPractice(
  moves: readonly { san: string; uci: string; fenBefore: string }[],
  fastest: number,
  probe: TablebaseProbeFn,
): Promise<PracticeReview> {
  const slips: PracticeSlip[] = [];
  let played = 0;
  for (const move of moves) {
    const [, turn, , , , fullmove] = move.fenBefore.split(' ');
    if (turn !== 'w') continue;
    played++;
    const answer = await probe(move.fenBefore);
    if (!answer.ok || answer.value.result !== 'win' || answer.value.mate === undefined) continue;
    const best = answer.value.mate;
    const mine = answer.value.moves.find((candidate) => candidate.uci === move.uci);
    if (!mine) continue;
    const slip = { moveNumber: Number(fullmove) || 0, san: move.san, uci: move.uci, fenBefore: move.fenBefore };
    if (mine.result !== 'win' || mine.mate === undefined) slips.push({ ...slip, movesLost: 0, winLost: true });
    else if (mine.mate > best) slips.push({ ...slip, movesLost: mine.mate - best, winLost: false });
  }
  return { played, fastest, slips };
}

export class Practice extends EventTarget {
  readonly #model: AnalysisModel;
  records = loadRecords();
  readonly #probe: TablebaseProbeFn;
  ending: Ending | undefined;
  result: PracticeResult | undefined;
  /** The moves White's fastest mate needs from the start, as the tables have it (undefined before a start). */
  mateIn: number | undefined;
  /** The moves Black's count leaves White to mate in at the start (undefined before a start). */
  countMoves: number | undefined;
  /** A start is being looked for (the ending's table is made on its first use, then candidates are probed). */
  preparing = false;
  /** Why the last start could not be made (the tables failed, or no winnable start was found). */
  error: string | undefined;
  /** The tables' review of the game just finished (undefined while playing, or while it is being made). */
  review: PracticeReview | undefined;
  #startFen = '';

  constructor(model: AnalysisModel, probe: TablebaseProbeFn) {
    super();
    this.#model = model;
    this.#probe = probe;
    model.addEventListener('change', () => this.#check());
  }

  get active(): boolean {
    return this.ending !== undefined && this.result === undefined && this.#model.tree.root.fen === this.#startFen;
  }

  /**
   * Black's defence while practice is on (issue 18): the tables' best move for Black in `fen` (the longest
   * resistance, or a move that keeps the draw), or undefined when practice is not on, it is not Black's move or the
   * tables cannot answer (the caller then plays its own move).
   */
  async defence(fen: string): Promise<string | undefined> {
    if (!this.active || fen.split(' ')[1] !== 'b') return undefined;
    const answer = await this.#probe(fen);
    return answer.ok ? answer.value.bestMove : undefined;
  }

  /** A new start for an ending: one the tables say White wins within the count (issue 21). */
  async start(id: string, seed = Math.floor(Math.random() * 2 ** 32)): Promise<void> {
    const ending = ENDINGS.find((e) => e.id === id) ?? (ENDINGS[1] as Ending);
    this.preparing = true;
    this.error = undefined;
    this.dispatchEvent(new Event('change'));
    let start: Awaited<ReturnType<typeof winnableStart>>;
    try {
      start = await winnableStart(ending, seed, this.#probe);
    } catch (error) {
      this.preparing = false;
      this.error = error instanceof Error ? error.message : String(error);
      this.dispatchEvent(new Event('change'));
      throw error;
    }
    this.preparing = false;
    const { position, mateIn } = start;
    this.mateIn = mateIn;
    this.countMoves = spokenCount(position.countingState)?.movesToMate;
    this.ending = ending;
    this.result = undefined;
    this.review = undefined;
    this.#startFen = position.fen();
    const record = this.records[ending.id] ?? { tries: 0, wins: 0, countOuts: 0 };
    record.tries++;
    this.records = { ...this.records, [ending.id]: record };
    saveRecords(this.records);
    if (this.#model.orientation !== 'white') this.#model.flip();
    this.#model.setTree(new GameTree(position));
    this.dispatchEvent(new Event('change'));
  }

  #check(): void {
    if (!this.ending || this.result !== undefined || this.#model.tree.root.fen !== this.#startFen) return;
    const outcome: GameOutcome | undefined = this.#model.game.outcome();
    if (!outcome) return;
    this.result = outcome.winner === 'white' ? 'win' : outcome.reason === 'counting-limit' ? 'count-out' : 'draw';
    const record = this.records[this.ending.id] ?? { tries: 1, wins: 0, countOuts: 0 };
    if (this.result === 'win') record.wins++;
    if (this.result === 'count-out') record.countOuts++;
    this.records = { ...this.records, [this.ending.id]: record };
    saveRecords(this.records);
    this.dispatchEvent(new Event('change'));
    void this.#review();
  }

  async #review(): Promise<void> {
    const startFen = this.#startFen;
    const review = await reviewPractice(this.#model.game.history(), this.mateIn ?? 0, this.#probe);
    if (this.#startFen !== startFen || this.result === undefined) return; // a new start came first
    this.review = review;
    this.dispatchEvent(new Event('change'));
  }
}
