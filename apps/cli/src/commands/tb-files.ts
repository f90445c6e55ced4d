// Tablebase files for `makruk tb`: `makruk tb generate --men N --out DIR` writes every table of N men (one file a
// table, named by its material: KRK.mtb, KRNK.mtb), and `makruk tb FEN --tables DIR` takes the tables a position
// needs from DIR when they are there. The bytes are the library's Tablebase.exportTable / importTable (a header with
// the material, format version and a checksum, then the table), so a damaged or foreign file is refused, not used.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Position, Tablebase } from '@makruk/makruk';
import { CliError } from '../errors.js';

/** A table file's name: its material and this extension. */
export const TABLE_EXTENSION = '.mtb';

/** One table `tb generate` wrote, as `--json` prints it. */
export interface GeneratedTable {
  material: string;
  file: string;
  bytes: number;
  /** Milliseconds to make the table (the smaller tables it needs the first time included) and export it. */
  ms: number;
}

const reasonOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));

/** `bytes` for people: 128.0 KB, 16.0 MB. */
export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What is at `dir`: a folder, nothing, or something else (a file). A stat that fails otherwise is ERR_FILE. */
function kindOf(dir: string, option: string): 'folder' | 'none' | 'other' {
  try {
    return statSync(dir).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return 'none';
    throw new CliError('ERR_FILE', `cannot read ${option} ${dir}: ${reasonOf(error)}`);
  }
}

/** Writes `bytes` to `file` through a temporary file beside it and a rename: a reader never sees half a table. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CliError('ERR_FILE', `cannot write ${file}: ${reasonOf(error)}`);
  }
}

/**
 * Makes every table of `men` men and writes each to `out` (made when missing; a file there is refused with
 * ERR_FILE), calling `done` after each. A table the module cannot make is a failure (exit 1).
 */
export async function generateTables(
  men: 3 | 4,
  out: string,
  done: (table: GeneratedTable) => void,
): Promise<GeneratedTable[]> {
  const kind = kindOf(out, '--out');
  if (kind === 'other') throw new CliError('ERR_FILE', `--out ${out} is not a folder`);
  if (kind === 'none') {
    try {
      mkdirSync(out, { recursive: true });
    } catch (error) {
      throw new CliError('ERR_FILE', `cannot make the folder ${out}: ${reasonOf(error)}`);
    }
  }
  const tablebase = await startTablebase();
  const tables: GeneratedTable[] = [];
  for (const material of Tablebase.materials(men)) {
    const started = performance.now();
    const bytes = tablebase.exportTable(material);
    const ms = performance.now() - started;
    if (!bytes.ok) throw new CliError(bytes.error.code, bytes.error.message, 1);
    const file = path.join(out, `${material}${TABLE_EXTENSION}`);
    writeAtomically(file, bytes.value);
    const table = { material, file, bytes: bytes.value.length, ms: Math.round(ms) };
    tables.push(table);
    done(table);
  }
  return tables;
}

/** A Tablebase, or ERR_TABLEBASE_MEMORY (exit 1) when its module does not start. */
export async function startTablebase(): Promise<Tablebase> {
  try {
    return await Tablebase.create();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError('ERR_TABLEBASE_MEMORY', `the tablebase module did not start: ${message}`, 1);
  }
}

/** The tables a position may need: its own and, for two pieces, the one-piece tables a capture leads to. */
function neededMaterials(material: string): string[] {
  if (material.length === 3) return [material];
  const parts = [`K${material[1]}K`, `K${material[2]}K`].filter((name) => Tablebase.materials(3).includes(name));
  return [material, ...new Set(parts)];
}

/**
 * Imports from `dir` the tables `position` needs that are there (`dir` must be a folder: ERR_FILE otherwise), and
 * returns the files it took. A file that is not its table (damaged, cut short, another material) is
 * ERR_TABLEBASE_BYTES, exit 2: bad input, as a bad FEN. A position with no table takes nothing (probe says why).
 */
export function importTables(tablebase: Tablebase, position: Position, dir: string): string[] {
  const kind = kindOf(dir, '--tables');
  if (kind === 'none') throw new CliError('ERR_FILE', `cannot read --tables ${dir}: ENOENT`);
  if (kind === 'other') throw new CliError('ERR_FILE', `--tables ${dir} is not a folder`);
  const material = tablebase.materialOf(position);
  if (!material.ok) return [];
  const taken: string[] = [];
  for (const name of neededMaterials(material.value)) {
    const file = path.join(dir, `${name}${TABLE_EXTENSION}`);
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') continue;
      throw new CliError('ERR_FILE', `cannot read ${file}: ${reasonOf(error)}`);
    }
    const imported = tablebase.importTable(bytes, name);
    if (!imported.ok) throw new CliError(imported.error.code, `${file}: ${imported.error.message}`);
    taken.push(path.basename(file));
  }
  return taken;
}
