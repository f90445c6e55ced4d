// The Node flags an engine worker (and each helper thread) starts with. Node gives a worker the parent's flags by
// itself, leaving out those a worker thread cannot take (V8 flags such as --max-old-space-size, --stack-size,
// --expose-gc); but it also passes --input-type, which a worker started from a file refuses (node --input-type=module
// -e …). So the flags are passed explicitly only then, without --input-type, and if Node still refuses some
// (ERR_WORKER_INVALID_EXEC_ARGV names them) the worker starts again without those. No imports: threads.ts, in the
// engine worker's bundle, uses this too.

/** What a worker constructor takes here: the flags, or none (Node's own inheritance). */
export interface WorkerArgvOptions {
  execArgv?: string[];
}

/** Node's code for flags a worker refuses (Node's, not one of the library's codes, so not written as a string). */
const NODE_REFUSED_FLAGS = /^ERR_WORKER_INVALID_EXEC_ARGV$/;

function refusedFlags(error: unknown): Set<string> | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !NODE_REFUSED_FLAGS.test(code)) return undefined;
  const message = String((error as { message?: unknown }).message ?? '');
  const listed = message.slice(message.indexOf(':') + 1);
  return new Set(
    listed
      .split(',')
      .map((flag) => flag.trim())
      .filter((flag) => flag !== ''),
  );
}

/** Starts a Node worker with `make`, with the parent's flags (`execArgv`) that a worker can take. */
export function withWorkerArgv<W>(make: (options: WorkerArgvOptions) => W, execArgv: readonly string[]): W {
  if (!execArgv.some((flag) => flag.startsWith('--input-type'))) return make({});
  const flags = execArgv.filter((flag) => !flag.startsWith('--input-type'));
  try {
    return make({ execArgv: flags });
  } catch (error) {
    const refused = refusedFlags(error);
    if (!refused) throw error;
    // without the flags Node named (or with none, if it named none)
    return make({ execArgv: refused.size > 0 ? flags.filter((flag) => !refused.has(flag)) : [] });
  }
}
