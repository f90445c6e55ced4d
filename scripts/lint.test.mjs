// The lint step of `pnpm test`: the root `lint` script must pass on the whole tree, and its import-cycle rule must
// really fire on a cycle (checked on small temporary projects with the repository's own biome.json).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const work = mkdtempSync(path.join(tmpdir(), 'lint-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A folder of files, with the repository's biome.json (outside git, so without its vcs setting). */
function project(name, files) {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('lint', () => {
  test('the root `lint` script passes on the whole tree', () => {
    const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.lint;
    const bin = path.join(root, 'node_modules', '.bin');
    const result = spawnSync('sh', ['-c', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    });
    // On failure the message is the linter's own report.
    expect(result.status, `pnpm lint failed:\n${result.stdout}${result.stderr}`).toBe(0);
  });

  test.each([
    [
      'a cycle between TypeScript modules (imported as .js, as the packages do)',
      {
        'a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
        'b.ts': "import { a } from './a.js';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n",
      },
    ],
    [
      'a cycle made only of type imports (no cycle anywhere)',
      {
        'a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
        'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
      },
    ],
  ])('biome.json fails %s', (what, files) => {
    const result = run(process.execPath, [biome, 'lint', '.'], project(what.slice(0, 20), files));
    expect(result.output).toContain('lint/suspicious/noImportCycles');
    expect(result.status).not.toBe(0);
  });

  test('biome.json passes the same modules without the cycle', () => {
    const chain = project('chain', {
      'a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
      'b.ts': 'export const b = (): number => 0;\n',
    });
    const result = run(process.execPath, [biome, 'lint', '.'], chain);
    expect(result.output).not.toContain('noImportCycles');
    expect(result.status, result.output).toBe(0);
  });

  const assemblyScript = {
    'a.ts': "import { b } from './b';\n@inline export function a(x: i32): i32 { return b(x) + 1; }\n",
    'b.ts':
      "import { a } from './a';\n// @ts-ignore: decorator\n@external('host', 'now') declare function now(): f64;\n" +
      'export function b(x: i32): i32 { return x > 0 ? a(x - 1) : <i32>now(); }\n',
  };

  test('the AssemblyScript check fails a cycle between decorated modules', () => {
    const dir = path.join(work, 'as-cycle');
    mkdirSync(dir);
    for (const [file, text] of Object.entries(assemblyScript)) writeFileSync(path.join(dir, file), text);
    const result = run(process.execPath, [path.join(root, 'scripts', 'lint-assemblyscript.mjs'), dir], root);
    expect(result.output).toContain('lint/suspicious/noImportCycles');
    expect(result.output).not.toContain('parse');
    expect(result.status).not.toBe(0);
  });

  test('the AssemblyScript check passes the same modules without the cycle', () => {
    const dir = path.join(work, 'as-chain');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'a.ts'), assemblyScript['a.ts']);
    writeFileSync(
      path.join(dir, 'b.ts'),
      assemblyScript['b.ts'].replace("import { a } from './a';\n", '').replace('a(x - 1)', 'x'),
    );
    const result = run(process.execPath, [path.join(root, 'scripts', 'lint-assemblyscript.mjs'), dir], root);
    expect(result.status, result.output).toBe(0);
  });
});
