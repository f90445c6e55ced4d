// The facade holds two runtimes in two folders: rules/ (synchronous TypeScript, no wasm, no worker) and engine/ (the
// wasm instance for perft and the Engine's worker host). The engine uses the rules; the rules never reach the
// engine, neither its folder nor the wasm package. Imports are read by TypeScript's own pre-processor (static, type
// only, re-exports and dynamic imports), tests included, so a rules test cannot lean on the engine either.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const src = import.meta.dirname;
const rulesDir = path.join(src, 'rules');
const engineDir = path.join(src, 'engine');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs|js)$/.test(file))
    .map((file) => path.join(dir, file));
}

function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** What a specifier found in `file` names, when it is the engine: its folder or the wasm package. */
function reachesEngine(file: string, specifier: string): boolean {
  if (/^@makruk\/engine(\/|$)/.test(specifier)) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return target === engineDir || target.startsWith(`${engineDir}${path.sep}`);
}

/** Every import of a file under rules/ that reaches the engine, as 'rules/x.ts → specifier'. */
function rulesImportsOfEngine(files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) =>
    importsOf(text)
      .filter((specifier) => reachesEngine(file, specifier))
      .map((specifier) => `${path.relative(src, file)} → ${specifier}`),
  );
}

describe('rules and engine apart', () => {
  test('no file under rules/ imports from engine/ or from @makruk/engine', () => {
    const files = filesUnder(rulesDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(40);
    expect(rulesImportsOfEngine(files)).toEqual([]);
  });

  test('the engine side does use the rules (the one direction allowed)', () => {
    const uses = filesUnder(engineDir).filter((file) =>
      importsOf(readFileSync(file, 'utf8')).some((specifier) => specifier.startsWith('../rules/')),
    );
    expect(uses.length).toBeGreaterThan(5);
  });

  test('the check sees every kind of import that would cross', () => {
    const file = path.join(rulesDir, 'perft.ts');
    const crossing = [
      "import { loadWasmFen } from '../engine/wasm-fen.js';",
      "import type { Score } from '../engine/info.js';",
      "export { Engine } from '../engine/engine.js';",
      "const worker = await import('../engine/worker.js');",
      "import { instantiateEngine } from '@makruk/engine';",
      "import type { ThreadModule } from '@makruk/engine/threads';",
      "import '../engine';",
    ];
    for (const line of crossing) expect(rulesImportsOfEngine([{ file, text: line }]), line).toHaveLength(1);
    const allowed = [
      "import { Position } from './position.js';",
      "import { mulberry32 } from '../random.js';",
      "import { spokenCount } from '@makruk/counting';",
      "import { x } from './engine-like-name.js';",
      "// import { Engine } from '../engine/engine.js';",
    ];
    for (const line of allowed) expect(rulesImportsOfEngine([{ file, text: line }]), line).toEqual([]);
  });
});

// The package README's "Files, in reading order" names every module of each folder once, and a reader meets a
// module only after those it imports (modules joined by a comma may import each other; an arrow orders them).
describe('the README reading order', () => {
  const readme = readFileSync(path.join(src, '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Files, in reading order'));
  /** The paragraph that starts with `start`, as groups of module names, in the order the arrows give. */
  function groups(start: string): string[][] {
    const at = section.indexOf(start);
    const paragraph = section.slice(at, section.indexOf('\n\n', at));
    return paragraph
      .split('→')
      .map((part) => [...part.matchAll(/`([a-z-]+)\.ts`/g)].map((match) => match[1] as string));
  }
  const modulesOf = (dir: string) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
      .map((file) => file.slice(0, -3))
      .sort();

  for (const [folder, dir] of [
    ['rules', rulesDir],
    ['engine', engineDir],
  ] as const) {
    test(`${folder}/: every module named once, each after the modules of its folder it imports`, () => {
      const order = groups(`\n\`src/${folder}/\` (`);
      const named = order.flat();
      expect([...named].sort()).toEqual(modulesOf(dir));
      const groupOf = new Map(order.flatMap((names, index) => names.map((name) => [name, index] as const)));
      const early: string[] = [];
      for (const name of named) {
        const text = readFileSync(path.join(dir, `${name}.ts`), 'utf8');
        for (const specifier of importsOf(text)) {
          const imported = /^\.\/([a-z-]+)\.js$/.exec(specifier)?.[1];
          if (imported === undefined) continue;
          if ((groupOf.get(imported) ?? Number.POSITIVE_INFINITY) > (groupOf.get(name) as number)) {
            early.push(`${name} is named before ${imported}, which it imports`);
          }
        }
      }
      expect(early).toEqual([]);
    });
  }
});
