// The one PGN scanner: tags, `{ }` and `;` comments, `%` escape lines, variation brackets, NAGs, move numbers, moves
// with their `!`/`?` suffixes, results, reported to a visitor in text order with their lines. It reports what is
// broken in the text itself (an unclosed comment, a stray bracket, a bad NAG or move number); what the tokens mean
// is pgn.ts's. A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files).
import { MakrukError, PGN_ERROR_CODES, quoteInput } from './errors.js';

export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

/** A broken PGN: a stable `code`, the 1-based `line` where the problem is (also in the message). */
export class PgnError extends MakrukError<PgnErrorCode> {
  readonly line: number;
  constructor(code: PgnErrorCode, message: string, line: number) {
    super(code, `Line ${line}: ${message}`);
    this.line = line;
  }
}

export type Failure = { ok: false; error: PgnError };

export function fail(code: PgnErrorCode, message: string, line: number): Failure {
  return { ok: false, error: new PgnError(code, message, line) };
}

export const RESULTS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);
/** The move-suffix glyphs and their NAGs (PGN standard 8.2.4): the one owner; the page shows NAGs 1–6 with these. */
export const NAG_SYMBOLS: Readonly<Record<number, string>> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
const SUFFIX_NAGS: Record<string, number> = Object.fromEntries(
  Object.entries(NAG_SYMBOLS).map(([nag, symbol]) => [symbol, Number(nag)]),
);
/** A tag: a PGN symbol, then a quoted value with `\` escapes, on one line (spaces around may break lines). */
export const TAG = /\[\s*([A-Za-z0-9_+#=:-]+)\s*"((?:[^"\\\r\n]|\\.)*)"\s*\]/y;
/** Characters that end a movetext token. */
const DELIMITER_CODES = new Uint8Array(128);
for (const char of ' \t\r\n{}()[];$') DELIMITER_CODES[char.charCodeAt(0)] = 1;

/** A movetext word ends at this character (code). */
export function isDelimiter(code: number): boolean {
  return code < 128 && DELIMITER_CODES[code] === 1;
}

/** What the PGN scanner reports, in text order. Move numbers are dropped; a `!`/`?` suffix comes as the move's NAG. */
export type PgnEvent =
  | { type: 'tag'; name: string; value: string }
  | { type: 'comment'; body: string }
  | { type: 'nag'; nag: number }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'move'; san: string; nag: number | undefined }
  | { type: 'result'; result: string };

/** Handles one event at its (1-based) line: a Failure stops the scan with it, 'stop' ends it quietly. */
export type PgnVisitor = (event: PgnEvent, line: number) => Failure | 'stop' | undefined;

/** Scans `text`, whose first line is line `firstLine` of its file. */
export function scanPgn(text: string, visit: PgnVisitor, firstLine = 1): Failure | undefined {
  let i = 0;
  let line = firstLine;
  const length = text.length;

  while (i < length) {
    const char = text[i] as string;
    if (char === '\n') {
      line++;
      i++;
      continue;
    }
    if (char === '\r') {
      if (text[i + 1] !== '\n') line++; // a lone CR ends a line; CR LF is counted at the LF
      i++;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\uFEFF') {
      i++;
      continue;
    }
    // '%' in the first column: an escape line, ignored
    if (char === '%' && (i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r')) {
      i = endOfLine(text, i);
      continue;
    }
    let outcome: Failure | 'stop' | undefined;
    if (char === '[') {
      TAG.lastIndex = i;
      const match = TAG.exec(text);
      if (!match) {
        return fail(
          'ERR_PGN_TAG',
          `A tag must look like [Name "value"]: ${quoteInput(text.slice(i, endOfLine(text, i)))}.`,
          line,
        );
      }
      outcome = visit({ type: 'tag', name: match[1] as string, value: unescapeTag(match[2] as string) }, line);
      line += countLines(match[0] as string);
      i += (match[0] as string).length;
    } else if (char === '{' || char === ';') {
      const startLine = line;
      let body: string;
      if (char === '{') {
        const close = text.indexOf('}', i + 1);
        if (close < 0) return fail('ERR_PGN_COMMENT', "A comment opened with '{' is never closed with '}'.", startLine);
        body = text.slice(i + 1, close);
        i = close + 1;
      } else {
        const end = endOfLine(text, i);
        body = text.slice(i + 1, end);
        i = end;
      }
      line += countLines(body);
      outcome = visit({ type: 'comment', body }, startLine);
    } else if (char === '(' || char === ')') {
      outcome = visit({ type: char === '(' ? 'open' : 'close' }, line);
      i++;
    } else if (char === '}') {
      return fail('ERR_PGN_COMMENT', "'}' closes a comment that was never opened.", line);
    } else if (char === ']') {
      return fail('ERR_PGN_TOKEN', "']' outside a tag.", line);
    } else if (char === '$') {
      let end = i + 1;
      while (end < length && isDigit(text.charCodeAt(end))) end++;
      const digits = text.slice(i + 1, end);
      if (digits === '' || digits.length > 3 || Number(digits) > 255) {
        return fail(
          'ERR_PGN_TOKEN',
          `A NAG is '$' and a number 0–255, not ${quoteInput(text.slice(i, Math.max(end, i + 1)))}.`,
          line,
        );
      }
      outcome = visit({ type: 'nag', nag: Number(digits) }, line);
      i = end;
    } else {
      // a word: result, move number, or move (character codes, not regular expressions: this runs once a move)
      let end = i;
      while (end < length && !isDelimiter(text.charCodeAt(end))) end++;
      const token = text.slice(i, end);
      i = end;
      if (RESULTS.has(token)) {
        outcome = visit({ type: 'result', result: token }, line);
      } else {
        let san = token;
        let digits = 0;
        while (digits < token.length && isDigit(token.charCodeAt(digits))) digits++;
        if (digits > 0) {
          let dots = digits;
          while (dots < token.length && token.charCodeAt(dots) === 46) dots++;
          if (dots === token.length) continue; // "12." or "12..." (or a bare number)
          if (dots === digits)
            return fail('ERR_PGN_TOKEN', `${quoteInput(token)} is neither a move number nor a move.`, line);
          san = token.slice(dots);
          if (RESULTS.has(san))
            return fail('ERR_PGN_TOKEN', `${quoteInput(token)}: a result cannot follow a move number.`, line);
        }
        // a '!'/'?' suffix (at most two characters) is a NAG
        let cut = san.length;
        while (cut > 0 && san.length - cut < 2 && (san[cut - 1] === '!' || san[cut - 1] === '?')) cut--;
        let nag: number | undefined;
        if (cut > 0 && cut < san.length) {
          nag = SUFFIX_NAGS[san.slice(cut)];
          san = san.slice(0, cut);
        }
        outcome = visit({ type: 'move', san, nag }, line);
      }
    }
    if (outcome === 'stop') return undefined;
    if (outcome) return outcome;
  }
  return undefined;
}

/** Where the line holding `from` ends (its `\n` or `\r`, or the end of the text). */
export function endOfLine(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) return i;
  }
  return text.length;
}

/** The line breaks in a piece of text (`\n`, `\r\n` and a lone `\r` each count once). */
export function countLines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function unescapeTag(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}
