// Adds up the Vitest JSON reports of a `pnpm test` run and prints the one closing line CI reads:
// `N passed, N failed` (`, N skipped` when some were skipped or todo).
//
//   node scripts/test-summary.mjs [--command-status=N] [PACKAGE_DIR...]
//   node scripts/test-summary.mjs --clean [PACKAGE_DIR...]     (before a run: delete the old reports)
//
// Every package's test script (and the root's `test:tooling`) runs Vitest with the JSON reporter writing
// `<package>/test-results/vitest.json`. Without PACKAGE_DIRs, the packages are the workspace's (pnpm's list, the
// root included) that have a `test` script. A package whose report is missing, unreadable or counts no test
// at all counts as one failure, as does a file that failed to load (an import error) and a run
// that Vitest marked unsuccessful without a failed test. Vitest's JSON report leaves out unhandled errors (Vitest
// still exits 1): pass the test command's exit status as --command-status, and a non-zero status with no failure
// counted counts as one. The per-package lines go to stderr, the closing line to stdout. Exit code 1 when anything
// failed or nothing passed.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const REPORT = path.join('test-results', 'vitest.json');
/** A package whose test script runs Playwright (end-to-end tests) must also leave this report. */
export const PLAYWRIGHT_REPORT = path.join('test-results', 'playwright.json');

/** Counts of one Vitest JSON report (the object the `json` reporter writes). */
export function countReport(report) {
  const passed = report.numPassedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const results = Array.isArray(report.testResults) ? report.testResults : [];
  // A test file that failed as a whole (it did not load, or a hook threw) has no failed test of its own.
  const brokenFiles = results.filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  let failed = (report.numFailedTests ?? 0) + brokenFiles.length;
  const problems = brokenFiles.map((file) => `${file.name}: ${String(file.message ?? '').split('\n')[0]}`);
  if (report.success === false && failed === 0) {
    failed = 1;
    problems.push('Vitest reported the run as failed (an unhandled error?)');
  }
  if ((report.numTotalTests ?? 0) === 0 && failed === 0) {
    failed = 1;
    problems.push('no test ran');
  }
  return { passed, failed, skipped, problems };
}

/** Counts of one Playwright JSON report: expected = passed, unexpected = failed, each top-level error one failure. */
export function countPlaywrightReport(report) {
  const stats = report.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const errors = Array.isArray(report.errors) ? report.errors : [];
  let failed = (stats.unexpected ?? 0) + errors.length;
  const problems = errors.map((error) => `Playwright: ${String(error.message ?? '').split('\n')[0]}`);
  if (passed + failed === 0) {
    failed = 1;
    problems.push('no end-to-end test ran');
  }
  return { passed, failed, skipped: stats.skipped ?? 0, problems };
}

function runsPlaywright(dir) {
  try {
    return /\bplaywright test\b/.test(
      JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts?.test ?? '',
    );
  } catch {
    return false;
  }
}

/** Counts of one package: its Vitest report (and its Playwright report when its tests run Playwright). */
export function countPackage(dir) {
  const counts = countVitestPackage(dir);
  if (!runsPlaywright(dir)) return counts;
  const file = path.join(dir, PLAYWRIGHT_REPORT);
  let e2e;
  try {
    e2e = countPlaywrightReport(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    e2e = {
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: [`no readable report at ${file} (the end-to-end tests did not run to the end)`],
    };
  }
  return {
    passed: counts.passed + e2e.passed,
    failed: counts.failed + e2e.failed,
    skipped: counts.skipped + e2e.skipped,
    problems: [...counts.problems, ...e2e.problems],
  };
}

/** Counts of one package's Vitest report, or one failure when the report is missing or unreadable. */
function countVitestPackage(dir) {
  const file = path.join(dir, REPORT);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { passed: 0, failed: 1, skipped: 0, problems: [`no report at ${file} (the tests did not run to the end)`] };
  }
  try {
    return countReport(JSON.parse(text));
  } catch (error) {
    return { passed: 0, failed: 1, skipped: 0, problems: [`unreadable report ${file}: ${error.message}`] };
  }
}

/** `N passed, N failed` and `, N skipped` when there are any. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** The workspace's packages (the root included) that have a `test` script, as pnpm lists them. */
function workspacePackagesWithTests(root) {
  const pnpm = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager ?? 'pnpm';
  const list = spawnSync('npx', ['-y', pnpm, 'ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`pnpm ls failed: ${list.stderr || list.error}`);
  return JSON.parse(list.stdout)
    .map((project) => project.path)
    .filter((dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts?.test !== undefined);
}

function main(argv) {
  let clean = false;
  let commandStatus = 0;
  const dirs = [];
  for (const arg of argv) {
    if (arg === '--clean') clean = true;
    else if (arg.startsWith('--command-status=')) commandStatus = Number(arg.slice('--command-status='.length));
    else dirs.push(arg);
  }
  if (!Number.isInteger(commandStatus)) {
    console.error('test-summary: --command-status takes an exit status');
    return 2;
  }
  const root = path.resolve(import.meta.dirname, '..');
  const packages = dirs.length > 0 ? dirs : workspacePackagesWithTests(root);
  if (clean) {
    for (const dir of packages) {
      rmSync(path.join(dir, REPORT), { force: true });
      rmSync(path.join(dir, PLAYWRIGHT_REPORT), { force: true });
    }
    return 0;
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const dir of packages) {
    const counts = countPackage(dir);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    // Worded unlike the closing line, so that only the last line reads as a summary.
    const name = path.relative(root, path.resolve(dir)) || '(root)';
    console.error(`${name} — passed ${counts.passed}, failed ${counts.failed}, skipped ${counts.skipped}`);
    for (const problem of counts.problems) console.error(`  ${problem}`);
  }
  if (commandStatus !== 0 && total.failed === 0) {
    total.failed = 1;
    console.error(
      `the test command exited with status ${commandStatus} but no report counts a failure (an unhandled error?)`,
    );
  }
  console.log(summaryLine(total));
  return total.failed > 0 || total.passed === 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = main(process.argv.slice(2));
}
