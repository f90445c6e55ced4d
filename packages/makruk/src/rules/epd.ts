// EPD and FEN-per-line files: opening books, perft suites, test positions. One reader for all of them.
// A line is a position (a full 6-field FEN, or EPD's first 4 fields, or fewer fields that parseFen completes),
// then operations: `opcode operand …;` as EPD writes them (`bm Nd2; id "x";`) or `; D1 26 ; D2 549` as perft suites
// do. Blank lines and lines starting with `#` are skipped. Every position must be legal.
import { MakrukError, describeValue, quoteInput, type EPD_ERROR_CODES } from './errors.js';
import { Position } from './position.js';
import type { Result } from './types.js';

/** One EPD operation: `D3 14659` is `{ opcode: 'D3', operands: ['14659'] }`; quoted operands lose their quotes. */
export interface EpdOperation {
  opcode: string;
  operands: string[];
}

/** One position of an EPD/FEN file. */
export interface EpdRecord {
  /** 1-based line in the text. */
  line: number;
  /** The position's FEN as `Position.fen()` writes it (missing fields completed). */
  fen: string;
  position: Position;
  /** Operations in the order written. */
  operations: EpdOperation[];
  /** Perft counts of the `D<depth> <nodes>` operations: `perft.get(3)` = nodes at depth 3. */
  perft: Map<number, number>;
}

/** A line of an EPD/FEN file that is not a legal position or has broken operations; `line` is 1-based. */
export class EpdError extends MakrukError<(typeof EPD_ERROR_CODES)[number]> {
  readonly line: number;
  constructor(message: string, line: number, options?: { cause?: unknown }) {
    super('ERR_EPD', `Line ${line}: ${message}`, options);
    this.line = line;
  }
}

/** Splits operands, keeping "quoted strings" (with \" and \\ escapes) whole. */
function splitOperands(text: string): string[] | undefined {
  const out: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (!match) return undefined; // an unclosed quote
    out.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] as string));
    index = pattern.lastIndex;
  }
  return out;
}

/**
 * Reads one line. `undefined` for a blank line or a `#` comment. Errors: EpdError (ERR_EPD) naming the line.
 */
export function parseEpdLine(text: string, line = 1): Result<EpdRecord | undefined, EpdError> {
  if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1) line = 1;
  if (typeof text !== 'string')
    return { ok: false, error: new EpdError(`An EPD line is text, not ${describeValue(text)}.`, line) };
  const content = text.trim();
  if (content === '' || content.startsWith('#')) return { ok: true, value: undefined };
  const semicolon = content.indexOf(';');
  const head = (semicolon < 0 ? content : content.slice(0, semicolon)).trim();
  const segments = semicolon < 0 ? [] : content.slice(semicolon + 1).split(';');
  const fields = head.split(/\s+/);

  // The position: six fields if they make a legal position, else EPD's four (the rest of the head is an operation).
  let position: Position | undefined;
  let used = 0;
  let firstError: MakrukError | undefined;
  const tries = fields.length > 4 ? [Math.min(6, fields.length), 4] : [fields.length];
  for (const count of tries) {
    const parsed = Position.fromFen(fields.slice(0, count).join(' '));
    if (parsed.ok) {
      position = parsed.value;
      used = count;
      break;
    }
    firstError ??= parsed.error;
  }
  if (position === undefined) {
    return {
      ok: false,
      error: new EpdError(`${quoteInput(head)} is not a legal Makruk position: ${firstError?.message ?? ''}`, line, {
        cause: firstError,
      }),
    };
  }

  const operations: EpdOperation[] = [];
  const perft = new Map<number, number>();
  const rest = fields.slice(used).join(' ');
  for (const segment of [rest, ...segments]) {
    const operands = splitOperands(segment.trim());
    if (operands === undefined)
      return {
        ok: false,
        error: new EpdError(`An operation has an unclosed quote: ${quoteInput(segment.trim())}.`, line),
      };
    const opcode = operands.shift();
    if (opcode === undefined) continue;
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(opcode)) {
      return {
        ok: false,
        error: new EpdError(
          `${quoteInput(opcode)} is not an EPD opcode (a letter, then letters, digits or '_').`,
          line,
        ),
      };
    }
    const depth = /^D(\d{1,3})$/.exec(opcode);
    if (depth) {
      const nodes = operands[0];
      if (operands.length !== 1 || nodes === undefined || !/^\d{1,16}$/.test(nodes)) {
        return {
          ok: false,
          error: new EpdError(`A perft count is "${opcode} <nodes>", not ${quoteInput(segment.trim())}.`, line),
        };
      }
      perft.set(Number(depth[1]), Number(nodes));
    }
    operations.push({ opcode, operands });
  }
  return { ok: true, value: { line, fen: position.fen(), position, operations, perft } };
}

/**
 * Reads every position of an EPD/FEN text (opening books, perft suites). Never throws: the first broken line gives
 * an EpdError (ERR_EPD) with its 1-based `line`.
 */
export function parseEpd(text: string): Result<EpdRecord[], EpdError> {
  if (typeof text !== 'string')
    return { ok: false, error: new EpdError(`The EPD text must be text, not ${describeValue(text)}.`, 1) };
  const records: EpdRecord[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const parsed = parseEpdLine(lines[index] as string, index + 1);
    if (!parsed.ok) return parsed;
    if (parsed.value) records.push(parsed.value);
  }
  return { ok: true, value: records };
}
