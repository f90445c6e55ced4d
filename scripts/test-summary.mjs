// Adds up Vitest's "Tests  N failed | N passed | N skipped (N)" lines from a log (one per package run) and prints
// the single closing line CI reads. Exits 1 if any test failed or no test ran at all.
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2] ?? 0, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
let suites = 0;
for (const line of log.split('\n')) {
  const match = /\bTests\s+(.*)\((\d+)\)\s*$/.exec(line);
  if (!match) continue;
  suites++;
  const parts = match[1] ?? '';
  passed += Number(/(\d+) passed/.exec(parts)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(parts)?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(parts)?.[1] ?? 0);
}
const failedSuites = (log.match(/\bTest Files\s+\d+ failed/g) ?? []).length;
if (failed === 0 && failedSuites > 0) failed = failedSuites;
console.log(`${suites} test runs summarised`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
