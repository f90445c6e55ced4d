// CONTRIBUTING.md's layer diagram is drawn from the real imports (scripts/layers.mjs): it must be what the imports
// give today, every workspace package a package imports must be among its declared dependencies, and the drawing
// itself must read imports and cycles correctly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { drawDiagram, END, importsOf, layers, packageGraph, START } from './layers.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the layer diagram', () => {
  test('CONTRIBUTING.md shows the diagram the imports give (run `node scripts/layers.mjs --write` after a change)', () => {
    const text = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    expect(text.slice(start, end + END.length)).toBe(drawDiagram());
  });

  test("every workspace package a package's source imports is one of its declared dependencies", () => {
    const manifests = new Map();
    for (const dir of ['packages/engine', 'packages/counting', 'packages/makruk', 'packages/board', 'packages/lab']) {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      manifests.set(manifest.name, manifest);
    }
    for (const dir of ['apps/cli', 'apps/web']) {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      manifests.set(manifest.name, manifest);
    }
    const undeclared = [];
    for (const [name, uses] of packageGraph()) {
      const manifest = manifests.get(name);
      const declared = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
      for (const used of uses) if (!(used in declared)) undeclared.push(`${name} → ${used}`);
    }
    expect(undeclared).toEqual([]);
  });

  test('reads static, type-only, side-effect, re-export and dynamic imports', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import './c.js';",
      "export { d } from './d.js';",
      "export * from '@makruk/counting';",
      'import {',
      '  e,',
      "} from './e.js';",
      "const f = await import('./f.js');",
      "// import { g } from './g.js' in a comment line is not at the start",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(
      ['./a.js', './b.js', './c.js', './d.js', '@makruk/counting', './e.js', './f.js'].sort(),
    );
  });

  test('layers a graph from the bottom up and refuses a cycle', () => {
    const graph = new Map([
      ['types', []],
      ['fen', ['types']],
      ['position', ['fen', 'types']],
      ['index', ['position']],
    ]);
    expect(Object.fromEntries(layers(graph))).toEqual({ types: 1, fen: 2, position: 3, index: 4 });
    expect(() => layers(new Map([...graph, ['types', ['index']]]))).toThrow(/cycle/);
  });
});
