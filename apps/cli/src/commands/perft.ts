import { readFileSync } from 'node:fs';
import { Argument, Option, type Command } from 'commander';
import { MAX_PERFT_DEPTH, makeUci, parseEpd, perft, type EpdRecord, type Position } from '@makruk/makruk';
import { CliError } from '../errors.js';
import { wholeNumber } from '../options/numbers.js';
import { fenOption, movesOption, playFromOptions, type FenInput } from '../options/position.js';
import { printJson } from '../output.js';

interface PerftOptions {
  fen?: FenInput;
  moves?: string[];
  divide?: boolean;
  json?: boolean;
  epd?: string;
  depth?: number;
}

/** Leaf count through the wasm engine; depth 0 is the position itself. */
function countLeaves(position: Position, depth: number): number {
  return depth === 0 ? 1 : perft(position, depth);
}

function runSingle(depth: number, options: PerftOptions): void {
  const { position } = playFromOptions(options);
  const started = performance.now();
  let nodes = 0;
  const divide: Array<{ move: string; nodes: number }> = [];
  if (options.divide) {
    for (const move of position.legalMoves()) {
      const count = countLeaves(position.play(move), depth - 1);
      divide.push({ move: makeUci(move), nodes: count });
      nodes += count;
    }
    divide.sort((a, b) => a.move.localeCompare(b.move));
  } else {
    nodes = countLeaves(position, depth);
  }
  const seconds = (performance.now() - started) / 1000;
  const nodesPerSecond = seconds > 0 ? Math.round(nodes / seconds) : 0;
  if (options.json) {
    printJson({ fen: position.fen(), depth, nodes, seconds, nodesPerSecond, ...(options.divide ? { divide } : {}) });
    return;
  }
  for (const entry of divide) process.stdout.write(`${entry.move}: ${entry.nodes}\n`);
  if (options.divide) process.stdout.write('\n');
  process.stdout.write(`nodes: ${nodes}\ntime:  ${seconds.toFixed(3)} s\nnps:   ${nodesPerSecond}\n`);
}

/** A perft suite (`FEN ; D1 n ; D2 n ; …` lines) through the library's EPD reader; every line needs a count. */
function readSuite(text: string): EpdRecord[] {
  const parsed = parseEpd(text);
  if (!parsed.ok) throw parsed.error;
  const uncounted = parsed.value.find((record) => record.perft.size === 0);
  if (uncounted) throw new CliError('ERR_EPD', `Line ${uncounted.line}: no "D<depth> <nodes>" counts.`);
  // checked before any count, so a suite never runs for minutes and then stops at its deepest line
  for (const record of parsed.value) {
    const deep = [...record.perft.keys()].find((depth) => depth > MAX_PERFT_DEPTH);
    if (deep !== undefined)
      throw new CliError(
        'ERR_PERFT_DEPTH',
        `Line ${record.line}: D${deep} is deeper than perft counts (1 to ${MAX_PERFT_DEPTH}).`,
      );
  }
  return parsed.value;
}

function runSuite(file: string, options: PerftOptions): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError('ERR_FILE', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
  const cases = readSuite(text);
  const maxDepth = options.depth ?? Infinity;
  const started = performance.now();
  let checked = 0;
  let mismatches = 0;
  let totalNodes = 0;
  const results: Array<{ line: number; fen: string; depth: number; expected: number; actual: number }> = [];
  cases.forEach((entry, index) => {
    const { position } = entry;
    for (const [depth, expected] of [...entry.perft].sort((a, b) => a[0] - b[0])) {
      if (depth > maxDepth) continue;
      const actual = countLeaves(position, depth);
      totalNodes += actual;
      checked++;
      results.push({ line: entry.line, fen: entry.fen, depth, expected, actual });
      if (actual !== expected) {
        mismatches++;
        if (!options.json) {
          process.stdout.write(
            `MISMATCH line ${entry.line} depth ${depth}: expected ${expected}, got ${actual}\n  ${entry.fen}\n`,
          );
        }
      }
    }
    if (!options.json && process.stderr.isTTY) process.stderr.write(`\r${index + 1}/${cases.length} positions`);
  });
  if (!options.json && process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  if (options.json) {
    printJson({ positions: cases.length, checked, mismatches, nodes: totalNodes, seconds, results });
  } else {
    process.stdout.write(
      `${cases.length} positions, ${checked} counts checked, ${mismatches} mismatches, ` +
        `${totalNodes} nodes in ${seconds.toFixed(2)} s\n`,
    );
  }
  if (mismatches > 0) process.exitCode = 1;
}

export function registerPerft(program: Command): void {
  program
    .command('perft')
    .description('count the leaf nodes of the legal move tree (through the WebAssembly engine)')
    .addArgument(
      new Argument('[depth]', `the depth to count to (1 to ${MAX_PERFT_DEPTH})`).argParser(
        wholeNumber(1, MAX_PERFT_DEPTH),
      ),
    )
    .addOption(fenOption())
    .addOption(movesOption())
    .option('--divide', 'print the count below each legal move first')
    .option('--json', 'print the result as JSON')
    .addOption(
      new Option('--epd <file>', 'run a perft suite: lines "FEN ; D1 n ; D2 n ; …"; exits 1 on any mismatch').conflicts(
        ['fen', 'moves', 'divide'],
      ),
    )
    .addOption(
      new Option('--depth <n>', 'with --epd: check counts up to this depth only').argParser(
        wholeNumber(1, MAX_PERFT_DEPTH),
      ),
    )
    .addHelpText(
      'after',
      '\nGive the depth before --fen/--moves (they take every word after them).\n' +
        '\nExamples:\n  makruk perft 6\n  makruk perft 3 --divide --fen 8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5\n' +
        '  makruk perft 4 --moves e4 f5\n' +
        '  makruk perft --epd docs/perft/random-positions.epd --depth 4',
    )
    .action((depth: number | undefined, options: PerftOptions) => {
      if (options.epd !== undefined) {
        if (depth !== undefined) throw new CliError('ERR_ARGUMENT', 'with --epd give the depth as --depth N');
        runSuite(options.epd, options);
        return;
      }
      if (depth === undefined) throw new CliError('ERR_ARGUMENT', 'perft needs a depth, e.g. "makruk perft 5"');
      if (options.depth !== undefined)
        throw new CliError('ERR_ARGUMENT', '--depth goes with --epd; give the depth as "makruk perft N"');
      runSingle(depth, options);
    });
}
