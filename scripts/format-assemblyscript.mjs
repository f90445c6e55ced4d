// The one style for AssemblyScript: the rest of the tree's Biome formatter (biome.json's settings), applied to
// AssemblyScript sources. Biome cannot parse AssemblyScript's decorators on functions and constants (`@inline`,
// `@external(...)`, `@lazy`, …), so each file is formatted with every decorator turned into a comment that holds
// it (`/*@inline*/`), and the comments are turned back afterwards: the transformation is exactly undone, so only
// the formatting changes. Files that say "do not edit" (generated) are left to their generators.
// Usage: node scripts/format-assemblyscript.mjs [--write] DIR...   (without --write: list unformatted files, exit 1)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const write = args.includes('--write');
const dirs = args.filter((arg) => arg !== '--write');
if (dirs.length === 0) {
  console.error('usage: node scripts/format-assemblyscript.mjs [--write] DIR...');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
/** `@name` or `@name(args)` where a decorator may stand: at the start of a line or after whitespace. */
const DECORATOR = /(^|\s)(@[A-Za-z_$][\w$.]*(?:\([^()\n]*\))?)/gm;
const HELD = /\/\*(@[^*]*?)\*\//g;

/** The text with every decorator held in a comment, or an error when the text already has such a comment. */
function holdDecorators(text, file) {
  if (text.includes('/*@')) throw new Error(`${file}: a comment starting "/*@" would be taken for a decorator`);
  return text.replace(DECORATOR, (_, before, decorator) => `${before}/*${decorator}*/`);
}

function releaseDecorators(text) {
  return text.replace(HELD, '$1');
}

const sources = dirs.flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/do not edit/i.test(readFileSync(file, 'utf8').split('\n', 1)[0] ?? '')),
);

if (sources.length === 0) process.exit(0);
const work = mkdtempSync(path.join(tmpdir(), 'format-as-'));
try {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  writeFileSync(
    path.join(work, 'biome.json'),
    JSON.stringify({ formatter: config.formatter, javascript: { formatter: config.javascript.formatter } }),
  );
  const copies = sources.map((file, index) => {
    const copy = path.join(work, 'src', `${index}-${path.basename(file)}`);
    mkdirSync(path.dirname(copy), { recursive: true });
    writeFileSync(copy, holdDecorators(readFileSync(file, 'utf8'), file));
    return copy;
  });
  const run = spawnSync(process.execPath, [biome, 'format', '--write', '--colors=off', 'src'], {
    cwd: work,
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`.replaceAll(`${work}${path.sep}`, ''));
    throw new Error('Biome could not format the AssemblyScript sources (see above)');
  }
  const unformatted = [];
  sources.forEach((file, index) => {
    const formatted = releaseDecorators(readFileSync(copies[index], 'utf8'));
    if (formatted === readFileSync(file, 'utf8')) return;
    unformatted.push(path.relative(process.cwd(), file));
    if (write) writeFileSync(file, formatted);
  });
  if (write) {
    console.log(`formatted ${unformatted.length} of ${sources.length} AssemblyScript files`);
  } else if (unformatted.length > 0) {
    console.error(
      `${unformatted.length} AssemblyScript file(s) not formatted (run \`pnpm format\`):\n  ${unformatted.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
