// The commit-message rule: the hook script refuses a subject over 72 characters and a body glued to the subject,
// and takes git's own merge and revert subjects, comments and a message with no body.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { commitMessageProblems, MAX_SUBJECT } from './commit-msg.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('commit messages', () => {
  test('a subject of 72 characters passes, 73 fails with a message saying where the detail goes', () => {
    expect(MAX_SUBJECT).toBe(72);
    expect(commitMessageProblems(`${'a'.repeat(72)}\n\nbody: 142 W / 353 D / 165 L\n`)).toEqual([]);
    const problems = commitMessageProblems(`${'a'.repeat(73)}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/73 characters, more than 72: put the numbers and detail in the body/);
  });

  test('counts characters, not bytes (Thai and dashes are one each)', () => {
    expect(commitMessageProblems(`${'ม'.repeat(36)}${'—'.repeat(36)}\n`)).toEqual([]);
  });

  test('the body needs a blank line after the subject; comments and leading blank lines are ignored', () => {
    expect(commitMessageProblems('engine: a subject\nglued body\n')).toEqual([
      'a blank line must separate the subject from the body',
    ]);
    expect(commitMessageProblems(`\n# Please enter the commit message\nengine: fine\n\n# ${'x'.repeat(90)}\n`)).toEqual(
      [],
    );
    expect(commitMessageProblems('# only a comment\n')).toEqual(['the subject is empty']);
  });

  test("git's merge and revert subjects pass whatever their length", () => {
    expect(commitMessageProblems(`Merge branch '${'x'.repeat(80)}' into main\n`)).toEqual([]);
    expect(commitMessageProblems(`Revert "${'x'.repeat(80)}"\n`)).toEqual([]);
  });

  test('the hook script exits 1 on a long subject and 0 on a good one', () => {
    const script = path.join(import.meta.dirname, 'commit-msg.mjs');
    const bad = path.join(work, 'bad');
    const good = path.join(work, 'good');
    writeFileSync(bad, `${'x'.repeat(100)}\n`);
    writeFileSync(good, 'docs: a short subject\n\nThe numbers go here.\n');
    const refused = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('commit-msg: the subject has 100 characters');
    expect(spawnSync(process.execPath, [script, good], { encoding: 'utf8' }).status).toBe(0);
  });
});
