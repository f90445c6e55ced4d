// Renders boards with the built bundle in headless Chromium and writes a PNG, to look at the piece art:
//   node scripts/render-png.mjs [out.png] [--sheet]   (run `pnpm build` first; serves this package locally)
// --sheet draws every piece of both sets at 24, 48 and 120 px instead of whole boards.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(root, '.preview', 'boards.png');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };
const page = `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/makruk-board.bundle.js"></script>
<style>body{margin:0;display:flex;flex-wrap:wrap;gap:8px;padding:8px;background:#fff}div{width:480px;height:480px}
div.s{width:192px;height:192px}</style>
<div><makruk-board last-move="e3e4"></makruk-board></div>
<div><makruk-board piece-set="western" board-style="checkered" coordinates="outside"></makruk-board></div>
<div><makruk-board palette="red" notation="thai" coordinates="outside" fen="r1smk1nr/4s3/pM~p1pppp/3p4/8/PP1PPPPP/2n5/RNSK1SNR w - - 0 1"></makruk-board></div>
<div><makruk-board orientation="black" fen="4k3/8/8/8/8/8/8/R2K4 w - - 0 1" piece-set="western" palette="red"></makruk-board></div>
<div><makruk-board board-style="checkered" notation="thai" fen="3k4/8/8/8/8/8/8/3RK3 b - - 0 1"></makruk-board></div>
<div class="s"><makruk-board coordinates="none"></makruk-board></div>
<div class="s"><makruk-board piece-set="western" coordinates="none"></makruk-board></div>`;

// `--sheet`: every piece of both sets, in both palettes, at 24, 48 and 120 px, on the board colour
const sheet = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#fff"><script type="module">
import { thaiPieceSet, westernPieceSet } from '/dist/makruk-board.bundle.js';
const kinds = ['king', 'khon', 'met', 'rook', 'knight', 'pawn', 'promoted'];
const palettes = ['fill:#f6ecd2;stroke:#2b1d0e;color:#2b1d0e', 'fill:#262220;stroke:#0b0908;color:#e9dcc0',
  'fill:#b3322a;stroke:#2a0c08;color:#f3dca6'];
let out = '';
for (const set of [thaiPieceSet, westernPieceSet])
  for (const size of [120, 48, 24])
    for (const style of palettes) {
      out += '<div style="display:flex;background:#efd783;width:max-content">';
      for (const k of kinds)
        out += \`<svg viewBox="0 0 50 50" width="\${size}" height="\${size}" style="\${style};stroke-width:1.5;stroke-linejoin:round;outline:1px solid #4a2f12">\${set.art[k]}</svg>\`;
      out += '</div>';
    }
document.body.innerHTML = out;
</script>`;
const asSheet = process.argv.includes('--sheet');

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(asSheet ? sheet : page);
  try {
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) throw new Error('outside');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => customElements.get('makruk-board') !== undefined);
  await tab.waitForTimeout(300);
  await tab.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  server.close();
}
