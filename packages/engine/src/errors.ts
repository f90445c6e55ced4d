// The engine's error classes; their codes are listed with every other in packages/makruk/src/rules/errors.ts.

/** Thrown (debug build only) when the engine hits an internal error such as an out-of-bounds index. */
export class EngineAbortError extends Error {
  override readonly name = 'EngineAbortError';
  readonly code = 'ERR_ENGINE_ABORT';

  constructor(message: string) {
    super(message);
  }
}

/** Thrown when a network file is not one the engine takes (code ERR_ENGINE_NETWORK; `reason` from NETWORK_ERRORS). */
export class EngineNetworkError extends Error {
  override readonly name = 'EngineNetworkError';
  readonly code = 'ERR_ENGINE_NETWORK';
  readonly reason: string;

  constructor(message: string, reason: string) {
    super(message);
    this.reason = reason;
  }
}
