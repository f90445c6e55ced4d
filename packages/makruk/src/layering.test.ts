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
