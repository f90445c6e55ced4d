import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EpdError, parseEpd, parseEpdLine } from './epd.js';
import { MakrukError } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { balancedOpenings, perftSuite } from '../testing/helpers.js';

describe('parseEpd: EPD and FEN-per-line files', () => {
  it('reads a perft suite line: FEN ; D1 n ; D2 n', () => {
    const parsed = parseEpd(
      '1rs1k1nr/2mn1s2/pppppp1p/6p1/P2PP3/1PP2PPP/R2K4/1NS1MSNR w - - 1 6 ; D1 26 ; D2 549 ; D3 14659\n',
    );
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value).toHaveLength(1);
    const [record] = parsed.value;
    expect(record?.fen).toBe('1rs1k1nr/2mn1s2/pppppp1p/6p1/P2PP3/1PP2PPP/R2K4/1NS1MSNR w - - 1 6');
    expect([...(record?.perft ?? [])]).toEqual([
      [1, 26],
      [2, 549],
      [3, 14659],
    ]);
    expect(record?.operations[0]).toEqual({ opcode: 'D1', operands: ['26'] });
    expect(record?.position.legalMoves()).toHaveLength(26);
  });

  it('reads EPD with four fields and operations, plain FENs, blank lines and # comments', () => {
    const text = [
      '# openings',
      '',
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - bm e4; id "start \\"pos\\"";',
      `  ${INITIAL_FEN}  `,
      '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5',
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b',
    ].join('\r\n');
    const parsed = parseEpd(text);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value.map((record) => record.line)).toEqual([3, 4, 5, 6]);
    expect(parsed.value[0]?.fen).toBe(INITIAL_FEN);
    expect(parsed.value[0]?.operations).toEqual([
      { opcode: 'bm', operands: ['e4'] },
      { opcode: 'id', operands: ['start "pos"'] },
    ]);
    expect(parsed.value[1]?.operations).toEqual([]);
    expect(parsed.value[2]?.position.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(parsed.value[3]?.position.turn).toBe('black');
  });

  it("reads the repository's reference files (the perft suite, the balanced openings)", () => {
    for (const file of [perftSuite, balancedOpenings]) {
      const parsed = parseEpd(readFileSync(file, 'utf8'));
      if (!parsed.ok) throw parsed.error;
      expect(parsed.value.length).toBeGreaterThan(10);
    }
  });

  it('refuses a broken line with an EpdError (ERR_EPD) naming the line', () => {
    const cases: Array<[string, number, string]> = [
      ['8/8/8 w - - 0 1', 1, 'not a legal Makruk position'],
      [`${INITIAL_FEN}\nrnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS1MSNR w - - 0 1 ; D1 1`, 2, 'kings'],
      [`${INITIAL_FEN} ; D1 x`, 1, 'perft count'],
      [`${INITIAL_FEN} ; D1 23 5`, 1, 'perft count'],
      [`${INITIAL_FEN} ; id "open`, 1, 'unclosed quote'],
      [`${INITIAL_FEN} ; 9x 1`, 1, 'opcode'],
    ];
    for (const [text, line, words] of cases) {
      const parsed = parseEpd(text);
      expect(parsed.ok, text).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.error).toBeInstanceOf(EpdError);
      expect(parsed.error).toBeInstanceOf(MakrukError);
      expect(parsed.error.code).toBe('ERR_EPD');
      expect(parsed.error.line).toBe(line);
      expect(parsed.error.message).toContain(`Line ${line}:`);
      expect(parsed.error.message.toLowerCase()).toContain(words.toLowerCase());
    }
  });

  it('quotes a huge line briefly and gives typed errors for arguments that are not text', () => {
    const huge = parseEpd(`${'p'.repeat(1_000_000)} w - - 0 1`);
    expect(!huge.ok && huge.error.message.length).toBeLessThan(400);
    for (const bad of [null, undefined, 42, {}]) {
      const parsed = parseEpd(bad as unknown as string);
      expect(!parsed.ok && parsed.error.code).toBe('ERR_EPD');
      const one = parseEpdLine(bad as unknown as string);
      expect(!one.ok && one.error.code).toBe('ERR_EPD');
    }
    expect(parseEpdLine('   ')).toEqual({ ok: true, value: undefined });
  });
});
