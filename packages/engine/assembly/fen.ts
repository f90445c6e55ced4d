// FEN reading and writing over a byte buffer. Reading never traps, whatever the bytes: it returns an error code
// (types.ts FEN_ERR_*) and leaves the current position unchanged unless the whole FEN is valid.
// Accepted: `M~`/`m~` and `F`/`f` for promoted mets, `Q`/`q` for met, `B`/`b` for khon; fields 3–6 optional;
// field 4 is '-' or the counting limit in plies, field 5 the half-move clock or the count ply (docs/rules.md).
import {
  BLACK, FEN_ERR_BOARD, FEN_ERR_CASTLING, FEN_ERR_CLOCK, FEN_ERR_COUNTING, FEN_ERR_KINGS, FEN_ERR_LENGTH,
  FEN_ERR_OPPONENT_IN_CHECK, FEN_ERR_PAWN_RANK, FEN_ERR_TOO_MANY_PIECES, FEN_ERR_TRAILING, FEN_ERR_TURN, FEN_OK,
  INPUT_BUFFER_SIZE, KHON, KING, KNIGHT, MET, NO_PIECE, PAWN, ROOK, WHITE, makePiece, pieceColor, pieceRole,
} from './types';
import {
  attackersTo, board, clearPosition, countLimit, countPly, fullmoveNumber, halfmoveClock, kingOf, occupied,
  promoted, putPiece, setClocks, setSideToMove, sideToMove,
} from './position';
import { squareBB } from './bitboard';

export const inputBuffer = new StaticArray<u8>(INPUT_BUFFER_SIZE);

const parsedBoard = new StaticArray<u8>(64);
const savedBoard = new StaticArray<u8>(64);
let parsedPromoted: u64 = 0;
let cursor: i32 = 0;
let inputEnd: i32 = 0;

// @ts-ignore: decorator
@inline function byteAt(i: i32): i32 {
  return <i32>unchecked(inputBuffer[i]);
}
// @ts-ignore: decorator
@inline function isSpace(c: i32): bool {
  return c == 32 || c == 9 || c == 10 || c == 13;
}
function skipSpaces(): void {
  while (cursor < inputEnd && isSpace(byteAt(cursor))) cursor++;
}
function atFieldEnd(): bool {
  return cursor >= inputEnd || isSpace(byteAt(cursor));
}

// Role for a FEN letter (either case), 0 if none. Aliases: Q = met, B = khon, F = promoted pawn (met).
function roleOfLetter(lower: i32): i32 {
  if (lower == 107) return KING; // k
  if (lower == 109 || lower == 113 || lower == 102) return MET; // m q f
  if (lower == 115 || lower == 98) return KHON; // s b
  if (lower == 110) return KNIGHT; // n
  if (lower == 114) return ROOK; // r
  if (lower == 112) return PAWN; // p
  return 0;
}

function parseBoard(): i32 {
  for (let i = 0; i < 64; i++) unchecked(parsedBoard[i] = <u8>NO_PIECE);
  parsedPromoted = 0;
  let rank = 7;
  let file = 0;
  while (!atFieldEnd()) {
    const c = byteAt(cursor++);
    if (c == 47) { // '/'
      if (file != 8 || rank == 0) return FEN_ERR_BOARD;
      rank--;
      file = 0;
    } else if (c >= 49 && c <= 56) { // '1'..'8'
      file += c - 48;
      if (file > 8) return FEN_ERR_BOARD;
    } else {
      const isUpper = c >= 65 && c <= 90;
      const lower = isUpper ? c + 32 : c;
      const role = roleOfLetter(lower);
      if (role == 0 || file >= 8) return FEN_ERR_BOARD;
      const sq = rank * 8 + file;
      unchecked(parsedBoard[sq] = <u8>makePiece(isUpper ? WHITE : BLACK, role));
      let isPromotedMet = lower == 102; // f
      if (cursor < inputEnd && byteAt(cursor) == 126) { // '~' marks a promoted met
        if (role != MET) return FEN_ERR_BOARD;
        isPromotedMet = true;
        cursor++;
      }
      if (isPromotedMet) parsedPromoted |= squareBB(sq);
      file++;
    }
  }
  if (rank != 0 || file != 8) return FEN_ERR_BOARD;
  return FEN_OK;
}

// Reads an unsigned decimal field of at most 6 digits; -1 when the field is not that.
function parseNumberField(): i32 {
  let value = 0;
  let digits = 0;
  while (!atFieldEnd()) {
    const c = byteAt(cursor++);
    if (c < 48 || c > 57 || digits == 6) return -1;
    value = value * 10 + (c - 48);
    digits++;
  }
  return digits == 0 ? -1 : value;
}

function validateBoard(): i32 {
  let whiteKings = 0;
  let blackKings = 0;
  let whitePieces = 0;
  let blackPieces = 0;
  for (let sq = 0; sq < 64; sq++) {
    const piece = <i32>unchecked(parsedBoard[sq]);
    if (piece == NO_PIECE) continue;
    const color = pieceColor(piece);
    const role = pieceRole(piece);
    if (color == WHITE) whitePieces++; else blackPieces++;
    if (role == KING) {
      if (color == WHITE) whiteKings++; else blackKings++;
    }
    if (role == PAWN) {
      const rank = sq >> 3;
      if (color == WHITE ? rank >= 5 : rank <= 2) return FEN_ERR_PAWN_RANK;
    }
  }
  if (whiteKings != 1 || blackKings != 1) return FEN_ERR_KINGS;
  if (whitePieces > 16 || blackPieces > 16) return FEN_ERR_TOO_MANY_PIECES;
  return FEN_OK;
}

// Parses inputBuffer[0 … length) and, when valid, makes it the current position (undo stack emptied).
export function parseFen(length: i32): i32 {
  if (length < 1 || length > INPUT_BUFFER_SIZE) return FEN_ERR_LENGTH;
  cursor = 0;
  inputEnd = length;
  skipSpaces();
  let error = parseBoard();
  if (error != FEN_OK) return error;
  error = validateBoard();
  if (error != FEN_OK) return error;

  let turn = WHITE;
  let limit = 0;
  let clock = 0;
  let fullmove = 1;
  skipSpaces();
  if (cursor < inputEnd) {
    const c = byteAt(cursor++);
    if (!atFieldEnd() || (c != 119 && c != 98)) return FEN_ERR_TURN;
    turn = c == 98 ? BLACK : WHITE;
    skipSpaces();
  }
  if (cursor < inputEnd) {
    // Castling rights do not exist in Makruk: '-' (or letters other tools may write, ignored).
    while (!atFieldEnd()) {
      const c = byteAt(cursor++);
      if (c != 45 && c != 75 && c != 81 && c != 107 && c != 113) return FEN_ERR_CASTLING;
    }
    skipSpaces();
  }
  if (cursor < inputEnd) {
    if (byteAt(cursor) == 45) {
      cursor++;
      if (!atFieldEnd()) return FEN_ERR_COUNTING;
    } else {
      limit = parseNumberField();
      if (limit < 0) return FEN_ERR_COUNTING;
    }
    skipSpaces();
  }
  if (cursor < inputEnd) {
    clock = parseNumberField();
    if (clock < 0) return FEN_ERR_CLOCK;
    skipSpaces();
  }
  if (cursor < inputEnd) {
    fullmove = parseNumberField();
    if (fullmove < 0) return FEN_ERR_CLOCK;
    if (fullmove == 0) fullmove = 1;
    skipSpaces();
  }
  if (cursor < inputEnd) return FEN_ERR_TRAILING;

  // Commit, then check that the side not to move is not in check; on failure put the old position back.
  const oldPromoted = promoted;
  const oldTurn = sideToMove;
  const oldHalfmove = halfmoveClock;
  const oldLimit = countLimit;
  const oldCount = countPly;
  const oldFullmove = fullmoveNumber;
  for (let sq = 0; sq < 64; sq++) unchecked(savedBoard[sq] = board[sq]);
  loadBoard(parsedBoard, parsedPromoted);
  setSideToMove(turn);
  if (limit > 0) setClocks(0, limit, clock, fullmove);
  else setClocks(clock, 0, 0, fullmove);
  const them = turn ^ 1;
  if (attackersTo(kingOf(them), turn, occupied) != 0) {
    loadBoard(savedBoard, oldPromoted);
    setSideToMove(oldTurn);
    setClocks(oldHalfmove, oldLimit, oldCount, oldFullmove);
    return FEN_ERR_OPPONENT_IN_CHECK;
  }
  return FEN_OK;
}

function loadBoard(pieces: StaticArray<u8>, promotedSquares: u64): void {
  clearPosition();
  for (let sq = 0; sq < 64; sq++) {
    const piece = <i32>unchecked(pieces[sq]);
    if (piece != NO_PIECE) putPiece(piece, sq, (promotedSquares & squareBB(sq)) != 0);
  }
}

const LETTERS = "?PMSNRK??pmsnrk?";

function writeByte(index: i32, c: i32): i32 {
  unchecked(inputBuffer[index] = <u8>c);
  return index + 1;
}
function writeNumber(index: i32, value: i32): i32 {
  if (value < 0) value = 0;
  let divisor = 1;
  while (divisor <= value / 10) divisor *= 10;
  while (divisor > 0) {
    index = writeByte(index, 48 + (value / divisor) % 10);
    divisor /= 10;
  }
  return index;
}

// Writes the current position's FEN (plain letters, counting fields as docs/rules.md) into inputBuffer; returns length.
export function writeFen(): i32 {
  let index = 0;
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = <i32>unchecked(board[rank * 8 + file]);
      if (piece == NO_PIECE) {
        empty++;
        continue;
      }
      if (empty > 0) index = writeByte(index, 48 + empty);
      empty = 0;
      index = writeByte(index, LETTERS.charCodeAt(piece & 15));
    }
    if (empty > 0) index = writeByte(index, 48 + empty);
    if (rank > 0) index = writeByte(index, 47);
  }
  index = writeByte(index, 32);
  index = writeByte(index, sideToMove == WHITE ? 119 : 98);
  index = writeByte(index, 32);
  index = writeByte(index, 45);
  index = writeByte(index, 32);
  if (countLimit > 0) {
    index = writeNumber(index, countLimit);
    index = writeByte(index, 32);
    index = writeNumber(index, countPly);
  } else {
    index = writeByte(index, 45);
    index = writeByte(index, 32);
    index = writeNumber(index, halfmoveClock);
  }
  index = writeByte(index, 32);
  index = writeNumber(index, fullmoveNumber);
  return index;
}
