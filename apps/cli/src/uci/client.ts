/**
 * The UCI client (used by `makruk match`). One UCI engine process: spawn, handshake (`uci`/`uciok`, `setoption`s, `UCI_Variant makruk` when the engine
 * lists that option, `isready`/`readyok`), `ucinewgame`, searches with a hard deadline, quit and kill.
 * A search never throws for engine misbehaviour: it returns a `SearchOutcome` saying what happened, so that the
 * game runner can score it (time loss, crash) and restart the engine.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Stopwatch, type GoClockParams, type MoveLimit } from '../match/clock.js';
import type { EngineSpec } from '../match/engine-spec.js';
import { MatchError } from '../match/errors.js';
import { formatGo } from './go.js';
import {
  parseBestMoveLine,
  parseIdName,
  parseInfoLine,
  parseOptionLine,
  type InfoLine,
  type OptionLine,
} from './protocol.js';

export type SearchOutcome =
  | { kind: 'bestmove'; move: string; ponder: string | undefined; info: InfoLine; elapsedMs: number }
  | { kind: 'timeout'; elapsedMs: number }
  | { kind: 'crash'; elapsedMs: number; detail: string };

export interface UciEngineOptions {
  /** Time allowed for `uci`→`uciok` and each `isready`→`readyok`. */
  handshakeTimeoutMs?: number;
  /** Called with every line sent (`>`) or received (`<`), for `--debug`. */
  log?: (direction: '>' | '<', engineName: string, line: string) => void;
  /** Variant to select through UCI_Variant when the engine offers it. */
  variant?: string;
}

type LineWaiter = (line: string) => boolean;

/** The `go` command for a move limit (clock parameters needed for `clock`). */
export function goCommand(limit: MoveLimit, clock?: GoClockParams): string {
  switch (limit.kind) {
    case 'movetime':
      return formatGo({ movetime: limit.ms });
    case 'nodes':
      return formatGo({ nodes: limit.nodes });
    case 'depth':
      return formatGo({ depth: limit.depth });
    case 'clock': {
      if (clock === undefined) throw new Error('goCommand: clock parameters are required for a clock limit');
      const { wtime, btime, winc, binc, movestogo } = clock;
      return formatGo(movestogo === undefined ? { wtime, btime, winc, binc } : { wtime, btime, winc, binc, movestogo });
    }
  }
}

export class UciEngine {
  readonly spec: EngineSpec;
  /** `id name` as the engine reported it. */
  idName: string | undefined;
  readonly engineOptions = new Map<string, OptionLine>();
  /** Options the engine does not list; they are still sent (engines may accept hidden ones). */
  readonly unknownOptions: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly handshakeTimeoutMs: number;
  private readonly log: UciEngineOptions['log'];
  private readonly waiters = new Set<LineWaiter>();
  private readonly exitListeners = new Set<(detail: string) => void>();
  private exitDetail: string | undefined;
  private readonly stderrTail: string[] = [];

  private constructor(spec: EngineSpec, options: UciEngineOptions) {
    this.spec = spec;
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    this.log = options.log;
    // detached: an engine gets its own process group, so a Ctrl-C in the terminal reaches only the match runner,
    // which stops cleanly, instead of killing engines mid-game and being scored as crashes.
    this.child = spawn(spec.command, spec.args, { cwd: spec.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.on('error', (error) => this.markExited(`could not run "${spec.command}": ${error.message}`));
    this.child.on('exit', (code, signal) => {
      const tail = this.stderrTail.length > 0 ? ` (stderr: ${this.stderrTail.join(' | ')})` : '';
      this.markExited(`exited with ${signal ?? `code ${String(code)}`}${tail}`);
    });
    // Writing to an engine that just died raises EPIPE on stdin: that is reported through 'exit', not thrown.
    this.child.stdin.on('error', () => undefined);
    createInterface({ input: this.child.stdout }).on('line', (line) => this.onLine(line));
    createInterface({ input: this.child.stderr }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 5) this.stderrTail.shift();
    });
  }

  /** Starts the process and completes the handshake; throws MatchError ERR_ENGINE_START if it cannot. */
  static async start(spec: EngineSpec, options: UciEngineOptions = {}): Promise<UciEngine> {
    const engine = new UciEngine(spec, options);
    try {
      await engine.handshake(options.variant ?? 'makruk');
      return engine;
    } catch (error) {
      engine.kill();
      if (error instanceof MatchError) throw error;
      throw new MatchError(
        'ERR_ENGINE_START',
        `engine ${spec.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  get alive(): boolean {
    return this.exitDetail === undefined;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(line: string): void {
    if (!this.alive) return;
    this.log?.('>', this.spec.name, line);
    this.child.stdin.write(`${line}\n`);
  }

  /** Waits for `readyok`; false if the engine died or took longer than the handshake timeout. */
  async isReady(timeoutMs = this.handshakeTimeoutMs): Promise<boolean> {
    this.send('isready');
    const result = await this.waitFor((line) => line.trim() === 'readyok', timeoutMs);
    return result.kind === 'line';
  }

  /** `ucinewgame` then `isready`. */
  async newGame(): Promise<boolean> {
    this.send('ucinewgame');
    return this.isReady();
  }

  /**
   * Sends `position` and `go`, waits for `bestmove` until `deadlineMs` after `go`. The last info line with a
   * score (multipv 1) is returned with the move. On timeout the engine is left running: kill or stop it.
   */
  async search(positionCommand: string, goCommand: string, deadlineMs: number): Promise<SearchOutcome> {
    let info: InfoLine = {};
    this.send(positionCommand);
    const watch = new Stopwatch();
    this.send(goCommand);
    const result = await this.waitFor((line) => {
      const parsed = parseInfoLine(line);
      if (parsed !== undefined) {
        if (parsed.score !== undefined && (parsed.multipv === undefined || parsed.multipv === 1)) info = parsed;
        return false;
      }
      return parseBestMoveLine(line) !== undefined;
    }, deadlineMs);
    const elapsedMs = watch.elapsedMs();
    if (result.kind === 'timeout') return { kind: 'timeout', elapsedMs };
    if (result.kind === 'exit') return { kind: 'crash', elapsedMs, detail: result.detail };
    const best = parseBestMoveLine(result.line) ?? { move: '' };
    return { kind: 'bestmove', move: best.move, ponder: best.ponder, info, elapsedMs };
  }

  /** Asks the engine to quit, kills it if it has not gone after `graceMs`. */
  async quit(graceMs = 500): Promise<void> {
    if (!this.alive) return;
    this.send('quit');
    const exited = new Promise<void>((resolve) => this.exitListeners.add(() => resolve()));
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([exited, timer]);
    this.kill();
  }

  /** Kills the engine and anything it started (its process group: wrappers like `sh -c` or `timeout` included). */
  kill(): void {
    // Dead from now on: the 'exit' event comes later, and a restart check in between must not see it alive.
    this.markExited('killed by the match runner');
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const pid = this.child.pid;
      try {
        if (pid === undefined) throw new Error('no pid');
        process.kill(-pid, 'SIGKILL');
      } catch {
        this.child.kill('SIGKILL'); // no group (e.g. the spawn failed, or a platform without process groups)
      }
    }
    this.child.stdin.destroy();
  }

  private async handshake(variant: string): Promise<void> {
    this.send('uci');
    const uciok = await this.waitFor((line) => {
      const option = parseOptionLine(line);
      if (option !== undefined) this.engineOptions.set(option.name.toLowerCase(), option);
      const name = parseIdName(line);
      if (name !== undefined) this.idName = name;
      return line.trim() === 'uciok';
    }, this.handshakeTimeoutMs);
    if (uciok.kind === 'exit') throw new MatchError('ERR_ENGINE_START', `engine ${this.spec.name} ${uciok.detail}`);
    if (uciok.kind === 'timeout') {
      throw new MatchError(
        'ERR_ENGINE_START',
        `engine ${this.spec.name} sent no uciok within ${this.handshakeTimeoutMs} ms`,
      );
    }
    const variantOption = this.engineOptions.get('uci_variant');
    if (variantOption !== undefined) {
      if (variantOption.vars.length > 0 && !variantOption.vars.includes(variant)) {
        throw new MatchError('ERR_ENGINE_START', `engine ${this.spec.name} does not offer UCI_Variant ${variant}`);
      }
      this.send(`setoption name ${variantOption.name} value ${variant}`);
    }
    for (const option of this.spec.options) {
      const known = this.engineOptions.get(option.name.toLowerCase());
      if (known === undefined) this.unknownOptions.push(option.name);
      const name = known?.name ?? option.name;
      this.send(known?.type === 'button' ? `setoption name ${name}` : `setoption name ${name} value ${option.value}`);
    }
    if (!(await this.isReady())) {
      throw new MatchError(
        'ERR_ENGINE_START',
        `engine ${this.spec.name} did not answer isready: ${this.exitDetail ?? 'timeout'}`,
      );
    }
  }

  private onLine(line: string): void {
    this.log?.('<', this.spec.name, line);
    for (const waiter of [...this.waiters]) {
      if (waiter(line)) this.waiters.delete(waiter);
    }
  }

  private markExited(detail: string): void {
    if (this.exitDetail !== undefined) return;
    this.exitDetail = detail;
    for (const listener of [...this.exitListeners]) listener(detail);
    this.exitListeners.clear();
  }

  /** Feeds each line to `accept` until it returns true, the process exits, or the time is up. */
  private waitFor(
    accept: (line: string) => boolean,
    timeoutMs: number,
  ): Promise<{ kind: 'line'; line: string } | { kind: 'timeout' } | { kind: 'exit'; detail: string }> {
    return new Promise((resolve) => {
      if (this.exitDetail !== undefined) {
        resolve({ kind: 'exit', detail: this.exitDetail });
        return;
      }
      const finish = (): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        this.exitListeners.delete(onExit);
      };
      const waiter: LineWaiter = (line) => {
        if (!accept(line)) return false;
        finish();
        resolve({ kind: 'line', line });
        return true;
      };
      const onExit = (detail: string): void => {
        finish();
        resolve({ kind: 'exit', detail });
      };
      const timer = setTimeout(
        () => {
          finish();
          resolve({ kind: 'timeout' });
        },
        Math.max(0, timeoutMs),
      );
      this.waiters.add(waiter);
      this.exitListeners.add(onExit);
    });
  }
}
