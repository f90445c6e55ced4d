// Test support only: Debian's fairy-stockfish as an external reference program (UCI over stdin/stdout).
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';

export const FSF_PATH = process.env.FAIRY_STOCKFISH ?? '/usr/games/fairy-stockfish';
export const fsfAvailable = existsSync(FSF_PATH);

export class FairyStockfish {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private lines: string[] = [];

  constructor() {
    this.child = spawn(FSF_PATH, [], { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let newline = this.buffer.indexOf('\n');
      while (newline >= 0) {
        this.lines.push(this.buffer.slice(0, newline).trimEnd());
        this.buffer = this.buffer.slice(newline + 1);
        newline = this.buffer.indexOf('\n');
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.send('uci');
    this.send('setoption name UCI_Variant value makruk');
  }

  send(command: string): void {
    this.child.stdin.write(`${command}\n`);
  }

  /** Sends commands then `isready`; returns every line up to `readyok` (or up to a line starting with `until`). */
  async run(...commands: string[]): Promise<string[]> {
    return this.runUntil('readyok', commands, true);
  }

  private async runUntil(until: string, commands: string[], sendReady: boolean): Promise<string[]> {
    for (const command of commands) this.send(command);
    if (sendReady) this.send('isready');
    for (;;) {
      const ready = this.lines.findIndex((l) => l.startsWith(until));
      if (ready >= 0) {
        const out = this.lines.slice(0, ready);
        this.lines = this.lines.slice(ready + 1);
        return out;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The FEN after `moves` from `fen`, as Fairy-Stockfish writes it. */
  async fenAfter(fen: string, moves: string[]): Promise<string> {
    const out = await this.run(`position fen ${fen}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`, 'd');
    const line = out.find((l) => l.startsWith('Fen: '));
    if (line === undefined) throw new Error('fairy-stockfish printed no FEN');
    return line.slice(5);
  }

  /** Legal moves (UCI) after `moves` from `fen`. */
  async legalMoves(fen: string, moves: string[]): Promise<string[]> {
    // perft runs on the search thread: wait for its summary line, not for readyok
    const out = await this.runUntil(
      'Nodes searched',
      [`position fen ${fen}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`, 'go perft 1'],
      false,
    );
    return out.filter((l) => /^[a-h][1-8][a-h][1-8][a-z]?: \d+$/.test(l)).map((l) => l.slice(0, l.indexOf(':')));
  }

  quit(): void {
    this.send('quit');
    this.child.stdin.end();
  }
}
