// How the CLI fails: one error type for mistakes the user made, one exit code for them, one printed form.
import { MakrukError } from '@makruk/makruk';
import { CommanderError } from 'commander';

/** Exit code for bad input (FEN, move, arguments): distinct from 1, which means "ran and found a problem". */
export const EXIT_USAGE = 2;

/** A failure the user caused: printed as `makruk: CODE: message` without a stack trace. */
export class CliError extends MakrukError<string> {
  constructor(
    code: string,
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
