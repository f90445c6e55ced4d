// `makruk analyse`: search a position (a FEN and/or moves) with live output; Ctrl-C stops and prints the result.
import { Option, type Command } from 'commander';
import {
  DEFAULT_HASH_MB,
  emptyResult,
  Engine,
  MakrukError,
  makeSan,
  MAX_HASH_MB,
  MAX_MULTI_PV,
  MAX_THREADS,
  MIN_HASH_MB,
  MIN_MULTI_PV,
  MIN_THREADS,
  DEFAULT_THREADS,
  type AnalysisResult,
  type Position,
  type SearchInfo,
  type SearchLimits,
} from '@makruk/makruk';
import { CliError } from '../errors.js';
import { formatScoreForPeople } from '../uci/protocol.js';
import { searchDepth, searchMovetime, wholeNumber } from '../options/numbers.js';
import { fenOption, movesOption, playFromOptions, type FenInput } from '../options/position.js';

interface AnalyseOptions {
  fen?: FenInput;
  moves?: string[];
  depth?: number;
  movetime?: number;
  nodes?: number;
  multipv?: number;
  hash?: number;
  threads?: number;
  json?: boolean;
}

/** Without a limit the search runs this long (Ctrl-C stops it earlier). */
export const DEFAULT_MOVETIME_MS = 5000;

export function registerAnalyse(program: Command): void {
  program
    .command('analyse')
    .alias('analyze')
    .description(`search a position with live output (default: ${DEFAULT_MOVETIME_MS / 1000} s; Ctrl-C stops early)`)
    .addOption(fenOption())
    .addOption(movesOption())
    .addOption(
      new Option('--depth <n>', 'search to this depth').argParser(searchDepth).conflicts(['movetime', 'nodes']),
    )
    .addOption(
      new Option('--movetime <ms>', 'search for this many milliseconds').argParser(searchMovetime).conflicts('nodes'),
    )
    .addOption(new Option('--nodes <n>', 'search this many nodes').argParser(wholeNumber(1)))
    .addOption(
      new Option('--multipv <k>', 'show the K best lines')
        .argParser(wholeNumber(MIN_MULTI_PV, MAX_MULTI_PV))
        .default(MIN_MULTI_PV),
    )
    .addOption(
      new Option('--hash <mb>', 'transposition table size in MB')
        .argParser(wholeNumber(MIN_HASH_MB, MAX_HASH_MB))
        .default(DEFAULT_HASH_MB),
    )
    .addOption(
      new Option('--threads <n>', 'search threads (helpers share the transposition table)')
        .argParser(wholeNumber(MIN_THREADS, MAX_THREADS))
        .default(DEFAULT_THREADS),
    )
    .option('--json', 'one JSON object per line: {"type":"info",…} while searching, then {"type":"result",…}')
    .action(async (options: AnalyseOptions) => {
      await analyse(options);
    });
}

/** The limits from the options (commander refuses more than one of --depth, --movetime, --nodes). */
export function analyseLimits(options: AnalyseOptions): SearchLimits {
  const limits: SearchLimits = { multiPv: options.multipv ?? 1 };
  if (options.depth !== undefined) limits.depth = options.depth;
  else if (options.movetime !== undefined) limits.movetime = options.movetime;
  else if (options.nodes !== undefined) limits.nodes = options.nodes;
  else limits.movetime = DEFAULT_MOVETIME_MS;
  return limits;
}

function formatCount(value: number): string {
  if (value >= 10_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 10_000) return `${(value / 1000).toFixed(1)}k`;
  return String(value);
}

export function formatInfoForPeople(info: SearchInfo, multiPv: number): string {
  const line = multiPv > 1 ? `#${info.multiPv} ` : '';
  const depth = `${info.depth}/${info.seldepth}`.padEnd(6);
  const score = formatScoreForPeople(info.score).padStart(7);
  const stats = `nodes ${formatCount(info.nodes).padStart(6)}  nps ${formatCount(info.nps).padStart(6)}  ${(info.timeMs / 1000).toFixed(2)}s`;
  return `${line}depth ${depth} ${score}  ${stats}  ${info.pvSan.join(' ')}`;
}

function resultJson(result: AnalysisResult, position: Position): Record<string, unknown> {
  return {
    type: 'result',
    fen: position.fen(),
    bestMove: result.bestMoveUci ?? null,
    bestMoveSan: result.bestMove ? makeSan(position, result.bestMove) : null,
    ponder: result.ponderUci ?? null,
    score: result.score ?? null,
    depth: result.depth,
    seldepth: result.seldepth,
    nodes: result.nodes,
    timeMs: result.timeMs,
    pv: result.pv,
    pvSan: result.pvSan,
    stopped: result.stopped,
    outcome: position.outcome() ?? null,
  };
}

async function analyse(options: AnalyseOptions): Promise<void> {
  const limits = analyseLimits(options);
  const hashMb = options.hash ?? DEFAULT_HASH_MB;
  const { start, moves, position } = playFromOptions(options);
  const write = (line: string): void => void process.stdout.write(`${line}\n`);
  const multiPv = limits.multiPv ?? 1;

  const outcome = position.outcome();
  if (outcome) {
    // Nothing to search: a mate, a stalemate, or a finished game (a count run out, a dead position) is a result.
    const mated = outcome.reason === 'checkmate';
    const none = emptyResult(mated ? { mate: 0 } : { cp: 0 });
    const text =
      position.legalMoves().length === 0
        ? `no legal move: ${mated ? 'checkmate' : 'stalemate'}`
        : `the game is over: a draw (${outcome.reason.replace(/-/g, ' ')}); score +0.00`;
    write(options.json ? JSON.stringify(resultJson(none, position)) : text);
    return;
  }
  let engine: Engine;
  try {
    engine = await Engine.start({ hashMb, threads: options.threads ?? DEFAULT_THREADS });
  } catch (error) {
    throw asRunFailure(error);
  }
  if (engine.threadsFailure) process.stderr.write(`makruk analyse: --threads: ${engine.threadsFailure}\n`);
  try {
    if (!options.json) write(`${position.fen()}  (scores for ${position.turn} to move)`);
    const run = engine.analyse({ fen: start.fen(), moves }, limits, (info) => {
      write(options.json ? JSON.stringify({ type: 'info', ...info }) : formatInfoForPeople(info, multiPv));
    });
    const onInterrupt = (): void => run.stop();
    process.once('SIGINT', onInterrupt);
    let result: AnalysisResult;
    try {
      result = await run.result;
    } catch (error) {
      throw asRunFailure(error);
    } finally {
      process.removeListener('SIGINT', onInterrupt);
    }
    if (options.json) {
      write(JSON.stringify(resultJson(result, position)));
    } else if (!result.bestMove) {
      write(`no legal move: ${position.isCheckmate() ? 'checkmate' : 'stalemate'}`);
    } else {
      const ponder = result.pvSan[1] ? `, expecting ${result.pvSan[1]}` : '';
      write(
        `best move: ${makeSan(position, result.bestMove)} (${result.bestMoveUci})  score ${formatScoreForPeople(result.score)} at depth ${result.depth}${ponder}`,
      );
    }
  } finally {
    await engine.quit();
  }
}

/** Engine failures are not usage mistakes: exit code 1 with the engine's code. */
function asRunFailure(error: unknown): unknown {
  if (error instanceof MakrukError && !['ERR_ILLEGAL_MOVE', 'ERR_SEARCH_LIMITS'].includes(error.code)) {
    return new CliError(error.code, error.message, 1);
  }
  return error;
}
