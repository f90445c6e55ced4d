// The layer diagram of CONTRIBUTING.md ("Layering"), drawn from the real imports: which workspace package each
// package's source imports, and the facade's modules (packages/makruk/src) in layers from the bottom up, a module's
// layer being one more than the highest layer it imports from. `node scripts/layers.mjs --write` redraws the
// diagram between the layers markers of CONTRIBUTING.md; scripts/layers.test.mjs fails when it is out of date.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const START = '<!-- layers:start -->';
export const END = '<!-- layers:end -->';

/** Where each workspace package's shipped or run source lives (tests, fixtures and docs left out). */
const SOURCE_DIRS = {
  'packages/engine': ['src', 'scripts'],
  'packages/counting': ['src'],
  'packages/makruk': ['src'],
  'packages/board': ['src'],
  'packages/lab': ['bench', 'scripts', 'tune', 'train', '.'],
  'apps/cli': ['src'],
  'apps/web': ['src'],
};
/** The facade's folders, drawn in this order (rules/ first: it imports no other folder). */
const FOLDERS = [
  ['rules', 'rules/ (synchronous TypeScript, no wasm)'],
  ['engine', 'engine/ (the wasm for perft, the Engine and its worker)'],
  ['.', 'the top (the public API)'],
];
const SOURCE = /\.(ts|mts|mjs|js)$/;
const TEST = /(\.test\.|\.spec\.|\.fake\.|\/testing\/|\/test\/|\/fixtures\/|\/e2e\/)/;

function sourceFiles(dir, recursive = true) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { recursive, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !TEST.test(`/${file}`) && !file.split(path.sep).includes('node_modules'));
}

/** Every module specifier a file imports or re-exports (static and dynamic, type imports included). */
export function importsOf(text) {
  const specifiers = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

function packageName(dir) {
  return JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name;
}

/** Package → the workspace packages its source imports. */
export function packageGraph() {
  const graph = new Map();
  for (const [dir, folders] of Object.entries(SOURCE_DIRS)) {
    const name = packageName(dir);
    const uses = new Set();
    for (const folder of folders) {
      for (const file of sourceFiles(path.join(dir, folder), folder !== '.')) {
        for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
          const match = /^(@makruk\/[a-z-]+)/.exec(specifier);
          if (match && match[1] !== name) uses.add(match[1]);
        }
      }
    }
    graph.set(name, [...uses].sort());
  }
  return graph;
}

/** The facade's modules (path under src/, no extension) → the modules they import. */
export function moduleGraph(srcDir = 'packages/makruk/src') {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const id = path.relative(path.join(root, srcDir), path.join(root, file)).replace(SOURCE, '');
    const uses = new Set();
    for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path.join(path.dirname(id), specifier).replace(SOURCE, '');
      if (target !== id) uses.add(target);
    }
    graph.set(id, [...uses].sort());
  }
  return graph;
}

/** Layer of each module: 1 for a module that imports none of the others, else 1 + the highest layer it imports. */
export function layers(graph) {
  const layer = new Map();
  const visiting = new Set();
  const visit = (id) => {
    if (layer.has(id)) return layer.get(id);
    if (visiting.has(id)) throw new Error(`import cycle through ${id}`);
    visiting.add(id);
    const below = (graph.get(id) ?? []).filter((dep) => graph.has(dep)).map(visit);
    visiting.delete(id);
    const value = 1 + Math.max(0, ...below);
    layer.set(id, value);
    return value;
  };
  for (const id of graph.keys()) visit(id);
  return layer;
}

/** The diagram as it belongs between the markers. */
export function drawDiagram() {
  const packages = packageGraph();
  const packageLayers = layers(packages);
  const width = Math.max(...[...packages.keys()].map((name) => name.length));
  const packageLines = [...packages.keys()]
    .sort((a, b) => packageLayers.get(a) - packageLayers.get(b) || a.localeCompare(b))
    .map((name) => {
      const uses = packages.get(name);
      return `${name.padEnd(width)}  imports ${uses.length === 0 ? 'no workspace package' : uses.join(', ')}`;
    });
  const modules = moduleGraph();
  const moduleLines = [];
  for (const [folder, title] of FOLDERS) {
    const inFolder = (id) => (folder === '.' ? !id.includes('/') : id.startsWith(`${folder}/`));
    // layers among the folder's own modules (an import from another folder is shown by the title)
    const own = new Map(
      [...modules].filter(([id]) => inFolder(id)).map(([id, uses]) => [id, uses.filter((dep) => inFolder(dep))]),
    );
    const uses = [
      ...new Set([...own.keys()].flatMap((id) => modules.get(id).filter((dep) => !inFolder(dep) && modules.has(dep)))),
    ].map((dep) => (dep.includes('/') ? `${dep.split('/')[0]}/` : dep));
    const outside = [...new Set(uses)].sort();
    moduleLines.push(`${title}${outside.length > 0 ? `, importing ${outside.join(', ')}` : ''}:`);
    const ownLayers = layers(own);
    const top = Math.max(...ownLayers.values());
    for (let level = 1; level <= top; level++) {
      const here = [...own.keys()]
        .filter((id) => ownLayers.get(id) === level)
        .map((id) => (folder === '.' ? id : id.slice(folder.length + 1)))
        .sort();
      const prefix = `${String(level).padStart(2)}  `;
      let line = prefix;
      for (const id of here) {
        if (line.length + id.length + 1 > 118 && line.trim() !== String(level)) {
          moduleLines.push(line.trimEnd());
          line = ' '.repeat(prefix.length);
        }
        line += `${id}  `;
      }
      moduleLines.push(line.trimEnd());
    }
  }
  return [
    START,
    '```text',
    'Workspace packages, each importing only packages listed above it (their source, tests left out):',
    ...packageLines.map((line) => `  ${line}`),
    '',
    'packages/makruk/src, folder by folder from the bottom up: a module imports only modules of lower layers (in its',
    'folder) and the folders named; rules/ never imports engine/ nor @makruk/engine (src/layering.test.ts).',
    ...moduleLines,
    '```',
    END,
  ].join('\n');
}

const contributing = path.join(root, 'CONTRIBUTING.md');
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts', 'layers.mjs')) {
  const text = readFileSync(contributing, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) throw new Error('CONTRIBUTING.md has no layers markers');
  const redrawn = `${text.slice(0, start)}${drawDiagram()}${text.slice(end + END.length)}`;
  if (process.argv.includes('--write')) writeFileSync(contributing, redrawn);
  else process.stdout.write(`${drawDiagram()}\n`);
}
