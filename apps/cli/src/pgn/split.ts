// Splits a PGN stream into games without holding the file in memory: a game ends where the next tag section
// starts (a line beginning with `[` after movetext, outside a `{…}` comment). Each game is then read by the
// library's parsePgn; this module only finds the boundaries and the tag lines' numbers.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One game's text as it stands in the file. */
export interface PgnChunk {
  /** 1-based line of the game's first line in the file. */
  startLine: number;
  text: string;
  /** Tag names to the 1-based file line of their first occurrence, and the values as written. */
  tags: Map<string, { line: number; value: string }>;
}

const TAG_LINE = /\[\s*([A-Za-z0-9_+#=:-]+)\s*"((?:[^"\\\r\n]|\\.)*)"\s*\]/g;

/** Splits lines (from any source) into game chunks; the generator form keeps memory flat on huge files. */
export async function* splitPgnLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<PgnChunk> {
  let current: string[] = [];
  let startLine = 1;
  let tags = new Map<string, { line: number; value: string }>();
  let sawMovetext = false;
  let inComment = false;
  let lineNumber = 0;
  const flush = (): PgnChunk | undefined => {
    const chunk = current.some((line) => !isFiller(line)) ? { startLine, text: current.join('\n'), tags } : undefined;
    current = [];
    tags = new Map();
    sawMovetext = false;
    return chunk;
  };
  for await (const raw of lines) {
    lineNumber++;
    const line = raw.replace(/^\uFEFF/, '');
    const trimmed = line.trimStart();
    if (!inComment && trimmed.startsWith('[')) {
      if (sawMovetext) {
        const chunk = flush();
        if (chunk) yield chunk;
      }
      if (current.every(isFiller)) {
        current = [];
        startLine = lineNumber;
      }
      for (const match of trimmed.matchAll(TAG_LINE)) {
        const name = match[1] as string;
        if (!tags.has(name)) tags.set(name, { line: lineNumber, value: (match[2] as string).replace(/\\(.)/g, '$1') });
      }
      current.push(line);
      continue;
    }
    if (current.every(isFiller)) {
      if (isFiller(line)) {
        current.push(line);
        continue;
      }
      current = [];
      startLine = lineNumber;
    }
    current.push(line);
    if (trimmed === '' || (!inComment && trimmed.startsWith('%'))) continue;
    sawMovetext = true;
    inComment = commentStateAfter(line, inComment);
  }
  const chunk = flush();
  if (chunk) yield chunk;
}

/** Blank lines and `%` escape lines: they belong to no game's start. */
function isFiller(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('%');
}

/** Whether a `{…}` comment is still open at the end of the line (`;` comments run to the end of the line). */
function commentStateAfter(line: string, open: boolean): boolean {
  let inComment = open;
  for (const char of line) {
    if (inComment) {
      if (char === '}') inComment = false;
    } else if (char === '{') inComment = true;
    else if (char === ';') break;
  }
  return inComment;
}

/** The games of a PGN file, streamed. */
export function splitPgnFile(file: string): AsyncGenerator<PgnChunk> {
  const input = createReadStream(file, { encoding: 'utf8' });
  return splitPgnLines(createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }));
}
