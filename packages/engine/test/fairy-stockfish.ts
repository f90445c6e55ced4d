// A minimal UCI driver for Debian's fairy-stockfish, used as an external reference program by the tests and bench.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const FAIRY_STOCKFISH_PATH = '/usr/games/fairy-stockfish';

export function fairyStockfishAvailable(): boolean {
  return existsSync(FAIRY_STOCKFISH_PATH);
}

export class FairyStockfish {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiter: { test: (line: string) => boolean; lines: string[]; resolve: (lines: string[]) => void } | undefined;

  constructor() {
    this.child = spawn(FAIRY_STOCKFISH_PATH, [], { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      const waiter = this.waiter;
      if (waiter) {
        waiter.lines.push(line);
        if (waiter.test(line)) {
          this.waiter = undefined;
          waiter.resolve(waiter.lines);
        }
      }
      newline = this.buffer.indexOf('\n');
    }
  }

  /** Sends commands and resolves with every line up to and including the first one that passes `until`. */
  send(commands: string, until: (line: string) => boolean): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fairy-stockfish did not answer: ${commands}`)), 60_000);
      this.waiter = {
        test: until,
        lines: [],
        resolve: (lines) => {
          clearTimeout(timer);
          resolve(lines);
        },
      };
      this.child.stdin.write(`${commands}\n`);
    });
  }

  async startMakruk(): Promise<void> {
    await this.send('uci', (line) => line === 'uciok');
    await this.send('setoption name UCI_Variant value makruk\nisready', (line) => line === 'readyok');
  }

  /** `go perft depth` split by root move (UCI without the promotion letter → count), plus the total. */
  async divide(position: string, depth: number): Promise<{ moves: Map<string, number>; total: number }> {
    const lines = await this.send(`position ${position}\ngo perft ${depth}`, (line) =>
      line.startsWith('Nodes searched'),
    );
    const moves = new Map<string, number>();
    let total = -1;
    for (const line of lines) {
      const move = /^([a-h][1-8][a-h][1-8])[a-z]?: (\d+)$/.exec(line);
      if (move) moves.set(move[1] ?? '', Number(move[2]));
      const nodes = /^Nodes searched: (\d+)$/.exec(line);
      if (nodes) total = Number(nodes[1]);
    }
    return { moves, total };
  }

  async fen(position: string): Promise<string> {
    const lines = await this.send(`position ${position}\nd`, (line) => line.startsWith('Fen: '));
    return (lines.at(-1) ?? '').slice('Fen: '.length);
  }

  quit(): void {
    this.child.stdin.end('quit\n');
  }
}
