// `makruk pgn …`: tools for PGN files. `check` validates every game of every file, streaming them.
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { checkGame, type PgnProblem } from '../pgn/check.js';
import { splitPgnFile } from '../pgn/split.js';

interface FileReport {
  file: string;
  games: number;
  problems: PgnProblem[];
}

/** Checks one file game by game; `onProblem` hears each problem as it is found. */
export async function checkPgnFile(
  file: string,
  onProblem: (problem: PgnProblem) => void = () => undefined,
): Promise<FileReport> {
  const report: FileReport = { file, games: 0, problems: [] };
  try {
    for await (const chunk of splitPgnFile(file)) {
      report.games++;
      for (const problem of checkGame(chunk, report.games)) {
        report.problems.push(problem);
        onProblem(problem);
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && !code.startsWith('ERR_'))
      throw new CliError('ERR_FILE', `cannot read ${file}: ${code}`);
    throw error;
  }
  return report;
}

export function registerPgn(program: Command): void {
  const pgn = program.command('pgn').description('PGN tools: check');
  pgn
    .command('check')
    .description('validate every game: moves, counting actions, tags, result against the final position')
    .argument('<files...>', 'PGN files')
    .option('--json', 'print one JSON object: per file, its games and problems')
    .addHelpText(
      'after',
      '\nEach problem is printed as FILE:LINE: game N: CODE: message. Exit code 1 if any game has a problem,\n' +
        '2 if a file cannot be read.\n\nExample:\n  makruk pgn check games.pgn more.pgn',
    )
    .action(async (files: string[], options: { json?: boolean }) => {
      const reports: FileReport[] = [];
      for (const file of files) {
        const print = options.json
          ? undefined
          : (problem: PgnProblem): void =>
              void process.stdout.write(
                `${file}:${problem.line}: game ${problem.game}: ${problem.code}: ${problem.message}\n`,
              );
        const report = await checkPgnFile(file, print);
        reports.push(report);
        if (!options.json) process.stdout.write(`${file}: ${report.games} games, ${report.problems.length} problems\n`);
      }
      if (options.json) printJson({ files: reports });
      if (reports.some((report) => report.problems.length > 0)) process.exitCode = 1;
    });
}
