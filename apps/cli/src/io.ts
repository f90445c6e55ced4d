import { MakrukError, Position } from '@makruk/makruk';

/** Exit code for bad input (FEN, move, arguments): distinct from 1, which means "ran and found a problem". */
export const EXIT_USAGE = 2;

export const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

/** A failure the user caused: printed as `makruk: CODE: message` without a stack trace. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
  }
}

export function reportFailure(error: unknown): void {
  if (error instanceof CliError || error instanceof MakrukError) {
    process.stderr.write(`makruk: ${error.code}: ${error.message}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : EXIT_USAGE;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`makruk: internal error: ${message}\n`);
  process.exitCode = 1;
}

/** Reads `--fen` (or the start position); `startpos` is accepted as a name for it. */
export function positionFromFen(fen: string | undefined): Position {
  const text = fen === undefined || fen.trim() === 'startpos' ? START_FEN : fen;
  const result = Position.fromFen(text);
  if (!result.ok) throw result.error;
  return result.value;
}

export function parseDepth(text: string, name = 'depth', max = 20): number {
  if (!/^\d+$/.test(text.trim())) throw new CliError('ERR_ARGUMENT', `${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < 1 || value > max) throw new CliError('ERR_ARGUMENT', `${name} must be between 1 and ${max}, got ${value}`);
  return value;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
