import { MakrukError } from '@makruk/makruk';

/** Error codes of the match runner. Stable strings: scripts and tests match on them. */
export const MATCH_ERROR_CODES = [
  'ERR_TC_SYNTAX',
  'ERR_ENGINE_SPEC',
  'ERR_ENGINE_COUNT',
  'ERR_ENGINE_START',
  'ERR_ADJUDICATION_SPEC',
  'ERR_SPRT_SPEC',
  'ERR_OPENINGS_FILE',
  'ERR_OPENING_FEN',
  'ERR_MATCH_OPTIONS',
  'ERR_PGN_WRITE',
] as const;

export type MatchErrorCode = (typeof MATCH_ERROR_CODES)[number];

/** Every failure the match runner reports for bad input is one of these: a code plus a message for people. */
export class MatchError extends MakrukError<MatchErrorCode> {}
