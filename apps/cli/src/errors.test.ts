// Every code the CLI can print is declared (library, match runner or CLI list) and documented in the README table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAKRUK_ERROR_CODES } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { CLI_ERROR_CODES, CliError } from './errors.js';
import { MATCH_ERROR_CODES } from './match/errors.js';

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const codesInSources = new Set(
  sourceFiles(src)
    .flatMap((file) => readFileSync(file, 'utf8').match(/'ERR_[A-Z_]+'/g) ?? [])
    .map((quoted) => quoted.slice(1, -1)),
);

describe('error codes', () => {
  it('every ERR_ literal in the CLI sources is a declared code', () => {
    const declared = new Set<string>([...MAKRUK_ERROR_CODES, ...MATCH_ERROR_CODES, ...CLI_ERROR_CODES]);
    expect(codesInSources.size).toBeGreaterThan(10);
    expect([...codesInSources].filter((code) => !declared.has(code))).toEqual([]);
  });

  it('declares no code twice: none the library owns, none in both the CLI and the match runner lists', () => {
    const library = new Set<string>(MAKRUK_ERROR_CODES);
    const cli = new Set<string>(CLI_ERROR_CODES);
    expect([...CLI_ERROR_CODES, ...MATCH_ERROR_CODES].filter((code) => library.has(code))).toEqual([]);
    expect(MATCH_ERROR_CODES.filter((code) => cli.has(code))).toEqual([]);
  });

  it("the README's table documents every code of the CLI's own and the match runner's", () => {
    const readme = readFileSync(path.join(src, '..', 'README.md'), 'utf8');
    const undocumented = [...CLI_ERROR_CODES, ...MATCH_ERROR_CODES, 'ERR_ARGUMENT'].filter(
      (code) => !readme.includes(`| \`${code}\` |`),
    );
    expect(undocumented).toEqual([]);
  });

  it('a CliError is a MakrukError with its code and exit code', () => {
    const error = new CliError('ERR_FILE', 'cannot read x.pgn', 1);
    expect(error.code).toBe('ERR_FILE');
    expect(error.exitCode).toBe(1);
    expect(error.name).toBe('CliError');
  });
});
