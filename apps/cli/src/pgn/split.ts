// The games of a PGN file, streamed: the file's lines (with a length limit) fed to the library's PgnSplitter, which
// ends a game where parsePgn does (its result, or a tag section after movetext). Each game is then read by the
// library's parsePgnGame; nothing here knows PGN's tokens.
import { createReadStream } from 'node:fs';
import { splitPgnLines, type PgnGameText } from '@makruk/makruk';
import { CliError } from '../errors.js';

/** One game's text as it stands in the file, from the library's splitter. */
export type PgnChunk = PgnGameText;

/** The longest line read (in UTF-16 units): a longer one is not PGN (a binary file, `/dev/zero`), and is refused. */
export const MAX_LINE_LENGTH = 1 << 20;

/**
 * The lines of a file, streamed (`\n`, `\r\n` and a lone `\r` end a line, as the library counts them). A line longer
 * than MAX_LINE_LENGTH is ERR_PGN_LINE with its number: a PGN file has no such line, and holding it could take all
 * the memory there is.
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
  let pending = '';
  let lineNumber = 0;
  try {
    for await (const piece of input as AsyncIterable<string>) {
      let text = pending + piece;
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code !== 10 && code !== 13) continue;
        if (code === 13 && i + 1 === text.length) break; // a '\r' at the end: '\n' may follow in the next piece
        lineNumber++;
        yield text.slice(start, i);
        if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
        start = i + 1;
      }
      text = text.slice(start);
      if (text.length > MAX_LINE_LENGTH) {
        throw new CliError(
          'ERR_PGN_LINE',
          `${file}:${lineNumber + 1}: a line longer than ${MAX_LINE_LENGTH} characters: not a PGN file`,
        );
      }
      pending = text;
    }
    if (pending.endsWith('\r')) pending = pending.slice(0, -1);
    if (pending !== '') yield pending;
  } finally {
    input.destroy();
  }
}

/** The games of a PGN file, streamed. */
export function splitPgnFile(file: string): AsyncGenerator<PgnChunk> {
  return splitPgnLines(readLines(file));
}
