// `makruk pgn stats`: results, how games ended, their lengths and first moves, added up game by game (streamed: only
// the counters are kept) and printed as a table or JSON.
import { INITIAL_FEN, type Game } from '@makruk/makruk';

/** Game lengths are counted in plies (half-moves), in buckets of this many. */
export const LENGTH_BUCKET_PLIES = 20;
/** Lengths from this many plies on share the last bucket. */
export const LAST_BUCKET_FROM = 200;

const RESULT_ORDER = ['1-0', '0-1', '1/2-1/2', '*'];

/** How the final position, or failing that the Termination tag or the result, says the game ended. */
const REASON_NAMES: Record<string, string> = {
  checkmate: 'checkmate',
  'counting-side-mate': 'mate by the counting side (draw)',
  'counting-limit': 'count',
  'insufficient-material': 'dead position',
  stalemate: 'stalemate',
  repetition: 'repetition',
};

/**
 * Why a game ended: the rules' verdict on its final position (checkmate, count, dead position, stalemate, a mate by
 * the side counting board's honour, a drawn game's threefold repetition); otherwise the Termination tag when it says more than
 * "normal" (time forfeit, adjudication, abandoned, …); otherwise guessed from the result: a decisive game that did
 * not end on the board was resigned, a drawn one agreed, `*` is unfinished.
 */
export function terminationOf(game: Game): string {
  const outcome = game.outcome() ?? game.position.outcome();
  if (outcome) return REASON_NAMES[outcome.reason] ?? outcome.reason;
  const tag = game.tags.get('Termination')?.trim().toLowerCase();
  if (tag && tag !== 'normal') return tag;
  const result = game.result();
  if (result === '1/2-1/2' && game.repetitionCount() >= 3) return REASON_NAMES.repetition as string;
  return result === '*' ? 'unfinished' : result === '1/2-1/2' ? 'agreement' : 'resignation';
}

export interface LengthBucket {
  /** Plies, inclusive; `to` is null for the last, open bucket. */
  from: number;
  to: number | null;
  games: number;
}

export interface PgnStats {
  games: number;
  /** Games that could not be read (reported separately, not counted anywhere else). */
  unreadable: number;
  results: Record<string, number>;
  terminations: Record<string, number>;
  /** In plies. */
  lengths: { min: number | null; mean: number | null; max: number | null; histogram: LengthBucket[] };
  /** SAN of the first move from the start position, most played first; set-up positions and empty games apart. */
  firstMoves: Array<{ move: string; games: number }>;
}

const SET_UP = '(set-up position)';
const NO_MOVES = '(no moves)';

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function byCountThenName(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || a[0].localeCompare(b[0]);
}

/** Adds games up one at a time; `result()` gives the totals. */
export class StatsCollector {
  #games = 0;
  #unreadable = 0;
  #results = new Map<string, number>();
  #terminations = new Map<string, number>();
  #buckets: number[] = [];
  #plies = 0;
  #min = Number.POSITIVE_INFINITY;
  #max = 0;
  #firstMoves = new Map<string, number>();

  add(game: Game): void {
    this.#games++;
    increment(this.#results, game.result());
    increment(this.#terminations, terminationOf(game));
    const plies = game.ply;
    this.#plies += plies;
    this.#min = Math.min(this.#min, plies);
    this.#max = Math.max(this.#max, plies);
    const bucket = Math.floor(Math.min(plies, LAST_BUCKET_FROM) / LENGTH_BUCKET_PLIES);
    this.#buckets[bucket] = (this.#buckets[bucket] ?? 0) + 1;
    const first = game.initialPosition.fen() !== INITIAL_FEN ? SET_UP : (game.sans[0] ?? NO_MOVES);
    increment(this.#firstMoves, first);
  }

  addUnreadable(): void {
    this.#unreadable++;
  }

  result(): PgnStats {
    const results: Record<string, number> = {};
    const known = [...this.#results.keys()].sort((a, b) => RESULT_ORDER.indexOf(a) - RESULT_ORDER.indexOf(b));
    for (const key of known) results[key] = this.#results.get(key) as number;
    const terminations = Object.fromEntries([...this.#terminations].sort(byCountThenName));
    const histogram: LengthBucket[] = [];
    for (let i = 0; i < this.#buckets.length; i++) {
      const from = i * LENGTH_BUCKET_PLIES;
      histogram.push({
        from,
        to: from >= LAST_BUCKET_FROM ? null : from + LENGTH_BUCKET_PLIES - 1,
        games: this.#buckets[i] ?? 0,
      });
    }
    const games = this.#games;
    return {
      games,
      unreadable: this.#unreadable,
      results,
      terminations,
      lengths: {
        min: games ? this.#min : null,
        mean: games ? Math.round((this.#plies / games) * 10) / 10 : null,
        max: games ? this.#max : null,
        histogram,
      },
      firstMoves: [...this.#firstMoves].sort(byCountThenName).map(([move, count]) => ({ move, games: count })),
    };
  }
}

/** Rows shown of the first-move table (JSON has them all). */
const FIRST_MOVES_SHOWN = 10;
const BAR_WIDTH = 40;

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : ((100 * part) / whole).toFixed(1);
}

function countTable(rows: Array<[string, number]>, total: number): string[] {
  const width = Math.max(8, ...rows.map(([name]) => name.length));
  return rows.map(
    ([name, count]) => `  ${name.padEnd(width)} ${String(count).padStart(8)} ${percent(count, total).padStart(6)}%`,
  );
}

/** The statistics as a text report. */
export function formatStats(file: string, stats: PgnStats): string {
  const lines: string[] = [];
  const { games } = stats;
  lines.push(`${file}: ${games} games${stats.unreadable ? `, ${stats.unreadable} unreadable (not counted)` : ''}`);
  lines.push('', 'results');
  lines.push(...countTable(Object.entries(stats.results), games));
  lines.push('', 'terminations');
  lines.push(...countTable(Object.entries(stats.terminations), games));
  const { min, mean, max, histogram } = stats.lengths;
  lines.push('', `length in plies: min ${min ?? '-'}, mean ${mean ?? '-'}, max ${max ?? '-'}`);
  const most = Math.max(1, ...histogram.map((bucket) => bucket.games));
  for (const bucket of histogram) {
    const label = bucket.to === null ? `${bucket.from}+` : `${bucket.from}-${bucket.to}`;
    const bar = '#'.repeat(Math.round((BAR_WIDTH * bucket.games) / most));
    lines.push(`  ${label.padEnd(8)} ${String(bucket.games).padStart(8)}  ${bar}`);
  }
  lines.push('', 'first moves');
  const shown = stats.firstMoves
    .slice(0, FIRST_MOVES_SHOWN)
    .map(({ move, games: count }): [string, number] => [move, count]);
  const rest = stats.firstMoves.slice(FIRST_MOVES_SHOWN);
  if (rest.length > 0) shown.push([`(${rest.length} others)`, rest.reduce((sum, row) => sum + row.games, 0)]);
  lines.push(...countTable(shown, games));
  return `${lines.join('\n')}\n`;
}
