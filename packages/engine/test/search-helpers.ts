// Helpers for the search tests: an engine whose host records the info lines, and a search call with named limits.
import {
  type EngineExports,
  type EngineHost,
  type EngineKind,
  instantiateEngine,
  type SearchLimits,
} from '../dist/index.js';
import { legalMoves, moveToUci, setFen } from './engine-helpers.js';

export interface InfoLine {
  depth: number;
  seldepth: number;
  multipv: number;
  mate: boolean;
  score: number;
  nodes: number;
  timeMs: number;
  pv: string[];
  hashfull: number;
}

export interface SearchEngine {
  wasm: EngineExports;
  infos: InfoLine[];
  /** Makes stopRequested() answer nonzero from the nth poll on (Infinity = never). */
  stopAfterPolls: number;
  polls: number;
}

export function searchEngine(kind: EngineKind = 'release', now: () => number = () => performance.now()): SearchEngine {
  const state = { infos: [] as InfoLine[], stopAfterPolls: Infinity, polls: 0 } as SearchEngine;
  const host: EngineHost = {
    now,
    stopRequested: () => (++state.polls >= state.stopAfterPolls ? 1 : 0),
    info(depth, seldepth, multipv, scoreKind, score, nodes, timeMs, pvPtr, pvLength, hashfull) {
      const pv = Array.from(new Uint32Array(state.wasm.memory.buffer, pvPtr, pvLength), moveToUci);
      state.infos.push({ depth, seldepth, multipv, mate: scoreKind === 1, score, nodes, timeMs, pv, hashfull });
    },
  };
  state.wasm = instantiateEngine(kind, host);
  return state;
}

export function load(engine: SearchEngine, fen: string, moves: string[] = []): void {
  if (setFen(engine.wasm, fen) !== 0) throw new Error(`bad FEN ${fen}`);
  for (const uci of moves) {
    const move = legalMoves(engine.wasm).find((m) => moveToUci(m).startsWith(uci));
    if (move === undefined || engine.wasm.makeMove(move) !== 1) throw new Error(`illegal move ${uci} in ${fen}`);
  }
}

export interface SearchResult {
  best: string | undefined;
  ponder: string | undefined;
  last: InfoLine | undefined;
  elapsedMs: number;
}

export function go(engine: SearchEngine, limits: SearchLimits): SearchResult {
  engine.infos = [];
  engine.polls = 0;
  const start = performance.now();
  const best = engine.wasm.search(
    limits.depth ?? -1,
    limits.nodes ?? -1,
    limits.movetime ?? -1,
    limits.wtime ?? -1,
    limits.btime ?? -1,
    limits.winc ?? -1,
    limits.binc ?? -1,
    limits.movestogo ?? 0,
    limits.infinite ? 1 : 0,
  );
  const elapsedMs = performance.now() - start;
  const ponder = engine.wasm.ponderMove();
  return {
    best: best ? moveToUci(best >>> 0) : undefined,
    ponder: ponder ? moveToUci(ponder >>> 0) : undefined,
    last: engine.infos.filter((i) => i.multipv === 1).at(-1),
    elapsedMs,
  };
}

export function legalUci(engine: SearchEngine): string[] {
  return legalMoves(engine.wasm).map(moveToUci);
}
