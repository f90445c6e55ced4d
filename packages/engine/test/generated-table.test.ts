// The generators' shared command line (scripts/generated-table.mjs): `--from` takes tuned values into the JSON table
// and regenerates the module; a bad tuned file is one line on stderr and exit code 1, with both files untouched.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTableGenerator } from '../scripts/generated-table.mjs';

interface Table {
  values: Record<string, number>;
}

function fixture(): { dir: string; jsonPath: string; tsPath: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'generated-table-'));
  const jsonPath = path.join(dir, 'table.json');
  const tsPath = path.join(dir, 'table.ts');
  writeFileSync(jsonPath, `${JSON.stringify({ values: { a: 1, b: 2 } })}\n`);
  writeFileSync(tsPath, 'old\n');
  return { dir, jsonPath, tsPath };
}

const generator = (jsonPath: string, tsPath: string) => ({
  jsonPath,
  tsPath,
  applyTuned: (table: Table, tuned: unknown): Table => {
    const values = (tuned as { values?: Record<string, number> }).values ?? {};
    for (const name of Object.keys(values)) if (!(name in table.values)) throw new Error(`unknown value ${name}`);
    return { values: { ...table.values, ...values } };
  },
  formatJson: (table: Table) => `${JSON.stringify(table)}\n`,
  generateAssembly: (table: Table) => `export const A = ${table.values.a};\n`,
});

describe('runTableGenerator', () => {
  it('regenerates the module from the table; --from rewrites the table first', () => {
    const { dir, jsonPath, tsPath } = fixture();
    expect(runTableGenerator(generator(jsonPath, tsPath), [])).toEqual({ values: { a: 1, b: 2 } });
    expect(readFileSync(tsPath, 'utf8')).toBe('export const A = 1;\n');

    const tuned = path.join(dir, 'tuned.json');
    writeFileSync(tuned, JSON.stringify({ values: { a: 7 } }));
    runTableGenerator(generator(jsonPath, tsPath), ['--from', tuned]);
    expect(JSON.parse(readFileSync(jsonPath, 'utf8'))).toEqual({ values: { a: 7, b: 2 } });
    expect(readFileSync(tsPath, 'utf8')).toBe('export const A = 7;\n');
  });

  it('a bad tuned file: a one-line error, exit code 1, nothing written', () => {
    const { dir, jsonPath, tsPath } = fixture();
    const tuned = path.join(dir, 'tuned.json');
    writeFileSync(tuned, JSON.stringify({ values: { nope: 3 } }));
    const before = process.exitCode;
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      expect(runTableGenerator(generator(jsonPath, tsPath), ['--from', tuned])).toBeUndefined();
      expect(runTableGenerator(generator(jsonPath, tsPath), ['--from'])).toBeUndefined();
      expect(process.exitCode).toBe(1);
    } finally {
      console.error = original;
      process.exitCode = before;
    }
    expect(errors).toEqual(['error: unknown value nope', 'error: --from needs a file']);
    expect(readFileSync(tsPath, 'utf8')).toBe('old\n');
    expect(JSON.parse(readFileSync(jsonPath, 'utf8'))).toEqual({ values: { a: 1, b: 2 } });
  });

  it('the real scripts: an unknown search parameter is one line and exit code 1', () => {
    const { dir } = fixture();
    const tuned = path.join(dir, 'spsa.json');
    writeFileSync(tuned, JSON.stringify({ theta: { noSuchParameter: 1 } }));
    const script = new URL('../scripts/gen-search-params.mjs', import.meta.url);
    const run = spawnSync(process.execPath, [script.pathname, '--from', tuned], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('error: unknown search parameter noSuchParameter');
  });
});
