// Where the games of a PGN text begin and end, without reading them: the streaming splitter every tool that reads
// files game by game shares (the CLI's `makruk pgn` commands). A game ends where parsePgn ends it — at its result
// (1-0, 0-1, 1/2-1/2, *) outside comments and variations, or where a tag section follows movetext — so a game without
// tags is a game of its own. One pass, each character seen once; the tokens are pgn-scanner.ts's.
import { argumentError } from './errors.js';
import { RESULTS, TAG, isDelimiter, unescapeTag } from './pgn-scanner.js';

/** One game's text as it stands in the file (lines joined with `\n`). */
export interface PgnGameText {
  /** 1-based line of the game's first line in the file. */
  startLine: number;
  text: string;
  /** Tag names to the 1-based file line of their first occurrence, and the values as written. */
  tags: Map<string, { line: number; value: string }>;
}

/**
 * Line by line, the games of a PGN text, without reading them: `push` takes the next line (without its line end) and
 * returns the games it finished, `end` the last one. Feed it a file as it streams in and memory stays flat.
 */
export class PgnSplitter {
  #lineNumber = 0;
  /** Pieces of the game being read, and where it started (0: no game started yet). */
  #parts: string[] = [];
  #startLine = 0;
  #tags = new Map<string, { line: number; value: string }>();
  #sawMovetext = false;
  #inComment = false;
  #depth = 0;

  push(rawLine: string): PgnGameText[] {
    if (typeof rawLine !== 'string') throw argumentError("PgnSplitter.push's line", 'a string', rawLine);
    this.#lineNumber++;
    const line = this.#lineNumber === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
    const done: PgnGameText[] = [];
    // '%' in the first column outside a comment: an escape line, part of no game's start
    if (!this.#inComment && line.startsWith('%')) {
      if (this.#startLine > 0) this.#parts.push(line, '\n');
      return done;
    }
    /** Where the part of the line that belongs to the current game starts. */
    let from = 0;
    let i = 0;
    const length = line.length;
    const begin = (at: number): void => {
      if (this.#startLine === 0) {
        this.#startLine = this.#lineNumber;
        from = at;
      }
    };
    while (i < length) {
      const char = line[i] as string;
      if (this.#inComment) {
        const close = line.indexOf('}', i);
        if (close < 0) break;
        this.#inComment = false;
        i = close + 1;
        continue;
      }
      if (char === ' ' || char === '\t' || char === '\r') {
        i++;
        continue;
      }
      if (char === ';') {
        begin(i);
        this.#sawMovetext = true;
        break;
      }
      if (char === '{') {
        begin(i);
        this.#sawMovetext = true;
        this.#inComment = true;
        i++;
        continue;
      }
      if (char === '[' && this.#depth === 0) {
        if (this.#sawMovetext) {
          const chunk = this.#finish(line.slice(from, i));
          if (chunk) done.push(chunk);
        }
        begin(i);
        TAG.lastIndex = i;
        const match = TAG.exec(line);
        if (!match) {
          i = length; // not a tag: the library names the problem
          continue;
        }
        const name = match[1] as string;
        if (!this.#tags.has(name))
          this.#tags.set(name, { line: this.#lineNumber, value: unescapeTag(match[2] as string) });
        i += (match[0] as string).length;
        continue;
      }
      begin(i);
      this.#sawMovetext = true;
      if (char === '(' || char === ')') {
        this.#depth = Math.max(0, this.#depth + (char === '(' ? 1 : -1));
        i++;
        continue;
      }
      let end = i + 1;
      while (end < length && !isDelimiter(line.charCodeAt(end))) end++;
      if (this.#depth === 0 && RESULTS.has(line.slice(i, end))) {
        const chunk = this.#finish(line.slice(from, end));
        if (chunk) done.push(chunk);
        from = end;
      }
      i = end;
    }
    if (this.#startLine > 0) this.#parts.push(line.slice(from), '\n');
    return done;
  }

  end(): PgnGameText[] {
    const chunk = this.#finish('');
    return chunk ? [chunk] : [];
  }

  /** Ends the current game with `rest` (the start of the current line that belongs to it). */
  #finish(rest: string): PgnGameText | undefined {
    if (this.#startLine === 0) return undefined;
    this.#parts.push(rest);
    const chunk: PgnGameText = { startLine: this.#startLine, text: this.#parts.join(''), tags: this.#tags };
    this.#parts = [];
    this.#startLine = 0;
    this.#tags = new Map();
    this.#sawMovetext = false;
    this.#depth = 0;
    return chunk;
  }
}

/** The games of lines from any source (a file streamed line by line), one by one. */
export async function* splitPgnLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<PgnGameText> {
  const splitter = new PgnSplitter();
  for await (const line of lines) yield* splitter.push(line);
  yield* splitter.end();
}

/** The games of a PGN text, one by one (`\n`, `\r\n` and a lone `\r` end a line). */
export function* splitPgnText(text: string): Generator<PgnGameText> {
  if (typeof text !== 'string') throw argumentError("splitPgnText's text", 'a string', text);
  const splitter = new PgnSplitter();
  for (const line of text.split(/\r\n|\r|\n/)) yield* splitter.push(line);
  yield* splitter.end();
}
