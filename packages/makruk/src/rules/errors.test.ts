import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTING_ERROR_CODES, CountingError } from '@makruk/counting';
import { MAKRUK_ERROR_CODES, MakrukError, describeValue, isMakrukErrorCode, quoteInput } from './errors.js';
import { PgnError } from './pgn.js';
import { repoRoot } from '../testing/helpers.js';

/** Every source file of the workspace's packages (not node_modules, builds or generated output). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'build', 'coverage', '.turbo'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('MakrukErrorCode', () => {
  it('lists every quoted ERR_… literal in the sources of every package', () => {
    const files = sourceFiles(path.join(repoRoot, 'packages'));
    expect(files.length).toBeGreaterThan(50);
    const found = new Map<string, string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](ERR_[A-Z0-9_]+)['"`]/g)) {
        found.set(match[1] as string, path.relative(repoRoot, file));
      }
    }
    expect(found.size).toBeGreaterThan(40);
    const missing = [...found].filter(([code]) => !isMakrukErrorCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('includes the counting package codes, the engine codes and the wasm setFen names, each once', () => {
    const codes: string[] = [...MAKRUK_ERROR_CODES];
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of [
      'ERR_COUNT_PAWNS',
      'ERR_ENGINE_BUSY',
      'ERR_ENGINE_QUIT',
      'ERR_SEARCH_LIMITS',
      'ERR_FEN_LENGTH',
      'ERR_PGN_TAG_NAME',
      'ERR_EPD',
    ]) {
      expect(isMakrukErrorCode(code), code).toBe(true);
    }
    expect(isMakrukErrorCode(`ERR_${'NOPE'}`)).toBe(false);
    expect(isMakrukErrorCode(42)).toBe(false);
  });

  it("takes @makruk/counting's codes from that package: none is written again in the registry", () => {
    const registry = readFileSync(path.join(repoRoot, 'packages', 'makruk', 'src', 'rules', 'errors.ts'), 'utf8');
    expect(COUNTING_ERROR_CODES.length).toBeGreaterThan(5);
    expect(COUNTING_ERROR_CODES.filter((code) => registry.includes(`'${code}'`))).toEqual([]);
    for (const code of COUNTING_ERROR_CODES) expect(isMakrukErrorCode(code), code).toBe(true);
  });

  it('documents every code in the README table', () => {
    const readme = readFileSync(path.join(repoRoot, 'packages', 'makruk', 'README.md'), 'utf8');
    const undocumented = MAKRUK_ERROR_CODES.filter((code) => !readme.includes(`\`${code}\``));
    expect(undocumented).toEqual([]);
  });
});

describe('MakrukError: the one error base class', () => {
  it('carries code, message and the subclass name; subclasses are MakrukErrors', () => {
    const error = new MakrukError('ERR_KINGS', 'White has 0 kings.');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('MakrukError');
    expect(error.code).toBe('ERR_KINGS');
    const pgn = new PgnError('ERR_PGN_TAG', 'bad tag', 3);
    expect(pgn).toBeInstanceOf(MakrukError);
    expect(pgn.name).toBe('PgnError');
    expect(pgn.line).toBe(3);
    type ToolCode = `ERR_${'TOOL'}`;
    class ToolError extends MakrukError<ToolCode> {}
    const tool = new ToolError(`ERR_${'TOOL'}`, 'x', { cause: new CountingError('ERR_COUNT_PAWNS', 'pawns') });
    expect(tool.name).toBe('ToolError');
    expect(tool).toBeInstanceOf(MakrukError);
    expect((tool.cause as CountingError).code).toBe('ERR_COUNT_PAWNS');
  });
});

describe('quoteInput: bad input in messages', () => {
  it('quotes short input as it is', () => {
    expect(quoteInput('Nf3')).toBe("'Nf3'");
    expect(quoteInput('ม-ง๒')).toBe("'ม-ง๒'");
  });

  it('quotes at most a short prefix of a huge input, with its length', () => {
    const quoted = quoteInput('e'.repeat(1_000_000));
    expect(quoted).toBe(`'${'e'.repeat(40)}…' (1000000 characters)`);
    expect(quoteInput('abcdef', 3)).toBe("'abc…' (6 characters)");
  });

  it('shows control and invisible characters visibly', () => {
    expect(quoteInput('e4\u0000')).toBe("'e4\\u0000'");
    expect(quoteInput('a\nb\tc\r')).toBe("'a\\nb\\tc\\r'");
    expect(quoteInput('x\u200by\u202ez\u007f')).toBe("'x\\u200by\\u202ez\\u007f'");
  });

  it('never cuts a surrogate pair', () => {
    expect(quoteInput('🙂'.repeat(50), 2)).toBe("'🙂🙂…' (100 characters)");
  });

  it('describes values that are not strings by their type', () => {
    expect(quoteInput(null)).toBe('null');
    expect(quoteInput(undefined)).toBe('undefined');
    expect(quoteInput(42)).toBe('a number (42)');
    expect(quoteInput({ from: 'e3' })).toBe('an object');
    expect(quoteInput([1, 2])).toBe('an array (2 items)');
    expect(describeValue('e4')).toBe("a string 'e4'");
    expect(describeValue(Symbol('s'))).toBe('a symbol');
    expect(describeValue(() => 1)).toBe('a function');
  });
});
