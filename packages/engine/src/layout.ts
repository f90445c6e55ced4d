// The tables the engine reads through its buffers, in buffer order: weights.json and search-params.json (the one
// owners; assembly/weights.ts and assembly/search-params.ts are generated from the same files by build.mjs, which
// also writes their entries into dist/tables.js for this module).
import { SEARCH_PARAMS_TABLE, WEIGHTS_TABLE } from './tables.js';
import type { SearchParam, WeightGroup } from './types.js';

let nextIndex = 0;
/** The evaluation weights (weights.json): name, index into weightsBuffer(), count, doc, labels, compiled-in defaults. */
export const WEIGHTS: readonly WeightGroup[] = Object.freeze(
  WEIGHTS_TABLE.map((w) => {
    const group: WeightGroup = Object.freeze({
      name: w.name,
      index: nextIndex,
      count: w.defaults.length,
      doc: w.doc,
      labels: w.labels ? Object.freeze([...w.labels]) : null,
      defaults: Object.freeze([...w.defaults]),
    });
    nextIndex += w.defaults.length;
    return group;
  }),
);

/** Number of i32 weights (equals weightsCount()). */
export const WEIGHT_COUNT: number = nextIndex;

/** The search parameters (search-params.json): name, index into searchParamsBuffer(), doc, default, min, max, step, tune. */
export const SEARCH_PARAMS: readonly SearchParam[] = Object.freeze(
  SEARCH_PARAMS_TABLE.map((p, index) => Object.freeze({ ...p, index, tune: p.tune !== false })),
);
