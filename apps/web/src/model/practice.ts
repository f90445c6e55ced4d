// Counting practice: a standard ending (K+R v K, K+S+M v K, …) from a random legal start, Black bare and counting
// (pieces' honour, with the count written in the FEN as docs/rules.md says: limit and ply 2N, Black to move). The
// player has White and must mate the engine's defence before the count runs out. Tries are recorded on the device.
import { piecesHonourLimit } from '@makruk/counting';
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
 * A random legal start for an ending: Black (bare king) to move and counting from N+1, the limit from the table.
 * Positions the library refuses, already over, with Black in check or able to take a piece are drawn again.
 */
export function practicePosition(ending: Ending, seed: number): Position {
  const random = mulberry32(seed);
  for (;;) {
    const board = Board.empty();
    const free = [...SQUARES];
    const take = () => free.splice(Math.floor(random() * free.length), 1)[0] as (typeof SQUARES)[number];
    board.set(take(), { color: 'white', role: 'king' });
    board.set(take(), { color: 'black', role: 'king' });
    for (const role of ending.pieces) board.set(take(), { color: 'white', role });
    const pieces = 2 + ending.pieces.length;
    const limitPlies = 2 * piecesHonourLimit(materialOf(board).white);
    const made = Position.fromFen(`${makeBoardFen(board)} b - ${limitPlies} ${2 * pieces} 1`);
    if (!made.ok) continue;
    const position = made.value;
    const moves = position.legalMoves();
    if (position.isCheck() || position.outcome() !== undefined || moves.length === 0) continue;
    if (moves.some((move) => position.isCapture(move))) continue; // no piece hangs at the start
    return position;
  }
}

export class Practice extends EventTarget {
  readonly #model: AnalysisModel;
  records = loadRecords();
  ending: Ending | undefined;
  result: PracticeResult | undefined;
  #startFen = '';

  constructor(model: AnalysisModel) {
    super();
    this.#model = model;
    model.addEventListener('change', () => this.#check());
  }

  get active(): boolean {
    return this.ending !== undefined && this.result === undefined && this.#model.tree.root.fen === this.#startFen;
  }

  start(id: string, seed = Math.floor(Math.random() * 2 ** 32)): void {
    const ending = ENDINGS.find((e) => e.id === id) ?? (ENDINGS[1] as Ending);
    const position = practicePosition(ending, seed);
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
