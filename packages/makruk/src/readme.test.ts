// The README's examples are tests: every ```ts block of packages/makruk/README.md is written to a temporary .mts
// module that imports the BUILT package (dist/, as a user would), type-checked with tsc, and run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(packageDir, 'dist', 'index.js');
if (!existsSync(dist))
  throw new Error(
    'build @makruk/makruk first (dist/index.js is missing): the README examples import the built package',
  );

const readme = readFileSync(path.join(packageDir, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => {
  const line = readme.slice(0, match.index).split('\n').length + 1;
  return { line, code: match[1] as string };
});

const dir = mkdtempSync(path.join(tmpdir(), 'makruk-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = blocks.map(({ line, code }) => {
  const file = path.join(dir, `readme-line-${line}.mts`);
  writeFileSync(file, `${code.replaceAll("from '@makruk/makruk'", `from '${dist}'`)}\nexport {};\n`);
  return { line, file };
});

describe('README examples', () => {
  it('has examples for the whole API', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    for (const name of [
      'Position',
      'parseFen',
      'parseSan',
      'replay',
      'Game',
      'startCounting',
      'makePgn',
      'parseEpd',
      'perft',
      'Engine',
      'STRENGTH_LEVELS',
      'MakrukError',
      'GameTree',
      'winningChances',
    ]) {
      expect(
        blocks.some(({ code }) => code.includes(name)),
        name,
      ).toBe(true);
    }
  });

  it('type-check against the built declarations', () => {
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [
            path.join(packageDir, 'node_modules', '@types'),
            path.join(packageDir, '..', '..', 'node_modules', '@types'),
          ],
        },
        include: ['*.mts'],
      }),
    );
    const tsc = path.join(packageDir, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });

  for (const { line, file } of files) {
    it(`the block at README.md line ${line} runs`, async () => {
      await import(/* @vite-ignore */ pathToFileURL(file).href);
    });
  }
});
