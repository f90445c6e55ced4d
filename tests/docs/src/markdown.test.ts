// The reader of code blocks and docs-test comments that the docs test relies on.
import { describe, expect, it } from 'vitest';
import { codeBlocks, listedNames, parseDirective, shellCommands } from './markdown.js';

describe('codeBlocks', () => {
  it('finds fenced blocks with their language, line, code and the directive on the line before', () => {
    const text = [
      '# Title',
      '<!-- docs-test: typecheck only: needs a browser (document) -->',
      '```ts',
      "import '@makruk/board';",
      '```',
      '',
      '```',
      'no language',
      '```',
      '- a list item:',
      '  ```sh',
      '  makruk perft 2',
      '  ```',
    ].join('\n');
    const blocks = codeBlocks('X.md', text);
    expect(blocks.map(({ line, language, code }) => ({ line, language, code }))).toEqual([
      { line: 3, language: 'ts', code: "import '@makruk/board';" },
      { line: 7, language: '', code: 'no language' },
      { line: 11, language: 'sh', code: 'makruk perft 2' },
    ]);
    expect(blocks[0]?.directive).toEqual({ kind: 'typecheck-only', reason: 'needs a browser (document)' });
    expect(blocks[1]?.directive).toBeUndefined();
  });

  it('reports a docs-test comment it cannot read', () => {
    const [block] = codeBlocks('X.md', '<!-- docs-test: skip this -->\n```ts\nx\n```\n');
    expect(block?.directive).toBeUndefined();
    expect(block?.badDirective).toBe('skip this');
  });

  it('does not close a fence on a shorter one or on a fence with an info string', () => {
    const [block] = codeBlocks('X.md', '````text\n```ts\ninside\n```\n````\n');
    expect(block?.code).toBe('```ts\ninside\n```');
  });
});

describe('parseDirective', () => {
  it('reads api, typecheck only and not run (whole block or one command prefix)', () => {
    expect(parseDirective('api @makruk/engine')).toEqual({ kind: 'api', packageName: '@makruk/engine' });
    expect(parseDirective('not run: plays 800 games')).toEqual({
      kind: 'not-run',
      prefix: undefined,
      reason: 'plays 800 games',
    });
    expect(parseDirective('not run (makruk match): plays 800 games')).toEqual({
      kind: 'not-run',
      prefix: 'makruk match',
      reason: 'plays 800 games',
    });
    expect(parseDirective('not run')).toBeUndefined();
    expect(parseDirective('api lodash')).toBeUndefined();
  });
});

describe('shellCommands', () => {
  it('joins continuation lines and drops blanks and comment lines, keeping trailing comments', () => {
    const code = '# a comment\nmakruk perft 6   # counts\n\nmakruk match --engine ours \\\n  --nodes 10\n$ makruk uci';
    expect(shellCommands(code)).toEqual([
      'makruk perft 6   # counts',
      'makruk match --engine ours    --nodes 10',
      'makruk uci',
    ]);
  });
});

describe('listedNames', () => {
  it('takes called and declared names and members at the start of a line, not comments or strings', () => {
    const code = [
      'interface EngineExports {',
      '  memory: WebAssembly.Memory;',
      '  inputBuffer(): number;   // pointer(s) to bytes',
      '}',
      'Position.fromFen(text): Result<Position, MakrukError>',
      "pos.play(move | 'e4'); makeSan(pos, move, { notation?: 'algebraic' })",
    ].join('\n');
    expect(listedNames(code).sort()).toEqual(
      ['EngineExports', 'memory', 'inputBuffer', 'fromFen', 'play', 'makeSan'].sort(),
    );
  });
});
