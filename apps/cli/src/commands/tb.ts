// `makruk tb`: what the tablebases (the library's `Tablebase`, K+X v K and K+X+Y v K, no pawns) say about a
// position under the count: the verdict in words for the side to move, then every legal move with its own result;
// `makruk tb generate` writes the tables to disk and `--tables DIR` reads them back (tb-files.ts).
import { Argument, type Command, Option } from 'commander';
import {
  MakrukError,
  makeSan,
  makeUci,
  Tablebase,
  type Color,
  type Position,
  type TablebaseMove,
  type TablebaseProbe,
} from '@makruk/makruk';
import { countAsSaid, describeCount } from '../counting-text.js';
import { CliError } from '../errors.js';
import { wholeNumber } from '../options/numbers.js';
import { movesOption, playFromOptions, type FenInput } from '../options/position.js';
import { printJson } from '../output.js';
import { formatBytes, type GeneratedTable, generateTables, importTables, startTablebase } from './tb-files.js';

type TbResult = 'win' | 'loss' | 'draw';

/** One legal move as `--json` prints it: `mate` only when the move wins or loses (never on a draw). */
export interface TbMoveJson {
  uci: string;
  san: string;
  result: TbResult;
  mate?: number;
}

/** `--json`: the side to move's result and mate (no `mate` on a draw), and every legal move, best first. */
export interface TbJson {
  result: TbResult;
  mate?: number;
  moves: TbMoveJson[];
}

/** Codes of a position the tables do not serve (bad input, exit 2); other tablebase codes are failures (exit 1). */
const NOT_SERVED = new Set<string>(['ERR_TABLEBASE_POSITION', 'ERR_TABLEBASE_MATERIAL', 'ERR_TABLEBASE_SQUARES']);

const cap = (color: Color): string => (color === 'white' ? 'White' : 'Black');
const moves = (n: number): string => `${n} move${n === 1 ? '' : 's'}`;

/**
 * Orders moves best first for their mover: wins (fastest mate first), then draws (for the strong side a mate that
 * does not fit before none, the fastest first; for the bare king no mate before the longest mate that does not fit),
 * then losses (the longest mate first); UCI breaks ties. The first move has the value of the library's bestMove.
 */
function rank(entry: TablebaseMove, strongToMove: boolean): number {
  const plies = entry.matePlies;
  if (entry.result === 'win') return plies ?? 0;
  if (entry.result === 'draw') {
    if (plies === undefined) return strongToMove ? 20_000 : 10_000;
    return strongToMove ? 10_000 + plies : 20_000 - plies;
  }
  return 40_000 - (plies ?? 0);
}

/** The probe's moves with SAN and UCI, best first. */
function rankedMoves(position: Position, probe: TablebaseProbe): (TablebaseMove & { uci: string; san: string })[] {
  const strongToMove = position.turn === probe.strong;
  return probe.moves
    .map((entry) => ({ ...entry, uci: makeUci(entry.move), san: makeSan(position, entry.move) }))
    .sort((a, b) => rank(a, strongToMove) - rank(b, strongToMove) || a.uci.localeCompare(b.uci));
}

/** The JSON report: mates signed as UCI, left out on a draw (a mate that does not fit the count is a draw). */
export function tbJson(position: Position, probe: TablebaseProbe): TbJson {
  const withMate = (result: TbResult, mate: number | undefined): { mate?: number } =>
    result === 'draw' || mate === undefined ? {} : { mate: mate === 0 ? 0 : mate };
  return {
    result: probe.result,
    ...withMate(probe.result, probe.mate),
    moves: rankedMoves(position, probe).map(({ uci, san, result, mate }) => ({
      uci,
      san,
      result,
      ...withMate(result, mate),
    })),
  };
}

/**
 * The moves the strong side has left to mate under the count, its move now included when it is to move (the
 * library's spokenCount); with no count running, the count that the strong side's move starts (null when it is the
 * bare king's move: the count starts only after the strong side's next move).
 */
export function movesAllowed(position: Position, strong: Color): number | null {
  const count = countAsSaid(position);
  if (count) return count.movesToMate;
  if (position.turn !== strong) return null;
  const move = position.legalMoves()[0];
  if (!move) return null;
  const started = countAsSaid(position.play(move));
  return started ? started.movesToMate + 1 : null;
}

/** The verdict in words, for the side to move: "White mates in 9 (the count allows 11)", "Draw: …". */
export function describeVerdict(position: Position, probe: TablebaseProbe): string {
  const strong = cap(probe.strong);
  const mover = cap(position.turn);
  const allowed = movesAllowed(position, probe.strong);
  const count = countAsSaid(position);
  const limit =
    allowed === null
      ? `no count is running yet: it starts with ${strong}'s next move`
      : count
        ? `the count allows ${allowed}`
        : `no count is running yet: the one this move starts allows ${allowed}`;
  const needed = Math.abs(probe.mate ?? 0);
  if (probe.result === 'win') return `${mover} mates in ${moves(needed)} (${limit})`;
  if (probe.result === 'loss') {
    if (probe.matePlies === 0) return `${mover} is checkmated`;
    return `${mover} is mated in ${moves(needed)} (${limit})`;
  }
  if (probe.moves.length === 0) return 'Draw: stalemate';
  if (probe.mate === undefined) return 'Draw: no mate can be forced';
  if (count?.expired) return `Draw: the count has run out (${strong}'s mate needs ${moves(needed)})`;
  if (allowed === null)
    return `Draw: the mate needs ${moves(needed)}, more than the count ${strong}'s move starts allows`;
  return `Draw: the mate needs ${moves(needed)}, the count ${count ? '' : 'this move starts '}allows ${allowed}`;
}

function moveMate(entry: TablebaseMove): string {
  if (entry.mate === undefined) return '-';
  const mate = entry.mate === 0 ? 0 : entry.mate;
  return entry.result === 'draw' ? `${mate} (does not fit the count)` : String(mate);
}

/**
 * The report for people: verdict, count, then a table of the moves, best first. With `tables` (the files --tables
 * took, undefined without the option), a line says where the tables came from.
 */
export function tbText(position: Position, probe: TablebaseProbe, tables?: { dir: string; files: string[] }): string {
  const lines = [
    `${describeVerdict(position, probe)}`,
    `fen:      ${position.fen()}`,
    `counting: ${describeCount(countAsSaid(position))}`,
  ];
  if (tables) {
    lines.push(
      tables.files.length > 0
        ? `tables:   ${tables.files.join(', ')} from ${tables.dir}`
        : `tables:   none in ${tables.dir}: generated`,
    );
  }
  const ranked = rankedMoves(position, probe);
  if (ranked.length > 0) {
    const sanWidth = Math.max(4, ...ranked.map(({ san }) => san.length));
    lines.push('', `${'move'.padEnd(sanWidth)}  uci    result  mate (for ${position.turn})`);
    for (const entry of ranked) {
      lines.push(
        `${entry.san.padEnd(sanWidth)}  ${entry.uci.padEnd(5)}  ${entry.result.padEnd(6)}  ${moveMate(entry)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function probe(tablebase: Tablebase, position: Position): Promise<TablebaseProbe> {
  const probed = tablebase.probe(position);
  if (probed.ok) return probed.value;
  const { error } = probed;
  if (error instanceof MakrukError && !NOT_SERVED.has(error.code)) throw new CliError(error.code, error.message, 1);
  throw error;
}

/** `tb generate`'s line for one table: material, size, time, file. */
export function generatedLine(table: GeneratedTable): string {
  return `${table.material.padEnd(5)}  ${formatBytes(table.bytes).padStart(8)}  ${(table.ms / 1000).toFixed(2).padStart(6)} s  ${table.file}`;
}

function registerGenerate(tb: Command): void {
  tb.command('generate')
    .description('write every tablebase of N men to DIR, one file a table named by its material (KRK.mtb, KRNK.mtb)')
    .addOption(
      new Option('--men <n>', 'men on the board, kings included: 3 (KRK, KSK) or 4 (KRRK … KMMK, ten tables)')
        .argParser(wholeNumber(3, 4))
        .makeOptionMandatory(),
    )
    .addOption(new Option('--out <dir>', 'the folder to write to (made when missing)').makeOptionMandatory())
    .option('--json', 'print [{"material", "file", "bytes", "ms"}, …] at the end instead of a line a table')
    .addHelpText(
      'after',
      '\nEach table is written to a temporary file and renamed, so a reader never sees half of one. K+N v K and\n' +
        'K+M v K have no table (they can never mate). Sizes: 128 KB (K+R v K) to 16 MB (a khon and a second piece);\n' +
        '--men 4 writes 112 MB in 10 to 20 s. Read them with `makruk tb FEN --tables DIR`.\n\n' +
        'Examples:\n  makruk tb generate --men 3 --out tables\n  makruk tb generate --men 4 --out tables --json',
    )
    .action(async (_own: { men: 3 | 4; out: string }, command: Command) => {
      // `tb` parses --json before `generate` sees it (the program does not use positional options): the two merged.
      const options = command.optsWithGlobals<{ men: 3 | 4; out: string; json?: boolean }>();
      const started = performance.now();
      const tables = await generateTables(options.men, options.out, (table) => {
        if (!options.json) process.stdout.write(`${generatedLine(table)}\n`);
      });
      if (options.json) printJson(tables);
      else {
        const bytes = tables.reduce((sum, table) => sum + table.bytes, 0);
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        process.stdout.write(`${tables.length} tables, ${formatBytes(bytes)}, ${seconds} s in all\n`);
      }
    });
}

export function registerTb(program: Command): void {
  const tb = program
    .command('tb')
    .description('tablebase verdict under the count (K+X v K, K+X+Y v K, no pawns) and every legal move, best first')
    .addArgument(new Argument('<fen...>', 'the position: a FEN, quoted or not'))
    .addOption(movesOption())
    .option('--tables <dir>', 'take the tables the position needs from DIR (tb generate wrote them) when there')
    .option('--json', 'print {"result", "mate", "moves": [{"uci", "san", "result", "mate"}, …]} (no mate on a draw)')
    .addHelpText(
      'after',
      '\nResults are for the side to move under the count (docs/rules.md "Counting in FEN"); mates are in moves,\n' +
        'signed as UCI (5: it mates in 5; -5: it is mated in 5), and each move is valued as if it were the only one.\n' +
        'Exit code 2 and "makruk: CODE: message" on stderr for a bad FEN or a position with no table\n' +
        '(ERR_TABLEBASE_POSITION: "no table: 6 men", "no table: a pawn is on the board", …).\n' +
        'Without --tables, or when DIR lacks the table, it is generated in memory (up to about 2 s); a file in DIR\n' +
        'that is not its table (damaged, cut short, another material) is ERR_TABLEBASE_BYTES, exit 2.\n\n' +
        'Examples:\n  makruk tb 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\n  makruk tb "4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1" --json\n' +
        '  makruk tb generate --men 4 --out tables\n  makruk tb "4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1" --tables tables',
    )
    .action(async (fen: string[], options: { moves?: string[]; tables?: string; json?: boolean }) => {
      const { position } = playFromOptions({ fen: fen as FenInput, moves: options.moves });
      const tablebase = await startTablebase();
      const files = options.tables === undefined ? undefined : importTables(tablebase, position, options.tables);
      const probed = await probe(tablebase, position);
      if (options.json) printJson(tbJson(position, probed));
      else {
        const tables = options.tables === undefined || !files ? undefined : { dir: options.tables, files };
        process.stdout.write(tbText(position, probed, tables));
      }
    });
  registerGenerate(tb);
}
