// Import-cycle check for AssemblyScript sources (usage: node scripts/lint-assemblyscript.mjs DIR...).
// Biome cannot parse AssemblyScript's decorators on functions (`@inline function`, `@external(...) declare`), so
// biome.json leaves these folders out. This copies each DIR's .ts files to a temporary folder with the decorators
// blanked out (same lines and columns), and runs Biome's noImportCycles there: the same rule as the rest of the tree.
// Other lint rules would misfire on AssemblyScript (i32, u64, unchecked(), …), so only that rule runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/lint-assemblyscript.mjs DIR...');
  process.exit(2);
}

const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const work = mkdtempSync(path.join(tmpdir(), 'lint-as-'));
/** `@name` or `@name(args)` where a decorator may stand: at the start of a line or after whitespace. */
const DECORATOR = /(^|\s)(@[A-Za-z_$][\w$.]*(?:\([^()\n]*\))?)/gm;

try {
  writeFileSync(
    path.join(work, 'biome.json'),
    JSON.stringify({
      formatter: { enabled: false },
      assist: { enabled: false },
      linter: {
        rules: {
          preset: 'none',
          suspicious: { noImportCycles: { level: 'error', options: { ignoreTypes: false } } },
        },
      },
    }),
  );
  dirs.forEach((dir, index) => {
    // The copy keeps the folder's path from here, so Biome's messages name the real files.
    const relative = path.relative(process.cwd(), path.resolve(dir));
    const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    const copy = path.join(work, inside ? relative : `outside-${index}`);
    if (!inside) console.log(`outside-${index} = ${dir}`);
    cpSync(dir, copy, { recursive: true, filter: (source) => !/(^|[\\/])node_modules$/.test(source) });
    for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      writeFileSync(
        file,
        text.replace(DECORATOR, (_, before, decorator) => before + ' '.repeat(decorator.length)),
      );
    }
  });
  const run = spawnSync(process.execPath, [biome, 'lint', '--colors=off', '--max-diagnostics=none', '.'], {
    cwd: work,
    encoding: 'utf8',
  });
  const real = (text) => text.replaceAll(`${work}${path.sep}`, '');
  process.stdout.write(real(run.stdout ?? ''));
  process.stderr.write(real(run.stderr ?? ''));
  if (run.error) throw run.error;
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
