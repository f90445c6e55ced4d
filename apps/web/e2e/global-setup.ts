// Serves dist/ on a free port for the tests (WEB_URL, inherited by the test workers) and stops it afterwards.
import { existsSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script without types
import { startServer } from '../scripts/serve.mjs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
    throw new Error('apps/web/dist is missing: run `vite build` before the end-to-end tests.');
  }
  const { server, url } = (await startServer(0)) as { server: import('node:http').Server; url: string };
  process.env.WEB_URL = url;
  const isolated = (await startServer(0, '127.0.0.1', { isolated: true })) as {
    server: import('node:http').Server;
    url: string;
  };
  process.env.WEB_URL_ISOLATED = isolated.url;
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => isolated.server.close(() => resolve()));
  };
}
