#!/usr/bin/env node
import { Command } from 'commander';
import { registerFen } from './commands/fen.js';
import { registerMatch } from './commands/match.js';
import { registerMoves } from './commands/moves.js';
import { registerPerft } from './commands/perft.js';
import { registerPgn } from './commands/pgn.js';
import { registerPlay } from './commands/play.js';
import { registerAnalyse } from './commands/analyse.js';
import { registerTb } from './commands/tb.js';
import { registerUci } from './commands/uci.js';
import { reportFailure } from './errors.js';

// A reader that goes away (`makruk moves | head -1`) ends the output, not the process with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const program = new Command();
program
  .name('makruk')
  .description(
    'Makruk (Thai chess) on the command line: perft, legal moves, FEN checks, analysis, UCI, matches, play, PGN tools (check, convert, annotate, stats), tablebases',
  )
  .version('0.1.0')
  // commander prints nothing itself and throws; reportFailure prints `makruk: ERR_ARGUMENT: …` (exit code 2)
  .configureOutput({ outputError: () => undefined })
  .exitOverride();

registerPerft(program);
registerMoves(program);
registerFen(program);
registerAnalyse(program);
registerUci(program);
registerMatch(program);
registerPgn(program);
registerPlay(program);
registerTb(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportFailure(error);
}
