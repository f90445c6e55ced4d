// `makruk analyse`: search a position (a FEN and/or moves) with live output; Ctrl-C stops and prints the result.
import type { Command } from 'commander';
import {
  Engine,
  MakrukError,
  makeSan,
  makeUci,
  MAX_MULTI_PV,
  parseSan,
  parseUci,
  type AnalysisResult,
  type Move,
  type Position,
  type Score,
  type SearchInfo,
  type SearchLimits,
} from '@makruk/makruk';
import { CliError } from '../errors.js';
import { parseDepth } from '../options/numbers.js';
import { positionFromFen } from '../options/position.js';

interface AnalyseOptions {
  fen?: string;
  moves?: string[];
  depth?: string;
  movetime?: string;
  nodes?: string;
  multipv?: string;
  hash?: string;
  json?: boolean;
}

/** Without a limit the search runs this long (Ctrl-C stops it earlier). */
export const DEFAULT_MOVETIME_MS = 5000;

export function registerAnalyse(program: Command): void {
  program
    .command('analyse')
    .alias('analyze')
    .description(`search a position with live output (default: ${DEFAULT_MOVETIME_MS / 1000} s; Ctrl-C stops early)`)
    .option('--fen <fen>', 'start position (default: the initial position)')
    .option('--moves <moves...>', 'moves played from it, UCI (e3e4) or SAN (e4)')
    .option('--depth <n>', 'search to this depth')
    .option('--movetime <ms>', 'search for this many milliseconds')
    .option('--nodes <n>', 'search this many nodes')
    .option('--multipv <k>', 'show the K best lines', '1')
    .option('--hash <mb>', 'transposition table size in MB', '16')
    .option('--json', 'one JSON object per line: {"type":"info",…} while searching, then {"type":"result",…}')
    .action(async (options: AnalyseOptions) => {
      await analyse(options);
    });
}

function parseWhole(text: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new CliError('ERR_ARGUMENT', `${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new CliError('ERR_ARGUMENT', `${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** The limits from the options; at most one of --depth, --movetime, --nodes. */
export function analyseLimits(options: AnalyseOptions): SearchLimits {
  const given = (['depth', 'movetime', 'nodes'] as const).filter((key) => options[key] !== undefined);
  if (given.length > 1) throw new CliError('ERR_ARGUMENT', `give only one of --depth, --movetime, --nodes (got ${given.map((k) => `--${k}`).join(', ')})`);
  const limits: SearchLimits = { multiPv: parseWhole(options.multipv ?? '1', 'multipv', 1, MAX_MULTI_PV) };
  if (options.depth !== undefined) limits.depth = parseDepth(options.depth, 'depth', 100);
  else if (options.movetime !== undefined) limits.movetime = parseWhole(options.movetime, 'movetime', 1, 86_400_000);
  else if (options.nodes !== undefined) limits.nodes = parseWhole(options.nodes, 'nodes', 1, Number.MAX_SAFE_INTEGER);
  else limits.movetime = DEFAULT_MOVETIME_MS;
  return limits;
}

/** Plays the --moves (UCI or SAN) from the start position; returns the UCI moves and the position reached. */
export function playMoves(start: Position, texts: readonly string[]): { moves: string[]; position: Position } {
  let position = start;
  const moves: string[] = [];
  texts.forEach((text, index) => {
    const uci = parseUci(text);
    let move: Move | undefined = uci && position.isLegal(uci) ? uci : undefined;
    if (!move) {
      const san = parseSan(position, text);
      if (!san.ok) {
        throw new CliError('ERR_ILLEGAL_MOVE', `move ${index + 1} "${text}" is not legal in ${position.fen()} (${san.error.message})`);
      }
      move = san.value;
    }
    moves.push(makeUci(move));
    position = position.play(move);
  });
  return { moves, position };
}

/** +0.23 / -1.50 in pawns, #3 / #-3 for mates; from the side to move. */
export function formatScoreForPeople(score: Score | undefined): string {
  if (!score) return '?';
  if ('mate' in score) return `#${score.mate}`;
  return `${score.cp >= 0 ? '+' : '-'}${(Math.abs(score.cp) / 100).toFixed(2)}`;
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
    outcome: result.bestMove ? null : (position.outcome() ?? null),
  };
}

async function analyse(options: AnalyseOptions): Promise<void> {
  const limits = analyseLimits(options);
  const hashMb = parseWhole(options.hash ?? '16', 'hash', 1, 2048);
  const start = positionFromFen(options.fen);
  const { moves, position } = playMoves(start, options.moves ?? []);
  const write = (line: string): void => void process.stdout.write(`${line}\n`);
  const multiPv = limits.multiPv ?? 1;

  if (position.legalMoves().length === 0) {
    // Nothing to search: no need to start the engine.
    const none: AnalysisResult = { bestMove: undefined, bestMoveUci: undefined, score: position.isCheck() ? { mate: 0 } : { cp: 0 }, pv: [], pvSan: [], depth: 0, seldepth: 0, nodes: 0, timeMs: 0, stopped: false };
    write(options.json ? JSON.stringify(resultJson(none, position)) : `no legal move: ${position.isCheckmate() ? 'checkmate' : 'stalemate'}`);
    return;
  }
  let engine: Engine;
  try {
    engine = await Engine.start({ hashMb });
  } catch (error) {
    throw asRunFailure(error);
  }
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
      write(`best move: ${makeSan(position, result.bestMove)} (${result.bestMoveUci})  score ${formatScoreForPeople(result.score)} at depth ${result.depth}${ponder}`);
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
