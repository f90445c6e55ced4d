#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerFen } from './commands/fen.js';
import { registerMatch } from './commands/match.js';
import { registerMoves } from './commands/moves.js';
import { registerPerft } from './commands/perft.js';
import { registerAnalyse } from './commands/analyse.js';
import { registerUci } from './commands/uci.js';
import { EXIT_USAGE, reportFailure } from './errors.js';

const program = new Command();
program
  .name('makruk')
  .description('Makruk (Thai chess) on the command line: perft, legal moves, FEN checks, analysis, UCI, matches')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

registerPerft(program);
registerMoves(program);
registerFen(program);
registerAnalyse(program);
registerUci(program);
registerMatch(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // help and version exit with 0; usage mistakes with 2 (commander already printed the message)
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    reportFailure(error);
  }
}
