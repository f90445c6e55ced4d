// Test helper: the MatchError code a call throws (undefined when it does not throw).
import { MatchError } from '../match/errors.js';

export function matchErrorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof MatchError ? error.code : 'not a MatchError';
  }
  return undefined;
}
