import { CliError } from './errors.js';

/** One line of a perft suite: `FEN ; D1 n ; D2 n ; …`. */
export interface PerftCase {
  line: number;
  fen: string;
  expected: Map<number, number>;
}

export function parsePerftEpd(text: string): PerftCase[] {
  const cases: PerftCase[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const [fen, ...fields] = content.split(';').map((part) => part.trim());
    if (!fen) throw new CliError('ERR_EPD', `line ${line}: no FEN before the first ";"`);
    const expected = new Map<number, number>();
    for (const field of fields) {
      if (field === '') continue;
      const match = /^D(\d+)\s+(\d+)$/.exec(field);
      if (!match) throw new CliError('ERR_EPD', `line ${line}: expected "D<depth> <nodes>", got "${field}"`);
      expected.set(Number(match[1]), Number(match[2]));
    }
    if (expected.size === 0) throw new CliError('ERR_EPD', `line ${line}: no "D<depth> <nodes>" counts`);
    cases.push({ line, fen, expected });
  });
  return cases;
}
