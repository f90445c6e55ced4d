// The packages as a user gets them: every public package is packed with `pnpm pack` (which rewrites the
// `workspace:` ranges), the tarballs are installed together with `npm install` into an empty project in the
// system's temp folder (outside the workspace, so nothing resolves back into it), and then used there: the
// `makruk` command, `@makruk/makruk` from plain Node ESM and through a bundler (esbuild), and the board's one-file
// bundle from a plain HTML page in headless Chromium. Each tarball is also checked by publint and, where it has
// types, by @arethetypeswrong/cli; and `pnpm -r publish --dry-run` must publish exactly the public packages.
// Build first (`pnpm test` does: turbo runs every package's build before this test).
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HERE = fileURLToPath(new URL('../', import.meta.url));
const PNPM = 'pnpm@12.4.2';
const START_BOARD = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR';

interface PublicPackage {
  name: string;
  dir: string;
  /** files shipped besides package.json, README.md, LICENSE and dist/ */
  extra: string[];
  /** attw arguments; undefined = no types to check (a command only) */
  attw: string[] | undefined;
}

const PACKAGES: PublicPackage[] = [
  {
    name: '@makruk/engine',
    dir: 'packages/engine',
    extra: ['build/engine.wasm', 'build/engine.debug.wasm', 'build/engine.compat.wasm'],
    // the .wasm subpaths are binary assets: no types to resolve
    attw: ['--exclude-entrypoints', './engine.wasm', './engine.debug.wasm', './engine.compat.wasm'],
  },
  { name: '@makruk/counting', dir: 'packages/counting', extra: [], attw: [] },
  { name: '@makruk/makruk', dir: 'packages/makruk', extra: [], attw: [] },
  { name: '@makruk/board', dir: 'packages/board', extra: ['fonts/OFL.txt'], attw: [] },
  { name: '@makruk/cli', dir: 'apps/cli', extra: [], attw: undefined },
];

/** The environment for commands run in the consumer project: no npm/pnpm settings of the running script, and no
 * workspace `node_modules/.bin` on the PATH, so `npx makruk` can only find the installed tarball. */
function consumerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm|pnpm)_/i.test(key)) env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !path.resolve(dir).startsWith(path.resolve(ROOT)))
    .join(path.delimiter);
  env.NO_COLOR = '1';
  return env;
}

function run(command: string, args: string[], cwd: string, env = consumerEnv()): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  if (result.error) throw result.error;
  return result;
}

function runOk(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): string {
  const result = run(command, args, cwd, env);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

let work: string;
let consumer: string;
const tarballs = new Map<string, string>();

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'makruk-pack-'));
  const packed = path.join(work, 'tarballs');
  mkdirSync(packed);
  for (const pkg of PACKAGES) {
    const before = new Set(readdirSync(packed));
    runOk('npx', ['-y', PNPM, 'pack', '--pack-destination', packed], path.join(ROOT, pkg.dir), process.env);
    const added = readdirSync(packed).filter((file) => !before.has(file));
    expect(added, `pnpm pack of ${pkg.name}`).toHaveLength(1);
    tarballs.set(pkg.name, path.join(packed, added[0]!));
  }
  consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    path.join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  runOk('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.values()], consumer);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the workspace', () => {
  it('lists exactly these public packages (the others are private)', () => {
    const found: string[] = [];
    for (const group of ['packages', 'apps']) {
      for (const dir of readdirSync(path.join(ROOT, group))) {
        const file = path.join(ROOT, group, dir, 'package.json');
        let manifest: Record<string, unknown>;
        try {
          manifest = readJson(file);
        } catch {
          continue;
        }
        if (manifest.private !== true) found.push(String(manifest.name));
      }
    }
    expect(found.sort()).toEqual(PACKAGES.map((pkg) => pkg.name).sort());
  });

  it('publishes exactly the public packages (pnpm -r publish --dry-run)', () => {
    // --force: list a package even when its version is on the registry already (main right after a release)
    const args = ['-y', PNPM, '-r', 'publish', '--dry-run', '--no-git-checks', '--force'];
    const out = runOk('npx', args, ROOT, process.env);
    const listed = [...out.matchAll(/📦 (@makruk\/[a-z-]+)@/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(PACKAGES.map((pkg) => pkg.name).sort());
  });
});

describe.each(PACKAGES)('$name tarball', (pkg) => {
  const tarball = () => tarballs.get(pkg.name)!;
  const manifest = () =>
    JSON.parse(runOk('tar', ['-xzOf', tarball(), 'package/package.json'], work)) as {
      version: string;
      license?: string;
      dependencies?: Record<string, string>;
    };

  it('holds only package.json, README.md, LICENSE, dist/ (no tests, sources or source maps) and its assets', () => {
    const files = runOk('tar', ['-tzf', tarball()], work)
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.replace(/^package\//, ''));
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', ...pkg.extra]));
    const unexpected = files.filter(
      (file) =>
        !['package.json', 'README.md', 'LICENSE', ...pkg.extra].includes(file) &&
        !(file.startsWith('dist/') && /\.(js|d\.ts|json)$/.test(file) && !/\.test\.|\/testing\/|\/fuzz\//.test(file)),
    );
    expect(unexpected).toEqual([]);
  });

  it('says MIT and depends on the sibling packages by their released version (no workspace: range)', () => {
    const packed = manifest();
    expect(packed.license).toBe('MIT');
    for (const [dep, range] of Object.entries(packed.dependencies ?? {})) {
      if (!dep.startsWith('@makruk/')) continue;
      const sibling = PACKAGES.find((other) => other.name === dep);
      expect(sibling, `${dep} is a public package`).toBeDefined();
      expect(range).toBe(readJson(path.join(ROOT, sibling!.dir, 'package.json')).version);
    }
    expect(readFileSync(path.join(ROOT, pkg.dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('is publint clean (strict, suggestions included)', async () => {
    const bytes = readFileSync(tarball());
    const { messages, pkg: packed } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, packed, { color: false })}`)).toEqual(
      [],
    );
  });

  it('would be published with public access (npm publish --dry-run of the tarball)', () => {
    const result = run('npm', ['publish', '--dry-run', tarball()], work);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`+ ${pkg.name}@${manifest().version}`);
    expect(result.stderr).toMatch(/with tag latest and public access \(dry-run\)/);
  });

  it('is installed in the consumer project', () => {
    const installed = path.join(consumer, 'node_modules', ...pkg.name.split('/'));
    expect(readJson(path.join(installed, 'package.json')).version).toBe(manifest().version);
    // a real copy from the tarball, not a link back into the workspace
    expect(statSync(installed).isSymbolicLink()).toBe(false);
  });
});

describe.each(PACKAGES.filter((pkg) => pkg.attw !== undefined))('$name types', (pkg) => {
  it('resolve for ESM users (attw --profile esm-only)', () => {
    const attw = path.join(HERE, 'node_modules', '.bin', 'attw');
    const args = [tarballs.get(pkg.name)!, '--profile', 'esm-only', '--no-color', '--no-emoji', ...(pkg.attw ?? [])];
    const result = run(attw, args, work);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  });
});

describe('in the consumer project', () => {
  it('npx makruk --help lists the commands', () => {
    const out = runOk('npx', ['--no-install', 'makruk', '--help'], consumer);
    expect(out).toMatch(/^Usage: makruk /m);
    expect(out).toMatch(/^\s+perft\b/m);
  });

  it('npx makruk perft 4 counts 273026 nodes', () => {
    const out = runOk('npx', ['--no-install', 'makruk', 'perft', '4'], consumer);
    expect(out).toMatch(/^nodes:\s+273026$/m);
  });

  const script = [
    "import { Position } from '@makruk/makruk';",
    "console.log(Position.initial().play('e3e4').fen());",
    '',
  ].join('\n');
  const afterE3E4 = 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1';

  it('imports @makruk/makruk from plain Node ESM', () => {
    writeFileSync(path.join(consumer, 'play.mjs'), script);
    expect(runOk(process.execPath, ['play.mjs'], consumer).trim()).toBe(afterE3E4);
  });

  it('imports @makruk/makruk through a bundler (esbuild, browser platform), and the bundle runs on its own', async () => {
    const entry = path.join(consumer, 'bundled-entry.mjs');
    writeFileSync(entry, script);
    const outDir = path.join(work, 'bundled');
    const outfile = path.join(outDir, 'play.bundle.mjs');
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: consumer,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    // outside the consumer project: nothing left to resolve
    expect(runOk(process.execPath, [outfile], outDir).trim()).toBe(afterE3E4);
  });

  describe('the board in headless Chromium', () => {
    let server: Server;
    let origin: string;
    let browser: Browser;
    const element = '<div style="width: 400px; height: 400px"><makruk-board></makruk-board></div>';
    const head = '<!doctype html><meta charset="utf-8"><title>board</title><link rel="icon" href="data:,">';
    const pages: Record<string, string> = {
      // the one-file bundle the package ships, from a plain page
      '/': `${head}
<script type="module" src="/node_modules/@makruk/board/dist/makruk-board.bundle.js"></script>
${element}`,
      // the package imported by an app and bundled (esbuild, browser platform)
      '/app.html': `${head}
<script type="module" src="/app-dist/app.js"></script>
${element}`,
    };

    beforeAll(async () => {
      const types: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };
      server = createServer((req, res) => {
        const url = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
        const page = pages[url];
        if (page !== undefined) {
          res.writeHead(200, { 'content-type': 'text/html' }).end(page);
          return;
        }
        const file = path.normalize(path.join(consumer, url));
        try {
          if (!file.startsWith(consumer + path.sep)) throw new Error('outside');
          const body = readFileSync(file);
          res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
        } catch {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch(chromiumLaunchOptions);
    });

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => server?.close(resolve));
    });

    /** Opens the page and reads the board field of what <makruk-board> shows, from its squares. */
    async function shownBoard(url: string): Promise<{ shown: string; problems: string[] }> {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (!response.ok()) problems.push(`${response.status()} ${response.url()}`);
      });
      try {
        await page.goto(`${origin}${url}`);
        await page.waitForFunction(
          () => (document.querySelector('makruk-board')?.shadowRoot?.querySelectorAll('[data-piece]').length ?? 0) > 0,
        );
        const shown = await page.evaluate(() => {
          const letters: Record<string, string> = { king: 'k', met: 'm', khon: 's', knight: 'n', rook: 'r', pawn: 'p' };
          const root = document.querySelector('makruk-board')!.shadowRoot!;
          const at = new Map<string, string>();
          for (const cell of root.querySelectorAll('[data-square]')) {
            const piece = cell.querySelector('[data-piece]')?.getAttribute('data-piece');
            if (!piece) continue;
            const [color, kind] = piece.split(' ');
            const letter = letters[kind ?? ''] ?? '?';
            at.set(cell.getAttribute('data-square')!, color === 'white' ? letter.toUpperCase() : letter);
          }
          const ranks: string[] = [];
          for (let rank = 8; rank >= 1; rank--) {
            let row = '';
            let empty = 0;
            for (const file of 'abcdefgh') {
              const letter = at.get(`${file}${rank}`);
              if (letter === undefined) empty++;
              else {
                row += (empty || '') + letter;
                empty = 0;
              }
            }
            ranks.push(row + (empty || ''));
          }
          return ranks.join('/');
        });
        return { shown, problems };
      } finally {
        await page.close();
      }
    }

    it('a plain HTML page loads the packed one-file bundle and shows the start position', async () => {
      expect(await shownBoard('/')).toEqual({ shown: START_BOARD, problems: [] });
    });

    it("an app that imports '@makruk/board' is bundled (esbuild) and shows the start position", async () => {
      const entry = path.join(consumer, 'app.mjs');
      writeFileSync(
        entry,
        [
          "import { MakrukBoard } from '@makruk/board';",
          "if (!(document.querySelector('makruk-board') instanceof MakrukBoard)) throw new Error('not upgraded');",
          '',
        ].join('\n'),
      );
      const result = await build({
        entryPoints: [entry],
        absWorkingDir: consumer,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        outfile: path.join(consumer, 'app-dist', 'app.js'),
        logLevel: 'silent',
      });
      expect(result.errors).toEqual([]);
      expect(await shownBoard('/app.html')).toEqual({ shown: START_BOARD, problems: [] });
    });
  });
});
