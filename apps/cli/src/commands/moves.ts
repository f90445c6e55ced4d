import type { Command } from 'commander';
import { makeSan, makeUci } from '@makruk/makruk';
import { positionFromFen } from '../options/position.js';
import { printJson } from '../output.js';

export function registerMoves(program: Command): void {
  program
    .command('moves')
    .description('list the legal moves of a position')
    .option('--fen <fen>', 'the position (default: the start position)')
    .option('--san', 'print SAN instead of UCI')
    .option('--thai', 'print Thai SAN')
    .option('--json', 'print a JSON array of {uci, san}')
    .addHelpText('after', '\nExample:\n  makruk moves --fen "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" --san')
    .action((options: { fen?: string; san?: boolean; thai?: boolean; json?: boolean }) => {
      const position = positionFromFen(options.fen);
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
