// How the CLI fails: one error type for mistakes the user made, one exit code for them, one printed form.
import { MakrukError, type MakrukErrorCode } from '@makruk/makruk';
import { CommanderError } from 'commander';
import type { MatchErrorCode } from './match/errors.js';

/**
 * Codes only the CLI raises. With the library's (MakrukErrorCode) and the match runner's (MatchErrorCode) they are
 * every code `makruk` prints; README "Errors" has the table, and a test greps the sources so none is forgotten. A
 * code the library owns is imported with its type, never declared again here (errors.test.ts checks).
 */
export const CLI_ERROR_CODES = [
  'ERR_FILE',
  'ERR_RESUME',
  'ERR_OUTPUT_LOCKED',
  'ERR_PGN_RESULT',
  'ERR_PGN_LINE',
  'ERR_PLAY_SAVE',
  'ERR_PLAY_SAVE_EXISTS',
  'ERR_PLAY_RESUME',
  'ERR_NOT_YOUR_TURN',
  'ERR_NOTHING_TO_UNDO',
] as const;

/** Every code `makruk` prints after `makruk: `. */
export type CliErrorCode = MakrukErrorCode | MatchErrorCode | (typeof CLI_ERROR_CODES)[number];

/** Exit code for bad input (FEN, move, arguments): distinct from 1, which means "ran and found a problem". */
export const EXIT_USAGE = 2;

/** A failure the user caused: printed as `makruk: CODE: message` without a stack trace. */
export class CliError extends MakrukError<CliErrorCode> {
  constructor(
    code: CliErrorCode,
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(code, message);
  }
}

/** Commander's own exits that are not failures of the user (help, version) or that already printed (help on error). */
const COMMANDER_SILENT = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

/**
 * Prints any failure as `makruk: CODE: message` and sets the exit code (2 for usage mistakes, 1 otherwise).
 * Errors of the argument parser (unknown option, missing or invalid value, conflicting options) are ERR_ARGUMENT.
 */
export function reportFailure(error: unknown): void {
  if (error instanceof CommanderError) {
    if (!COMMANDER_SILENT.has(error.code)) {
      process.stderr.write(`makruk: ERR_ARGUMENT: ${error.message.replace(/^error: /, '')} (see --help)\n`);
    }
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
    return;
  }
  if (error instanceof MakrukError) {
    process.stderr.write(`makruk: ${error.code}: ${error.message}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : EXIT_USAGE;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`makruk: internal error: ${message}\n`);
  process.exitCode = 1;
}
