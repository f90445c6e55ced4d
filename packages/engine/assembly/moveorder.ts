// Move ordering: scores the legal moves of a node once, then hands them out best first by selection.
// Order: hash move, winning/equal captures and promotions (SEE, then MVV-LVA), killers, counter move, quiet moves
// by history, losing captures last.
import { Color, MET, Move, NO_PIECE, PAWN, isPromotion, moveFrom, moveTo, pieceRole } from './types';
import { pieceOn, sideToMove } from './position';
import { see } from './see';
import { valueMg } from './material';

export const MAX_SEARCH_PLY: i32 = 128;

export const SCORE_HASH: i32 = 1 << 30;
const SCORE_GOOD_CAPTURE: i32 = 1 << 28;
const SCORE_KILLER_1: i32 = (1 << 27) + 2;
const SCORE_KILLER_2: i32 = (1 << 27) + 1;
const SCORE_COUNTER: i32 = 1 << 27;
const SCORE_BAD_CAPTURE: i32 = -(1 << 28);
export const HISTORY_MAX: i32 = 16384;

// history[colour][from][to], gravity-bounded to ±HISTORY_MAX
export const history = new StaticArray<i32>(2 * 64 * 64);
export const killers = new StaticArray<u32>(MAX_SEARCH_PLY * 2 + 4);
// counterMoves[piece][to] = the reply that refuted that move last time
export const counterMoves = new StaticArray<u32>(16 * 64);
// continuation history: [previous piece][previous to][piece][to], how good a quiet reply was after that move
export const continuationHistory = new StaticArray<i16>(1024 * 1024);

// @ts-ignore: decorator
@inline export function continuationIndex(previous: Move, move: Move): i32 {
  const prevTo = moveTo(previous);
  const ctx = (pieceOn(prevTo) << 6) | prevTo;
  return (ctx << 10) | (pieceOn(moveFrom(move)) << 6) | moveTo(move);
}

// Called before the move is made (the moving piece is still on its square).
// @ts-ignore: decorator
@inline export function updateContinuation(previous: Move, move: Move, bonus: i32): void {
  updateContinuationEntry(continuationIndex(previous, move), bonus);
}

// A move's (piece << 6) | to, recorded when it is played: the continuation history of a move already made (its
// piece may since have been captured) is indexed by these.
// @ts-ignore: decorator
@inline export function pieceTo(move: Move): i32 {
  return (pieceOn(moveFrom(move)) << 6) | moveTo(move);
}

// The entry of the move played after `previous`, both given as pieceTo() values.
// @ts-ignore: decorator
@inline export function updateContinuationPlayed(previous: i32, move: i32, bonus: i32): void {
  updateContinuationEntry((previous << 10) | move, bonus);
}

// @ts-ignore: decorator
@inline function updateContinuationEntry(i: i32, bonus: i32): void {
  const h = <i32>unchecked(continuationHistory[i]);
  unchecked((continuationHistory[i] = <i16>(h + bonus - (h * abs(bonus)) / HISTORY_MAX)));
}

export function clearOrdering(): void {
  for (let i = 0; i < 2 * 64 * 64; i++) unchecked((history[i] = 0));
  for (let i = 0; i < MAX_SEARCH_PLY * 2 + 4; i++) unchecked((killers[i] = 0));
  for (let i = 0; i < 16 * 64; i++) unchecked((counterMoves[i] = 0));
  memory.fill(changetype<usize>(continuationHistory), 0, 1024 * 1024 * 2);
}

export function clearKillers(): void {
  for (let i = 0; i < MAX_SEARCH_PLY * 2 + 4; i++) unchecked((killers[i] = 0));
}

// @ts-ignore: decorator
@inline export function historyIndex(color: Color, move: Move): i32 {
  return (color << 12) | <i32>(move & 0xfff);
}

// @ts-ignore: decorator
@inline export function updateHistory(color: Color, move: Move, bonus: i32): void {
  const i = historyIndex(color, move);
  const h = unchecked(history[i]);
  unchecked((history[i] = h + bonus - (h * abs(bonus)) / HISTORY_MAX));
}

export function storeKiller(ply: i32, move: Move): void {
  const i = ply << 1;
  if (unchecked(killers[i]) != move) {
    unchecked((killers[i + 1] = unchecked(killers[i])));
    unchecked((killers[i] = move));
  }
}

// @ts-ignore: decorator
@inline export function isKiller(ply: i32, move: Move): bool {
  return unchecked(killers[ply << 1]) == move || unchecked(killers[(ply << 1) + 1]) == move;
}

// Scores moves[start … start+count) into scores[] (same indices). `previous` is the move that led here (0 at the
// root or after a null move) for the counter-move heuristic and the continuation history; `followUp` the pieceTo()
// of our own move before it (−1 when there is none) for the two-ply continuation history (Stockfish's
// follow-up history, in the same table).
export function scoreMoves(
  moves: StaticArray<u32>,
  scores: StaticArray<i32>,
  start: i32,
  count: i32,
  hashMove: Move,
  ply: i32,
  previous: Move,
  followUp: i32,
): void {
  const us = sideToMove;
  const k1 = unchecked(killers[ply << 1]);
  const k2 = unchecked(killers[(ply << 1) + 1]);
  const counter = previous != 0 ? unchecked(counterMoves[(pieceOn(moveTo(previous)) << 6) | moveTo(previous)]) : 0;
  for (let i = start; i < start + count; i++) {
    const move = unchecked(moves[i]);
    let score: i32;
    if (move == hashMove) {
      score = SCORE_HASH;
    } else {
      const captured = pieceOn(moveTo(move));
      if (captured != NO_PIECE || isPromotion(move)) {
        const victim = captured != NO_PIECE ? valueMg(pieceRole(captured)) : 0;
        const attackerRole = pieceRole(pieceOn(moveFrom(move)));
        const attacker = valueMg(attackerRole);
        // only pay for SEE when the attacker is worth more than what the move wins
        const exchange = attacker > victim + (isPromotion(move) ? valueMg(MET) - valueMg(PAWN) : 0) ? see(move) : 0;
        if (exchange >= 0) score = SCORE_GOOD_CAPTURE + victim * 16 - attackerRole + (isPromotion(move) ? 2000 : 0);
        else score = SCORE_BAD_CAPTURE + exchange;
      } else if (move == k1) {
        score = SCORE_KILLER_1;
      } else if (move == k2) {
        score = SCORE_KILLER_2;
      } else if (move == counter) {
        score = SCORE_COUNTER;
      } else {
        score = unchecked(history[historyIndex(us, move)]);
        if (previous != 0) score += <i32>unchecked(continuationHistory[continuationIndex(previous, move)]);
        if (followUp >= 0) score += <i32>unchecked(continuationHistory[(followUp << 10) | pieceTo(move)]);
      }
    }
    unchecked((scores[i] = score));
  }
}

// Swaps the best-scored move of [index, end) into index and returns it.
export function pickNext(moves: StaticArray<u32>, scores: StaticArray<i32>, index: i32, end: i32): Move {
  let best = index;
  let bestScore = unchecked(scores[index]);
  for (let i = index + 1; i < end; i++) {
    const s = unchecked(scores[i]);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  if (best != index) {
    const m = unchecked(moves[best]);
    unchecked((moves[best] = unchecked(moves[index])));
    unchecked((moves[index] = m));
    unchecked((scores[best] = unchecked(scores[index])));
    unchecked((scores[index] = bestScore));
  }
  return unchecked(moves[index]);
}

// @ts-ignore: decorator
@inline export function isGoodCaptureScore(score: i32): bool {
  return score >= SCORE_GOOD_CAPTURE && score < SCORE_HASH;
}
// @ts-ignore: decorator
@inline export function isBadCaptureScore(score: i32): bool {
  return score < -(1 << 27);
}
