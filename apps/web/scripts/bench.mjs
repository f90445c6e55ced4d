#!/usr/bin/env node
// Measures the page's budgets on the built dist/ (run `vite build` first; `pnpm bench` does):
//  - first load: gzip bytes of every file the page fetched until the first engine line was shown (JS, CSS, wasm —
//    inlined in the worker —, fonts), read from dist/ and compressed with zlib level 9; budget 150 KB;
//  - navigation → first engine line in headless Chromium (Debian's /usr/bin/chromium) on localhost, the median of
//    RUNS loads (performance.now() in the page when the first line appears; budget 500 ms);
//  - whole-game analysis of a 100-move game (200 plies of a seeded random game, @makruk/makruk's mulberry32) at
//    DEPTH (default 8), through the page's "Analyse the game" button: wall time and the engine's nodes/s.
// Prints the numbers; it never fails on them (speed is reported, not asserted).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Game, makePgn, mulberry32 } from '@makruk/makruk';
import { chromium } from '@playwright/test';
import { startServer } from './serve.mjs';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const DEPTH = Number(process.env.DEPTH ?? 8);

/** A 100-move game: seeded random legal moves, avoiding moves that end the game early. */
function randomGame(plies, seed) {
  const random = mulberry32(seed);
  const game = new Game();
  while (game.ply < plies) {
    const moves = game.position.legalMoves().filter((move) => {
      const trial = game.clone();
      trial.play(move);
      return !trial.isOver() && trial.position.legalMoves().length > 0;
    });
    if (moves.length === 0) break;
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  return game;
}
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { server, url } = await startServer(0);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const times = [];
  let files = new Map();
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext(); // a first visit each time: empty cache and storage
    const page = await context.newPage();
    const fetched = new Set();
    page.on('request', (request) => fetched.add(request.url()));
    context.on('request', (request) => fetched.add(request.url()));
    await page.goto(url);
    await page.waitForFunction(
      () => document.querySelector('makruk-analysis')?.querySelector('engine-lines .pv') !== null,
      undefined,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    );
    times.push(await page.evaluate(() => performance.now()));
    if (run === 0) {
      files = new Map();
      for (const address of fetched) {
        const { pathname, origin } = new URL(address);
        if (`${origin}/` !== url) continue;
        const file = path.join(dist, pathname === '/' ? 'index.html' : decodeURIComponent(pathname));
        const bytes = readFileSync(file);
        files.set(path.relative(dist, file), { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
      }
    }
    await context.close();
  }
  let raw = 0;
  let gzip = 0;
  for (const [name, size] of [...files].sort()) {
    raw += size.raw;
    gzip += size.gzip;
    console.log(`  ${name.padEnd(50)} ${String(size.raw).padStart(8)} B  ${String(size.gzip).padStart(7)} B gzip`);
  }
  console.log(
    `first load (board + first engine line): ${files.size} files, ${raw} B, ${gzip} B gzip = ${(gzip / 1024).toFixed(1)} KiB (budget 150 KB)`,
  );
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `navigation → first engine line, headless Chromium, localhost: median ${Math.round(median)} ms over ${times.length} loads (${times.map((t) => Math.round(t)).join(', ')}; budget 500 ms)`,
  );

  const game = randomGame(200, 1);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}?pgn=${encodeURIComponent(makePgn(game))}`);
  await page.locator('.game-depth').selectOption(String(DEPTH));
  const started = Date.now();
  await page.locator('.game-run').click();
  await page.waitForFunction(
    () =>
      document
        .querySelector('.game-count')
        ?.textContent?.trim()
        .split(' / ')
        .every((n, _, all) => n === all[0]),
    undefined,
    {
      timeout: 600_000,
      polling: 250,
    },
  );
  const wall = Date.now() - started;
  const stats = await page.evaluate(() => {
    const analysis = document.querySelector('makruk-analysis').ctx.analysis;
    return { nodes: analysis.nodes, timeMs: analysis.timeMs, positions: analysis.total };
  });
  console.log(
    `whole-game analysis, ${game.ply} plies (${stats.positions} positions) at depth ${DEPTH}: ${(wall / 1000).toFixed(1)} s wall, ${stats.nodes} nodes, ${Math.round(stats.nodes / (stats.timeMs / 1000))} nodes/s`,
  );
  await context.close();
} finally {
  await browser.close();
  server.close();
}
