// The types of the engine's API: the wasm exports (CONTRIBUTING.md, Contract 1), the host it imports (Contract 4),
// the options and the tables' entries.

/** 'compat': the release engine without wasm SIMD (chosen for 'release' where SIMD is missing). */
export type EngineKind = 'release' | 'debug' | 'compat';

/** How an engine is set up when instantiated. */
export interface EngineOptions {
  /** A network file to evaluate with, false for the hand-written evaluation; default: the compiled-in network. */
  network?: Uint8Array | false;
}

/** The raw wasm exports (CONTRIBUTING.md, Contract 1). Pointers are byte offsets into `memory`. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  /** Pointer to 1024 bytes for ASCII input (FEN); getFen writes there too. */
  inputBuffer(): number;
  /** Parses the input buffer; 0 = ok, else an error code > 0 (see FEN_ERRORS). Never traps. */
  setFen(length: number): number;
  /** Writes the current position's FEN (ASCII) into the input buffer; returns its length. */
  getFen(): number;
  /** Pointer to u32[256] written by generateMoves. */
  moveBuffer(): number;
  /** Legal moves of the current position into moveBuffer; returns the count. */
  generateMoves(): number;
  /**
   * 1 = played (legal), 0 = refused (illegal; position unchanged). Games of any length: past 3,840 plies the oldest
   * history is dropped (the last 2,048 plies stay for repetition and unmakeMove).
   */
  makeMove(move: number): number;
  /** Takes back the last move made with makeMove; no-op when there is none. */
  unmakeMove(): void;
  /** 1 / 0. */
  inCheck(): number;
  /** Exact leaf count (bulk counting at depth 1); -1 for a depth outside 0…64. */
  perft(depth: number): number;
  /** Zobrist key halves; may come back negative (i32): read as unsigned with `>>> 0`. */
  hashLow(): number;
  hashHigh(): number;
  /** The key recomputed from the board (for tests of the incremental key). */
  hashFromScratchLow(): number;
  hashFromScratchHigh(): number;
  // --- search (Contract 4) ---
  /** (Re)allocates the transposition table; returns the megabytes in use (a power of two, 1…1024). */
  setHashSize(megabytes: number): number;
  /** Number of principal variations reported by search (1…256). */
  setMultiPv(count: number): void;
  /** 0 (beginner) … 20 (full strength, default). */
  setSkill(level: number): void;
  /** Clears the transposition table, history, killers and counter moves. */
  newGame(): void;
  /**
   * Searches the current position (loaded with setFen + makeMove so the history counts for repetition).
   * Limits: -1 = not set (movestogo: 0); infinite = 1 searches until host.stopRequested(). Returns the best move
   * (u32, Contract 1 encoding; read with `>>> 0`), 0 when there is no legal move.
   */
  search(
    depth: number,
    nodes: number,
    movetimeMs: number,
    wtimeMs: number,
    btimeMs: number,
    wincMs: number,
    bincMs: number,
    movestogo: number,
    infinite: number,
  ): number;
  /** The second move of the last search's principal variation, 0 if none. */
  ponderMove(): number;
  /** Static evaluation of the current position, centipawns from the side to move (tests and tools). */
  evaluatePosition(): number;
  /** 1 when neither side can still mate (docs/rules.md "Dead position"): the game is drawn at once. */
  isDeadPosition(): number;
  /** Occurrences of the current position (placement and side to move, not the count), this one included. */
  repetitionCount(): number;
  // --- evaluation weights (tuning; layout in WEIGHTS) ---
  /** Pointer to the i32[weightsCount()] weights the evaluation reads; write into it, then call applyWeights(). */
  weightsBuffer(): number;
  /** Number of i32 weights (WEIGHT_COUNT). */
  weightsCount(): number;
  /** Rebuilds the tables derived from the weights (piece-square tables with material); call after writing. */
  applyWeights(): void;
  /** Restores the compiled-in defaults (WEIGHTS[i].defaults). */
  resetWeights(): void;
  /** 1 when not in check, a legal move exists and no capture or promotion wins material by SEE (tuning data). */
  isQuietPosition(): number;
  // --- evaluation network (NETWORK, loadEngineNetwork) ---
  /** Pointer to networkBufferSize() bytes where a network file is written before loadNetwork. */
  networkBuffer(): number;
  /** Bytes the network buffer holds. */
  networkBufferSize(): number;
  /** Adopts the network file of `length` bytes in the buffer: 0 = ok, else a NETWORK_ERRORS code and no network. */
  loadNetwork(length: number): number;
  /** Hidden size of the loaded network, 0 when none is loaded. */
  networkHidden(): number;
  /** 1 = evaluate with the loaded network (the default), 0 = the hand-written evaluation. */
  setUseNetwork(on: number): void;
  /** The loaded network's raw output, centipawns from the side to move (0 without one). */
  evaluateNetwork(): number;
  // --- search parameters (tuning; layout in SEARCH_PARAMS) ---
  /** Pointer to the i32[searchParamsCount()] search parameters; write into it, then call applySearchParams(). */
  searchParamsBuffer(): number;
  /** Number of i32 search parameters (SEARCH_PARAMS.length). */
  searchParamsCount(): number;
  /** Rebuilds the tables derived from the search parameters (LMR); call after writing. */
  applySearchParams(): void;
  /** Restores the compiled-in defaults (SEARCH_PARAMS[i].default). */
  resetSearchParams(): void;
}

/**
 * What a search is limited by, as callers name it (times in milliseconds; nothing set = until stopped). The one
 * owner of these names: the library's SearchLimits extends it, and `search` takes the same values positionally.
 */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  infinite?: boolean;
}

/** The functions the search imports (module "host"). Missing members fall back to the defaults. */
export interface EngineHost {
  /** Milliseconds, monotonic (default: performance.now()). */
  now(): number;
  /** Polled about every 1024 nodes; nonzero = stop as soon as possible (default: never). */
  stopRequested(): number;
  /**
   * One line of search output, after each completed iteration and per MultiPV line. scoreKind 0 = centipawns,
   * 1 = mate in moves (negative: getting mated). pvPtr points at pvLength u32 moves in memory: read them at once.
   */
  info(
    depth: number,
    seldepth: number,
    multipv: number,
    scoreKind: number,
    score: number,
    nodes: number,
    timeMs: number,
    pvPtr: number,
    pvLength: number,
    hashfull: number,
  ): void;
}

/** The compiled-in network (networks/default.json): its file name, hidden size, length and SHA-256. */
export interface NetworkInfo {
  readonly name: string;
  readonly hidden: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** One named group of evaluation weights: `count` i32s at `index` in weightsBuffer(). */
export interface WeightGroup {
  readonly name: string;
  readonly index: number;
  readonly count: number;
  readonly doc: string;
  /** Names of the entries when they are not squares (a1…h8) or a single value. */
  readonly labels: readonly string[] | null;
  readonly defaults: readonly number[];
}
/** One search parameter (search-params.json, the one owner): the i32 at `index` in searchParamsBuffer(). */
export interface SearchParam {
  readonly name: string;
  readonly index: number;
  readonly doc: string;
  readonly default: number;
  /** SPSA's bounds and final perturbation size; `tune` false: not tuned by node-limited games (time use). */
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly tune: boolean;
}
