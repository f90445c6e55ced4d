#!/usr/bin/env node
// Texel tuning of the evaluation weights (issue 11): fit K, then local search over the weights (set at run time
// through weightsBuffer(), no rebuild) on a training split; the loss before/after on the held-out split is printed.
// Writes the tuned weights as JSON; `node scripts/gen-weights.mjs --from <that file>` compiles them in. See README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSamples, tune } from './lib.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'held-out': { type: 'string', default: '0.2' },
    passes: { type: 'string', default: '2' },
    step: { type: 'string', default: '1' },
    'max-change': { type: 'string', default: '10' },
    only: { type: 'string' },
    out: { type: 'string', default: 'tuned-weights.json' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.data) {
  console.log(`node tune/tune.mjs --data data.epd [--seed 1] [--held-out 0.2] [--passes 2] [--step 1] [--max-change 10]
  [--only value.,mobility.] [--out tuned-weights.json]`);
  process.exit(values.help ? 0 : 2);
}
const samples = parseSamples(readFileSync(values.data, 'utf8'));
const started = performance.now();
const result = tune(samples, {
  seed: Number(values.seed),
  heldOut: Number(values['held-out']),
  passes: Number(values.passes),
  step: Number(values.step),
  maxChange: Number(values['max-change']),
  ...(values.only ? { only: values.only.split(',') } : {}),
  log: (line) => console.error(line),
});
const { loss } = result;
console.log(
  `held-out loss ${loss.heldOutBefore.toFixed(6)} → ${loss.heldOutAfter.toFixed(6)} (train ${loss.trainBefore.toFixed(6)} → ${loss.trainAfter.toFixed(6)}), K ${result.k.toFixed(4)}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
writeFileSync(values.out, `${JSON.stringify({ data: values.data, seed: Number(values.seed), ...result }, null, 1)}\n`);
console.log(`wrote ${values.out}; compile in with: node scripts/gen-weights.mjs --from ${values.out} && pnpm build`);
