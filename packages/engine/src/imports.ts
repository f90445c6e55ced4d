// What an engine instance imports: env.abort (the debug build; the loader turns it into an EngineAbortError), the
// shared memory (thread builds) and the Contract 4 host functions (module "host").
import { EngineAbortError } from './errors.js';
import type { EngineHost } from './types.js';

/** An AssemblyScript string (UTF-16, its byte length in the 4 bytes before it) read from memory. */
function readAssemblyString(memory: WebAssembly.Memory, pointer: number): string {
  if (!pointer) return '';
  const bytes = new Uint8Array(memory.buffer);
  const byteLength = new Uint32Array(memory.buffer, pointer - 4, 1)[0]!;
  let text = '';
  for (let i = 0; i < byteLength; i += 2)
    text += String.fromCharCode(bytes[pointer + i]! | (bytes[pointer + i + 1]! << 8));
  return text;
}

const DEFAULT_HOST: EngineHost = Object.freeze({
  now: () => performance.now(),
  stopRequested: () => 0,
  info: () => {},
});

/** The Contract 4 imports; anything the caller leaves out falls back to DEFAULT_HOST. */
function hostImports(host: Partial<EngineHost> | undefined): EngineHost {
  if (host !== undefined && (host === null || typeof host !== 'object')) {
    throw new TypeError('engine host must be an object with now, stopRequested and info functions');
  }
  const given: Partial<EngineHost> = host ?? {};
  const pick = <K extends keyof EngineHost>(name: K): EngineHost[K] => {
    const value: unknown = given[name];
    if (value === undefined) return DEFAULT_HOST[name];
    if (typeof value !== 'function') throw new TypeError(`engine host.${name} must be a function`);
    return value.bind(given) as EngineHost[K];
  };
  return { now: pick('now'), stopRequested: pick('stopRequested'), info: pick('info') };
}

/** The imports of a build whose memory is its own export (`getMemory` answers once it is instantiated). */
export function makeImports(
  getMemory: () => WebAssembly.Memory | undefined,
  host?: Partial<EngineHost>,
): WebAssembly.Imports {
  return {
    env: {
      abort(messagePointer: number, filePointer: number, line: number, column: number): never {
        const memory = getMemory();
        const message = memory ? readAssemblyString(memory, messagePointer) : 'abort';
        const file = memory ? readAssemblyString(memory, filePointer) : '?';
        throw new EngineAbortError(`engine abort: ${message} at ${file}:${line}:${column}`);
      },
    },
    host: { ...hostImports(host) },
  };
}

/** The imports of a thread build: the shared memory, abort and the host functions. */
export function threadImports(memory: WebAssembly.Memory, host?: Partial<EngineHost>): WebAssembly.Imports {
  const imports = makeImports(() => memory, host);
  return { ...imports, env: { ...imports.env, memory } };
}
