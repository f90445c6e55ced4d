// The fenced code blocks of a Markdown file, each with the docs-test directive written on the line before it. The
// rule for what happens to each block is in CONTRIBUTING.md ("Every code block is a test").

/** The languages a block may be written in; a fence without one (or with another) fails the docs test. */
export const BLOCK_LANGUAGES = ['ts', 'js', 'sh', 'html', 'css', 'text'] as const;
export type BlockLanguage = (typeof BLOCK_LANGUAGES)[number];

/**
 * What the line before a block says about it (an HTML comment, invisible on the rendered page):
 * - `<!-- docs-test: api @makruk/x -->` — an API listing: every name it declares or calls must be declared by that
 *   package's built types;
 * - `<!-- docs-test: typecheck only: REASON -->` — a ts block that is type-checked but not run;
 * - `<!-- docs-test: not run: REASON -->` — nothing of the block is run; `not run (PREFIX): REASON` in an sh block
 *   leaves out only the commands that start with PREFIX.
 */
export type Directive =
  | { kind: 'api'; packageName: string }
  | { kind: 'typecheck-only'; reason: string }
  | { kind: 'not-run'; reason: string; prefix: string | undefined };

export interface CodeBlock {
  /** Repository-relative path of the Markdown file. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The first word of the info string ('' when there is none). */
  language: string;
  code: string;
  directive: Directive | undefined;
  /** A directive comment that could not be read (the test reports it). */
  badDirective: string | undefined;
}

const FENCE = /^(\s*)(`{3,})(.*)$/;
const DIRECTIVE = /^<!--\s*docs-test:\s*(.*?)\s*-->$/;

export function parseDirective(text: string): Directive | undefined {
  const api = /^api\s+(@makruk\/[a-z-]+)$/.exec(text);
  if (api) return { kind: 'api', packageName: api[1] as string };
  const typecheck = /^typecheck only:\s*(.+)$/.exec(text);
  if (typecheck) return { kind: 'typecheck-only', reason: (typecheck[1] as string).trim() };
  const notRun = /^not run(?:\s*\(([^)]+)\))?:\s*(.+)$/.exec(text);
  if (notRun) return { kind: 'not-run', prefix: notRun[1]?.trim(), reason: (notRun[2] as string).trim() };
  return undefined;
}

/** Every fenced block of `text`, in order. An unclosed fence runs to the end of the file, as CommonMark says. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const fence = open[2] as string;
    const language = (open[3] as string).trim().split(/\s+/)[0] ?? '';
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j] as string);
      if (close && (close[2] as string).length >= fence.length && (close[3] as string).trim() === '') break;
      body.push((lines[j] as string).slice(Math.min(indent, /^\s*/.exec(lines[j] as string)?.[0].length ?? 0)));
    }
    const previous = DIRECTIVE.exec((lines[i - 1] ?? '').trim());
    const directive = previous ? parseDirective(previous[1] as string) : undefined;
    blocks.push({
      file,
      line: i + 1,
      language,
      code: body.join('\n'),
      directive,
      badDirective: previous && !directive ? (previous[1] as string) : undefined,
    });
    i = j;
  }
  return blocks;
}

/** The commands of an sh block: continuation lines joined, blank lines and whole-line comments dropped. */
export function shellCommands(code: string): string[] {
  const commands: string[] = [];
  let current = '';
  for (const raw of code.split('\n')) {
    const line = raw.replace(/^\s*\$\s+/, '');
    if (current === '' && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    commands.push((current + line).trim());
    current = '';
  }
  if (current.trim() !== '') commands.push(current.trim());
  return commands;
}

/**
 * The names an API listing declares or calls: `name(` and `name?(` (functions and methods), `interface/type/class/
 * function/const Name`, and a member written at the start of a line (`name: …`, `name?: …`).
 */
export function listedNames(code: string): string[] {
  const names = new Set<string>();
  const withoutComments = code.replace(/\/\/.*$/gm, '');
  for (const match of withoutComments.matchAll(/(?<![\w$.'"`-])([A-Za-z_$][\w$]*)\??\s*\(/g))
    names.add(match[1] as string);
  for (const match of withoutComments.matchAll(/\.([A-Za-z_$][\w$]*)\??\s*\(/g)) names.add(match[1] as string);
  for (const match of withoutComments.matchAll(/\b(?:interface|type|class|function|const)\s+([A-Za-z_$][\w$]*)/g)) {
    names.add(match[1] as string);
  }
  for (const match of withoutComments.matchAll(/^\s*([A-Za-z_$][\w$]*)\??:/gm)) names.add(match[1] as string);
  return [...names];
}
