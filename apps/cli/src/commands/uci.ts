// `makruk uci`: the engine speaks UCI on stdin/stdout, for GUIs (cutechess, Banksia, …) and match runners.
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { Engine } from '@makruk/makruk';
import { UciSession } from '../uci/session.js';

export function registerUci(program: Command): void {
  program
    .command('uci')
    .description('run as a UCI engine on stdin/stdout (UCI_Variant makruk); end of input = quit')
    .action(async () => {
      await runUci();
    });
}

async function runUci(): Promise<void> {
  // A GUI that closes our stdout has gone: nothing left to say.
  process.stdout.on('error', () => process.exit(0));
  // Lines are written whole with one write each; on a pipe Node writes synchronously, so nothing waits in a buffer.
  const session = new UciSession({ write: (line) => process.stdout.write(`${line}\n`) }, (options) =>
    Engine.start(options),
  );
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  input.on('line', (line) => session.receive(line));
  input.once('close', () => void session.end());
  await session.closed;
  input.close();
  // Exit as soon as what we wrote has been handed to the OS (stdin may still be open when `quit` came as a line).
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(0);
}
