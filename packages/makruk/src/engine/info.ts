// What a search reports: info lines while it runs (SearchInfo) and the result it resolves with (AnalysisResult),
// converted from the worker's raw numbers and UCI moves.
import type { Position } from '../rules/position.js';
import type { Move } from '../rules/types.js';
import type { WorkerInfo } from './worker-protocol.js';
import { sanLine } from './target.js';

/** A score from the side to move: centipawns, or mate in `mate` moves (negative: getting mated). */
export type Score = { cp: number } | { mate: number };

export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1-based line number when searching several lines (MultiPV). */
  multiPv: number;
  score: Score;
  nodes: number;
  /** Nodes per second over the whole search so far. */
  nps: number;
  timeMs: number;
  /** Transposition table use in permille. */
  hashfull: number;
  /** Principal variation in UCI ('c5c6m' for a promotion). */
  pv: string[];
  /** The same line in SAN (cut short if the engine's line ever disagrees with the facade's rules). */
  pvSan: string[];
}

export interface AnalysisResult {
  /** undefined when the side to move has no legal move (checkmate or stalemate). */
  bestMove: Move | undefined;
  bestMoveUci: string | undefined;
  ponder?: Move;
  ponderUci?: string;
  /** The last reported score of the first line (undefined if no iteration completed). */
  score: Score | undefined;
  pv: string[];
  pvSan: string[];
  depth: number;
  seldepth: number;
  nodes: number;
  timeMs: number;
  /** True when `stop()`, `quit()` or the front end's time guard ended the search. */
  stopped: boolean;
}

/** pvSan is worked out on first read: UCI front ends never read it, and it costs the main thread time. */
export function toSearchInfo(info: WorkerInfo, position: Position): SearchInfo {
  let pvSan: string[] | undefined;
  // The wasm reports f64 milliseconds; UCI wants whole numbers everywhere.
  const timeMs = Math.round(info.timeMs);
  const nodes = Math.round(info.nodes);
  return {
    depth: info.depth,
    seldepth: info.seldepth,
    multiPv: info.multiPv,
    score: info.scoreKind === 'mate' ? { mate: Math.round(info.score) } : { cp: Math.round(info.score) },
    nodes,
    nps: info.timeMs > 0 ? Math.round((info.nodes * 1000) / info.timeMs) : 0,
    timeMs,
    hashfull: Math.round(info.hashfull),
    pv: info.pv,
    get pvSan(): string[] {
      pvSan ??= sanLine(position, info.pv);
      return pvSan;
    },
  };
}

/** The result for a position without a legal move (nothing to search). */
export function emptyResult(score: Score): AnalysisResult {
  return {
    bestMove: undefined,
    bestMoveUci: undefined,
    score,
    pv: [],
    pvSan: [],
    depth: 0,
    seldepth: 0,
    nodes: 0,
    timeMs: 0,
    stopped: false,
  };
}
