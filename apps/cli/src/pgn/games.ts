// The games of a PGN file, streamed one by one and read by the library's parsePgnGame: what every `makruk pgn`
// command starts from. Problems carry the game's number and the FILE line (not the line inside the game's text).
import { parsePgnGame, type Game, type Result } from '@makruk/makruk';
import { CliError, type CliErrorCode } from '../errors.js';
import { splitPgnFile, type PgnChunk } from './split.js';

/** One problem of one game: its 1-based number in the file, the file line, a stable code and a message. */
export interface PgnProblem {
  game: number;
  line: number;
  code: CliErrorCode;
  message: string;
}

/** A game chunk of a file with its 1-based number. */
export interface NumberedChunk {
  number: number;
  chunk: PgnChunk;
}

/** Reads one chunk as a game; a problem names the file line (the chunk's start line added). */
export function parseChunk(chunk: PgnChunk, number: number): Result<Game, PgnProblem> {
  const parsed = parsePgnGame(chunk.text);
  if (parsed.ok) return parsed;
  const { error } = parsed;
  return {
    ok: false,
    error: {
      game: number,
      line: chunk.startLine + error.line - 1,
      code: error.code,
      message: error.message.replace(/^Line \d+: /, ''),
    },
  };
}

/** `FILE:LINE: game N: message`, the form every pgn command prints a problem in. */
export function describeProblem(file: string, problem: PgnProblem): string {
  return `${file}:${problem.line}: game ${problem.game}: ${problem.message}`;
}

/** A problem of a game as the CLI's failure: `makruk: CODE: FILE:LINE: game N: message`, exit code 2 (bad input). */
export function problemError(file: string, problem: PgnProblem): CliError {
  return new CliError(problem.code, describeProblem(file, problem));
}

/** The game chunks of a file, numbered from 1, streamed; an unreadable file is ERR_FILE. */
export async function* numberedChunks(file: string): AsyncGenerator<NumberedChunk> {
  let number = 0;
  try {
    for await (const chunk of splitPgnFile(file)) {
      number++;
      yield { number, chunk };
    }
  } catch (error) {
    throw fileError(file, error);
  }
}

/** A Node file-system failure as ERR_FILE (`cannot read FILE: ENOENT`); anything else unchanged. */
export function fileError(file: string, error: unknown, action: 'read' | 'write' = 'read'): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && !code.startsWith('ERR_'))
    return new CliError('ERR_FILE', `cannot ${action} ${file}: ${code}`);
  return error;
}
