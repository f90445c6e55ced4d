// The network's output: SCReLU of both accumulators (the side to move's first) times the output weights. In
// integers exactly as the trainer's reference (trainer.cpp quantisedEval): v = clamp(acc, 0, QA), (v * w) fits an
// i16 because |w| <= 127, sum (v * w) * v, then / QA + b1, then * scale / (QA * QB) centipawns.
import { ply, sideToMove } from '../position';
import { accumulatorAddress, ensureAccumulator } from './accumulator';
import { invalidateAccumulators } from './changes';
import { b1, hidden, loadNetwork as loadWeights, QA, QB, scale, w1 } from './network';

let useNetwork = true;

/** True when a network is loaded and in use: the evaluation is the network's (inside the count-aware rules). */
// @ts-ignore: decorator
@inline export function networkInUse(): bool {
  return useNetwork && hidden != 0;
}

/** Turns the loaded network off (the hand-written evaluation) or on again. */
export function setUseNetwork(on: bool): void {
  useNetwork = on;
}

/** Adopts the network file in the buffer (network.ts); 0 = ok, else an error code and no network. */
export function loadNetwork(length: i32): i32 {
  invalidateAccumulators();
  return loadWeights(length);
}

// sum over N of (clamp(acc, 0, QA) * w) * clamp(acc, 0, QA)
function screluDot(acc: usize, weights: usize): i64 {
  const bytes = <usize>(hidden << 1);
  if (ASC_FEATURE_SIMD) {
    const zero = i16x8.splat(0);
    const top = i16x8.splat(<i16>QA);
    let sum = i32x4.splat(0);
    for (let i: usize = 0; i < bytes; i += 16) {
      const v = i16x8.min_s(i16x8.max_s(v128.load(acc + i), zero), top);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(i16x8.mul(v, v128.load(weights + i)), v));
    }
    return <i64>i32x4.extract_lane(sum, 0) + <i64>i32x4.extract_lane(sum, 1)
      + <i64>i32x4.extract_lane(sum, 2) + <i64>i32x4.extract_lane(sum, 3);
  }
  let total: i64 = 0;
  for (let i: usize = 0; i < bytes; i += 2) {
    const v = min(max(<i32>load<i16>(acc + i), 0), QA);
    total += <i64>(<i32><i16>(v * <i32>load<i16>(weights + i)) * v);
  }
  return total;
}

/** The network's evaluation of the current position, centipawns from the side to move (0 without a network). */
export function networkEvaluate(): i32 {
  if (hidden == 0) return 0;
  ensureAccumulator(ply);
  const us = sideToMove;
  const sum = screluDot(accumulatorAddress(ply, us), w1)
    + screluDot(accumulatorAddress(ply, us ^ 1), w1 + <usize>(hidden << 1));
  const out = <i64>(<i32>(sum / QA) + b1);
  return <i32>((out * <i64>scale) / <i64>(QA * QB));
}
