// Builds dist/makruk-board.bundle.js: one self-contained ES module (Lit and the rules facade inside) that defines
// <makruk-board> from a single <script type="module"> tag. Also prints the size of the element alone (without Lit
// and without the facade), min+gzip, which the package keeps at or under 15 KB.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}dist/index.js`;
const common = {
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
};

const bundle = await build({
  ...common,
  outfile: `${root}dist/makruk-board.bundle.js`,
  // the browser build of Lit, production mode (no dev warnings)
  conditions: ['browser', 'production'],
  platform: 'browser',
  metafile: true,
});

const alone = await build({
  ...common,
  write: false,
  external: ['lit', 'lit/*', '@makruk/makruk'],
  platform: 'browser',
});
const aloneBytes = alone.outputFiles[0].contents;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const bundleBytes = Object.values(bundle.metafile.outputs)[0].bytes;
const { readFileSync } = await import('node:fs');
const bundleGz = gzipSync(readFileSync(`${root}dist/makruk-board.bundle.js`), { level: 9 }).length;
const report = {
  bundle: { min: bundleBytes, minGzip: bundleGz },
  elementWithoutLitAndFacade: { min: aloneBytes.length, minGzip: gzipSync(aloneBytes, { level: 9 }).length },
};
writeFileSync(`${root}dist/size.json`, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `makruk-board.bundle.js: ${kb(report.bundle.min)} min, ${kb(report.bundle.minGzip)} min+gzip; ` +
    `element without Lit and facade: ${kb(report.elementWithoutLitAndFacade.min)} min, ` +
    `${kb(report.elementWithoutLitAndFacade.minGzip)} min+gzip`,
);
if (report.elementWithoutLitAndFacade.minGzip > 15 * 1024) {
  console.error('the element alone is over its 15 KB min+gzip budget');
  process.exitCode = 1;
}
