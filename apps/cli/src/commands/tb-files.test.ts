// `makruk tb generate` and `makruk tb FEN --tables DIR`: the built command end to end (files, their names and sizes,
// the lines it prints, --json, exit codes), and a probe from the files the same as one from generated tables.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tablebase } from '@makruk/makruk';
import type { GeneratedTable } from './tb-files.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ROOK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'; // K+R v K
const TWO_ROOKS_DRAW = '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1'; // issue 21: a mate exists, not within the count
const KHON_MET = '8/8/8/4k3/8/8/8/M1S1K3 w - - 0 1'; // K+S+M v K, a 16 MB table

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'makruk-tb-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The probe's report without the `tables:` line that --tables adds. */
const withoutTablesLine = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('tables:'))
    .join('\n');

describe('makruk tb generate', () => {
  it('--men 3: KRK.mtb and KSK.mtb, a line each (name, size, time, file), then the total', () => {
    const out = path.join(dir, 'three');
    const result = run('tb', 'generate', '--men', '3', '--out', out);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^KRK +128\\.0 KB +\\d+\\.\\d\\d s  ${out}/KRK\\.mtb$`));
    expect(lines[1]).toMatch(new RegExp(`^KSK +256\\.0 KB +\\d+\\.\\d\\d s  ${out}/KSK\\.mtb$`));
    expect(lines[2]).toMatch(/^2 tables, 384\.1 KB, \d+\.\d\d s in all$/);
    expect(readdirSync(out).sort()).toEqual(['KRK.mtb', 'KSK.mtb']); // no temporary file left
    expect(statSync(path.join(out, 'KRK.mtb')).size).toBe(32 + 2 * 65_536);
    expect(statSync(path.join(out, 'KSK.mtb')).size).toBe(32 + 2 * 131_072);
    expect(readFileSync(path.join(out, 'KRK.mtb')).subarray(0, 4).toString('latin1')).toBe('MKTB');
  });

  it('--men 4 --json: the ten K+X+Y v K tables, 8 MB each, 16 MB with a khon, into a folder it makes', () => {
    const out = path.join(dir, 'made', 'four');
    const result = run('tb', 'generate', '--men', '4', '--out', out, '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const tables = JSON.parse(result.stdout) as GeneratedTable[];
    // every four-man table the library has, in its order (Tablebase.materials owns the list)
    expect(tables.map((table) => table.material)).toEqual([...Tablebase.materials(4)]);
    expect(tables).toHaveLength(10);
    for (const table of tables) {
      expect(Object.keys(table).sort()).toEqual(['bytes', 'file', 'material', 'ms']);
      expect(table.file).toBe(path.join(out, `${table.material}.mtb`));
      expect(table.bytes).toBe(table.material.includes('S') ? 32 + 2 * 8_388_608 : 32 + 2 * 4_194_304);
      expect(statSync(table.file).size).toBe(table.bytes);
      expect(table.ms).toBeGreaterThanOrEqual(0);
    }
    expect(readdirSync(out)).toHaveLength(10);
  }, 180_000);

  it('again over the same folder: the files are replaced whole', () => {
    const out = path.join(dir, 'three');
    const before = readFileSync(path.join(out, 'KRK.mtb'));
    writeFileSync(path.join(out, 'KRK.mtb'), 'not a table');
    expect(run('tb', 'generate', '--men', '3', '--out', out).status).toBe(0);
    expect(readFileSync(path.join(out, 'KRK.mtb')).equals(before)).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['KRK.mtb', 'KSK.mtb']);
  });

  it('refuses a bad --men, a missing --out, an --out that is a file: exit 2 with the code', () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    for (const [args, stderr] of [
      [['--men', '5', '--out', dir], /^makruk: ERR_ARGUMENT: option '--men <n>' argument '5' is invalid/],
      [['--men', '2', '--out', dir], /^makruk: ERR_ARGUMENT: .*Expected a whole number from 3 to 4/],
      [['--men', 'four', '--out', dir], /^makruk: ERR_ARGUMENT: /],
      [['--out', dir], /^makruk: ERR_ARGUMENT: required option '--men <n>' not specified/],
      [['--men', '3'], /^makruk: ERR_ARGUMENT: required option '--out <dir>' not specified/],
      [['--men', '3', '--out', file], new RegExp(`^makruk: ERR_FILE: --out ${file} is not a folder\\n$`)],
      [['--men', '3', '--out', path.join(file, 'below')], /^makruk: ERR_FILE: cannot (make the folder|read --out) /],
      [['extra', '--men', '3', '--out', dir], /^makruk: ERR_ARGUMENT: too many arguments for 'generate'/],
    ] as const) {
      const result = run('tb', 'generate', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(stderr);
    }
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('is in the help', () => {
    const help = run('tb', 'generate', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: makruk tb generate [options]');
    expect(help.stdout).toContain('--men <n>');
    expect(run('tb', '--help').stdout).toMatch(/^ {2}generate \[options\] +write every tablebase of N men/m);
  });
});

describe('makruk tb --tables', () => {
  it('takes the tables from the folder: the same report as from generated tables, and says which files', () => {
    const four = path.join(dir, 'made', 'four');
    for (const [fen, files] of [
      [TWO_ROOKS_DRAW, 'KRRK.mtb'], // KRK.mtb is not in the folder: generated for the captures
      [KHON_MET, 'KSMK.mtb'],
    ] as const) {
      const generated = run('tb', fen);
      const loaded = run('tb', fen, '--tables', four);
      expect(loaded.stderr).toBe('');
      expect(loaded.status).toBe(0);
      expect(loaded.stdout.split('\n')[3]).toBe(`tables:   ${files} from ${four}`);
      expect(withoutTablesLine(loaded.stdout)).toBe(generated.stdout);
      expect(run('tb', fen, '--tables', four, '--json').stdout).toBe(run('tb', fen, '--json').stdout);
    }
    const three = path.join(dir, 'three');
    const rook = run('tb', ROOK, '--tables', three);
    expect(rook.stdout.split('\n')[3]).toBe(`tables:   KRK.mtb from ${three}`);
    const none = run('tb', TWO_ROOKS_DRAW, '--tables', three);
    expect(none.stdout.split('\n')[3]).toBe(`tables:   KRK.mtb from ${three}`); // KRRK generated, KRK taken
    const empty = run('tb', ROOK, '--tables', dir);
    expect(empty.status).toBe(0);
    expect(empty.stdout.split('\n')[3]).toBe(`tables:   none in ${dir}: generated`);
  }, 120_000);

  it('a file that is not its table: ERR_TABLEBASE_BYTES, exit 2, saying why', () => {
    const bad = path.join(dir, 'bad');
    run('tb', 'generate', '--men', '3', '--out', bad);
    const rook = readFileSync(path.join(bad, 'KRK.mtb'));
    const cases: [Buffer | Uint8Array, RegExp][] = [
      [Buffer.concat([rook.subarray(0, 5000), Buffer.from([(rook[5000] ?? 0) ^ 1]), rook.subarray(5001)]), /checksum/],
      [rook.subarray(0, 4096), /length/],
      [readFileSync(path.join(bad, 'KSK.mtb')), /material/],
      [Buffer.from('not a table at all'), /length/],
    ];
    for (const [bytes, why] of cases) {
      writeFileSync(path.join(bad, 'KRK.mtb'), bytes);
      const result = run('tb', ROOK, '--tables', bad);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^makruk: ERR_TABLEBASE_BYTES: ${bad}/KRK\\.mtb: not the table KRK: `));
      expect(result.stderr).toMatch(why);
    }
  });

  it('a folder that is not there or is a file: ERR_FILE, exit 2', () => {
    const missing = run('tb', ROOK, '--tables', path.join(dir, 'nope'));
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toBe(`makruk: ERR_FILE: cannot read --tables ${path.join(dir, 'nope')}: ENOENT\n`);
    const file = path.join(dir, 'three', 'KRK.mtb');
    expect(run('tb', ROOK, '--tables', file).stderr).toBe(`makruk: ERR_FILE: --tables ${file} is not a folder\n`);
  });
});
