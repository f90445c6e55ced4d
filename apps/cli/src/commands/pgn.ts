// `makruk pgn …`: tools for PGN files, each streaming its input game by game: `check` validates, `convert` rewrites
// the moves in another notation, `annotate` analyses every move with the engine, `stats` adds games up.
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_HASH_MB, Engine, MAX_HASH_MB, type SearchLimits } from '@makruk/makruk';
import { EXIT_USAGE } from '../errors.js';
import { printJson } from '../output.js';
import { searchDepth, searchMovetime, wholeNumber } from '../options/numbers.js';
import { CP_LOSS_CLAMP, MARKS } from '../pgn/annotate.js';
import { annotateFile, defaultOutput, parseShard, partialPath, type Shard } from '../pgn/annotate-run.js';
import { checkGame } from '../pgn/check.js';
import { convertGames, convertToFile, NOTATIONS, type Notation } from '../pgn/convert.js';
import { describeProblem, numberedChunks, parseChunk, type PgnProblem } from '../pgn/games.js';
import { formatDuration, progressFor } from '../pgn/progress.js';
import { formatStats, StatsCollector } from '../pgn/stats.js';

interface FileReport {
  file: string;
  games: number;
  /** How many problems were found (each was handed to onProblem as it was found; none is kept). */
  problems: number;
}

/** Checks one file game by game; `onProblem` hears each problem as it is found (and may make the check wait). */
export async function checkPgnFile(
  file: string,
  onProblem: (problem: PgnProblem) => Promise<void> | undefined = () => undefined,
): Promise<FileReport> {
  const report: FileReport = { file, games: 0, problems: 0 };
  for await (const { number, chunk } of numberedChunks(file)) {
    report.games = number;
    for (const problem of checkGame(chunk, number)) {
      report.problems++;
      await onProblem(problem);
    }
  }
  return report;
}

/** `text` indented by `spaces` after each line break (a JSON value placed inside a larger one). */
function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/**
 * `check --json`: one JSON object, `{ "files": [{ "file", "problems": [...], "games" }] }`, written as the problems
 * are found, so a file with millions of them needs no more memory than one.
 */
async function checkAsJson(files: string[]): Promise<FileReport[]> {
  const reports: FileReport[] = [];
  await writeToStdout('{\n  "files": [');
  for (const [index, file] of files.entries()) {
    await writeToStdout(`${index > 0 ? ',' : ''}\n    {\n      "file": ${JSON.stringify(file)},\n      "problems": [`);
    let first = true;
    const report = await checkPgnFile(file, (problem) => {
      const text = `${first ? '' : ','}\n        ${indent(JSON.stringify(problem, null, 2), 8)}`;
      first = false;
      return writeToStdout(text);
    });
    await writeToStdout(`${first ? '' : '\n      '}],\n      "games": ${report.games}\n    }`);
    reports.push(report);
  }
  await writeToStdout(`${files.length > 0 ? '\n  ' : ''}]\n}\n`);
  return reports;
}

export function registerPgn(program: Command): void {
  const pgn = program.command('pgn').description('PGN tools: check, convert, annotate, stats');
  pgn
    .command('check')
    .description('validate every game: moves, counting actions, tags, result against the final position')
    .argument('<files...>', 'PGN files')
    .option('--json', 'print one JSON object: per file, its games and problems')
    .addHelpText(
      'after',
      '\nEach problem is printed as FILE:LINE: game N: CODE: message. Exit code 2 if any game has a problem or a\n' +
        'file cannot be read (bad input, as in every makruk command).\n\nExample:\n  makruk pgn check games.pgn more.pgn',
    )
    .action(async (files: string[], options: { json?: boolean }) => {
      let reports: FileReport[] = [];
      if (options.json) reports = await checkAsJson(files);
      else {
        for (const file of files) {
          const report = await checkPgnFile(file, (problem) =>
            writeToStdout(`${file}:${problem.line}: game ${problem.game}: ${problem.code}: ${problem.message}\n`),
          );
          reports.push(report);
          await writeToStdout(`${file}: ${report.games} games, ${report.problems} problems\n`);
        }
      }
      if (reports.some((report) => report.problems > 0)) process.exitCode = EXIT_USAGE;
    });
  registerConvert(pgn);
  registerAnnotate(pgn);
  registerStats(pgn);
}

function registerConvert(pgn: Command): void {
  pgn
    .command('convert')
    .description('rewrite every game with its moves in algebraic SAN, Thai SAN or UCI')
    .argument('<file>', 'PGN file')
    .addOption(new Option('--to <notation>', 'san, uci or thai').choices(NOTATIONS).makeOptionMandatory())
    .option('--out <file>', 'write to this file (through a temporary file renamed at the end) instead of stdout')
    .addHelpText(
      'after',
      '\nThe games are read and written one at a time, by the same PGN reader and writer as every makruk command:\n' +
        'tags, comments, NAGs and counting choices are kept; the seven-tag roster is completed with "?".\n' +
        '  san   standard PGN: Nd2, dxe6, c6=M\n' +
        '  thai  PGN with Thai SAN (ม-ง๒, ง๔, ค๖=M)\n' +
        '  uci   PGN-like: the PGN tags and movetext with UCI moves (1. e3e4 f6f5 2. c5c6m), not standard PGN but\n' +
        '        read back by makruk (pgn check, convert --to san) and handy for engines and scripts\n' +
        'A game that cannot be read stops the conversion: makruk: CODE: FILE:LINE: game N: message (exit code 2).\n\n' +
        'Example:\n  makruk pgn convert games.pgn --to thai --out games-thai.pgn',
    )
    .action(async (file: string, options: { to: Notation; out?: string }) => {
      const games = options.out
        ? await convertToFile(file, options.to, options.out)
        : await convertGames(file, options.to, writeToStdout);
      if (options.out) process.stderr.write(`${file}: ${games} games converted to ${options.to} in ${options.out}\n`);
    });
}

/** Writes to stdout, waiting while the reader is behind (so a huge conversion into a slow pipe keeps memory flat). */
function writeToStdout(text: string): Promise<void> | undefined {
  if (process.stdout.write(text)) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/** Without a budget, annotate searches this many nodes a position (a fixed budget: the same run gives the same file). */
export const DEFAULT_ANNOTATE_NODES = 100_000;

interface AnnotateOptions {
  movetime?: number;
  depth?: number;
  nodes?: number;
  jobs?: number;
  out?: string;
  resume?: boolean;
  shard?: Shard;
  hash: number;
}

function shardOption(text: string): Shard {
  const shard = parseShard(text);
  if (!shard) throw new InvalidArgumentError('Expected I/N with 1 ≤ I ≤ N, e.g. 2/8.');
  return shard;
}

function registerAnnotate(pgn: Command): void {
  const marks = MARKS.map((mark) => `${mark.symbol} ${mark.name} (≥ ${mark.minLoss})`).join(', ');
  pgn
    .command('annotate')
    .description('analyse every move of every game: [%eval] comments, ?!/?/?? marks, a summary per game')
    .argument('<file>', 'PGN file')
    .addOption(
      new Option('--nodes <n>', `search this many nodes a position (default ${DEFAULT_ANNOTATE_NODES})`)
        .argParser(wholeNumber(1))
        .conflicts(['depth', 'movetime']),
    )
    .addOption(
      new Option('--depth <n>', 'search each position to this depth').argParser(searchDepth).conflicts('movetime'),
    )
    .addOption(
      new Option('--movetime <ms>', 'search each position this long (not reproducible)').argParser(searchMovetime),
    )
    .addOption(
      new Option('--jobs <n>', 'engines working in parallel, a game each (default: the number of cores)').argParser(
        wholeNumber(1, 256),
      ),
    )
    .addOption(
      new Option('--hash <mb>', 'transposition table of each engine, in MB')
        .argParser(wholeNumber(1, MAX_HASH_MB))
        .default(DEFAULT_HASH_MB),
    )
    .option(
      '--out <file>',
      'the annotated PGN (default: FILE with .annotated.pgn, or .annotated.I-of-N.pgn for a shard)',
    )
    .option('--resume', 'continue an interrupted run with the same settings (starts afresh when there is none)')
    .addOption(
      new Option('--shard <I/N>', 'annotate only the games whose 0-based index in FILE is I-1 modulo N').argParser(
        shardOption,
      ),
    )
    .addHelpText(
      'after',
      '\nEvery position of every game is searched (one engine per job, each game cleared of what the engine learnt\n' +
        "before), and each move gets [%eval E]: from White's view, in pawns with two decimals (0.35, -1.20), #N when\n" +
        "White mates in N, #-N when Black does, #0 on a mated final position. Marks come from the mover's loss of\n" +
        `winning chances (-1 lost … +1 won):\n  ${marks};\na move that is the engine's own choice loses nothing.\n` +
        'Each game gets tags: Annotator, WhiteACPL/BlackACPL (average centipawn loss a move, scores clamped to ' +
        `±${CP_LOSS_CLAMP}),\n` +
        'WhiteInaccuracies, WhiteMistakes, WhiteBlunders and the same for Black.\n\n' +
        'The output is written in input order, game by game, to OUT.partial, with OUT.state.json saying how much of it\n' +
        'is finished; OUT.partial becomes OUT at the end. After an interruption, run the same command with --resume:\n' +
        'finished games are kept, not analysed again, and at a fixed --nodes or --depth the result is the same file\n' +
        'an uninterrupted run writes. Progress goes to stderr: a bar on a terminal, a line per game otherwise.\n\n' +
        'Examples:\n  makruk pgn annotate games.pgn --nodes 200000 --jobs 2\n' +
        "  makruk pgn annotate big.pgn --shard 3/8 --resume     # one machine's eighth of the games",
    )
    .action(async (file: string, options: AnnotateOptions) => {
      const limits: SearchLimits =
        options.depth !== undefined
          ? { depth: options.depth }
          : options.movetime !== undefined
            ? { movetime: options.movetime }
            : { nodes: options.nodes ?? DEFAULT_ANNOTATE_NODES };
      const out = options.out ?? defaultOutput(file, options.shard);
      const progress = progressFor(process.stderr);
      const interrupted = (signal: NodeJS.Signals): void => {
        progress.stop();
        process.stderr.write(
          `\nmakruk: interrupted (${signal}); finished games are in ${partialPath(out)}: run the same command with --resume to go on\n`,
        );
        process.exit(signal === 'SIGINT' ? 130 : 143);
      };
      process.once('SIGINT', interrupted);
      process.once('SIGTERM', interrupted);
      try {
        const report = await annotateFile({
          file,
          out,
          limits,
          jobs: options.jobs ?? availableParallelism(),
          hashMb: options.hash,
          resume: options.resume === true,
          shard: options.shard,
          progress,
          startEngine: (hashMb) => Engine.start({ hashMb }),
        });
        const speed = report.seconds > 0 ? (report.moves / report.seconds).toFixed(1) : '-';
        const resumed = report.resumed > 0 ? ` (${report.resumed} finished before, kept)` : '';
        process.stderr.write(
          `annotated ${report.games} games${resumed}, ${report.moves} moves in ${formatDuration(report.seconds)} ` +
            `(${speed} moves/s) → ${out}\n`,
        );
      } finally {
        process.removeListener('SIGINT', interrupted);
        process.removeListener('SIGTERM', interrupted);
      }
    });
}

function registerStats(pgn: Command): void {
  pgn
    .command('stats')
    .description('results, terminations, game lengths and first moves of a PGN file')
    .argument('<file>', 'PGN file')
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      "\nTerminations: the final position's verdict (checkmate, count, dead position, stalemate, a mate by the\n" +
        'counting side, threefold repetition), else the Termination tag when it says more than "normal", else the\n' +
        'result (decisive: resignation, drawn: agreement, *: unfinished). Lengths are in plies. A game that cannot\n' +
        'be read is reported on stderr as FILE:LINE: game N: CODE: message, left out, and makes the exit code 2.\n\n' +
        'Example:\n  makruk pgn stats games.pgn --json',
    )
    .action(async (file: string, options: { json?: boolean }) => {
      const stats = new StatsCollector();
      for await (const { number, chunk } of numberedChunks(file)) {
        const parsed = parseChunk(chunk, number);
        if (parsed.ok) {
          stats.add(parsed.value);
        } else {
          stats.addUnreadable();
          const problem: PgnProblem = parsed.error;
          process.stderr.write(
            `${describeProblem(file, { ...problem, message: `${problem.code}: ${problem.message}` })}\n`,
          );
        }
      }
      const result = stats.result();
      if (options.json) printJson({ file, ...result });
      else process.stdout.write(formatStats(file, result));
      if (result.unreadable > 0) process.exitCode = EXIT_USAGE;
    });
}
