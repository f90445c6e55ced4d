// Perft: counts the leaf nodes of the legal move tree. At depth 1 the legal moves are counted without being
// written or played (bulk counting).
import { MAX_MOVES, MAX_PERFT_DEPTH, MAX_PLY } from './types';
import { countLegal, generateLegal } from './movegen';
import { makeMove, ply, unmakeMove } from './position';

const moveStack = new StaticArray<u32>(MAX_PERFT_DEPTH * MAX_MOVES);

function perftRecursive(depth: i32, base: i32): u64 {
  if (depth == 1) return <u64>countLegal();
  const count = generateLegal(moveStack, base);
  const next = base + count;
  let nodes: u64 = 0;
  for (let i = 0; i < count; i++) {
    makeMove(unchecked(moveStack[base + i]));
    nodes += perftRecursive(depth - 1, next);
    unmakeMove();
  }
  return nodes;
}

// Leaf count at `depth`; -1 when depth is outside 0…MAX_PERFT_DEPTH or the undo stack has no room for it.
export function perft(depth: i32): f64 {
  if (depth < 0 || depth > MAX_PERFT_DEPTH || ply + depth > MAX_PLY) return -1;
  if (depth == 0) return 1;
  return <f64>perftRecursive(depth, 0);
}
