// An immutable, legal Makruk position: move generation, check, outcomes and automatic counting.
import { automaticCountAfterMove, isCountExpired, type CountingState } from '@makruk/counting';
import { Board, codePiece, PAWN, ROLE_MASK } from './board.js';
import { isDeadCells } from './dead-position.js';
import { describeValue, MakrukError, makrukErr, ok, quoteInput } from './errors.js';
import { defaultSetup, makeFen, parseFen, type FenOptions } from './fen.js';
import { generateLegalMoves, inCheck, makeMove, perftRaw } from './movegen.js';
import { isPromotion, moveFrom, moveTo } from './move-code.js';
import { copySetup, materialOfCells, validateSetup, type Setup } from './setup.js';
import { isSquare, squareAt, squareIndex } from './squares.js';
import { repetitionKey } from './repetition.js';
import { type SanReadOptions, parseSan } from './san.js';
import { parseUci } from './uci.js';
import {
  opposite,
  type Color,
  type Count,
  type Move,
  type Outcome,
  type Piece,
  type Result,
  type Square,
} from './types.js';

/**
 * Boards of positions reached by a move are 64-byte views into shared 16 KB blocks: one small ArrayBuffer each would
 * cost the garbage collector dearly in long games (a 200,000-ply PGN). The cells are private and never handed out
 * (`board` copies them), so the sharing is invisible; a block lives while any position in it does.
 */
const BLOCK_BYTES = 16 * 1024;
let block = new ArrayBuffer(0);
let blockUsed = 0;

function cellsCopy(cells: Int8Array): Int8Array {
  if (blockUsed + 64 > block.byteLength) {
    block = new ArrayBuffer(BLOCK_BYTES);
    blockUsed = 0;
  }
  const copy = new Int8Array(block, blockUsed, 64);
  blockUsed += 64;
  copy.set(cells);
  return copy;
}

/** Scratch lists for move generation (synchronous, never reentered while in use). */
const SCRATCH_LEGAL: number[] = [];
const SCRATCH_PSEUDO: number[] = [];

function toMove(raw: number): Move {
  const move: Move = { from: squareAt(moveFrom(raw)), to: squareAt(moveTo(raw)) };
  if (isPromotion(raw)) move.promotion = 'met';
  return move;
}

/**
 * The deepest perft counted (Position.perft, the wasm's `perft`, `engine.perft`, the CLI): depth 7 of the start is
 * already 3.3 billion leaves, so deeper is a request that never ends.
 */
export const MAX_PERFT_DEPTH = 20;

export class Position {
  readonly turn: Color;
  /** The running count (automatic mode, as Fairy-Stockfish keeps it), or null. */
  readonly counting: Count | null;
  /** Plies since the last capture or pawn move. */
  readonly halfmoves: number;
  readonly fullmoves: number;
  readonly #cells: Int8Array;
  #legal: number[] | undefined;
  /** Whether neither side can mate (a dead position), once asked. */
  #dead: boolean | undefined;
  /** The draw reached earlier on the way to this position, if play went on after it (see `outcome`). */
  readonly #drawn: Outcome | undefined;

  private constructor(
    cells: Int8Array,
    turn: Color,
    counting: Count | null,
    halfmoves: number,
    fullmoves: number,
    drawn?: Outcome,
  ) {
    this.#drawn = drawn;
    this.#cells = cells;
    this.turn = turn;
    this.counting = counting;
    this.halfmoves = halfmoves;
    this.fullmoves = fullmoves;
  }

  /** The start position. */
  static initial(): Position {
    const setup = defaultSetup();
    return new Position(setup.board.cells, setup.turn, null, 0, 1);
  }

  /** A position from a setup, checked: one king each, no pawn on its promotion rank, side not to move not in check. */
  static fromSetup(setup: Setup): Result<Position, MakrukError> {
    const error = validateSetup(setup);
    if (error) return { ok: false, error };
    const copy = copySetup(setup);
    return ok(new Position(copy.board.cells, copy.turn, copy.counting, copy.halfmoves, copy.fullmoves));
  }

  /** Parses and checks a FEN. Loading a FEN never starts a count; fields 4/5 are taken as written. */
  static fromFen(fen: string): Result<Position, MakrukError> {
    const setup = parseFen(fen);
    return setup.ok ? Position.fromSetup(setup.value) : setup;
  }

  /** A copy of the board (changing it does not change the position). */
  get board(): Board {
    return new Board(this.#cells);
  }

  setup(): Setup {
    return {
      board: this.board,
      turn: this.turn,
      counting: this.counting ? { ...this.counting } : null,
      halfmoves: this.halfmoves,
      fullmoves: this.fullmoves,
    };
  }

  fen(options: FenOptions = {}): string {
    return makeFen(this, options);
  }

  /** What makes two positions "the same" for repetition: placement and side to move (see `repetitionKey`). */
  repetitionKey(): string {
    return repetitionKey(this);
  }

  pieceAt(square: Square): Piece | undefined {
    if (!isSquare(square)) return undefined;
    const code = this.#cells[squareIndex(square)] as number;
    return code ? codePiece(code) : undefined;
  }

  /** The automatic-mode count with the side to move and the material: what `spokenCount` reads. */
  get countingState(): CountingState {
    return { count: this.counting, turn: this.turn, material: materialOfCells(this.#cells) };
  }

  /** Occupied squares in a1 … h8 order. */
  pieces(): Array<[Square, Piece]> {
    return this.board.pieces();
  }

  #rawLegal(): number[] {
    // The generator makes and unmakes moves on the board it is given and leaves it as it was, so it works on our own
    // cells (no copy) with shared scratch lists; the result is kept for the position's lifetime, copied to its size.
    if (!this.#legal)
      this.#legal = generateLegalMoves(this.#cells, this.turn === 'black', SCRATCH_LEGAL, SCRATCH_PSEUDO).slice();
    return this.#legal;
  }

  legalMoves(): Move[] {
    return this.#rawLegal().map(toMove);
  }

  /** Legal destinations by origin square (for boards). */
  dests(): Map<Square, Square[]> {
    const dests = new Map<Square, Square[]>();
    for (const raw of this.#rawLegal()) {
      const from = squareAt(moveFrom(raw));
      const list = dests.get(from);
      if (list) list.push(squareAt(moveTo(raw)));
      else dests.set(from, [squareAt(moveTo(raw))]);
    }
    return dests;
  }

  /** The legal raw move matching `move`, or undefined. Promotion is automatic: `promotion` may be left out. */
  #find(move: Move): number | undefined {
    if (typeof move !== 'object' || move === null || !isSquare(move.from) || !isSquare(move.to)) return undefined;
    if (move.promotion !== undefined && move.promotion !== 'met') return undefined;
    const from = squareIndex(move.from);
    const to = squareIndex(move.to);
    for (const raw of this.#rawLegal()) {
      if (moveFrom(raw) === from && moveTo(raw) === to) {
        if (move.promotion === 'met' && !isPromotion(raw)) return undefined;
        return raw;
      }
    }
    return undefined;
  }

  /**
   * The legal move that `input` names here, with its promotion flag: a Move, UCI (`e3e4`, `c5c6m`, or `c5c6` —
   * promotion is automatic) or SAN (`e4`, `Nf3`, `dxe6`, `c6=M`, Thai SAN too). The one move lookup of the library.
   * Errors: ERR_ILLEGAL_MOVE (a Move or UCI move that is not legal here, or input that is no move at all),
   * ERR_SAN_SYNTAX (text that is neither UCI nor SAN), ERR_SAN_ILLEGAL, ERR_SAN_AMBIGUOUS, ERR_SAN_INEXACT (SAN is
   * read strictly unless `options.lenient`: see parseSan).
   */
  findMove(input: Move | string, options: SanReadOptions = {}): Result<Move, MakrukError> {
    if (typeof input === 'string') {
      const text = input.trim();
      const uci = parseUci(text);
      if (uci === undefined) return parseSan(this, text, options);
      const raw = this.#find(uci);
      return raw === undefined ? this.#illegal(quoteInput(input)) : ok(toMove(raw));
    }
    if (typeof input !== 'object' || input === null) {
      return makrukErr(
        'ERR_ILLEGAL_MOVE',
        `${describeValue(input)} is not a move (give a Move, UCI like e3e4, or SAN like Nf3).`,
      );
    }
    const raw = this.#find(input);
    return raw === undefined ? this.#illegal(describe(input)) : ok(toMove(raw));
  }

  #illegal(text: string): { ok: false; error: MakrukError } {
    return {
      ok: false,
      error: new MakrukError('ERR_ILLEGAL_MOVE', `${text} is not a legal move for ${this.turn} in ${this.fen()}.`),
    };
  }

  isLegal(move: Move | string): boolean {
    const parsed = typeof move === 'string' ? parseUci(move) : move;
    return parsed !== undefined && this.#find(parsed) !== undefined;
  }

  /** Does this legal move capture? */
  isCapture(move: Move): boolean {
    return isSquare(move?.to) && this.#cells[squareIndex(move.to)] !== 0;
  }

  /** The position after a legal move (a Move or a UCI string like 'e3e4'). Throws MakrukError ERR_ILLEGAL_MOVE. */
  play(move: Move | string): Position {
    const parsed = typeof move === 'string' ? parseUci(move) : move;
    if (parsed === undefined) {
      throw new MakrukError('ERR_UCI_SYNTAX', `${quoteInput(move)} is not a move in UCI notation like e3e4 or c5c6m.`);
    }
    const raw = this.#find(parsed);
    if (raw === undefined) {
      throw this.#illegal(typeof move === 'string' ? quoteInput(move) : describe(parsed)).error;
    }
    return this.#playRaw(raw);
  }

  #playRaw(raw: number): Position {
    const cells = cellsCopy(this.#cells);
    const moving = cells[moveFrom(raw)] as number;
    const captured = makeMove(cells, raw);
    const promotion = isPromotion(raw);
    const counting = automaticCountAfterMove(
      this.counting,
      { mover: this.turn, capture: captured !== 0, promotion, capturedPawn: (captured & ROLE_MASK) === PAWN },
      materialOfCells(cells),
    );
    const halfmoves = captured !== 0 || (moving & ROLE_MASK) === PAWN ? 0 : this.halfmoves + 1;
    const fullmoves = this.turn === 'black' ? this.fullmoves + 1 : this.fullmoves;
    // A count that has run out stays a draw: a move is being played, so the side to move was not mated.
    const drawn =
      this.#drawn ??
      (this.counting && isCountExpired(this.counting) ? { reason: 'counting-limit' as const } : undefined);
    return new Position(cells, opposite(this.turn), counting, halfmoves, fullmoves, drawn);
  }

  isCheck(): boolean {
    return inCheck(this.#cells, this.turn === 'black');
  }

  isCheckmate(): boolean {
    return this.isCheck() && this.#rawLegal().length === 0;
  }

  isStalemate(): boolean {
    return this.#rawLegal().length === 0 && !this.isCheck();
  }

  /**
   * Neither side can mate any more (docs/rules.md "Dead position", Fairy-Stockfish's test; see `isDeadPosition`): the
   * game is drawn at once. The outcome's reason is 'insufficient-material' (the name cutechess and PGN readers use).
   */
  isInsufficientMaterial(): boolean {
    this.#dead ??= isDeadCells(this.#cells);
    return this.#dead;
  }

  /**
   * The end of the game, if reached: checkmate (a win), stalemate, a dead position ('insufficient-material'), or the
   * count exceeding its limit with the side to move not mated (draws). A mate on the ply that reaches the limit
   * exactly still wins. A finished position stays finished: a position reached by playing on from a count that had
   * run out keeps that draw as its outcome, whatever happens later (a FEN does not carry this; a Game refuses moves
   * after its end with ERR_GAME_OVER). A dead position stays dead whatever is played.
   */
  outcome(): Outcome | undefined {
    if (this.#drawn) return { ...this.#drawn };
    if (this.#rawLegal().length === 0) {
      return this.isCheck() ? { winner: opposite(this.turn), reason: 'checkmate' } : { reason: 'stalemate' };
    }
    if (this.isInsufficientMaterial()) return { reason: 'insufficient-material' };
    if (this.counting && isCountExpired(this.counting)) return { reason: 'counting-limit' };
    return undefined;
  }

  isEnd(): boolean {
    return this.outcome() !== undefined;
  }

  /** Leaf count of the legal move tree, in TypeScript (see `perft` for the fast WebAssembly count). */
  perft(depth: number): number {
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH)
      throw new MakrukError(
        'ERR_PERFT_DEPTH',
        `Perft depth ${typeof depth === 'number' ? depth : quoteInput(depth)} is not a whole number from 0 to ${MAX_PERFT_DEPTH}.`,
      );
    return perftRaw(this.#cells.slice(), this.turn === 'black', depth);
  }
}

function describe(move: Move): string {
  if (typeof move !== 'object' || move === null) return `'${String(move)}'`;
  return `${String(move.from)}${String(move.to)}${move.promotion === 'met' ? 'm' : ''}`;
}
