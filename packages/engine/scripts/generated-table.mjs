// The command line both table generators share (gen-weights.mjs, gen-search-params.mjs): read the JSON table, with
// `--from FILE` take a tuner's output into it and rewrite the JSON, then regenerate the AssemblyScript module.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` is the script node was started with. @param {string} moduleUrl */
export function isMainScript(moduleUrl) {
  const script = process.argv[1];
  return script !== undefined && path.resolve(script) === fileURLToPath(moduleUrl);
}

/**
 * @template T, U
 * @typedef {{ jsonPath: string, tsPath: string, applyTuned: (table: T, tuned: U) => T,
 *   formatJson: (table: T) => string, generateAssembly: (table: T) => string }} TableGenerator
 */

/**
 * @template T, U
 * @param {TableGenerator<T, U>} generator
 * @param {string[]} argv the arguments after the script's name
 * @returns {T | undefined} the table written; undefined after a bad input (one line on stderr, exit code 1)
 */
export function runTableGenerator(generator, argv) {
  try {
    return generateTable(generator, argv);
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return undefined;
  }
}

/**
 * @template T, U
 * @param {TableGenerator<T, U>} generator
 * @param {string[]} argv
 * @returns {T}
 */
function generateTable(generator, argv) {
  /** @type {T} */
  let table = JSON.parse(readFileSync(generator.jsonPath, 'utf8'));
  const fromIndex = argv.indexOf('--from');
  if (fromIndex >= 0) {
    const file = argv[fromIndex + 1];
    if (!file) throw new Error('--from needs a file');
    /** @type {U} the tuner's output; applyTuned checks every name and value */
    const tuned = JSON.parse(readFileSync(file, 'utf8'));
    table = generator.applyTuned(table, tuned);
    writeFileSync(generator.jsonPath, generator.formatJson(table));
  }
  writeFileSync(generator.tsPath, generator.generateAssembly(table));
  return table;
}
