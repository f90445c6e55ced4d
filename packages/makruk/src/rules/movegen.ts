// Fully legal move generation on a raw board (Int8Array of piece codes): pseudo-legal moves, then make-and-test
// for the mover's king (only king moves, moves of pinned pieces, and every move in check need the test). Simple, and fast enough for perft to depth 5 in plain TS.
// A move is a number, the engine ABI's move code (move-code.ts): from | to << 6 | PROMOTION_FLAG for a promotion.
import {
  KHON_STEPS,
  KING_STEPS,
  KNIGHT_STEPS,
  MET_STEPS,
  PAWN_CAPTURES,
  PAWN_PUSH,
  PROMOTION_RANK,
  ROOK_RAYS,
} from './step-tables.js';
import { PROMOTION_FLAG } from './move-code.js';
import { BLACK, KHON, KIND_MASK, KING, KNIGHT, MET, PAWN, PROMOTED, ROLE_MASK, ROOK } from './board.js';

/** Is `sq` attacked by a piece of the given colour (`byBlack`)? */
export function isAttacked(cells: Int8Array, sq: number, byBlack: boolean): boolean {
  const colour = byBlack ? BLACK : 0;
  const side = byBlack ? 1 : 0;
  // Leapers: look outward from the target with the reverse steps.
  const knights = KNIGHT_STEPS[sq] as Int8Array;
  for (let i = 0; i < knights.length; i++)
    if (((cells[knights[i] as number] as number) & KIND_MASK) === (KNIGHT | colour)) return true;
  const kings = KING_STEPS[sq] as Int8Array;
  for (let i = 0; i < kings.length; i++)
    if (((cells[kings[i] as number] as number) & KIND_MASK) === (KING | colour)) return true;
  const diagonals = MET_STEPS[sq] as Int8Array;
  for (let i = 0; i < diagonals.length; i++) {
    const kind = (cells[diagonals[i] as number] as number) & KIND_MASK;
    if (kind === (MET | colour) || kind === (KHON | colour)) return true;
  }
  // A khon/pawn of colour C reaches sq from X exactly when one of the OTHER colour on sq would reach X.
  const behind = (PAWN_PUSH[1 - side] as Int8Array)[sq] as number; // the khon's straight-forward step, reversed
  if (behind >= 0 && ((cells[behind] as number) & KIND_MASK) === (KHON | colour)) return true;
  const pawns = (PAWN_CAPTURES[1 - side] as readonly Int8Array[])[sq] as Int8Array;
  for (let i = 0; i < pawns.length; i++)
    if (((cells[pawns[i] as number] as number) & KIND_MASK) === (PAWN | colour)) return true;
  const rays = ROOK_RAYS[sq] as readonly Int8Array[];
  for (let r = 0; r < 4; r++) {
    const ray = rays[r] as Int8Array;
    for (let i = 0; i < ray.length; i++) {
      const code = cells[ray[i] as number] as number;
      if (code) {
        if ((code & KIND_MASK) === (ROOK | colour)) return true;
        break;
      }
    }
  }
  return false;
}

export function findKing(cells: Int8Array, black: boolean): number {
  const king = KING | (black ? BLACK : 0);
  for (let i = 0; i < 64; i++) if (((cells[i] as number) & KIND_MASK) === king) return i;
  return -1;
}

export function inCheck(cells: Int8Array, black: boolean): boolean {
  const king = findKing(cells, black);
  return king >= 0 && isAttacked(cells, king, !black);
}

function pushSteps(cells: Int8Array, from: number, targets: Int8Array, colour: number, out: number[]): void {
  for (let i = 0; i < targets.length; i++) {
    const to = targets[i] as number;
    const code = cells[to] as number;
    if (!code || (code & BLACK) !== colour) out.push(from | (to << 6));
  }
}

/** Moves that obey piece movement, ignoring whether the mover's king is left in check. */
export function generatePseudoLegal(cells: Int8Array, black: boolean, out: number[]): void {
  const colour = black ? BLACK : 0;
  const side = black ? 1 : 0;
  const promotionRank = PROMOTION_RANK[side];
  for (let from = 0; from < 64; from++) {
    const code = cells[from] as number;
    if (!code || (code & BLACK) !== colour) continue;
    switch (code & ROLE_MASK) {
      case PAWN: {
        const push = PAWN_PUSH[side]?.[from] as number;
        if (push >= 0 && !cells[push])
          out.push(from | (push << 6) | (push >> 3 === promotionRank ? PROMOTION_FLAG : 0));
        const captures = PAWN_CAPTURES[side]?.[from] as Int8Array;
        for (let i = 0; i < captures.length; i++) {
          const to = captures[i] as number;
          const target = cells[to] as number;
          if (target && (target & BLACK) !== colour)
            out.push(from | (to << 6) | (to >> 3 === promotionRank ? PROMOTION_FLAG : 0));
        }
        break;
      }
      case MET:
        pushSteps(cells, from, MET_STEPS[from] as Int8Array, colour, out);
        break;
      case KHON:
        pushSteps(cells, from, KHON_STEPS[side]?.[from] as Int8Array, colour, out);
        break;
      case KNIGHT:
        pushSteps(cells, from, KNIGHT_STEPS[from] as Int8Array, colour, out);
        break;
      case KING:
        pushSteps(cells, from, KING_STEPS[from] as Int8Array, colour, out);
        break;
      case ROOK:
        for (const ray of ROOK_RAYS[from] as readonly Int8Array[]) {
          for (let i = 0; i < ray.length; i++) {
            const to = ray[i] as number;
            const target = cells[to] as number;
            if (!target) out.push(from | (to << 6));
            else {
              if ((target & BLACK) !== colour) out.push(from | (to << 6));
              break;
            }
          }
        }
        break;
    }
  }
}

/** Plays a move on the raw board and returns the captured code (0 if none), for `unmakeMove`. */
export function makeMove(cells: Int8Array, move: number): number {
  const from = move & 63;
  const to = (move >> 6) & 63;
  const moving = cells[from] as number;
  const captured = cells[to] as number;
  cells[to] = move & PROMOTION_FLAG ? MET | (moving & BLACK) | PROMOTED : moving;
  cells[from] = 0;
  return captured;
}

export function unmakeMove(cells: Int8Array, move: number, moving: number, captured: number): void {
  cells[move & 63] = moving;
  cells[(move >> 6) & 63] = captured;
}

/**
 * Legal moves of the side `black` into `out` (cleared first). The board is restored before returning.
 * Only rooks slide in Makruk, so when the king is not in check a move by another piece can expose the king only if it
 * leaves the king's rank or file: only those moves (and king moves, and every move when in check) are tested.
 */
export function generateLegalMoves(
  cells: Int8Array,
  black: boolean,
  out: number[] = [],
  pseudo: number[] = [],
): number[] {
  out.length = 0;
  pseudo.length = 0;
  generatePseudoLegal(cells, black, pseudo);
  const king = findKing(cells, black);
  if (king < 0) {
    for (let i = 0; i < pseudo.length; i++) out.push(pseudo[i] as number);
    return out;
  }
  const checked = isAttacked(cells, king, !black);
  // Out of check, only king moves and moves of pinned pieces can leave the king attacked (rooks are the only
  // sliders, so a pin runs along the king's file or rank with an enemy rook behind exactly one of our pieces).
  const pinned = checked ? 0 : pinnedPieces(cells, king, black);
  for (let i = 0; i < pseudo.length; i++) {
    const move = pseudo[i] as number;
    const from = move & 63;
    if (!checked && from !== king && !isPinned(pinned, from)) {
      out.push(move);
      continue;
    }
    const moving = cells[from] as number;
    const captured = makeMove(cells, move);
    const kingSquare = from === king ? (move >> 6) & 63 : king;
    const legal = !isAttacked(cells, kingSquare, !black);
    unmakeMove(cells, move, moving, captured);
    if (legal) out.push(move);
  }
  return out;
}

/**
 * Our pieces pinned to our king by an enemy rook, packed as up to four 7-bit fields (square + 1; 0 = none): at most
 * one pin per direction. A number, not a list, so that move generation allocates nothing for it.
 */
function pinnedPieces(cells: Int8Array, king: number, black: boolean): number {
  const colour = black ? BLACK : 0;
  const enemyRook = ROOK | (black ? 0 : BLACK);
  const rays = ROOK_RAYS[king] as readonly Int8Array[];
  let packed = 0;
  for (let r = 0; r < 4; r++) {
    const ray = rays[r] as Int8Array;
    let own = -1;
    for (let i = 0; i < ray.length; i++) {
      const square = ray[i] as number;
      const code = cells[square] as number;
      if (!code) continue;
      if (own < 0 && (code & BLACK) === colour) {
        own = square;
        continue;
      }
      if (own >= 0 && (code & KIND_MASK) === enemyRook) packed |= (own + 1) << (7 * r);
      break;
    }
  }
  return packed;
}

function isPinned(packed: number, square: number): boolean {
  for (let field = packed; field !== 0; field >>>= 7) if ((field & 127) === square + 1) return true;
  return false;
}

/** Leaf count of the legal move tree to `depth` (bulk counting at depth 1). */
export function perftRaw(cells: Int8Array, black: boolean, depth: number): number {
  const buffers = Array.from({ length: Math.max(depth, 1) }, () => ({ legal: [] as number[], pseudo: [] as number[] }));
  return perftFrom(cells, black, depth, buffers);
}

function perftFrom(
  cells: Int8Array,
  black: boolean,
  depth: number,
  buffers: Array<{ legal: number[]; pseudo: number[] }>,
): number {
  if (depth <= 0) return 1;
  const buffer = buffers[depth - 1] as { legal: number[]; pseudo: number[] };
  const moves = generateLegalMoves(cells, black, buffer.legal, buffer.pseudo);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i] as number;
    const moving = cells[move & 63] as number;
    const captured = makeMove(cells, move);
    nodes += perftFrom(cells, !black, depth - 1, buffers);
    unmakeMove(cells, move, moving, captured);
  }
  return nodes;
}
