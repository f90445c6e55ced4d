// The engine package's own files that the lab reads (its AssemblyScript sources, its JSON tables, its test fixtures).
// They are found through the workspace link to @makruk/engine, so no lab script assumes where the folders sit.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The engine package's folder (packages/engine in this workspace). */
export const ENGINE_DIR = path.dirname(require.resolve('@makruk/engine/package.json'));

/** A path inside the engine package, e.g. enginePath('search-params.json'). @param {...string} parts */
export function enginePath(...parts) {
  return path.join(ENGINE_DIR, ...parts);
}
