import { MakrukError, type MakrukErrorCode } from '@makruk/makruk';

/**
 * Error codes only the match runner raises. Stable strings: scripts and tests match on them. A code the library
 * already owns is not declared again here (errors.test.ts checks).
 */
export const MATCH_ERROR_CODES = [
  'ERR_TC_SYNTAX',
  'ERR_ENGINE_SPEC',
  'ERR_ENGINE_COUNT',
  'ERR_ADJUDICATION_SPEC',
  'ERR_SPRT_SPEC',
  'ERR_OPENINGS_FILE',
  'ERR_OPENING_FEN',
  'ERR_MATCH_OPTIONS',
  'ERR_PGN_WRITE',
] as const;

/** The library's codes the match runner raises too: an engine that does not start or answer (ENGINE_ERROR_CODES). */
type SharedCode = Extract<MakrukErrorCode, 'ERR_ENGINE_START'>;

export type MatchErrorCode = (typeof MATCH_ERROR_CODES)[number] | SharedCode;

/** Every failure the match runner reports for bad input is one of these: a code plus a message for people. */
export class MatchError extends MakrukError<MatchErrorCode> {}
