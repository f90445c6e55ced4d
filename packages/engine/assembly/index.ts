// The wasm ABI (CONTRIBUTING.md, Contract 1). Every export validates its input: the engine never traps.
import { MAX_MOVES } from './types';
import { initBitboards } from './bitboard';
import { initZobrist } from './zobrist';
import * as position from './position';
import { findLegalMove, generateLegal, matchedMove } from './movegen';
import { inputBuffer as fenBuffer, parseFen, writeFen } from './fen';
import { perft as runPerft } from './perft';

initBitboards();
initZobrist();

const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const moves = new StaticArray<u32>(MAX_MOVES);

function loadStartPosition(): void {
  for (let i = 0; i < START_FEN.length; i++) unchecked(fenBuffer[i] = <u8>START_FEN.charCodeAt(i));
  parseFen(START_FEN.length);
}
loadStartPosition();

/** Pointer to INPUT_BUFFER_SIZE (1024) bytes for ASCII input; getFen writes its output there too. */
export function inputBuffer(): usize {
  return changetype<usize>(fenBuffer);
}

/** Parses the FEN in the input buffer; 0 = ok (position set, history cleared), else an error code > 0. */
export function setFen(length: i32): i32 {
  return parseFen(length);
}

/** Writes the current position's FEN into the input buffer; returns its length in bytes. */
export function getFen(): i32 {
  return writeFen();
}

/** Pointer to u32[256] that generateMoves fills. */
export function moveBuffer(): usize {
  return changetype<usize>(moves);
}

/** Writes the legal moves into the move buffer; returns how many. */
export function generateMoves(): i32 {
  return generateLegal(moves, 0);
}

/** Plays a legal move: 1 = played, 0 = refused (illegal). Games of any length: the oldest history is dropped. */
export function makeMove(move: u32): i32 {
  if (!findLegalMove(move)) return 0;
  position.makeRoomForGameMove();
  position.makeMove(matchedMove);
  return 1;
}

/** Takes back the last move made with makeMove (no-op when there is none). */
export function unmakeMove(): void {
  position.unmakeMove();
}

/** 1 when the side to move is in check. */
export function inCheck(): i32 {
  return position.inCheck() ? 1 : 0;
}

/** Exact leaf count (f64), -1 for a depth outside 0…64. */
export function perft(depth: i32): f64 {
  return runPerft(depth);
}

/** Low / high 32 bits of the Zobrist key (read as unsigned with `>>> 0`). */
export function hashLow(): u32 {
  return <u32>position.key;
}
export function hashHigh(): u32 {
  return <u32>(position.key >> 32);
}

/** The key recomputed from scratch, low / high halves: equal to hashLow/hashHigh unless make/unmake is wrong. */
export function hashFromScratchLow(): u32 {
  return <u32>position.computeKey();
}
export function hashFromScratchHigh(): u32 {
  return <u32>(position.computeKey() >> 32);
}

// --- search (CONTRIBUTING.md, Contract 4) ---------------------------------------------------------------------------
import * as tt from './tt';
import * as searcher from './search';
import { applyWeights as rebuildFromWeights, evaluate, initEvaluation, resetWeights as resetAllWeights } from './evaluate';
import { W, WEIGHT_COUNT } from './weights';
import { isDeadPosition as isDead } from './endgame';
initEvaluation();

/** (Re)allocates the transposition table; returns the megabytes in use (a power of two, 1…1024). */
export function setHashSize(megabytes: i32): i32 {
  return tt.resize(megabytes);
}

/** Number of principal variations to report (1…256). */
export function setMultiPv(count: i32): void {
  searcher.setMultiPv(count);
}

/** 0 (beginner) … 20 (full strength, the default). */
export function setSkill(level: i32): void {
  searcher.setSkill(level);
}

/** Clears the transposition table, history, killers and counter moves. */
export function newGame(): void {
  searcher.newGame();
}

/** Searches the current position; limits are -1 (or 0 for movestogo) when not set. Returns the best move, 0 if none. */
export function search(
  depth: i32, nodes: f64, movetimeMs: f64, wtimeMs: f64, btimeMs: f64, wincMs: f64, bincMs: f64, movestogo: i32,
  infinite: i32,
): u32 {
  return searcher.startSearch(depth, nodes, movetimeMs, wtimeMs, btimeMs, wincMs, bincMs, movestogo, infinite);
}

// --- threads (lazy SMP; meaningful in the thread builds, whose memory is shared) ------------------------------------

/** Helpers (index > 0) skip some depths so that the threads spread out; 0 = the main thread (the default). */
export function setThreadIndex(index: i32): void {
  searcher.setThreadIndex(index);
}

/** Makes this instance use the table another allocated in the shared memory (at `base`, `mb` MB, generation). */
export function shareHashTable(base: usize, mb: i32, generation: i32): void {
  tt.share(base, mb, generation);
}

/** Where the table starts in memory (0 before it is allocated). */
export function hashTableBase(): usize {
  return tt.tableBase();
}

/** The table's generation (0…63, one more per search). */
export function hashGeneration(): i32 {
  return tt.currentGeneration();
}

/** Nodes the last (or running) search of this instance has visited (a helper reports no info lines). */
export function searchedNodes(): f64 {
  return searcher.searchedNodes();
}

/** The end of the memory this instance's allocator has handed out (its statics and arrays lie below). */
export function heapEnd(): usize {
  return heap.alloc(0);
}

/** The second move of the principal variation of the last search (0 if none). */
export function ponderMove(): u32 {
  return searcher.ponderMove();
}

/** 1 when neither side can still mate (docs/rules.md "Dead position"): the game is drawn at once. */
export function isDeadPosition(): i32 {
  return isDead() ? 1 : 0;
}

/** Occurrences of the current position (placement and side to move; the count is not compared), this one included. */
export function repetitionCount(): i32 {
  return position.repetitionCount();
}

/** Static evaluation of the current position in centipawns from the side to move (tests and tools). */
export function evaluatePosition(): i32 {
  return evaluate();
}

// --- evaluation weights (tuning) ------------------------------------------------------------------------------------
// The names, order and defaults are in weights.json (the package exports them as WEIGHTS). Searches and evaluations
// after applyWeights() use the new values; the transposition table may still hold scores from the old ones
// (newGame() clears it).

/** Pointer to the i32[weightsCount()] table of evaluation weights. */
export function weightsBuffer(): usize {
  return changetype<usize>(W);
}

/** Number of i32 weights at weightsBuffer(). */
export function weightsCount(): i32 {
  return WEIGHT_COUNT;
}

/** Rebuilds the tables derived from the weights; call after writing into the weights buffer. */
export function applyWeights(): void {
  rebuildFromWeights();
}

/** Restores the compiled-in default weights. */
export function resetWeights(): void {
  resetAllWeights();
}

import { see } from './see';
import { NO_PIECE, isPromotion, moveTo } from './types';

/**
 * 1 when the position is quiet enough to train the evaluation on: the side to move is not in check, has a legal
 * move, and no capture or promotion wins material by static exchange (SEE > 0).
 */
export function isQuietPosition(): i32 {
  if (position.inCheck()) return 0;
  const count = generateLegal(moves, 0);
  if (count == 0) return 0;
  for (let i = 0; i < count; i++) {
    const move = unchecked(moves[i]);
    if ((position.pieceOn(moveTo(move)) != NO_PIECE || isPromotion(move)) && see(move) > 0) return 0;
  }
  return 1;
}

// --- search parameters (tuning) -------------------------------------------------------------------------------------
// The names, order, defaults and tuning bounds are in search-params.json (the package exports them as
// SEARCH_PARAMS). Searches after applySearchParams() use the new values.
import { SEARCH_PARAM_COUNT, SP, copyDefaultSearchParams } from './search-params';
import { initSearchParams } from './search';

/** Pointer to the i32[searchParamsCount()] table of search parameters. */
export function searchParamsBuffer(): usize {
  return changetype<usize>(SP);
}

/** Number of i32 search parameters at searchParamsBuffer(). */
export function searchParamsCount(): i32 {
  return SEARCH_PARAM_COUNT;
}

/** Rebuilds the tables derived from the search parameters (LMR); call after writing into the buffer. */
export function applySearchParams(): void {
  initSearchParams();
}

/** Restores the compiled-in default search parameters. */
export function resetSearchParams(): void {
  copyDefaultSearchParams();
  initSearchParams();
}

// --- evaluation network (nnue/; issue 17) ---------------------------------------------------------------------------
// The host writes a network file (packages/lab/train/trainer.cpp writes them) into networkBuffer() and calls
// loadNetwork(length). With a network loaded and in use, the evaluation is the network's inside the count-aware
// endgame rules; without one (or after setUseNetwork(0)) it is the hand-written one.
import { NETWORK_MAX_BYTES, hidden as networkHiddenSize, networkBuffer as networkFileBuffer } from './nnue/network';
import { loadNetwork as adoptNetwork, networkEvaluate, setUseNetwork as useNetwork } from './nnue/evaluate';

/** Pointer to networkBufferSize() bytes where the host writes a network file before loadNetwork. */
export function networkBuffer(): usize {
  return networkFileBuffer();
}

/** Bytes the network buffer holds (the largest network file the engine takes). */
export function networkBufferSize(): i32 {
  return NETWORK_MAX_BYTES;
}

/** Adopts the network file of `length` bytes in the buffer: 0 = ok, else an error code (NETWORK_ERRORS) and no network. */
export function loadNetwork(length: i32): i32 {
  return adoptNetwork(length);
}

/** Hidden size N of the loaded network, 0 when none is loaded. */
export function networkHidden(): i32 {
  return networkHiddenSize;
}

/** 1 = evaluate with the loaded network (the default), 0 = with the hand-written evaluation. */
export function setUseNetwork(on: i32): void {
  useNetwork(on != 0);
}

/** The network's raw output for the current position, centipawns from the side to move (0 without a network). */
export function evaluateNetwork(): i32 {
  return networkEvaluate();
}
