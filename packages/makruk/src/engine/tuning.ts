// Tuning hook (not part of the public API): search parameters for the wasm engine from the environment, so that a
// tuner can run `makruk uci` (e.g. through `makruk match`) with other search parameters and no rebuild.
//   MAKRUK_SEARCH_PARAMS="lmrBase=90,razorMargin=230"
// Names and bounds are the engine's (SEARCH_PARAMS, from packages/engine/search-params.json); values are whole
// numbers within min..max. Read only in Node, by the engine worker when it instantiates the wasm (every thread).
import { type EngineExports, loadEngineNetwork, SEARCH_PARAMS } from '@makruk/engine/release';
import { MakrukError, quoteInput } from '../rules/errors.js';
import type { Result } from '../rules/types.js';

export const SEARCH_PARAMS_ENV = 'MAKRUK_SEARCH_PARAMS';

/** "name=value,name=value" → index → value; ERR_ENGINE_OPTIONS for an unknown name or a value out of bounds. */
export function parseSearchParams(text: string): Result<Map<number, number>, MakrukError> {
  const fail = (message: string): Result<never, MakrukError> => ({
    ok: false,
    error: new MakrukError('ERR_ENGINE_OPTIONS', `${SEARCH_PARAMS_ENV}: ${message}`),
  });
  const values = new Map<number, number>();
  for (const item of text.split(',')) {
    if (item.trim() === '') continue;
    const [name, value, extra] = item.split('=').map((s) => s.trim());
    if (name === undefined || value === undefined || extra !== undefined)
      return fail(`${quoteInput(item)} is not name=value`);
    const param = SEARCH_PARAMS.find((p) => p.name === name);
    if (!param) return fail(`unknown search parameter ${quoteInput(name)}`);
    const number = Number(value);
    if (!/^-?\d+$/.test(value) || number < param.min || number > param.max) {
      return fail(`${name} must be a whole number ${param.min}..${param.max}`);
    }
    values.set(param.index, number);
  }
  return { ok: true, value: values };
}

/** Writes the parameters named in the environment into a fresh wasm instance; throws the parse error. */
export function applySearchParamsFromEnv(
  engine: Pick<EngineExports, 'memory' | 'searchParamsBuffer' | 'searchParamsCount' | 'applySearchParams'>,
): void {
  const text = typeof process !== 'undefined' ? process.env?.[SEARCH_PARAMS_ENV] : undefined;
  if (text === undefined || text === '') return;
  const parsed = parseSearchParams(text);
  if (!parsed.ok) throw parsed.error;
  const table = new Int32Array(engine.memory.buffer, engine.searchParamsBuffer(), engine.searchParamsCount());
  for (const [index, value] of parsed.value) table[index] = value;
  engine.applySearchParams();
}

export const NETWORK_ENV = 'MAKRUK_NETWORK';

/**
 * The evaluation network named in the environment (Node only, every thread): MAKRUK_NETWORK=off plays with the
 * hand-written evaluation, MAKRUK_NETWORK=FILE with that network file instead of the compiled-in one (matches
 * between networks without a rebuild). Throws ERR_ENGINE_OPTIONS when the file cannot be read or is refused.
 */
export async function applyNetworkFromEnv(
  engine: Pick<EngineExports, 'memory' | 'networkBuffer' | 'networkBufferSize' | 'loadNetwork' | 'setUseNetwork'>,
): Promise<void> {
  const value = typeof process !== 'undefined' ? process.env?.[NETWORK_ENV] : undefined;
  if (value === undefined || value === '') return;
  if (value === 'off') {
    engine.setUseNetwork(0);
    return;
  }
  // A variable specifier keeps browser bundlers from resolving the Node built-in.
  const specifier = 'node:fs/promises';
  const { readFile } = (await import(/* @vite-ignore */ specifier)) as typeof import('node:fs/promises');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(value));
  } catch {
    throw new MakrukError('ERR_ENGINE_OPTIONS', `${NETWORK_ENV}: cannot read the network file ${quoteInput(value)}`);
  }
  try {
    loadEngineNetwork(engine as EngineExports, bytes);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MakrukError('ERR_ENGINE_OPTIONS', `${NETWORK_ENV}: ${quoteInput(value)}: ${message}`);
  }
}
