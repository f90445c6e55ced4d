// Fully legal move generation with check and pin masks (no make/unmake legality test), and a counting variant
// that returns the number of legal moves without writing them (perft's bulk counting at depth 1).
//
// Makruk's only slider is the rook, so pins run along ranks and files only, and a check is either by a rook
// (blockable) or by a stepping piece (capture it or move the king). A pinned piece may only move along the line
// through its king and the pinner: in practice a pinned rook, a pawn or khon pinned on a file.
import { Color, KHON, KING, KNIGHT, MET, MOVE_PROMOTION, Move, PAWN, ROOK, Square, WHITE, pieceRole } from './types';
import {
  RANK_3,
  RANK_6,
  NOT_FILE_A,
  NOT_FILE_H,
  between,
  diagonalNeighbours,
  khonAttacks,
  kingAttacks,
  knightAttacks,
  knightJumps,
  line,
  lsb,
  metAttacks,
  pawnAttacks,
  moreThanOne,
  pawnCaptures,
  pawnPush,
  popcount,
  rookAttacks,
  rookPseudoAttacks,
  shiftEast,
  shiftWest,
  squareBB,
} from './bitboard';
import { attackersTo, byColor, byRole, kingOf, occupied, pieceOn, sideToMove } from './position';

// Results of analyse(), shared by generateLegal() and countLegal().
let checkers: u64 = 0;
let pinned: u64 = 0;
let targetMask: u64 = 0; // where non-king moves may land: anywhere not ours, or block/capture a single checker
let kingTargets: u64 = 0; // legal king destinations

// Every square attacked by `color`, with the rook rays computed through `occ`.
// @ts-ignore: decorator
@inline function attackedSquares(color: Color, occ: u64): u64 {
  const own = unchecked(byColor[color]);
  const king = own & unchecked(byRole[KING]);
  const khons = own & unchecked(byRole[KHON]);
  let attacked =
    knightJumps(own & unchecked(byRole[KNIGHT])) |
    diagonalNeighbours(khons | king | (own & unchecked(byRole[MET]))) |
    pawnPush(color, khons) |
    pawnCaptures(color, own & unchecked(byRole[PAWN])) |
    (king << 8) |
    (king >> 8) |
    shiftEast(king) |
    shiftWest(king);
  let rooks = own & unchecked(byRole[ROOK]);
  while (rooks != 0) {
    attacked |= rookAttacks(lsb(rooks), occ);
    rooks &= rooks - 1;
  }
  return attacked;
}

// Computes checkers, pinned pieces, the target mask and the king's legal destinations for the side to move.
// Returns false when in double check (only king moves are legal).
function analyse(): bool {
  const us = sideToMove;
  const them = us ^ 1;
  const ksq = kingOf(us);
  const kingBB = squareBB(ksq);
  const ours = unchecked(byColor[us]);
  const theirs = unchecked(byColor[them]);
  const occ = occupied;
  // The king is removed from the occupancy so that it cannot hide behind itself from a checking rook.
  const danger = attackedSquares(them, occ ^ kingBB);
  kingTargets = kingAttacks(ksq) & ~ours & ~danger;
  pinned = 0;
  let snipers = rookPseudoAttacks(ksq) & theirs & unchecked(byRole[ROOK]);
  while (snipers != 0) {
    const blockers = between(ksq, lsb(snipers)) & occ;
    if (blockers != 0 && !moreThanOne(blockers)) pinned |= blockers & ours;
    snipers &= snipers - 1;
  }
  if ((danger & kingBB) == 0) {
    checkers = 0;
    targetMask = ~ours;
    return true;
  }
  checkers = attackersTo(ksq, them, occ);
  if (moreThanOne(checkers)) {
    targetMask = 0;
    return false;
  }
  targetMask = between(ksq, lsb(checkers)) | checkers;
  return true;
}

export function lastCheckers(): u64 {
  return checkers;
}

// @ts-ignore: decorator
@inline function promotionRank(color: Color): u64 {
  return color == WHITE ? RANK_6 : RANK_3;
}

// Destinations of the piece on `sq` (pseudo-legal, own pieces excluded by the caller's mask).
// @ts-ignore: decorator
@inline function pieceTargets(us: Color, sq: Square, occ: u64): u64 {
  const role = pieceRole(pieceOn(sq));
  if (role == ROOK) return rookAttacks(sq, occ);
  if (role == KNIGHT) return knightAttacks(sq);
  if (role == MET) return metAttacks(sq);
  if (role == KHON) return khonAttacks(us, sq);
  // PAWN (kings never reach here)
  return (pawnPush(us, squareBB(sq)) & ~occ) | (pawnAttacks(us, sq) & occ);
}

// Number of legal moves in the current position.
export function countLegal(): i32 {
  const singleOrNoCheck = analyse();
  let count = popcount(kingTargets);
  if (!singleOrNoCheck) return count;
  const us = sideToMove;
  const ours = unchecked(byColor[us]);
  const theirs = unchecked(byColor[us ^ 1]);
  const occ = occupied;
  const target = targetMask;
  const free = ours & ~pinned;

  // Pawns, as a set: pushes and the two capture directions are counted apart (a square may be hit twice).
  const pawns = free & unchecked(byRole[PAWN]);
  count += popcount(pawnPush(us, pawns) & ~occ & target);
  const captureTargets = theirs & target;
  if (us == WHITE) {
    count += popcount(((pawns & NOT_FILE_H) << 9) & captureTargets);
    count += popcount(((pawns & NOT_FILE_A) << 7) & captureTargets);
  } else {
    count += popcount(((pawns & NOT_FILE_H) >> 7) & captureTargets);
    count += popcount(((pawns & NOT_FILE_A) >> 9) & captureTargets);
  }
  let b = free & unchecked(byRole[KNIGHT]);
  while (b != 0) {
    count += popcount(knightAttacks(lsb(b)) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[MET]);
  while (b != 0) {
    count += popcount(metAttacks(lsb(b)) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[KHON]);
  while (b != 0) {
    count += popcount(khonAttacks(us, lsb(b)) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[ROOK]);
  while (b != 0) {
    count += popcount(rookAttacks(lsb(b), occ) & target);
    b &= b - 1;
  }
  b = pinned;
  if (b != 0) {
    const ksq = kingOf(us);
    do {
      const sq = lsb(b);
      count += popcount(pieceTargets(us, sq, occ) & target & line(ksq, sq));
      b &= b - 1;
    } while (b != 0);
  }
  return count;
}

// @ts-ignore: decorator
@inline function writeMoves(buffer: StaticArray<u32>, index: i32, from: Square, targets: u64): i32 {
  const base = <u32>from;
  while (targets != 0) {
    unchecked((buffer[index++] = base | ((<u32>lsb(targets)) << 6)));
    targets &= targets - 1;
  }
  return index;
}

// Writes pawn moves landing on `targets` whose origin is `targets` shifted back by `delta` squares.
// @ts-ignore: decorator
@inline function writePawnMoves(buffer: StaticArray<u32>, index: i32, targets: u64, delta: i32, promo: u64): i32 {
  while (targets != 0) {
    const to = lsb(targets);
    const flag = (promo & squareBB(to)) != 0 ? MOVE_PROMOTION : 0;
    unchecked((buffer[index++] = <u32>(to - delta) | ((<u32>to) << 6) | flag));
    targets &= targets - 1;
  }
  return index;
}

// Writes the legal moves into buffer[start…] and returns how many were written.
export function generateLegal(buffer: StaticArray<u32>, start: i32): i32 {
  const singleOrNoCheck = analyse();
  const us = sideToMove;
  const ksq = kingOf(us);
  let index = writeMoves(buffer, start, ksq, kingTargets);
  if (!singleOrNoCheck) return index - start;
  const ours = unchecked(byColor[us]);
  const theirs = unchecked(byColor[us ^ 1]);
  const occ = occupied;
  const target = targetMask;
  const free = ours & ~pinned;
  const promo = promotionRank(us);

  const pawns = free & unchecked(byRole[PAWN]);
  const captureTargets = theirs & target;
  const forward = us == WHITE ? 8 : -8;
  index = writePawnMoves(buffer, index, pawnPush(us, pawns) & ~occ & target, forward, promo);
  if (us == WHITE) {
    index = writePawnMoves(buffer, index, ((pawns & NOT_FILE_H) << 9) & captureTargets, 9, promo);
    index = writePawnMoves(buffer, index, ((pawns & NOT_FILE_A) << 7) & captureTargets, 7, promo);
  } else {
    index = writePawnMoves(buffer, index, ((pawns & NOT_FILE_H) >> 7) & captureTargets, -7, promo);
    index = writePawnMoves(buffer, index, ((pawns & NOT_FILE_A) >> 9) & captureTargets, -9, promo);
  }
  let b = free & unchecked(byRole[KNIGHT]);
  while (b != 0) {
    const sq = lsb(b);
    index = writeMoves(buffer, index, sq, knightAttacks(sq) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[MET]);
  while (b != 0) {
    const sq = lsb(b);
    index = writeMoves(buffer, index, sq, metAttacks(sq) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[KHON]);
  while (b != 0) {
    const sq = lsb(b);
    index = writeMoves(buffer, index, sq, khonAttacks(us, sq) & target);
    b &= b - 1;
  }
  b = free & unchecked(byRole[ROOK]);
  while (b != 0) {
    const sq = lsb(b);
    index = writeMoves(buffer, index, sq, rookAttacks(sq, occ) & target);
    b &= b - 1;
  }
  b = pinned;
  while (b != 0) {
    const sq = lsb(b);
    const targets = pieceTargets(us, sq, occ) & target & line(ksq, sq);
    if (pieceRole(pieceOn(sq)) == PAWN) {
      let t = targets;
      while (t != 0) {
        const to = lsb(t);
        const flag = (promo & squareBB(to)) != 0 ? MOVE_PROMOTION : 0;
        unchecked((buffer[index++] = <u32>sq | ((<u32>to) << 6) | flag));
        t &= t - 1;
      }
    } else {
      index = writeMoves(buffer, index, sq, targets);
    }
    b &= b - 1;
  }
  return index - start;
}

// True when `move` (from/to, promotion flag optional since promotion is automatic) is legal here; then
// `matchedMove` holds the move as the generator writes it.
const scratchMoves = new StaticArray<u32>(256);
export let matchedMove: Move = 0;
export function findLegalMove(move: u32): bool {
  if (move >> 13 != 0) return false; // unknown flag bits
  const count = generateLegal(scratchMoves, 0);
  const wanted = move & 0xfff;
  for (let i = 0; i < count; i++) {
    const candidate = unchecked(scratchMoves[i]);
    if ((candidate & 0xfff) == wanted) {
      if ((move & MOVE_PROMOTION) != 0 && (candidate & MOVE_PROMOTION) == 0) return false;
      matchedMove = candidate;
      return true;
    }
  }
  return false;
}
