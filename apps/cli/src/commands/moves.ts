import type { Command } from 'commander';
import { makeSan, makeUci } from '@makruk/makruk';
import { fenOption, movesOption, playFromOptions, type FenInput } from '../options/position.js';
import { printJson } from '../output.js';

export function registerMoves(program: Command): void {
  program
    .command('moves')
    .description('list the legal moves of a position')
    .addOption(fenOption())
    .addOption(movesOption())
    .option('--san', 'print SAN instead of UCI')
    .option('--thai', 'print Thai SAN')
    .option('--json', 'print a JSON array of {uci, san}')
    .addHelpText(
      'after',
      '\nExamples:\n  makruk moves --fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 --san\n  makruk moves --moves e4 f5',
    )
    .action((options: { fen?: FenInput; moves?: string[]; san?: boolean; thai?: boolean; json?: boolean }) => {
      const { position } = playFromOptions(options);
      const moves = position.legalMoves().map((move) => ({
        uci: makeUci(move),
        san: makeSan(position, move, { notation: options.thai ? 'thai' : 'algebraic' }),
      }));
      moves.sort((a, b) => a.uci.localeCompare(b.uci));
      if (options.json) {
        printJson(moves);
        return;
      }
      const useSan = options.san || options.thai;
      for (const move of moves) process.stdout.write(`${useSan ? move.san : move.uci}\n`);
    });
}
