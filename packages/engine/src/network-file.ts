// The evaluation network: the compiled-in one (networks/default.json, in dist/network.js, loaded on first use) and
// loading a network file into an instantiated engine.
import { NETWORK_ERRORS } from './abi.js';
import { decodeBase64 } from './base64.js';
import { EngineNetworkError } from './errors.js';
import { NETWORK_SUMMARY } from './tables.js';
import type { EngineExports, NetworkInfo } from './types.js';

const NETWORK_MESSAGES: Readonly<Record<number, string>> = {
  1: 'is shorter than a network header or longer than the engine takes',
  2: 'is not a network file of this engine (no MKNNUE01 version 1 header)',
  3: 'has a shape the engine does not take (inputs, hidden size, quantisation or length)',
  4: 'is damaged (its weights do not match the checksum in its header)',
};

/** The network compiled into this package (networks/default.json), or null when none is. */
export const NETWORK: NetworkInfo | null = NETWORK_SUMMARY;

let defaultNetworkBytes: Uint8Array<ArrayBuffer> | undefined;

/** The compiled-in network file, decoded once (index.js embeds it, so its synchronous instantiation has it too). */
export function decodedNetwork(base64: string): Uint8Array<ArrayBuffer> {
  defaultNetworkBytes ??= decodeBase64(base64);
  return defaultNetworkBytes;
}

/** The compiled-in network file (undefined when the package has none); loaded on first use. */
export async function engineNetworkBytes(): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (NETWORK === null) return undefined;
  if (defaultNetworkBytes === undefined) {
    const { NETWORK_BASE64 } = await import('./network.js');
    decodedNetwork(NETWORK_BASE64);
  }
  return defaultNetworkBytes?.slice();
}

/**
 * The network an engine gets when options.network is not given. Where it cannot be fetched (a page offline before
 * the network was ever cached), the engine still starts, with the hand-written evaluation.
 */
export async function defaultNetwork(): Promise<Uint8Array | false> {
  try {
    return (await engineNetworkBytes()) ?? false;
  } catch {
    return false;
  }
}

/**
 * Loads a network file into an instantiated engine (any build); throws EngineNetworkError when the engine refuses it.
 * Searches after it use the network (setUseNetwork(0) turns it off); the transposition table may hold older scores.
 */
export function loadEngineNetwork(engine: EngineExports, bytes: Uint8Array): void {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('a network must be a Uint8Array of a network file');
  if (bytes.length > engine.networkBufferSize()) {
    throw new EngineNetworkError(`the network file (${bytes.length} bytes) ${NETWORK_MESSAGES[1]}`, NETWORK_ERRORS[1]!);
  }
  new Uint8Array(engine.memory.buffer, engine.networkBuffer(), bytes.length).set(bytes);
  const code = engine.loadNetwork(bytes.length);
  if (code !== 0) {
    throw new EngineNetworkError(
      `the network file ${NETWORK_MESSAGES[code] ?? 'was refused'}`,
      NETWORK_ERRORS[code] ?? 'ERR_NETWORK_FORMAT',
    );
  }
}

/** options.network: a network file, false for none (the hand-written evaluation), undefined for the compiled-in one. */
export function applyNetwork(engine: EngineExports, network: Uint8Array | false | undefined): void {
  if (network === false || network === undefined) return;
  loadEngineNetwork(engine, network);
}
