// scripts/test-summary.mjs on real Vitest JSON reports (fixtures/vitest-*.json, written by Vitest 4 on small test
// files: passing has 2 passed + 1 skipped + 1 todo; failing has a failed test, a file that does not load and 3
// passed; unhandled had an unhandled error that the report does not show; empty ran no test).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPORT, countReport, summaryLine } from './test-summary.mjs';

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
