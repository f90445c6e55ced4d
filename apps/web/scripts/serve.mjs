#!/usr/bin/env node
// Serves apps/web/dist as plain static files (no special headers: the page needs none) and prints the address.
// PORT overrides the port (default 4173; 0 = any free port). Used by `pnpm start` and by the end-to-end tests.
// `isolated: true` (or ISOLATED=1) adds the COOP/COEP headers that make the page cross-origin isolated, where the
// engine is stopped through shared memory instead of by restarting its worker (the page needs neither).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../dist/', import.meta.url)));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

export function startServer(
  port = Number(process.env.PORT ?? 4173),
  host = process.env.HOST ?? '127.0.0.1',
  { isolated = process.env.ISOLATED === '1' } = {},
) {
  const isolation = isolated
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
    : {};
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      statSync(file);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...isolation });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, url: `http://${host}:${typeof address === 'object' && address ? address.port : port}/` });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    statSync(path.join(root, 'index.html'));
  } catch {
    console.error('apps/web/dist is missing: build the page first (pnpm --filter @makruk/web build).');
    process.exit(1);
  }
  const { url } = await startServer();
  console.log(`Makruk analysis page: ${url}`);
}
