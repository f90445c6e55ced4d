// @makruk/makruk — the public API: the rules (./rules/, synchronous TypeScript) and the engine host (./engine/: the
// wasm for fast perft, and the Engine that searches in a worker).
export * from './rules/index.js';
export { mulberry32 } from './random.js';
// Fast perft and the static evaluation through the WebAssembly engine (@makruk/engine), loaded on first use.
export { perft, evaluate, loadEngine, type PerftOptions, type PerftDivide } from './engine/wasm-perft.js';
export {
  Engine,
  type AnalysisResult,
  type AnalysisRun,
  type AnalysisTarget,
  type EngineStartOptions,
  type GameInput,
  type Score,
  type SearchInfo,
  type SearchLimits,
} from './engine/engine.js';
export { emptyResult } from './engine/info.js';
export {
  DEFAULT_HASH_MB,
  MIN_HASH_MB,
  MAX_HASH_MB,
  MIN_MULTI_PV,
  MAX_MULTI_PV,
  MIN_THREADS,
  MAX_THREADS,
  DEFAULT_THREADS,
  type EngineOptions,
} from './engine/options.js';
export { availableThreads } from './engine/host.js';
export { Tablebase, probeTablebase, type TablebaseMove, type TablebaseProbe } from './engine/tablebase.js';
export { MAX_PERFT_DEPTH, MAX_SEARCH_DEPTH } from './engine/limits.js';
export {
  STRENGTH_LEVELS,
  skillOf,
  skillFromElo,
  eloFromSkill,
  MIN_SKILL,
  MAX_SKILL,
  MIN_ELO,
  MAX_ELO,
  type StrengthName,
} from './engine/strength.js';
// Winning chances of an engine score (evaluation bar, graph) and the move judgments read from their loss.
export {
  winningChances,
  whiteWinningChances,
  WINNING_CHANCES_SLOPE,
  WINNING_CHANCES_CLAMP,
  MOVE_JUDGMENTS,
  moveJudgment,
  type MoveJudgment,
  type MoveJudgmentName,
} from './engine/winning-chances.js';
