// Debian's Fairy-Stockfish as an external reference program for the cross-check tests (GPL: only run, never copied).
// scripts/setup.sh installs it; the tests fail, not skip, when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const FAIRY = process.env.FAIRY_STOCKFISH ?? '/usr/games/fairy-stockfish';
export const fairyAvailable = existsSync(FAIRY);
export const FAIRY_MISSING = `${FAIRY} is missing: run scripts/setup.sh (apt install fairy-stockfish)`;

/** Runs Fairy-Stockfish in makruk mode on `commands` (UCI lines, `quit` added) and returns everything it printed. */
export function runFairy(commands: readonly string[]): string {
  const script = ['uci', 'setoption name UCI_Variant value makruk', ...commands, 'quit'];
  return execFileSync(FAIRY, [], { input: `${script.join('\n')}\n`, encoding: 'utf8', maxBuffer: 256 << 20 });
}
