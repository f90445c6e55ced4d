// Counting practice: a standard ending (K+R v K, K+S+M v K, …) from a random legal start, Black bare and counting
// (pieces' honour, with the count written in the FEN as docs/rules.md says: limit and ply 2N, Black to move). The
// player has White and must mate the engine's defence before the count runs out. Tries are recorded on the device.
import { countStartingFor } from '@makruk/counting';
import {
  Board,
  type GameOutcome,
  GameTree,
  Position,
  type Role,
  SQUARES,
  type Score,
  makeBoardFen,
  materialOf,
  mulberry32,
  spokenCount,
} from '@makruk/makruk';
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
  { id: 'KMMK', pieces: ['met', 'met'] },
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

/** A bounded search of a start (Black to move): the score for Black and the depth reached, or undefined. */
export type StartSearch = (
  fen: string,
  limits: { depth: number; nodes: number },
) => Promise<StartSearchResult | undefined>;
export interface StartSearchResult {
  score: Score;
  depth: number;
}

/** The search's bounds: deep enough to see a whole K+R+R v K count (8 plies) and well past it, and no longer. */
export const START_SEARCH_NODES = 1_000_000;
export const START_SEARCH_MAX_DEPTH = 24;

/**
 * What a bounded search says of a start: `mate` (White mates within the count: in `mateIn` moves), `draw` (the search
 * saw past the count's end and found no mate: no win), or `unknown` (the count is longer than the search sees).
 */
export type StartVerdict = { kind: 'mate'; mateIn: number } | { kind: 'draw' } | { kind: 'unknown' };

export async function judgeStart(position: Position, search: StartSearch): Promise<StartVerdict> {
  const left = spokenCount(position.countingState)?.movesToMate ?? 0;
  const depth = Math.min(2 * left + 4, START_SEARCH_MAX_DEPTH);
  const result = await search(position.fen(), { depth, nodes: START_SEARCH_NODES });
  if (!result) return { kind: 'unknown' };
  const { score } = result;
  // the score is Black's: mated in k moves is mate −k; the search plays the count, so a mate found is within it
  if ('mate' in score && score.mate < 0 && -score.mate <= left) return { kind: 'mate', mateIn: -score.mate };
  // White's last chance to mate is ply 2·left − 1 from here: a search deeper than that which finds no mate proves none
  return result.depth >= 2 * left ? { kind: 'draw' } : { kind: 'unknown' };
}

/** How many starts winnableStart tries before it gives up on proving one (each search is bounded). */
export const START_TRIES = 40;

/**
 * A start that can be won: the first of the seed's candidates where the search finds White's mate within the count.
 * Where the count is longer than the search sees (K+R v K and the slower endings), the first candidate the search
 * does not show drawn is taken, without a proven mate (`mateIn` undefined). Starts the search shows drawn are never
 * handed out.
 */
export async function winnableStart(
  ending: Ending,
  seed: number,
  search: StartSearch,
): Promise<{ position: Position; mateIn: number | undefined }> {
  let tries = 0;
  for (const position of practiceCandidates(ending, seed)) {
    const verdict = await judgeStart(position, search);
    if (verdict.kind === 'mate') return { position, mateIn: verdict.mateIn };
    if (verdict.kind === 'unknown') return { position, mateIn: undefined };
    if (++tries >= START_TRIES) break;
  }
  throw new Error(`no winnable ${ending.id} start in ${START_TRIES} tries`);
}

export class Practice extends EventTarget {
  readonly #model: AnalysisModel;
  records = loadRecords();
  readonly #search: StartSearch;
  ending: Ending | undefined;
  result: PracticeResult | undefined;
  /** The moves White's mate needs from the start, as the search found it (undefined: longer than it sees). */
  mateIn: number | undefined;
  /** A start is being looked for (each candidate is searched). */
  preparing = false;
  #startFen = '';

  constructor(model: AnalysisModel, search: StartSearch) {
    super();
    this.#model = model;
    this.#search = search;
    model.addEventListener('change', () => this.#check());
  }

  get active(): boolean {
    return this.ending !== undefined && this.result === undefined && this.#model.tree.root.fen === this.#startFen;
  }

  /** A new start for an ending (one the search finds won within the count, where it can see so far). */
  async start(id: string, seed = Math.floor(Math.random() * 2 ** 32)): Promise<void> {
    const ending = ENDINGS.find((e) => e.id === id) ?? (ENDINGS[1] as Ending);
    this.preparing = true;
    this.dispatchEvent(new Event('change'));
    let start: Awaited<ReturnType<typeof winnableStart>>;
    try {
      start = await winnableStart(ending, seed, this.#search);
    } finally {
      this.preparing = false;
    }
    const { position, mateIn } = start;
    this.mateIn = mateIn;
    this.ending = ending;
    this.result = undefined;
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
  }
}
