// Splits a PGN stream into games without holding the file in memory, where the library's parsePgn would: a game
// ends at its result (1-0, 0-1, 1/2-1/2, *) outside comments and variations, or where a tag section follows movetext.
// So a game without tags is a game of its own, as parsePgn reads it. Each game is then read by the library's
// parsePgnGame; this module only finds the boundaries and the tag lines' numbers. One pass, each character seen
// once (blank or `%` lines before a game cost nothing more), and no line longer than MAX_LINE_LENGTH is held.
import { createReadStream } from 'node:fs';
import { CliError } from '../errors.js';

/** One game's text as it stands in the file (lines joined with `\n`). */
export interface PgnChunk {
  /** 1-based line of the game's first line in the file. */
  startLine: number;
  text: string;
  /** Tag names to the 1-based file line of their first occurrence, and the values as written. */
  tags: Map<string, { line: number; value: string }>;
}

/** The longest line read (in UTF-16 units): a longer one is not PGN (a binary file, `/dev/zero`), and is refused. */
export const MAX_LINE_LENGTH = 1 << 20;

const TAG = /\[\s*([A-Za-z0-9_+#=:-]+)\s*"((?:[^"\\\r\n]|\\.)*)"\s*\]/y;
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
/** Characters that end a movetext word (as the library's scanner has them). */
const DELIMITERS = new Set([' ', '\t', '\r', '\n', '{', '}', '(', ')', '[', ']', ';', '$']);

/** Line by line, the games of a PGN text; `push` returns the games a line finished, `end` the last one. */
export class PgnSplitter {
  #lineNumber = 0;
  /** Pieces of the game being read, and where it started (0: no game started yet). */
  #parts: string[] = [];
  #startLine = 0;
  #tags = new Map<string, { line: number; value: string }>();
  #sawMovetext = false;
  #inComment = false;
  #depth = 0;

  push(rawLine: string): PgnChunk[] {
    this.#lineNumber++;
    const line = this.#lineNumber === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
    const done: PgnChunk[] = [];
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
          this.#tags.set(name, { line: this.#lineNumber, value: (match[2] as string).replace(/\\(.)/g, '$1') });
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
      while (end < length && !DELIMITERS.has(line[end] as string)) end++;
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

  end(): PgnChunk[] {
    const chunk = this.#finish('');
    return chunk ? [chunk] : [];
  }

  /** Ends the current game with `rest` (the start of the current line that belongs to it). */
  #finish(rest: string): PgnChunk | undefined {
    if (this.#startLine === 0) return undefined;
    this.#parts.push(rest);
    const chunk: PgnChunk = { startLine: this.#startLine, text: this.#parts.join(''), tags: this.#tags };
    this.#parts = [];
    this.#startLine = 0;
    this.#tags = new Map();
    this.#sawMovetext = false;
    this.#depth = 0;
    return chunk;
  }
}

/** Splits lines (from any source) into game chunks; the generator form keeps memory flat on huge files. */
export async function* splitPgnLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<PgnChunk> {
  const splitter = new PgnSplitter();
  for await (const line of lines) yield* splitter.push(line);
  yield* splitter.end();
}

/** The games of a PGN text held in memory. */
export function* splitPgnText(text: string): Generator<PgnChunk> {
  const splitter = new PgnSplitter();
  for (const line of text.split(/\r\n|\r|\n/)) yield* splitter.push(line);
  yield* splitter.end();
}

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
