// Scripted UCI sessions against the built command: `node apps/cli/dist/main.js uci`, stdin/stdout pipes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Position, parseUci } from '@makruk/makruk';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

class UciProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  #cursor = 0;
  #wake: (() => void) | undefined;

  constructor() {
    this.child = spawn(process.execPath, [cli, 'uci']);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      this.#wake?.();
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }

  /** The next line (after the last one waited for) that matches; fails after `timeoutMs` (a hang guard, not a speed limit). */
  async waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#cursor < this.lines.length) {
        const line = this.lines[this.#cursor++] as string;
        if (pattern.test(line)) return line;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line matching ${pattern} in:\n${this.lines.join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Lines from the last waited-for one on. */
  since(): string[] {
    return this.lines.slice(this.#cursor);
  }
}

const running: UciProcess[] = [];
function startUci(): UciProcess {
  const uci = new UciProcess();
  running.push(uci);
  return uci;
}
afterEach(() => {
  for (const uci of running.splice(0)) if (uci.child.exitCode === null) uci.child.kill();
});

function bestMoveOf(line: string): string {
  return line.split(' ')[1] as string;
}

describe('makruk uci (movegen available now)', () => {
  it('handshake: id, the options, uciok; then readyok', async () => {
    const uci = startUci();
    uci.send('uci');
    await uci.waitFor(/^uciok$/);
    const handshake = uci.lines.join('\n');
    expect(handshake).toMatch(/^id name \S+/m);
    expect(handshake).toMatch(/^id author /m);
    expect(handshake).toContain('option name UCI_Variant type combo default makruk var makruk');
    for (const name of ['Hash', 'MultiPV', 'Skill Level', 'UCI_LimitStrength', 'UCI_Elo', 'Move Overhead']) {
      expect(handshake).toContain(`option name ${name} type `);
    }
    uci.send('isready');
    await uci.waitFor(/^readyok$/);
  });

  it('answers garbage with info string and keeps answering isready', async () => {
    const uci = startUci();
    uci.send(
      'uci',
      'xyzzy',
      'setoption name Hash value -3',
      'setoption name Nope value 1',
      'position sideways',
      'go depth banana',
      'isready',
    );
    await uci.waitFor(/^uciok$/);
    const garbage = await uci.waitFor(/^info string/);
    expect(garbage).toContain('xyzzy');
    await uci.waitFor(/^info string setoption: Hash must be/);
    await uci.waitFor(/^info string setoption: unknown option "Nope"/);
    await uci.waitFor(/^info string position needs/);
    await uci.waitFor(/^info string go depth needs a whole number/);
    await uci.waitFor(/^readyok$/);
    await uci.waitFor(/^bestmove [a-h]/); // a malformed go still gets its bestmove
    uci.send('isready');
    await uci.waitFor(/^readyok$/);
  });

  it('position with an illegal move: info string, and the position stops before it', async () => {
    const uci = startUci();
    uci.send('position startpos moves e3e4 e6e5 e4e5 b1d2', 'go perft 1');
    await uci.waitFor(/^info string position: ERR_ILLEGAL_MOVE: Move 3: .*e4e5/);
    const total = await uci.waitFor(/^Nodes searched: /);
    const expected = Position.initial().play('e3e4').play('e6e5').legalMoves().length;
    expect(total).toBe(`Nodes searched: ${expected}`);
  });

  it("accepts a FEN with counting fields (a running pieces' honour count)", async () => {
    const uci = startUci();
    const fen = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
    uci.send(`position fen ${fen}`, 'go perft 2');
    const total = await uci.waitFor(/^Nodes searched: /);
    expect(total).toBe(
      `Nodes searched: ${Position.fromFen(fen).ok ? (Position.fromFen(fen) as { value: Position }).value.perft(2) : -1}`,
    );
  });

  it('a mated position answers bestmove (none)', async () => {
    const uci = startUci();
    uci.send('ucinewgame', 'position fen k7/8/8/8/8/8/1R6/R3K3 b - - 0 1', 'go wtime 1000 btime 1000');
    await uci.waitFor(/^bestmove \(none\)$/);
  });

  it('quit exits promptly, and so does end of input', async () => {
    const quitting = startUci();
    quitting.send('isready');
    await quitting.waitFor(/^readyok$/);
    const sentAt = Date.now();
    quitting.send('quit');
    expect(await quitting.exited).toBe(0);
    console.info(`uci.test.ts: quit → exit in ${Date.now() - sentAt} ms`);
    const eof = startUci();
    eof.send('isready');
    eof.child.stdin.end();
    expect(await eof.exited).toBe(0);
    expect(eof.lines).toContain('readyok');
  });
});

describe('makruk uci with the search', () => {
  it('go depth 3 returns a legal bestmove after info lines', async () => {
    const uci = startUci();
    uci.send('uci', 'setoption name UCI_Variant value makruk', 'isready');
    await uci.waitFor(/^readyok$/);
    uci.send('ucinewgame', 'position startpos moves e3e4', 'go depth 3');
    const info = await uci.waitFor(/^info depth/);
    // Whole numbers only, in the order GUIs parse.
    expect(info).toMatch(
      /^info depth \d+ seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8]m?)+$/,
    );
    const best = bestMoveOf(await uci.waitFor(/^bestmove /));
    const move = parseUci(best);
    expect(move && Position.initial().play('e3e4').isLegal(move)).toBe(true);
  });

  it('Threads 2: the same mate as one thread, a legal bestmove, and stop with the helper running', async () => {
    const uci = startUci();
    uci.send('uci', 'setoption name Threads value 2', 'isready');
    await uci.waitFor(/^readyok$/);
    expect(uci.lines).toContain('option name Threads type spin default 1 min 1 max 8');
    uci.send('position fen 8/5k2/8/8/8/8/8/RR2K3 w - - 0 1', 'go depth 9');
    const mate = await uci.waitFor(/^info depth \d+ .* score mate 3 /);
    expect(mate).toMatch(/ pv( [a-h][1-8][a-h][1-8])+$/);
    await uci.waitFor(/^bestmove /);
    uci.send('ucinewgame', 'position startpos moves e3e4', 'go infinite');
    await uci.waitFor(/^info depth 5 /);
    uci.send('stop');
    const best = parseUci(bestMoveOf(await uci.waitFor(/^bestmove /)));
    expect(best && Position.initial().play('e3e4').isLegal(best)).toBe(true);
  });

  it('stop during go infinite returns a bestmove promptly', async () => {
    const uci = startUci();
    uci.send('isready');
    await uci.waitFor(/^readyok$/);
    uci.send('position startpos', 'go infinite');
    await uci.waitFor(/^info depth/);
    const stoppedAt = Date.now();
    uci.send('stop');
    const best = bestMoveOf(await uci.waitFor(/^bestmove /));
    const answerMs = Date.now() - stoppedAt;
    console.info(`uci.test.ts: stop → bestmove in ${answerMs} ms (pipe round trip included)`);
    expect(answerMs).toBeLessThan(1000); // sanity bound; the target is 50 ms
    expect(Position.initial().isLegal(parseUci(best) ?? { from: 'a1', to: 'a1' })).toBe(true);
  });

  it('a second game after a finished one: (none) for the mated side, then a normal game', async () => {
    const uci = startUci();
    uci.send('ucinewgame', 'position fen k7/8/1K6/8/8/8/8/7R w - - 0 1', 'go depth 3');
    expect(bestMoveOf(await uci.waitFor(/^bestmove /))).toBe('h1h8');
    uci.send('position fen k7/8/1K6/8/8/8/8/7R w - - 0 1 moves h1h8', 'go depth 3');
    await uci.waitFor(/^bestmove \(none\)$/);
    uci.send('ucinewgame', 'isready');
    await uci.waitFor(/^readyok$/);
    uci.send('position startpos moves a3a4', 'go depth 2');
    const best = parseUci(bestMoveOf(await uci.waitFor(/^bestmove /)));
    expect(best && Position.initial().play('a3a4').isLegal(best)).toBe(true);
  });

  it('end of input stops go depth 100, writes its bestmove and exits', async () => {
    const uci = startUci();
    uci.send('position startpos', 'go depth 100');
    await uci.waitFor(/^info depth 2 /);
    uci.child.stdin.end();
    await uci.waitFor(/^bestmove [a-h][1-8][a-h][1-8]/);
    expect(await uci.exited).toBe(0);
  });

  it('huge limits mean a long time, not an overflowing 1 ms timer', async () => {
    for (const go of ['go movetime 2147483648', 'go wtime 864000000000 btime 864000000000']) {
      const uci = startUci();
      uci.send('position startpos', go);
      await uci.waitFor(/^info depth 5 /);
      expect(uci.lines.filter((line) => line.startsWith('bestmove'))).toEqual([]);
      uci.send('stop');
      await uci.waitFor(/^bestmove [a-h]/);
    }
  });

  it('go wtime 1000 btime 1000 spends some of the clock, and less than all of it', async () => {
    // The engine's own clock (the `time` of its last info line) is checked, not the test's wall clock: a loaded
    // machine may delay the pipes, but the search must neither throw the time away nor overrun the clock.
    const uci = startUci();
    uci.send('isready');
    await uci.waitFor(/^readyok$/);
    uci.send('position startpos moves e3e4 e6e5', 'go wtime 1000 btime 1000');
    const bestmove = await uci.waitFor(/^bestmove [a-h]/);
    const searchTimes = uci.lines.flatMap((line) => {
      const time = /^info .*\btime (\d+)/.exec(line)?.[1];
      return time === undefined ? [] : [Number(time)];
    });
    const spent = searchTimes.at(-1);
    expect(spent).toBeDefined();
    expect(spent).toBeGreaterThan(1);
    expect(spent).toBeLessThan(1000);
    expect(
      Position.initial()
        .play('e3e4')
        .play('e6e5')
        .findMove(bestmove.split(' ')[1] ?? '').ok,
    ).toBe(true);
  });
});
