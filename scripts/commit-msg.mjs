// The commit-message rule (CONTRIBUTING.md, "Commits"): a subject of at most 72 characters, then a blank line before
// the body, where the numbers and the detail go. Run by the commit-msg hook that scripts/setup.sh installs
// (git config core.hooksPath scripts/git-hooks); usage: node scripts/commit-msg.mjs MESSAGE_FILE.
import { readFileSync } from 'node:fs';

export const MAX_SUBJECT = 72;

/** The problems of a commit message (empty when it follows the rule). Lines starting with '#' are git's comments. */
export function commitMessageProblems(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  const subject = lines[0] ?? '';
  if (subject.trim() === '') return ['the subject is empty'];
  if (/^(Merge|Revert|fixup!|squash!|amend!) /.test(subject)) return [];
  const problems = [];
  const length = [...subject].length;
  if (length > MAX_SUBJECT) {
    problems.push(
      `the subject has ${length} characters, more than ${MAX_SUBJECT}: put the numbers and detail in the body`,
    );
  }
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('a blank line must separate the subject from the body');
  return problems;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/commit-msg.mjs MESSAGE_FILE');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  for (const problem of problems) console.error(`commit-msg: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
