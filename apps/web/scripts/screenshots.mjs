#!/usr/bin/env node
// Screenshots of the main view for the README (apps/web/docs/): desktop and phone width, light and dark, English and
// Thai, with a short game with a variation and a comment loaded and the engine's lines shown. Needs dist/ (built).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startServer } from './serve.mjs';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const out = fileURLToPath(new URL('../docs/', import.meta.url));
mkdirSync(out, { recursive: true });
const pgn = '[Event "Study"]\n\n1. e4 e5 (1... Nd7 {solid}) 2. Nd2 Nd7 3. a4 $5 *';
const { server, url } = await startServer(0);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    for (const theme of ['light', 'dark']) {
      for (const locale of ['en', 'th']) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
        await context.addInitScript(
          ([t, l]) => {
            localStorage.setItem('makruk-web:theme', t);
            localStorage.setItem('makruk-web:locale', l);
          },
          [theme, locale],
        );
        const page = await context.newPage();
        await page.goto(`${url}?pgn=${encodeURIComponent(pgn)}`);
        await page.locator('engine-lines .pv').nth(2).waitFor();
        await page.waitForTimeout(1500); // a few more depths
        // the engine keeps running, so the picture shows its arrows (thinner and fainter for the lower lines)
        await page.mouse.move(0, 0);
        const file = `${out}${device}-${theme}-${locale}.png`;
        await page.screenshot({ path: file, fullPage: device === 'phone' });
        console.log(file);
        if (device === 'phone') {
          // the first screen alone: the board, the count and the move navigation together (issue 21)
          const first = `${out}${device}-${theme}-${locale}-first-screen.png`;
          await page.screenshot({ path: first });
          console.log(first);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
