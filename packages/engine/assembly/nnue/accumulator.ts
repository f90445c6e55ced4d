// The network's first layer, kept up to date lazily: makeMove only writes down which piece left and entered which
// square (changes.ts); an evaluation finds the nearest position up the line whose accumulator is known and applies
// the changes from there (or sums the board afresh when that is far or unknown). Unmake costs nothing.
//
// Accumulators live in a ring of 256 slots indexed by the position's ply (undo stack height). A slot is only read
// while walking back from the current ply at most MAX_WALK plies, and the slot of ply p is rewritten by every move
// made at ply p - 1, so what is found is always the current line's position: a stale slot would need the line to
// have gone 256 - MAX_WALK plies deeper than p after the move that led to p, more than a search ever goes.
//
// Each slot holds two accumulators of N i16: White's view (squares as they are) and Black's (rotated 180 degrees,
// so both sides see their own start position alike); "own" pieces are the viewer's. Adds wrap like i16x8.add, as
// the trainer's reference evaluation does.
import { Piece, Square, pieceColor, pieceRole } from '../types';
import { b0, hidden, MAX_HIDDEN, w0 } from './network';
import { added, computed, removedA, removedB, SLOT_MASK, SLOTS } from './changes';
import { lsb } from '../bitboard';
import { board, occupied } from '../position';

const MAX_WALK: i32 = 16;
const VIEW_BYTES: usize = <usize>(2 * MAX_HIDDEN);
const SLOT_BYTES: usize = 2 * VIEW_BYTES;

const slotsStart: usize = (heap.alloc(<usize>SLOTS * SLOT_BYTES + 16) + 15) & ~(<usize>15);

// @ts-ignore: decorator
@inline function slotAddress(ply: i32): usize {
  return slotsStart + <usize>(ply & SLOT_MASK) * SLOT_BYTES;
}

/** The accumulator of `view` (0 White, 1 Black) for the position at `ply` (valid after ensureAccumulator(ply)). */
// @ts-ignore: decorator
@inline export function accumulatorAddress(ply: i32, view: i32): usize {
  return slotAddress(ply) + <usize>view * VIEW_BYTES;
}

// Address of the weight row of `piece` on `sq` as `view` sees it.
// @ts-ignore: decorator
@inline function row(view: i32, piece: Piece, sq: Square): usize {
  const own = pieceColor(piece) == view ? 0 : 1;
  const viewSq = view == 0 ? sq : sq ^ 63;
  const feature = (own * 6 + pieceRole(piece) - 1) * 64 + viewSq;
  return w0 + <usize>feature * <usize>(hidden << 1);
}

// dst = src - rowA (- rowB) + rowC over N lanes; rowB = 0: no second removal.
function update(dst: usize, src: usize, rowA: usize, rowB: usize, rowC: usize): void {
  const bytes = <usize>(hidden << 1);
  if (ASC_FEATURE_SIMD) {
    if (rowB != 0) {
      for (let i: usize = 0; i < bytes; i += 16) {
        v128.store(dst + i, i16x8.add(i16x8.sub(i16x8.sub(v128.load(src + i), v128.load(rowA + i)), v128.load(rowB + i)), v128.load(rowC + i)));
      }
    } else {
      for (let i: usize = 0; i < bytes; i += 16) {
        v128.store(dst + i, i16x8.add(i16x8.sub(v128.load(src + i), v128.load(rowA + i)), v128.load(rowC + i)));
      }
    }
  } else {
    for (let i: usize = 0; i < bytes; i += 2) {
      let v = <i32>load<i16>(src + i) - <i32>load<i16>(rowA + i) + <i32>load<i16>(rowC + i);
      if (rowB != 0) v -= <i32>load<i16>(rowB + i);
      store<i16>(dst + i, <i16>v);
    }
  }
}

// dst += row over N lanes.
function addRow(dst: usize, rowAddress: usize): void {
  const bytes = <usize>(hidden << 1);
  if (ASC_FEATURE_SIMD) {
    for (let i: usize = 0; i < bytes; i += 16) v128.store(dst + i, i16x8.add(v128.load(dst + i), v128.load(rowAddress + i)));
  } else {
    for (let i: usize = 0; i < bytes; i += 2) store<i16>(dst + i, <i16>(<i32>load<i16>(dst + i) + <i32>load<i16>(rowAddress + i)));
  }
}

// Both views of the position on the board, summed afresh.
function refresh(ply: i32): void {
  for (let view = 0; view < 2; view++) {
    const dst = accumulatorAddress(ply, view);
    memory.copy(dst, b0, <usize>(hidden << 1));
    let b = occupied;
    while (b != 0) {
      const sq = lsb(b);
      b &= b - 1;
      addRow(dst, row(view, <i32>unchecked(board[sq]), sq));
    }
  }
  unchecked(computed[ply & SLOT_MASK] = true);
}

/** Makes the accumulators of the position at `ply` (the current one) valid. */
export function ensureAccumulator(ply: i32): void {
  if (unchecked(computed[ply & SLOT_MASK])) return;
  let from = ply;
  while (!unchecked(computed[from & SLOT_MASK])) {
    if (from == 0 || ply - from >= MAX_WALK) {
      refresh(ply);
      return;
    }
    from--;
  }
  for (let p = from + 1; p <= ply; p++) {
    const slot = p & SLOT_MASK;
    const a = unchecked(removedA[slot]);
    for (let view = 0; view < 2; view++) {
      const dst = accumulatorAddress(p, view);
      const src = accumulatorAddress(p - 1, view);
      if (a < 0) {
        memory.copy(dst, src, <usize>(hidden << 1));
        continue;
      }
      const b = unchecked(removedB[slot]);
      const c = unchecked(added[slot]);
      update(dst, src, row(view, a >> 6, a & 63), b < 0 ? 0 : row(view, b >> 6, b & 63), row(view, c >> 6, c & 63));
    }
    unchecked(computed[slot] = true);
  }
}
