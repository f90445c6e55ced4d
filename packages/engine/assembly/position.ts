// The one position the engine works on: bitboards per colour and role, a mailbox, the "promoted" mark per square,
// an incrementally updated Zobrist key, the half-move clock, the counting fields (limit / count in plies, as in
// FEN) and an undo stack, so that search can make and unmake moves without allocating.
import {
  BLACK, Color, KHON, KING, KNIGHT, MAX_PLY, MET, Move, NO_PIECE, PAWN, Piece, ROOK, Square, WHITE,
  isPromotion, makePiece, moveFrom, moveTo, pieceColor, pieceRole,
} from './types';
import {
  khonAttacks, kingAttacks, knightAttacks, metAttacks, pawnAttacks, popcount, rookAttacks, squareBB,
} from './bitboard';
import { ZOBRIST_SIDE, zobristPiece } from './zobrist';
import { invalidateAccumulators, recordMove, recordNullMove } from './nnue/changes';

// --- state -------------------------------------------------------------------------------------------------------
export const board = new StaticArray<u8>(64); // mailbox: piece per square, NO_PIECE when empty
export const byColor = new StaticArray<u64>(2);
export const byRole = new StaticArray<u64>(8); // index = role; PAWN holds unpromoted pawns only
export const kingSquare = new StaticArray<i32>(2);
export let occupied: u64 = 0;
export let promoted: u64 = 0; // squares holding a met that was a pawn (display / notation only)
export let sideToMove: Color = WHITE;
export let key: u64 = 0;
export let halfmoveClock: i32 = 0; // plies since the last capture or pawn move
export let countLimit: i32 = 0; // counting limit in plies, 0 = no count running
export let countPly: i32 = 0; // count in plies (meaningful when countLimit > 0)
export let fullmoveNumber: i32 = 1;
export let ply: i32 = 0; // moves made since the position was set = undo stack height

// --- undo stack --------------------------------------------------------------------------------------------------
const stackKey = new StaticArray<u64>(MAX_PLY + 1); // key before the move (history for repetition checks)
const stackMove = new StaticArray<u32>(MAX_PLY);
const stackCaptured = new StaticArray<u8>(MAX_PLY); // captured piece, bit 7 = it was a promoted met
const stackHalfmove = new StaticArray<i32>(MAX_PLY);
const stackCountLimit = new StaticArray<i32>(MAX_PLY);
const stackCountPly = new StaticArray<i32>(MAX_PLY);

// --- queries -----------------------------------------------------------------------------------------------------
// @ts-ignore: decorator
@inline export function pieces(color: Color, role: i32): u64 {
  return unchecked(byColor[color]) & unchecked(byRole[role]);
}
// @ts-ignore: decorator
@inline export function colorPieces(color: Color): u64 {
  return unchecked(byColor[color]);
}
// @ts-ignore: decorator
@inline export function pieceOn(sq: Square): Piece {
  return <i32>unchecked(board[sq]);
}
// @ts-ignore: decorator
@inline export function kingOf(color: Color): Square {
  return unchecked(kingSquare[color]);
}

// Pieces of `by` that attack `sq` given the occupancy `occ`.
export function attackersTo(sq: Square, by: Color, occ: u64): u64 {
  const defender = by ^ 1;
  const them = unchecked(byColor[by]);
  return them & (
    (knightAttacks(sq) & unchecked(byRole[KNIGHT]))
    | (metAttacks(sq) & unchecked(byRole[MET]))
    | (khonAttacks(defender, sq) & unchecked(byRole[KHON]))
    | (pawnAttacks(defender, sq) & unchecked(byRole[PAWN]))
    | (rookAttacks(sq, occ) & unchecked(byRole[ROOK]))
    | (kingAttacks(sq) & unchecked(byRole[KING]))
  );
}

export function inCheck(): bool {
  return attackersTo(kingOf(sideToMove), sideToMove ^ 1, occupied) != 0;
}

export function historyKey(pliesAgo: i32): u64 {
  // Key of the position `pliesAgo` moves back (1 = before the last move); 0 when out of range.
  if (pliesAgo < 1 || pliesAgo > ply) return 0;
  return unchecked(stackKey[ply - pliesAgo]);
}

// How often the current placement with the same side to move has occurred, this time included (docs/rules.md
// "Repetition": the count and its ply are not compared; the key covers pieces and side only). Only positions since
// the last capture or pawn move can be equal; two plies back never is (both sides would have to move back).
export function repetitionCount(): i32 {
  const end = min(halfmoveClock, ply);
  let count = 1;
  for (let i = 4; i <= end; i += 2) {
    if (unchecked(stackKey[ply - i]) == key) count++;
  }
  return count;
}

// --- setting up --------------------------------------------------------------------------------------------------
export function clearPosition(): void {
  for (let sq = 0; sq < 64; sq++) unchecked(board[sq] = <u8>NO_PIECE);
  for (let i = 0; i < 8; i++) unchecked(byRole[i] = 0);
  unchecked(byColor[0] = 0);
  unchecked(byColor[1] = 0);
  unchecked(kingSquare[0] = 0);
  unchecked(kingSquare[1] = 0);
  occupied = 0;
  promoted = 0;
  sideToMove = WHITE;
  key = 0;
  halfmoveClock = 0;
  countLimit = 0;
  countPly = 0;
  fullmoveNumber = 1;
  ply = 0;
  invalidateAccumulators();
}

export function putPiece(piece: Piece, sq: Square, isPromotedMet: bool): void {
  const b = squareBB(sq);
  const color = pieceColor(piece);
  const role = pieceRole(piece);
  unchecked(board[sq] = <u8>piece);
  unchecked(byColor[color] |= b);
  unchecked(byRole[role] |= b);
  occupied |= b;
  if (isPromotedMet) promoted |= b;
  if (role == KING) unchecked(kingSquare[color] = sq);
  key ^= zobristPiece(piece, sq);
}

export function setSideToMove(color: Color): void {
  if (color != sideToMove) key ^= ZOBRIST_SIDE;
  sideToMove = color;
}

export function setClocks(halfmove: i32, limit: i32, count: i32, fullmove: i32): void {
  halfmoveClock = halfmove;
  countLimit = limit;
  countPly = count;
  fullmoveNumber = fullmove;
}

// Recomputes the key from scratch (tests compare it with the incremental one).
export function computeKey(): u64 {
  let k: u64 = sideToMove == BLACK ? ZOBRIST_SIDE : 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = pieceOn(sq);
    if (p != NO_PIECE) k ^= zobristPiece(p, sq);
  }
  return k;
}

// --- make / unmake -----------------------------------------------------------------------------------------------
export function canMakeMove(): bool {
  return ply < MAX_PLY;
}

// A game may be longer than the undo stack. Game moves (the exported makeMove) call this first: once the history
// reaches HISTORY_LIMIT plies, the oldest plies are dropped and the last HISTORY_KEEP stay, so search and perft
// always find at least MAX_PLY - HISTORY_LIMIT plies of room above the game. Repetition only looks back to the last
// capture or pawn move, so nothing is lost unless 2048 plies passed without one; unmakeMove cannot go back past a
// dropped ply.
export const HISTORY_LIMIT: i32 = MAX_PLY - 256;
export const HISTORY_KEEP: i32 = 2048;

export function makeRoomForGameMove(): void {
  if (ply < HISTORY_LIMIT) return;
  const drop = ply - HISTORY_KEEP;
  dropOldest(changetype<usize>(stackKey), 8, drop);
  dropOldest(changetype<usize>(stackMove), 4, drop);
  dropOldest(changetype<usize>(stackCaptured), 1, drop);
  dropOldest(changetype<usize>(stackHalfmove), 4, drop);
  dropOldest(changetype<usize>(stackCountLimit), 4, drop);
  dropOldest(changetype<usize>(stackCountPly), 4, drop);
  ply = HISTORY_KEEP;
  invalidateAccumulators();
}

function dropOldest(data: usize, size: usize, drop: i32): void {
  memory.copy(data, data + <usize>drop * size, <usize>HISTORY_KEEP * size);
}

// Plays a move that the caller knows to be legal (from the legal generator). The caller checks canMakeMove().
export function makeMove(move: Move): void {
  const from = moveFrom(move);
  const to = moveTo(move);
  const us = sideToMove;
  const them = us ^ 1;
  const piece = pieceOn(from);
  const role = pieceRole(piece);
  const captured = pieceOn(to);
  const fromBB = squareBB(from);
  const toBB = squareBB(to);
  const fromTo = fromBB | toBB;

  unchecked(stackKey[ply] = key);
  unchecked(stackMove[ply] = move);
  unchecked(stackHalfmove[ply] = halfmoveClock);
  unchecked(stackCountLimit[ply] = countLimit);
  unchecked(stackCountPly[ply] = countPly);

  let k = key ^ ZOBRIST_SIDE;
  if (captured != NO_PIECE) {
    const capturedRole = pieceRole(captured);
    unchecked(byColor[them] ^= toBB);
    unchecked(byRole[capturedRole] ^= toBB);
    k ^= zobristPiece(captured, to);
    const wasPromoted = (promoted & toBB) != 0;
    unchecked(stackCaptured[ply] = <u8>(captured | (wasPromoted ? 0x80 : 0)));
    promoted &= ~toBB;
    halfmoveClock = 0;
  } else {
    unchecked(stackCaptured[ply] = 0);
    halfmoveClock = role == PAWN ? 0 : halfmoveClock + 1;
  }
  unchecked(byColor[us] ^= fromTo);
  unchecked(byRole[role] ^= fromTo);
  unchecked(board[from] = <u8>NO_PIECE);
  unchecked(board[to] = <u8>piece);
  k ^= zobristPiece(piece, from) ^ zobristPiece(piece, to);
  if (promoted & fromBB) promoted ^= fromTo;
  if (isPromotion(move)) {
    const met = makePiece(us, MET);
    unchecked(byRole[PAWN] ^= toBB);
    unchecked(byRole[MET] ^= toBB);
    unchecked(board[to] = <u8>met);
    k ^= zobristPiece(piece, to) ^ zobristPiece(met, to);
    promoted |= toBB;
  } else if (role == KING) {
    unchecked(kingSquare[us] = to);
  }
  occupied = unchecked(byColor[0]) | unchecked(byColor[1]);
  key = k;
  recordMove(ply, piece, from, to, captured, isPromotion(move) ? makePiece(us, MET) : piece);
  if (us == BLACK) fullmoveNumber++;
  sideToMove = them;
  ply++;
  if (countLimit != 0) countPly++;
  // Counts can only start or change once no unpromoted pawn is left (docs/rules.md, automatic mode).
  if (unchecked(byRole[PAWN]) == 0) updateCountAfterMove(us, captured, isPromotion(move));
}

// docs/rules.md "Automatic mode, precisely", steps 1–3. `mover` has just moved; the side to move is the other one.
function updateCountAfterMove(mover: Color, captured: Piece, wasPromotion: bool): void {
  const toMove = mover ^ 1;
  const moverBare = popcount(unchecked(byColor[mover])) == 1;
  const toMoveBare = popcount(unchecked(byColor[toMove])) == 1;
  // King against king: neither board's honour (needs no bare king) nor pieces' honour (needs exactly one bare
  // side) can start; a running count just goes on (as Fairy-Stockfish does).
  if (moverBare && toMoveBare) return;
  const pieceTotal = popcount(occupied);
  if (moverBare && captured != NO_PIECE && pieceRole(captured) == PAWN) {
    countLimit = 2 * piecesHonourLimit(toMove);
    countPly = 2 * pieceTotal - 1;
    return;
  }
  if (countLimit == 0 || ((captured != NO_PIECE || wasPromotion) && toMoveBare)) {
    if (moverBare && !toMoveBare) return; // the side to move is the stronger side facing a bare king
    if (toMoveBare) {
      countLimit = 2 * piecesHonourLimit(mover);
      countPly = 2 * pieceTotal;
    } else {
      countLimit = 128;
      countPly = 0;
    }
  }
}

// Pieces' honour limit in moves, from the stronger side's material (first matching row of the docs/rules.md table).
export function piecesHonourLimit(strong: Color): i32 {
  const rooks = popcount(pieces(strong, ROOK));
  if (rooks >= 2) return 8;
  if (rooks == 1) return 16;
  const khons = popcount(pieces(strong, KHON));
  if (khons >= 2) return 22;
  if (popcount(pieces(strong, KNIGHT)) >= 2) return 32;
  if (khons == 1) return 44;
  return 64;
}

export function unmakeMove(): void {
  if (ply == 0) return;
  ply--;
  const move = unchecked(stackMove[ply]);
  const from = moveFrom(move);
  const to = moveTo(move);
  const them = sideToMove;
  const us = them ^ 1;
  const fromBB = squareBB(from);
  const toBB = squareBB(to);
  const fromTo = fromBB | toBB;
  let piece = pieceOn(to);
  if (isPromotion(move)) {
    unchecked(byRole[MET] ^= toBB);
    unchecked(byRole[PAWN] ^= toBB);
    piece = makePiece(us, PAWN);
    promoted &= ~toBB;
  } else if (promoted & toBB) {
    promoted ^= fromTo;
  }
  const role = pieceRole(piece);
  if (role == KING) unchecked(kingSquare[us] = from);
  unchecked(byColor[us] ^= fromTo);
  unchecked(byRole[role] ^= fromTo);
  unchecked(board[from] = <u8>piece);
  const capturedInfo = <i32>unchecked(stackCaptured[ply]);
  const captured = capturedInfo & 0x7f;
  unchecked(board[to] = <u8>captured);
  if (captured != NO_PIECE) {
    unchecked(byColor[them] ^= toBB);
    unchecked(byRole[pieceRole(captured)] ^= toBB);
    if (capturedInfo & 0x80) promoted |= toBB;
  }
  occupied = unchecked(byColor[0]) | unchecked(byColor[1]);
  sideToMove = us;
  if (us == BLACK) fullmoveNumber--;
  key = unchecked(stackKey[ply]);
  halfmoveClock = unchecked(stackHalfmove[ply]);
  countLimit = unchecked(stackCountLimit[ply]);
  countPly = unchecked(stackCountPly[ply]);
}

// --- null move (search only) -------------------------------------------------------------------------------------
// Passes the turn: the key flips side, the counts do not move (a null move is no real ply), and the half-move
// clock is zeroed so repetition scans never look across it.
export function makeNullMove(): void {
  unchecked(stackKey[ply] = key);
  unchecked(stackMove[ply] = 0);
  unchecked(stackCaptured[ply] = 0);
  unchecked(stackHalfmove[ply] = halfmoveClock);
  unchecked(stackCountLimit[ply] = countLimit);
  unchecked(stackCountPly[ply] = countPly);
  recordNullMove(ply);
  key ^= ZOBRIST_SIDE;
  sideToMove ^= 1;
  halfmoveClock = 0;
  ply++;
}

export function unmakeNullMove(): void {
  ply--;
  sideToMove ^= 1;
  key = unchecked(stackKey[ply]);
  halfmoveClock = unchecked(stackHalfmove[ply]);
  countLimit = unchecked(stackCountLimit[ply]);
  countPly = unchecked(stackCountPly[ply]);
}
