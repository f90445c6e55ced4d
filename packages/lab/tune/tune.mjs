#!/usr/bin/env node
// Texel tuning of the evaluation weights (issue 11): fit K, then Adam on the linearised evaluation (gradient.mjs;
// --method local: the old local search) over the weights (set at run time through weightsBuffer(), no rebuild) on a
// training split; the loss before/after on the held-out split is printed.
// Writes the tuned weights as JSON; `node scripts/gen-weights.mjs --from <that file>` compiles them in. See README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSamples, tune } from './lib.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    method: { type: 'string', default: 'adam' },
    seed: { type: 'string', default: '1' },
    epochs: { type: 'string', default: '400' },
    lr: { type: 'string', default: '1' },
    l2: { type: 'string', default: '0' },
    relinearize: { type: 'string', default: '50' },
    jacobians: { type: 'string', default: '1' },
    skip: { type: 'string' },
    'held-out': { type: 'string', default: '0.2' },
    passes: { type: 'string', default: '2' },
    step: { type: 'string', default: '1' },
    'max-change': { type: 'string' },
    only: { type: 'string' },
    lambda: { type: 'string', default: '1' },
    k: { type: 'string' },
    out: { type: 'string', default: 'tuned-weights.json' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.data) {
  console.log(`node tune/tune.mjs --data data.epd [--seed 1] [--held-out 0.2] [--only value.,mobility.] [--skip count.]
  [--max-change 60 (adam) | 10 (local)] [--lambda 1] [--k K] [--out tuned-weights.json]
  --lambda L: target = L·result + (1 − L)·sigmoid(K·score/400) (L < 1 needs "; score" labels: datagen's self-play)
  adam (default): [--epochs 400] [--lr 1] [--l2 0] [--relinearize 50] [--jacobians 1]
  --method local: [--passes 2] [--step 1]`);
  process.exit(values.help ? 0 : 2);
}
if (values.method !== 'adam' && values.method !== 'local') throw new Error('--method must be adam or local');
const samples = values.data.split(',').flatMap((file) => parseSamples(readFileSync(file, 'utf8')));
const started = performance.now();
const result = tune(samples, {
  method: values.method,
  seed: Number(values.seed),
  heldOut: Number(values['held-out']),
  epochs: Number(values.epochs),
  lr: Number(values.lr),
  l2: Number(values.l2),
  relinearize: Number(values.relinearize),
  jacobians: Number(values.jacobians),
  passes: Number(values.passes),
  step: Number(values.step),
  ...(values['max-change'] === undefined ? {} : { maxChange: Number(values['max-change']) }),
  ...(values.only ? { only: values.only.split(',') } : {}),
  lambda: Number(values.lambda),
  ...(values.k === undefined ? {} : { k: Number(values.k) }),
  ...(values.skip ? { skip: values.skip.split(',') } : {}),
  log: (line) => console.error(line),
});
const { loss } = result;
console.log(
  `held-out loss ${loss.heldOutBefore.toFixed(6)} → ${loss.heldOutAfter.toFixed(6)} (train ${loss.trainBefore.toFixed(6)} → ${loss.trainAfter.toFixed(6)}), K ${result.k.toFixed(4)}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
writeFileSync(values.out, `${JSON.stringify({ data: values.data, seed: Number(values.seed), ...result }, null, 1)}\n`);
console.log(`wrote ${values.out}; compile in with: node scripts/gen-weights.mjs --from ${values.out} && pnpm build`);
