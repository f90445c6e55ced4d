// Every fenced code block of every README.md and of CONTRIBUTING.md is a test, against the BUILT packages (as a user
// gets them): ts blocks are type-checked (strict) and run in Node, js blocks run, sh blocks run their `makruk`
// commands with the built CLI and check that the scripts they start exist, html and css blocks may only use what the
// board's custom-elements manifest declares, and an API listing marked `docs-test: api PACKAGE` may only name what
// that package's types declare. The rule, and how to mark the rare block that cannot run, is in CONTRIBUTING.md
// ("Every code block is a test"). `pnpm test` builds every package first.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_LANGUAGES, type CodeBlock, codeBlocks, listedNames, shellCommands } from './markdown.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const CLI = path.join(ROOT, 'apps', 'cli', 'dist', 'main.js');
const WORK = path.join(HERE, 'test-results', 'blocks');
const require = createRequire(import.meta.url);

/** Most blocks in the repository that may be marked `typecheck only` or `not run` (each with its reason). */
const MAX_UNRUN_MARKS = 8;

const documents = execFileSync('git', ['ls-files', '-z', 'README.md', '*/README.md', 'CONTRIBUTING.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
const blocks = documents.flatMap((file) => codeBlocks(file, readFileSync(path.join(ROOT, file), 'utf8')));
const named = (block: CodeBlock) => `${block.file}:${block.line} (${block.language || 'no language'})`;
const byLanguage = (language: string) => blocks.filter((block) => block.language === language);
const stem = (block: CodeBlock) => `${block.file.replace(/[^\w]+/g, '-')}-${block.line}`;

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
for (const built of [CLI, ...['makruk', 'counting', 'engine', 'board'].map((p) => `${ROOT}/packages/${p}/dist`)]) {
  if (!existsSync(built)) throw new Error(`${built} is missing: build the packages first (pnpm build)`);
}

describe('the code blocks of the docs', () => {
  it('every block names its language, one of ts, js, sh, html, css, text', () => {
    expect(blocks.length).toBeGreaterThan(40);
    const unknown = blocks.filter((block) => !(BLOCK_LANGUAGES as readonly string[]).includes(block.language));
    expect(unknown.map(named)).toEqual([]);
  });

  it('every docs-test comment can be read, and names a block kind it applies to', () => {
    expect(blocks.filter((block) => block.badDirective !== undefined).map(named)).toEqual([]);
    const misplaced = blocks.filter(
      ({ directive, language }) =>
        (directive?.kind === 'typecheck-only' && language !== 'ts') ||
        (directive?.kind === 'not-run' && directive.prefix !== undefined && language !== 'sh') ||
        (directive?.kind === 'api' && language !== 'ts' && language !== 'text'),
    );
    expect(misplaced.map(named)).toEqual([]);
  });

  it(`marks a block that cannot run rarely (at most ${MAX_UNRUN_MARKS}) and always says why`, () => {
    const marked = blocks.filter(
      ({ directive }) => directive?.kind === 'typecheck-only' || directive?.kind === 'not-run',
    );
    expect(marked.length).toBeLessThanOrEqual(MAX_UNRUN_MARKS);
    for (const block of marked) {
      const reason = block.directive && 'reason' in block.directive ? block.directive.reason : '';
      expect(reason.split(/\s+/).length, `${named(block)}: say why it cannot run`).toBeGreaterThanOrEqual(4);
    }
  });

  it("the library README's examples cover the whole API", () => {
    const examples = blocks.filter((block) => block.file === 'packages/makruk/README.md' && block.language === 'ts');
    expect(examples.length).toBeGreaterThanOrEqual(10);
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
        examples.some(({ code }) => code.includes(name)),
        name,
      ).toBe(true);
    }
  });
});

// --- ts and js: type-checked (ts) against the built declarations, then run in Node --------------------------------
const scripts = blocks.filter((block) => block.language === 'ts' || block.language === 'js');
const examples = scripts.filter((block) => block.directive?.kind !== 'api');
const typeErrors = new Map<string, string[]>();

describe('ts and js examples', () => {
  beforeAll(() => {
    for (const block of examples) {
      const source = `${block.code}\nexport {};\n`;
      if (block.language === 'ts') writeFileSync(path.join(WORK, `${stem(block)}.mts`), source);
      const output =
        block.language === 'ts'
          ? ts.transpileModule(source, {
              compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
            }).outputText
          : source;
      writeFileSync(path.join(WORK, `${stem(block)}.mjs`), output);
    }
    writeFileSync(
      path.join(WORK, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        },
        include: ['*.mts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', WORK], {
      encoding: 'utf8',
    });
    for (const line of `${tsc.stdout}`.split('\n')) {
      const match = /^(.+?\.mts)\(/.exec(line);
      if (!match) continue;
      const file = path.basename(match[1] as string, '.mts');
      typeErrors.set(file, [...(typeErrors.get(file) ?? []), line]);
    }
    if (tsc.status !== 0 && typeErrors.size === 0) throw new Error(`tsc failed: ${tsc.stdout}${tsc.stderr}`);
  });

  for (const block of examples) {
    if (block.language === 'ts') {
      it(`${named(block)} type-checks`, () => {
        expect(typeErrors.get(stem(block)) ?? []).toEqual([]);
      });
    }
    if (block.directive?.kind === 'typecheck-only' || block.directive?.kind === 'not-run') continue;
    it(`${named(block)} runs, and its process ends by itself`, () => {
      const run = spawnSync(process.execPath, [path.join(WORK, `${stem(block)}.mjs`)], {
        cwd: path.join(ROOT, path.dirname(block.file)),
        encoding: 'utf8',
        timeout: 150_000,
      });
      expect(run.status, `${run.stdout}${run.stderr}${run.error ?? ''}`).toBe(0);
    });
  }
});

// --- sh: `makruk …` runs with the built CLI; `node`/`bash` scripts must exist ---------------------------------------
/** A scratch folder to run commands in: the repository's docs/ and packages/ linked in, and a games.pgn. */
function scratchFolder(): string {
  const dir = path.join(WORK, 'sh');
  mkdirSync(dir, { recursive: true });
  for (const name of ['docs', 'packages', 'apps']) {
    if (!existsSync(path.join(dir, name))) symlinkSync(path.join(ROOT, name), path.join(dir, name));
  }
  writeFileSync(path.join(dir, 'games.pgn'), readFileSync(path.join(HERE, 'fixtures', 'games.pgn'), 'utf8'));
  return dir;
}

/** The package.json nearest to a repository file (the root's for the root docs). */
function packageOf(file: string): string {
  let dir = path.dirname(file);
  while (dir !== '.' && !existsSync(path.join(ROOT, dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, 'package.json');
}

const workspacePackages = new Map<string, string>();
for (const group of ['packages', 'apps', 'tests']) {
  for (const name of readdirSync(path.join(ROOT, group))) {
    const manifestFile = path.join(group, name, 'package.json');
    if (existsSync(path.join(ROOT, manifestFile))) {
      workspacePackages.set(JSON.parse(readFileSync(path.join(ROOT, manifestFile), 'utf8')).name, manifestFile);
    }
  }
}
const PNPM_COMMANDS = new Set(['install', 'add', 'exec', 'dlx', 'run', 'pack', 'publish', 'changeset']);

/** `pnpm [--filter PKG] SCRIPT …` (or `npx -y pnpm@V …`): the script exists in that package, or in the one here. */
function pnpmScriptExists(words: string[], file: string): boolean {
  const rest = words.slice(words.findIndex((word) => word === 'pnpm' || word.startsWith('pnpm@')) + 1);
  let manifestFile = packageOf(file);
  const filter = rest.indexOf('--filter');
  if (filter !== -1) {
    const name = (rest[filter + 1] ?? '').replace(/\.\.\.$/, '');
    const found = workspacePackages.get(name);
    if (!found) return false;
    manifestFile = found;
    rest.splice(filter, 2);
  }
  const script = rest.find((word) => !word.startsWith('-')) ?? '';
  if (PNPM_COMMANDS.has(script)) return true;
  // Without --filter, the package the Markdown file belongs to, or the root (run from the repository root).
  const manifests = filter === -1 ? [manifestFile, 'package.json'] : [manifestFile];
  return manifests.some((file) => script in (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')).scripts ?? {}));
}

describe('sh blocks', () => {
  for (const block of byLanguage('sh')) {
    const directive = block.directive?.kind === 'not-run' ? block.directive : undefined;
    const commands = shellCommands(block.code);
    it(`${named(block)}: its makruk commands run and the scripts it starts exist`, () => {
      const dir = scratchFolder();
      let checked = 0;
      for (const command of commands) {
        const words = command.split(/\s+/);
        const skipped = directive && (directive.prefix === undefined || command.startsWith(directive.prefix));
        if (words[0] === 'makruk' && !skipped) {
          const run = spawnSync('sh', ['-c', `makruk() { "${process.execPath}" "${CLI}" "$@"; }\n${command}`], {
            cwd: dir,
            encoding: 'utf8',
            timeout: 180_000,
            input: '',
          });
          expect(run.status, `${command}\n${run.stdout}${run.stderr}${run.error ?? ''}`).toBe(0);
          checked++;
        } else if (words[0] === 'node' || words[0] === 'bash') {
          const script = words.slice(1).find((word) => !word.startsWith('-')) ?? '';
          const places = [block.file, packageOf(block.file), 'README.md'].map((base) =>
            path.join(ROOT, path.dirname(base), script),
          );
          expect(
            places.some((place) => existsSync(place)),
            `${command}: ${script} is not there`,
          ).toBe(true);
          checked++;
        } else if (words[0] === 'pnpm' || (words[0] === 'npx' && words.some((word) => word.startsWith('pnpm@')))) {
          expect(pnpmScriptExists(words, block.file), `${command}: no such package script`).toBe(true);
          checked++;
        }
      }
      if (!directive) expect(checked, 'an sh block with nothing to check: is it text?').toBeGreaterThan(0);
    });
  }
});

// --- html and css: only what the board's custom-elements manifest declares -----------------------------------------
interface ManifestElement {
  tagName?: string;
  attributes?: { name: string }[];
  cssProperties?: { name: string }[];
  cssParts?: { name: string }[];
}
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/board/dist/custom-elements.json'), 'utf8')) as {
  modules: { declarations?: ManifestElement[] }[];
};
const board = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'makruk-board');

describe('html and css blocks', () => {
  it('the board manifest declares <makruk-board>', () => {
    expect(board?.attributes?.length).toBeGreaterThan(5);
  });

  for (const block of byLanguage('html')) {
    it(`${named(block)} uses the board's attributes and built files only`, () => {
      const attributes = new Set((board?.attributes ?? []).map((a) => a.name));
      const used = [...block.code.matchAll(/<makruk-board\b([^>]*)>/g)];
      expect(used.length).toBeGreaterThan(0);
      for (const [, list] of used) {
        for (const [, name] of (list ?? '').matchAll(/([a-z-]+)(?:="[^"]*")?/g)) {
          expect(attributes.has(name as string), `attribute ${name}`).toBe(true);
        }
      }
      for (const [, source] of block.code.matchAll(/<script[^>]*src="([^"]+)"/g)) {
        expect(existsSync(path.join(ROOT, 'packages/board/dist', path.basename(source as string))), source).toBe(true);
      }
    });
  }

  for (const block of byLanguage('css')) {
    it(`${named(block)} uses the board's custom properties and parts only`, () => {
      const properties = new Set((board?.cssProperties ?? []).map((p) => p.name));
      const parts = new Set((board?.cssParts ?? []).map((p) => p.name));
      for (const [property] of block.code.matchAll(/--makruk-[\w-]+/g)) {
        expect(properties.has(property), property).toBe(true);
      }
      for (const [, list] of block.code.matchAll(/::part\(([^)]+)\)/g)) {
        expect(parts.has((list ?? '').trim().split(/\s+/)[0] as string), `::part(${list})`).toBe(true);
      }
    });
  }
});

// --- API listings: every name they declare or call is declared by the package's built types ------------------------
const NOT_API = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  ...['if', 'for', 'while', 'switch', 'return', 'typeof', 'function', 'new', 'await', 'async', 'import', 'export'],
  ...['Partial', 'Readonly', 'Record', 'Pick', 'Omit', 'ReturnType', 'Parameters', 'Awaited', 'Required'],
]);

function declaredWords(packageName: string): Set<string> {
  const dist = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'dist');
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.d.ts')) {
        for (const [word] of readFileSync(full, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word);
      }
    }
  };
  visit(dist);
  return words;
}

describe('API listings', () => {
  for (const block of blocks) {
    const directive = block.directive;
    if (directive?.kind !== 'api') continue;
    it(`${named(block)} names only what ${directive.packageName} declares`, () => {
      const declared = declaredWords(directive.packageName);
      const names = listedNames(block.code).filter((name) => !NOT_API.has(name));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => !declared.has(name))).toEqual([]);
    });
  }
});
