/**
 * `makruk match`: plays two UCI engines against each other from a set of openings, each opening twice with
 * colours reversed, and reports W/D/L, Elo with a 95% interval, LOS and an optional SPRT; writes PGN.
 * The work is in ../match/; this file turns command-line options into a MatchConfig and prints the results.
 */
import { Option, type Command } from 'commander';
import { INITIAL_FEN } from '@makruk/makruk';
import { parseDrawSpec, parseResignSpec } from '../match/adjudication.js';
import { formatMoveLimit, parseTimeControl, type MoveLimit } from '../match/clock.js';
import { parseSprtSpec } from '../match/elo.js';
import { distinctNames, parseEngineSpecs, type EngineSpec } from '../match/engine-spec.js';
import { MatchError } from '../match/errors.js';
import { loadOpenings, shuffleOpenings, type Opening } from '../match/openings.js';
import { formatGameProgress, formatSummary, summaryToJson } from '../match/report.js';
import { runMatch, type MatchConfig, type MatchSummary } from '../match/runner.js';
import { CliError, EXIT_USAGE } from '../errors.js';
import { wholeNumber } from '../options/numbers.js';

/** Options as commander hands them over (variadic ones as string arrays, whole numbers parsed and range-checked). */
export interface MatchCliOptions {
  engine?: string[];
  openings?: string;
  games?: number;
  rounds?: number;
  tc?: string;
  movetime?: number;
  nodes?: number;
  depth?: number;
  timemargin?: number;
  moveTimeout?: number;
  concurrency?: number;
  maxplies?: number;
  resign?: string[];
  draw?: string[];
  sprt?: string[];
  pgn?: string;
  event?: string;
  shuffle?: boolean;
  seed?: number;
  json?: boolean;
  quiet?: boolean;
  debug?: boolean;
}

export const DEFAULT_TC = '10+0.1';

/** The move limit (commander refuses more than one of --tc, --movetime, --nodes, --depth). */
function moveLimitFrom(options: MatchCliOptions): MoveLimit {
  if (options.movetime !== undefined) return { kind: 'movetime', ms: options.movetime };
  if (options.nodes !== undefined) return { kind: 'nodes', nodes: options.nodes };
  if (options.depth !== undefined) return { kind: 'depth', depth: options.depth };
  return { kind: 'clock', tc: parseTimeControl(options.tc ?? DEFAULT_TC) };
}

/** Everything about a match except the openings' source and the output: checked, typed, no side effects but reads. */
export function buildMatchConfig(
  options: MatchCliOptions,
): MatchConfig & { engines: [EngineSpec, EngineSpec]; shuffleSeed: number | undefined } {
  const specs = distinctNames(parseEngineSpecs(options.engine ?? []));
  if (specs.length !== 2) {
    throw new MatchError(
      'ERR_ENGINE_COUNT',
      `a match needs exactly two engines, got ${specs.length}: --engine cmd=PROGRAM [name=N] [option.X=V]… --engine ours …`,
    );
  }
  const fileOpenings: Opening[] =
    options.openings === undefined ? [{ fen: INITIAL_FEN, line: 0 }] : loadOpenings(options.openings);
  if (options.seed !== undefined && !options.shuffle)
    throw new MatchError('ERR_MATCH_OPTIONS', '--seed only makes sense with --shuffle');
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const openings = options.shuffle ? shuffleOpenings(fileOpenings, seed) : fileOpenings;
  const games = options.games ?? (options.rounds !== undefined ? 2 * options.rounds : 2 * openings.length);
  const join = (tokens: string[] | undefined): string | undefined => tokens?.join(' ');
  const resign = join(options.resign);
  const draw = join(options.draw);
  const sprt = join(options.sprt);
  return {
    engines: [specs[0] as EngineSpec, specs[1] as EngineSpec],
    openings,
    games,
    settings: {
      limit: moveLimitFrom(options),
      timeMarginMs: options.timemargin ?? 100,
      moveTimeoutMs: options.moveTimeout ?? 60_000,
      maxPlies: options.maxplies ?? 600,
      resign: resign === undefined ? undefined : parseResignSpec(resign),
      draw: draw === undefined ? undefined : parseDrawSpec(draw),
    },
    concurrency: options.concurrency ?? 1,
    sprt: sprt === undefined ? undefined : parseSprtSpec(sprt),
    pgnFile: options.pgn,
    event: options.event ?? 'makruk match',
    shuffleSeed: options.shuffle ? seed : undefined,
  };
}

export interface MatchOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processOutput: MatchOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs a match from command-line options; resolves with the summary after printing the report. */
export async function runMatchCommand(
  options: MatchCliOptions,
  output: MatchOutput = processOutput,
  signal?: AbortSignal,
): Promise<MatchSummary> {
  const config = buildMatchConfig(options);
  // With --json, stdout carries only the JSON document; people read the progress on stderr.
  const progress = options.json ? output.err : output.out;
  const [first, second] = config.engines;
  if (!options.quiet) {
    progress(
      `Match ${first.name} vs ${second.name}: ${config.games} games, ${config.openings.length} opening(s), ` +
        `${formatMoveLimit(config.settings.limit)}, concurrency ${config.concurrency}` +
        `${config.shuffleSeed === undefined ? '' : `, openings shuffled with --seed ${config.shuffleSeed}`}\n`,
    );
  }
  const summary = await runMatch({
    ...config,
    signal,
    onWarning: (message) => output.err(`warning: ${message}\n`),
    onGameEnd: options.quiet ? undefined : (game, standing) => progress(`${formatGameProgress(game, standing)}\n`),
    log: options.debug ? (direction, name, line) => output.err(`${name} ${direction} ${line}\n`) : undefined,
  });
  if (options.json) output.out(`${JSON.stringify(summaryToJson(summary, config.pgnFile), null, 2)}\n`);
  else output.out(`\n${formatSummary(summary, config.pgnFile)}\n`);
  return summary;
}

const ENGINE_HELP = `
Engines (exactly two; the first is the one the score and Elo speak for):
  --engine cmd=PROGRAM [name=NAME] [arg=ARG]… [dir=DIR] [option.NAME=VALUE]…
  --engine ours [name=NAME] [option.NAME=VALUE]…     this repository's engine (node apps/cli/dist/main.js uci)
  cmd= is split into words as a shell does (quotes group words); each cmd= or ours starts the next engine.
  UCI_Variant is set to makruk when the engine offers it.

Rules and results: the facade referees every move. An illegal move, a flag fall (beyond --timemargin), a
crash or a hang loses the game for that engine; crashed or hung engines are restarted for the next game.
Mate, stalemate, insufficient material, the counting rules (automatic mode) and threefold repetition end
games as docs/rules.md says; --maxplies ends the rest as draws.

Examples:
  makruk match --engine cmd=/usr/games/fairy-stockfish name=FS --engine ours \\
    --openings packages/lab/openings/makruk-balanced.epd --tc 10+0.1 --concurrency 2 --pgn games.pgn
  makruk match --engine ours name=new --engine cmd="node old/dist/main.js uci" name=old --nodes 20000 \\
    --rounds 200 --resign movecount=3 score=600 --draw movenumber=40 movecount=8 score=10 \\
    --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
  makruk match --engine cmd=/usr/games/fairy-stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500 \\
    --engine cmd=/usr/games/fairy-stockfish --movetime 50 --games 20 --json

Exit codes: 0 match played (whatever the score), 2 bad options or an engine that cannot start.`;

export function registerMatch(program: Command): void {
  program
    .command('match')
    .description(
      'play two UCI engines against each other from openings, each twice with colours reversed; report W/D/L, Elo, SPRT; write PGN',
    )
    .option(
      '--engine <spec...>',
      'an engine: cmd=PROGRAM or ours, then name=, arg=, dir=, option.NAME=VALUE (give two)',
    )
    .option('--openings <file>', 'EPD/FEN file, one position a line (default: the start position only)')
    .addOption(
      new Option('--games <n>', 'total games (default: 2 × the number of openings)')
        .argParser(wholeNumber(1))
        .conflicts('rounds'),
    )
    .addOption(new Option('--rounds <n>', 'opening pairs to play: games = 2 × rounds').argParser(wholeNumber(1)))
    .addOption(
      new Option(
        '--tc <tc>',
        `time control [moves/]base[+inc] in seconds, e.g. 10+0.1, 40/60+0.6 (default ${DEFAULT_TC})`,
      ).conflicts(['movetime', 'nodes', 'depth']),
    )
    .addOption(
      new Option('--movetime <ms>', 'fixed time per move instead of a clock')
        .argParser(wholeNumber(1))
        .conflicts(['nodes', 'depth']),
    )
    .addOption(
      new Option('--nodes <n>', 'fixed nodes per move instead of a clock').argParser(wholeNumber(1)).conflicts('depth'),
    )
    .addOption(new Option('--depth <n>', 'fixed depth per move instead of a clock').argParser(wholeNumber(1)))
    .addOption(
      new Option('--timemargin <ms>', 'time an engine may overrun its clock or movetime before it loses on time')
        .argParser(wholeNumber(0))
        .default(100),
    )
    .addOption(
      new Option(
        '--move-timeout <ms>',
        'with --nodes/--depth: longest wait for a move before the engine counts as hung',
      )
        .argParser(wholeNumber(1))
        .default(60_000),
    )
    .addOption(
      new Option('--concurrency <k>', 'games played at once (each uses two engine processes)')
        .argParser(wholeNumber(1))
        .default(1),
    )
    .addOption(
      new Option('--maxplies <n>', 'adjudicate a draw after this many plies').argParser(wholeNumber(1)).default(600),
    )
    .option('--resign <spec...>', 'resign adjudication: movecount=3 score=600 [twosided=true|false]')
    .option('--draw <spec...>', 'draw adjudication: movenumber=40 movecount=8 score=10')
    .option('--sprt <spec...>', 'stop on an SPRT decision: elo0=0 elo1=5 alpha=0.05 beta=0.05')
    .option('--shuffle', 'play the openings in a random order (printed --seed makes it reproducible)')
    .addOption(new Option('--seed <n>', 'with --shuffle: the seed of the opening order').argParser(wholeNumber(0)))
    .option('--pgn <file>', 'write all games as PGN (written as games finish)')
    .option('--event <name>', 'PGN Event tag', 'makruk match')
    .option('--json', 'print the summary as JSON on stdout (progress goes to stderr)')
    .option('--quiet', 'no progress lines, only the final report')
    .option('--debug', 'print every line sent to and received from the engines on stderr')
    .addHelpText('after', ENGINE_HELP)
    .action(async (options: MatchCliOptions) => {
      // First Ctrl-C: finish cleanly with the games played so far; a second one ends the process as usual.
      const interrupt = new AbortController();
      const onSigint = (): void => interrupt.abort();
      process.once('SIGINT', onSigint);
      try {
        await runMatchCommand(options, processOutput, interrupt.signal);
      } catch (error) {
        if (error instanceof MatchError) throw new CliError(error.code, error.message, EXIT_USAGE);
        throw error;
      } finally {
        process.removeListener('SIGINT', onSigint);
      }
    });
}
