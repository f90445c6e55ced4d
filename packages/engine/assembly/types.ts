// Basic types and constants shared by every engine module.
// Squares: a1 = 0, b1 = 1, …, h8 = 63. Colours: WHITE = 0, BLACK = 1.
// A piece is (colour << 3) | role, NO_PIECE = 0, so a piece fits a byte and indexes 16-entry tables.

export type Square = i32;
export type Color = i32;
export type Role = i32;
export type Piece = i32;
export type Move = u32;

export const WHITE: Color = 0;
export const BLACK: Color = 1;

export const NO_ROLE: Role = 0;
export const PAWN: Role = 1;
export const MET: Role = 2; // promoted pawns are mets with the square's "promoted" bit set
export const KHON: Role = 3;
export const KNIGHT: Role = 4;
export const ROOK: Role = 5;
export const KING: Role = 6;
export const ROLE_COUNT: i32 = 7;

export const NO_PIECE: Piece = 0;
export const PIECE_COUNT: i32 = 16;

// Piece values are not here: material.ts builds them from the evaluation weights (one table for the evaluation,
// SEE, capture order and delta pruning).

// @ts-ignore: decorator
@inline export function makePiece(color: Color, role: Role): Piece {
  return (color << 3) | role;
}
// @ts-ignore: decorator
@inline export function pieceColor(piece: Piece): Color {
  return piece >> 3;
}
// @ts-ignore: decorator
@inline export function pieceRole(piece: Piece): Role {
  return piece & 7;
}

// @ts-ignore: decorator
@inline export function squareFile(sq: Square): i32 {
  return sq & 7;
}
// @ts-ignore: decorator
@inline export function squareRank(sq: Square): i32 {
  return sq >> 3;
}

// Moves: from | to << 6 | flags << 12. The only flag is promotion to met (automatic, never a choice).
export const MOVE_PROMOTION: u32 = 1 << 12;
export const MOVE_NONE: Move = 0; // a1a1 can never be a legal move

// @ts-ignore: decorator
@inline export function makeMove(from: Square, to: Square): Move {
  return <u32>from | (<u32>to << 6);
}
// @ts-ignore: decorator
@inline export function moveFrom(move: Move): Square {
  return <i32>(move & 63);
}
// @ts-ignore: decorator
@inline export function moveTo(move: Move): Square {
  return <i32>((move >> 6) & 63);
}
// @ts-ignore: decorator
@inline export function isPromotion(move: Move): bool {
  return (move & MOVE_PROMOTION) != 0;
}

// Sizes of the preallocated buffers.
export const MAX_MOVES: i32 = 256; // setFen caps each side at 16 pieces, which keeps any position far below this
export const MAX_PLY: i32 = 4096; // undo stack: game history plus search/perft depth
export const MAX_PERFT_DEPTH: i32 = 64;
export const INPUT_BUFFER_SIZE: i32 = 1024;

// setFen error codes (0 = ok). Stable: the facade and its tests rely on them.
export const FEN_OK: i32 = 0;
export const FEN_ERR_LENGTH: i32 = 1; // length < 1 or > INPUT_BUFFER_SIZE
export const FEN_ERR_BOARD: i32 = 2; // bad board field (characters, rank or file count)
export const FEN_ERR_TURN: i32 = 3; // side to move is not w/b
export const FEN_ERR_CASTLING: i32 = 4; // field 3 is not '-' (or castling letters, ignored)
export const FEN_ERR_COUNTING: i32 = 5; // field 4 is neither '-' nor a counting limit in plies
export const FEN_ERR_CLOCK: i32 = 6; // field 5 or 6 is not a number in range
export const FEN_ERR_TRAILING: i32 = 7; // more than six fields
export const FEN_ERR_KINGS: i32 = 8; // not exactly one king per side
export const FEN_ERR_PAWN_RANK: i32 = 9; // a pawn on or past its promotion rank
export const FEN_ERR_TOO_MANY_PIECES: i32 = 10; // more than 16 pieces of one colour
export const FEN_ERR_OPPONENT_IN_CHECK: i32 = 11; // the side not to move is in check
