import type { Command } from 'commander';
import type { Position } from '@makruk/makruk';
import { countAsSaid, describeCount, describeEnd, type CountAsSaid } from '../counting-text.js';
import { drawDiagram } from '../diagram.js';
import { fenArgument, movesOption, playFromOptions, type FenInput } from '../options/position.js';
import { printJson } from '../output.js';

type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface FenReport {
  fen: string;
  result: GameResult;
  reason: string | null;
  turn: 'white' | 'black';
  check: boolean;
  legalMoves: number;
  /** The count as a player says it (next number, limit in moves) and in FEN plies. */
  counting: CountAsSaid | null;
}

/**
 * Plays `--moves` (SAN or UCI) from a FEN in automatic counting mode; a threefold repetition of the final position
 * is claimed as a draw.
 */
export function playLine(
  fen: FenInput,
  moves: readonly string[] | string | undefined,
): { position: Position; report: FenReport } {
  const line = playFromOptions({ fen, moves });
  const key = line.position.repetitionKey();
  const repetition = line.positions.filter((position) => position.repetitionKey() === key).length >= 3;
  return { position: line.position, report: report(line.position, repetition) };
}

function report(position: Position, repetition: boolean): FenReport {
  const outcome = position.outcome();
  let result: GameResult = '*';
  let reason: string | null = null;
  if (outcome) {
    result = outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2';
    reason = outcome.reason;
  } else if (repetition) {
    result = '1/2-1/2';
    reason = 'repetition';
  }
  return {
    fen: position.fen(),
    result,
    reason,
    turn: position.turn,
    check: position.isCheck(),
    legalMoves: position.legalMoves().length,
    counting: countAsSaid(position),
  };
}

export function registerFen(program: Command): void {
  program
    .command('fen')
    .description('validate a FEN, optionally play moves from it, and print the board, FEN, counting and outcome')
    .addArgument(fenArgument())
    .addOption(movesOption())
    .option('--json', 'print one JSON object: fen, result, reason, turn, check, legalMoves, counting')
    .addHelpText(
      'after',
      '\nCounting runs in the automatic mode of the rules (as engines and Fairy-Stockfish count).\n' +
        'Exit code 2 and "makruk: CODE: message" on stderr for a bad FEN or an illegal move.\n\n' +
        'Examples:\n  makruk fen 8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50 --moves Kxf4 --json\n  makruk fen startpos --moves e4 f5 Nd2',
    )
    .action((fen: string[], options: { moves?: string[]; json?: boolean }) => {
      const { position, report: result } = playLine(fen, options.moves);
      if (options.json) {
        printJson(result);
        return;
      }
      process.stdout.write(`${drawDiagram(position)}\n\n`);
      process.stdout.write(`fen:      ${result.fen}\n`);
      process.stdout.write(`turn:     ${result.turn}${result.check ? ' (in check)' : ''}\n`);
      process.stdout.write(`moves:    ${result.legalMoves} legal\n`);
      process.stdout.write(`counting: ${describeCount(result.counting)}\n`);
      process.stdout.write(
        `result:   ${result.result}${result.reason ? ` (${describeEnd(result.reason, result.counting)})` : ''}\n`,
      );
    });
}
