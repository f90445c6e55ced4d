// Standard Algebraic Notation for Makruk: letters K M S N R, pawns without a letter, pawn captures name the origin
// file (dxe6), promotion c6=M, disambiguation by file, then rank, then square (among legal moves only), + and #.
// Thai SAN is an output form: piece sign, disambiguation, '-', destination in Thai file letters and digits.
import { MakrukError, argumentError, makrukErr, ok, quoteInput } from './errors.js';
import { BLACK, KHON, KING, KNIGHT, MET, PAWN, ROLE_MASK, ROOK } from './board.js';
import { inCheck, makeMove } from './movegen.js';
import { encodeMove } from './move-code.js';
import { PROMOTION_RANK } from './step-tables.js';
import { fileOf, parseSquare, rankOf, squareAt, squareIndex } from './squares.js';
import { THAI_FILE_NAMES, THAI_RANK_NAMES } from './types.js';
import type { Color, Move, Piece, Result, Role, Square } from './types.js';

/**
 * What SAN reads of a position. `Position` has all of it; SAN sits below position.ts in the layers (Position reads
 * SAN input through parseSan), so it names the members it needs instead of importing the class.
 */
export interface SanPosition {
  readonly turn: Color;
  readonly board: { readonly cells: Int8Array };
  pieceAt(square: Square): Piece | undefined;
  isLegal(move: Move): boolean;
  isCapture(move: Move): boolean;
  play(move: Move): { isCheckmate(): boolean };
}

/** A plain-JavaScript caller may pass anything: a position is an object with the members above. */
function isSanPosition(value: unknown): value is SanPosition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof SanPosition, unknown>>;
  return (
    (candidate.turn === 'white' || candidate.turn === 'black') &&
    typeof candidate.isLegal === 'function' &&
    typeof candidate.pieceAt === 'function' &&
    typeof candidate.isCapture === 'function' &&
    typeof candidate.play === 'function'
  );
}

export interface SanOptions {
  /** 'algebraic' (default): Nd2, dxe6, c6=M. 'thai': ม-ง๒, ง๔, ค๗=M. */
  notation?: 'algebraic' | 'thai';
}

const LETTERS: Record<Role, string> = { pawn: '', met: 'M', khon: 'S', knight: 'N', rook: 'R', king: 'K' };
const THAI_SIGNS: Record<Role, string> = { pawn: '', met: 'ม็', khon: 'ค', knight: 'ม', rook: 'ร', king: 'ข' };
const THAI_FILES: readonly string[] = THAI_FILE_NAMES;
const THAI_RANKS: readonly string[] = THAI_RANK_NAMES;

/** Input piece letters, with the aliases B (khon), Q and F (met). */
const INPUT_ROLES: Record<string, Role> = {
  K: 'king',
  M: 'met',
  Q: 'met',
  F: 'met',
  S: 'khon',
  B: 'khon',
  N: 'knight',
  R: 'rook',
  P: 'pawn',
};

/** File and rank (0 … 7) of a square, by squares.ts (their one owner). */
const fileIndex = (square: Square): number => fileOf(squareIndex(square));
const rankIndex = (square: Square): number => rankOf(squareIndex(square));
function thaiSquare(square: Square): string {
  return `${THAI_FILES[fileIndex(square)]}${THAI_RANKS[rankIndex(square)]}`;
}

const ROLE_CODES: Record<Role, number> = { pawn: PAWN, met: MET, khon: KHON, knight: KNIGHT, rook: ROOK, king: KING };

/**
 * The legal moves to `to` by a piece of the side to move with `role` (any role when undefined) whose origin passes
 * `keep`. Looks only at the pieces that could make them (SAN is read and written for every move of every game: no
 * list of all legal moves is built for it).
 */
function movesTo(
  pos: SanPosition,
  cells: Int8Array,
  to: Square,
  role: Role | undefined,
  keep: (from: Square) => boolean,
): Move[] {
  const colour = pos.turn === 'black' ? BLACK : 0;
  const roleCode = role === undefined ? 0 : ROLE_CODES[role];
  const out: Move[] = [];
  for (let index = 0; index < 64; index++) {
    const code = cells[index] as number;
    if (code === 0 || (code & BLACK) !== colour || (roleCode !== 0 && (code & ROLE_MASK) !== roleCode)) continue;
    const from = squareAt(index);
    if (from === to || !keep(from)) continue;
    const move: Move = { from, to };
    if ((code & ROLE_MASK) === PAWN && rankIndex(to) === (PROMOTION_RANK[colour === BLACK ? 1 : 0] as number))
      move.promotion = 'met';
    if (pos.isLegal(move)) out.push(move);
  }
  return out;
}

/** What must be written of the origin square so that the move is unambiguous: '', a file, a rank, or both. */
function disambiguation(pos: SanPosition, cells: Int8Array, move: Move, role: Role): { file: boolean; rank: boolean } {
  const rivals = movesTo(pos, cells, move.to, role, (from) => from !== move.from);
  if (rivals.length === 0) return { file: false, rank: false };
  if (rivals.every((other) => fileIndex(other.from) !== fileIndex(move.from))) return { file: true, rank: false };
  if (rivals.every((other) => rankIndex(other.from) !== rankIndex(move.from))) return { file: false, rank: true };
  return { file: true, rank: true };
}

/**
 * SAN of a legal move in `pos`. Never fails: a move that is not legal is written '--'.
 */
export function makeSan(pos: SanPosition, move: Move, options: SanOptions = {}): string {
  if (!isSanPosition(pos)) throw argumentError("makeSan's position", 'a Position', pos);
  if (!pos.isLegal(move)) return '--';
  const piece = pos.pieceAt(move.from);
  if (!piece) return '--';
  const thai = options?.notation === 'thai';
  const capture = pos.isCapture(move);
  const cells = pos.board.cells; // one copy: rivals are found on it, then the move is played on it to look for check
  const promotion = piece.role === 'pawn' && rankIndex(move.to) === PROMOTION_RANK[pos.turn === 'black' ? 1 : 0];
  let san: string;
  if (piece.role === 'pawn') {
    const origin = thai ? THAI_FILES[fileIndex(move.from)] : move.from[0];
    const target = thai ? thaiSquare(move.to) : move.to;
    // A pawn capture names its origin file; in Thai only when two pawns could take on the same square.
    const pawnRivals = thai && capture ? disambiguation(pos, cells, move, 'pawn').file : capture;
    san = `${pawnRivals ? `${origin}x` : ''}${target}${promotion ? '=M' : ''}`;
  } else {
    const { file, rank } = disambiguation(pos, cells, move, piece.role);
    if (thai) {
      const from = `${file ? THAI_FILES[fileIndex(move.from)] : ''}${rank ? THAI_RANKS[rankIndex(move.from)] : ''}`;
      san = `${THAI_SIGNS[piece.role]}${from}-${thaiSquare(move.to)}`;
    } else {
      san = `${LETTERS[piece.role]}${file ? move.from[0] : ''}${rank ? move.from[1] : ''}${capture ? 'x' : ''}${move.to}`;
    }
  }
  // Check is found on a copy of the board (a whole new Position, with its counting and material, is made only for
  // the rarer checking moves, to tell check from mate): SAN is written for every move of every game read.
  makeMove(cells, encodeMove(squareIndex(move.from), squareIndex(move.to), promotion));
  if (!inCheck(cells, pos.turn === 'white')) return san;
  return pos.play(move).isCheckmate() ? `${san}#` : `${san}+`;
}

const THAI_SIGN_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['ม็', 'M'], // before ม (ma): the met's sign is ม with a mai taikhu
  ['ข', 'K'],
  ['ค', 'S'],
  ['ม', 'N'],
  ['ร', 'R'],
];

/** Thai file letters and digits to a, b, … and 1, 2, …; other characters unchanged; undefined if a Thai one is unknown. */
function latinCoordinates(text: string): string | undefined {
  let out = '';
  for (const ch of text) {
    const file = THAI_FILES.indexOf(ch);
    const rank = THAI_RANKS.indexOf(ch);
    if (file >= 0) out += String.fromCharCode(97 + file);
    else if (rank >= 0) out += String(rank + 1);
    else if (/[\u0E00-\u0E7F]/.test(ch)) return undefined;
    else out += ch;
  }
  return out;
}

/** Thai SAN (as makeSan writes it) to algebraic: 'ม-ง๒' → 'Nd2', 'ง๔' → 'd4', 'งxจ๕' → 'dxe5'. */
function thaiToAlgebraic(text: string): string | undefined {
  const hyphen = text.indexOf('-');
  if (hyphen < 0) return latinCoordinates(text); // a pawn move
  const head = text.slice(0, hyphen);
  const sign = THAI_SIGN_LETTERS.find(([thai]) => head.startsWith(thai));
  if (!sign) return undefined;
  const origin = latinCoordinates(head.slice(sign[0].length));
  const target = latinCoordinates(text.slice(hyphen + 1));
  return origin === undefined || target === undefined ? undefined : `${sign[1]}${origin}${target}`;
}

const SAN = /^([KMQFSBNRP])?([a-h])?([1-8])?[-x:]?([a-h][1-8])(?:=?([MQFmqf]))?$/;
const MAX_SAN_LENGTH = 24;
/** Thai script: the text is Thai SAN. */
const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

/**
 * What a SAN text says of its move before any position is consulted: the piece (undefined when the whole origin
 * square is given, long algebraic, any piece), the origin file and rank if written, the target, and whether a
 * promotion is asked for. Tolerant as parseSan (Thai SAN, aliases, missing or wrong +/#); undefined if it is no SAN.
 */
export interface SanPattern {
  role: Role | undefined;
  fromFile: string | undefined;
  fromRank: string | undefined;
  to: Square;
  promotion: boolean;
}

export function readSanPattern(text: string): SanPattern | undefined {
  if (typeof text !== 'string' || text.length > MAX_SAN_LENGTH) return undefined;
  const trimmed = text.trim().replace(/[+#!?]+$/, '');
  const cleaned = THAI_SCRIPT.test(trimmed) ? thaiToAlgebraic(trimmed) : trimmed;
  const match = cleaned === undefined ? null : SAN.exec(cleaned);
  if (!match) return undefined;
  const [, letter, fromFile, fromRank, toText, promotionLetter] = match;
  return {
    // Without a letter it is a pawn, unless the whole origin square is given (long algebraic: any piece).
    role: letter ? INPUT_ROLES[letter] : fromFile && fromRank ? undefined : 'pawn',
    fromFile,
    fromRank,
    to: parseSquare(toText as string) as Square,
    promotion: promotionLetter !== undefined,
  };
}

/** How parseSan reads. */
export interface SanReadOptions {
  /**
   * Also read Latin SAN that says less than its move does (default false): a pawn capture written as a push (`e5`
   * for `fxe5`) and an `x` on a move that takes nothing (`Nxe5` to an empty e5). Strict reading refuses both with
   * ERR_SAN_INEXACT, because a typo then silently becomes another move (a PGN typo fails moves later instead).
   */
  lenient?: boolean;
}

/**
 * Reads a SAN move against the legal moves of `pos`. Forgiving where nothing can be misread: + and # (and !, ?) may
 * be missing or wrong, 'x' may be left out of a piece capture, B and Q are read as khon and met, '=M' may be left
 * out, and long algebraic (e3e4, e3-e4, Nb1-c3) and Thai SAN as makeSan writes it (ม-ง๒, ง๔, งxจ๕) are read too.
 * Errors: ERR_SAN_SYNTAX (not a move), ERR_SAN_ILLEGAL (no legal move fits), ERR_SAN_AMBIGUOUS (several fit),
 * ERR_SAN_INEXACT (see SanReadOptions.lenient).
 */
export function parseSan(pos: SanPosition, text: string, options: SanReadOptions = {}): Result<Move, MakrukError> {
  if (!isSanPosition(pos)) return { ok: false, error: argumentError("parseSan's position", 'a Position', pos) };
  if (typeof text !== 'string') return makrukErr('ERR_SAN_SYNTAX', `A SAN move is text, not ${quoteInput(text)}.`);
  if (text.length > MAX_SAN_LENGTH)
    return makrukErr('ERR_SAN_SYNTAX', `${quoteInput(text)} is too long to be a move in SAN.`);
  const pattern = readSanPattern(text);
  if (!pattern) {
    return makrukErr(
      'ERR_SAN_SYNTAX',
      `${quoteInput(text)} is not a move in SAN (examples: e4, Nf3, dxe6, c6=M, Rxa8+).`,
    );
  }
  const { role, fromFile, fromRank, to } = pattern;
  const candidates = movesTo(
    pos,
    pos.board.cells,
    to,
    role,
    (from) => (!fromFile || from[0] === fromFile) && (!fromRank || from[1] === fromRank),
  );
  if (candidates.length === 0) {
    return makrukErr('ERR_SAN_ILLEGAL', `${quoteInput(text)} is not a legal move for ${pos.turn} here.`);
  }
  if (candidates.length > 1) {
    const options = candidates.map((move) => makeSan(pos, move)).join(', ');
    return makrukErr(
      'ERR_SAN_AMBIGUOUS',
      `${quoteInput(text)} could be any of ${options}; name the origin file or rank.`,
    );
  }
  const move = candidates[0] as Move;
  if (pattern.promotion && move.promotion !== 'met') {
    return makrukErr(
      'ERR_SAN_ILLEGAL',
      `${quoteInput(text)} asks for a promotion, but ${move.from}-${move.to} is not one.`,
    );
  }
  if (options?.lenient !== true) {
    const inexact = inexactReading(pos, text, pattern, move);
    if (inexact) return makrukErr('ERR_SAN_INEXACT', inexact);
  }
  return ok(move);
}

/**
 * Why Latin `text` says less than `move` does (the strict reading), or undefined. Thai SAN is read as written: it
 * writes a pawn capture by its target alone (จ๕), so a Thai pawn move without a file is no typo.
 */
function inexactReading(pos: SanPosition, text: string, pattern: SanPattern, move: Move): string | undefined {
  const written = text.trim();
  if (THAI_SCRIPT.test(written)) return undefined;
  const capture = pos.isCapture(move);
  // the SAN to suggest is written only for a refusal: this runs for every move of every PGN read
  if (pattern.role === 'pawn' && capture && !pattern.fromFile) {
    const san = makeSan(pos, move);
    return `${quoteInput(written)} is written as a pawn push, but the pawn move to ${move.to} is the capture ${san}: write ${san}.`;
  }
  // the capture marks of the SAN pattern; no other x or : can be in a Latin move
  if (/[x:]/.test(written) && !capture)
    return `${quoteInput(written)} marks a capture, but ${move.to} is empty: write ${makeSan(pos, move)}.`;
  return undefined;
}
