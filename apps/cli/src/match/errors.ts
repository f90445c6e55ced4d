import { MakrukError } from '@makruk/makruk';

/** Error codes of the match runner. Stable strings: scripts and tests match on them. */
export type MatchErrorCode =
  | 'ERR_TC_SYNTAX'
  | 'ERR_ENGINE_SPEC'
  | 'ERR_ENGINE_COUNT'
  | 'ERR_ENGINE_START'
  | 'ERR_ADJUDICATION_SPEC'
  | 'ERR_SPRT_SPEC'
  | 'ERR_OPENINGS_FILE'
  | 'ERR_OPENING_FEN'
  | 'ERR_MATCH_OPTIONS'
  | 'ERR_PGN_WRITE';

/** Every failure the match runner reports for bad input is one of these: a code plus a message for people. */
export class MatchError extends MakrukError<MatchErrorCode> {}
