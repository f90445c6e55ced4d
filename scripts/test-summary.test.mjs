// scripts/test-summary.mjs on real Vitest JSON reports (fixtures/vitest-*.json, written by Vitest 4 on small test
// files: passing has 2 passed + 1 skipped + 1 todo; failing has a failed test, a file that does not load and 3
// passed; unhandled had an unhandled error that the report does not show; empty ran no test).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PLAYWRIGHT_REPORT, REPORT, countPlaywrightReport, countReport, summaryLine } from './test-summary.mjs';

const script = path.join(import.meta.dirname, 'test-summary.mjs');
const fixture = (name) => path.join(import.meta.dirname, 'fixtures', `vitest-${name}.json`);
const work = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A package folder whose report is the named fixture (or none). */
function pkg(name, fixtureName = name) {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, path.dirname(REPORT)), { recursive: true });
  if (fixtureName) copyFileSync(fixture(fixtureName), path.join(dir, REPORT));
  return dir;
}

function summary(...args) {
  const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('test-summary', () => {
  test('prints exactly one line, the sum over the packages', () => {
    const run = summary(pkg('a', 'passing'), pkg('b', 'passing'));
    expect(run.stdout).toBe('4 passed, 0 failed, 4 skipped\n');
    expect(run.status).toBe(0);
  });

  test('counts failed tests and test files that did not load', () => {
    expect(countReport(JSON.parse(readFileSync(fixture('failing'), 'utf8')))).toMatchObject({
      passed: 3,
      failed: 2,
      skipped: 2,
    });
    const run = summary(pkg('c', 'passing'), pkg('d', 'failing'));
    expect(run.stdout).toBe('5 passed, 2 failed, 4 skipped\n');
    expect(run.stderr).toContain("Cannot find module './missing.mjs'");
    expect(run.status).toBe(1);
  });

  test('a package without a report counts as a failure', () => {
    const run = summary(pkg('e', 'passing'), pkg('f', null));
    expect(run.stdout).toBe('2 passed, 1 failed, 2 skipped\n');
    expect(run.stderr).toMatch(/no report at .*f[\\/]test-results[\\/]vitest\.json/);
    expect(run.status).toBe(1);
  });

  test('a report that ran no test, or is not JSON, counts as a failure', () => {
    expect(summary(pkg('g', 'empty')).stdout).toBe('0 passed, 1 failed\n');
    const broken = pkg('h', null);
    copyFileSync(script, path.join(broken, REPORT));
    const run = summary(broken);
    expect(run.stdout).toBe('0 passed, 1 failed\n');
    expect(run.stderr).toContain('unreadable report');
  });

  test('--clean deletes the reports, so a package whose tests then do not run counts as a failure', () => {
    const dir = pkg('i', 'passing');
    expect(summary('--clean', dir).status).toBe(0);
    expect(existsSync(path.join(dir, REPORT))).toBe(false);
    expect(summary(dir).stdout).toBe('0 passed, 1 failed\n');
  });

  test('a failed test command with no failure in the reports (an unhandled error) counts as one', () => {
    const dir = pkg('j', 'unhandled');
    expect(summary(dir).stdout).toBe('2 passed, 0 failed\n');
    const run = summary('--command-status=1', dir);
    expect(run.stdout).toBe('2 passed, 1 failed\n');
    expect(run.status).toBe(1);
    expect(summary('--command-status=1', pkg('k', 'failing')).stdout).toBe('3 passed, 2 failed, 2 skipped\n');
  });

  test('the closing line has the skipped part only when something was skipped', () => {
    expect(summaryLine({ passed: 3, failed: 0, skipped: 0 })).toBe('3 passed, 0 failed');
    expect(summaryLine({ passed: 3, failed: 1, skipped: 2 })).toBe('3 passed, 1 failed, 2 skipped');
  });
});

describe('test-summary with end-to-end (Playwright) reports', () => {
  /** A package whose test script runs Playwright, with the given Playwright report (or none). */
  function e2ePkg(name, playwrightReport) {
    const dir = pkg(name, 'passing');
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ scripts: { test: 'vitest run && vite build && playwright test' } }),
    );
    if (playwrightReport) writeFileSync(path.join(dir, PLAYWRIGHT_REPORT), JSON.stringify(playwrightReport));
    return dir;
  }
  // the shape Playwright 1.65's json reporter writes (stats and top-level errors; suites left out)
  const report = (expected, unexpected, errors = []) => ({
    config: {},
    suites: [],
    errors,
    stats: { startTime: '2026-11-30T15:00:00.000Z', duration: 1000, expected, skipped: 0, unexpected, flaky: 0 },
  });

  test('adds the end-to-end tests to the package’s Vitest counts', () => {
    const run = summary(e2ePkg('p1', report(13, 0)));
    expect(run.stdout).toBe('15 passed, 0 failed, 2 skipped\n');
    expect(countPlaywrightReport(report(3, 2, [{ message: 'Error: config\nmore' }]))).toMatchObject({
      passed: 3,
      failed: 3,
    });
  });

  test('a missing Playwright report, or one that ran nothing, counts as a failure', () => {
    const missing = summary(e2ePkg('p2', null));
    expect(missing.stdout).toBe('2 passed, 1 failed, 2 skipped\n');
    expect(missing.stderr).toMatch(/playwright\.json/);
    expect(summary(e2ePkg('p3', report(0, 0))).stdout).toBe('2 passed, 1 failed, 2 skipped\n');
  });

  test('--clean deletes the Playwright report too', () => {
    const dir = e2ePkg('p4', report(1, 0));
    summary('--clean', dir);
    expect(existsSync(path.join(dir, PLAYWRIGHT_REPORT))).toBe(false);
  });
});
