// A clone alone must build, test and explain itself: no tracked file points outside the repository (the team's old
// `shared/` folder beside it), every relative Markdown link resolves, every citation of a docs/rules.md section names
// a heading that exists, and every repository path docs/architecture.md names is there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
const textFiles = tracked.filter((file) => /\.(md|ts|mts|mjs|js|json|sh|yaml|yml|html|css|txt|epd)$/.test(file));
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

describe('the repository explains itself', () => {
  test('no tracked file names the shared folder outside the repository', () => {
    // Built from parts so that this file does not match itself.
    const outside = ['..', 'shared', ''].join('/');
    const absolute = ['', 'work', 'shared', ''].join('/');
    const hits = [];
    for (const file of textFiles) {
      const text = read(file);
      for (const needle of [outside, absolute]) {
        let index = text.indexOf(needle);
        while (index !== -1) {
          hits.push(`${file}:${lineOf(text, index)}`);
          index = text.indexOf(needle, index + 1);
        }
      }
    }
    expect(hits).toEqual([]);
  });

  test('every relative link in the Markdown files resolves', () => {
    const broken = [];
    for (const file of tracked.filter((name) => name.endsWith('.md'))) {
      const text = read(file);
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1].split('#')[0];
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(path.resolve(root, path.dirname(file), decodeURI(target)))) {
          broken.push(`${file}:${lineOf(text, match.index)} → ${match[1]}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  test('every citation of a docs/rules.md section names one of its headings', () => {
    const headings = [...read('docs/rules.md').matchAll(/^#+ (.+)$/gm)].map((match) => match[1].trim());
    const cited = [];
    for (const file of textFiles) {
      const text = read(file);
      for (const match of text.matchAll(/docs\/rules\.md[`'"]?,? "([^"]+)"/g)) {
        cited.push({ where: `${file}:${lineOf(text, match.index)}`, section: match[1] });
      }
    }
    expect(cited.length).toBeGreaterThan(10);
    const unknown = cited.filter(({ section }) => !headings.some((heading) => heading.startsWith(section)));
    expect(unknown).toEqual([]);
  });

  test('every repository path named in docs/architecture.md exists', () => {
    const text = read('docs/architecture.md');
    const named = [...text.matchAll(/`((?:packages|apps|tests|docs|scripts)\/[^`\s]+)`/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
