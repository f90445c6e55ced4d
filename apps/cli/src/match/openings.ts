/**
 * Opening files: one position a line (EPD or full FEN; blank lines and `#` comments skipped), read by the library's
 * `parseEpd` (EPD lines with only four fields or with trailing `opcode …;` operations are completed with `0 1`).
 */
import { readFileSync } from 'node:fs';
import { mulberry32, parseEpd } from '@makruk/makruk';
import { MatchError } from './errors.js';

export interface Opening {
  fen: string;
  /** 1-based line in the file, for messages. */
  line: number;
}

/** Parses the text of an opening file (the library's EPD reader); every position must be legal (MatchError ERR_OPENING_FEN otherwise). */
export function parseOpenings(text: string, source = 'openings'): Opening[] {
  const parsed = parseEpd(text);
  if (!parsed.ok) {
    const reason = parsed.error.message.replace(/^Line \d+: /, '');
    throw new MatchError('ERR_OPENING_FEN', `${source}:${parsed.error.line}: ${reason}`);
  }
  return parsed.value.map((record) => ({ fen: record.fen, line: record.line }));
}

/** Reads an opening file; MatchError ERR_OPENINGS_FILE when it cannot be read or holds no position. */
export function loadOpenings(file: string): Opening[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new MatchError(
      'ERR_OPENINGS_FILE',
      `cannot read openings file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const openings = parseOpenings(text, file);
  if (openings.length === 0) throw new MatchError('ERR_OPENINGS_FILE', `openings file ${file} holds no position`);
  return openings;
}

/** The openings in a seeded random order (Fisher–Yates); the input is left as it is. */
export function shuffleOpenings(openings: readonly Opening[], seed: number): Opening[] {
  const random = mulberry32(seed); // the same seed gives the same order on every machine
  const list = [...openings];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as Opening, list[i] as Opening];
  }
  return list;
}
