// One UCI session: reads GUI lines in order, keeps the position and options, drives the facade Engine and writes
// the engine's answers. Never throws on input: anything wrong becomes an `info string` and the session goes on.
// Every `go` gets exactly one `bestmove`: a malformed one is searched with its valid parts, a second `go` stops and
// answers the first, end of input stops and answers the search; under `go infinite`/`go ponder` the bestmove waits
// for `stop` (or `ponderhit`, which then searches on the clock) even when the search ends by itself.
import {
  evaluate,
  INITIAL_FEN,
  makeUci,
  MAX_SEARCH_DEPTH,
  Position,
  replay,
  ReplayError,
  type AnalysisResult,
  type AnalysisRun,
  type EngineOptions,
  type GameInput,
  type SearchInfo,
  type SearchLimits,
} from '@makruk/makruk';
import { createHash } from 'node:crypto';
import { drawDiagram } from '../diagram.js';
import { parseUciCommand, quoteLine, type UciCommand } from './command.js';
import { hasLimit, type GoLimits } from './go.js';
import { engineClock, MoveOverhead } from './overhead.js';
import { formatBestMove, formatInfo, formatUciScore, infoString } from './protocol.js';
import { applySetOption, DEFAULT_SETTINGS, effectiveSkill, optionLines, type UciSettings } from './options.js';

export const ENGINE_NAME = 'makruk 0.1.0';
export const ENGINE_AUTHOR = 'the makruk contributors';

/** The part of the facade Engine a session uses. */
export interface SessionEngine {
  readonly capabilities: { search: boolean };
  analyse(target: GameInput, limits: SearchLimits, onInfo: (info: SearchInfo) => void): AnalysisRun;
  perft(target: GameInput, depth: number): Promise<number>;
  newGame(): Promise<void>;
  setOption(options: EngineOptions): Promise<void>;
  quit(): Promise<void>;
  /** Why fewer threads search than asked for (the helpers could not start), if so. */
  readonly threadsFailure?: string | undefined;
}

export interface SessionIo {
  /** Writes one line (the newline is added by the writer). */
  write(line: string): void;
}

/** Milliseconds now, for the overhead measurement. */
const now = (): number => performance.now();

interface ActiveSearch {
  /** undefined when the answer needed no search (no legal move, a finished game). */
  run: AnalysisRun | undefined;
  /** Settles after this search's `bestmove` has been written (or it was dropped for a ponderhit). */
  done: Promise<void>;
  /** `go infinite` / `go ponder`: the bestmove is held until `release()` (stop, ponderhit, a new go, quit). */
  release(): void;
  /** `go ponder`: the limits to search with after `ponderhit`. */
  ponder: GoLimits | undefined;
  /** Set when a ponderhit replaces this search: its result is not written. */
  dropped: boolean;
}

export class UciSession {
  readonly #io: SessionIo;
  readonly #engine: Promise<SessionEngine>;
  #settings: UciSettings = { ...DEFAULT_SETTINGS };
  #start = Position.initial();
  #startFen = INITIAL_FEN;
  #moves: string[] = [];
  #position = Position.initial();
  /** See #setPosition. */
  #setup: string | undefined | null = null;
  #search: ActiveSearch | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #overhead = new MoveOverhead();
  #resolveClosed!: () => void;
  /** Resolves once the session has quit (a `quit` line or end of input) and the engine is shut down. */
  readonly closed: Promise<void> = new Promise((resolve) => {
    this.#resolveClosed = resolve;
  });

  constructor(io: SessionIo, startEngine: (options: EngineOptions) => Promise<SessionEngine>) {
    this.#io = io;
    // Boot the worker at once so the first isready/go does not wait for it.
    this.#engine = startEngine({ hashMb: this.#settings.hashMb, skill: effectiveSkill(this.#settings) });
    this.#engine.catch(() => undefined); // reported on first use
  }

  get searching(): boolean {
    return this.#search !== undefined;
  }

  /** The latency measured per move beyond the search's own time (ms), before the Move Overhead option is added. */
  get measuredOverheadMs(): number {
    return this.#overhead.measuredMs;
  }

  /** Queues one input line; lines are handled strictly in order. */
  receive(line: string): void {
    const receivedAt = now();
    this.#queue = this.#queue
      .then(() => this.#handle(line, receivedAt))
      .catch((error: unknown) => {
        this.#io.write(infoString(`internal error: ${error instanceof Error ? error.message : String(error)}`));
      });
  }

  /** End of input: stop any search (its bestmove is still written), then quit. */
  async end(): Promise<void> {
    this.#queue = this.#queue.then(() => this.#quit());
    await this.#queue;
  }

  /** Resolves when every line received so far has been handled (a search may still run). */
  async idle(): Promise<void> {
    await this.#queue;
  }

  #write(line: string): void {
    if (!this.#closed) this.#io.write(line);
  }

  async #handle(line: string, receivedAt: number): Promise<void> {
    if (this.#closed) return;
    const parsed = parseUciCommand(line);
    if (!parsed.ok) {
      this.#write(infoString(parsed.message));
      return;
    }
    for (const note of parsed.notes) this.#write(infoString(note));
    await this.#run(parsed.command, receivedAt);
  }

  async #run(command: UciCommand, receivedAt: number): Promise<void> {
    switch (command.kind) {
      case 'empty':
      case 'debug':
      case 'register':
        return;
      case 'uci':
        this.#write(`id name ${ENGINE_NAME}`);
        this.#write(`id author ${ENGINE_AUTHOR}`);
        for (const option of optionLines(this.#settings)) this.#write(option);
        this.#write('uciok');
        return;
      case 'isready':
        await this.#engineOrReport();
        this.#write('readyok');
        return;
      case 'setoption':
        return this.#setOption(command.name, command.value);
      case 'ucinewgame':
        if (this.#search) {
          this.#write(infoString('ucinewgame ignored: a search is running (send stop first)'));
          return;
        }
        this.#setPosition(Position.initial(), []);
        await (await this.#engineOrReport())?.newGame().catch((error: unknown) => this.#reportError(error));
        return;
      case 'position':
        return this.#positionCommand(command.fen, command.moves);
      case 'go':
        return this.#go(command.limits, command.errors, receivedAt);
      case 'stop':
        return this.#stop();
      case 'ponderhit':
        return this.#ponderhit(receivedAt);
      case 'quit':
        return this.#quit();
      case 'd':
        return this.#display();
      case 'eval':
        return this.#evaluate();
      case 'flip':
        return this.#flip();
    }
  }

  async #engineOrReport(): Promise<SessionEngine | undefined> {
    try {
      return await this.#engine;
    } catch (error) {
      this.#reportError(error);
      return undefined;
    }
  }

  #reportError(error: unknown): void {
    const code = typeof error === 'object' && error !== null && 'code' in error ? `${String(error.code)}: ` : '';
    this.#write(infoString(`${code}${error instanceof Error ? error.message : String(error)}`));
  }

  async #setOption(name: string, value: string | undefined): Promise<void> {
    if (this.#search) {
      this.#write(infoString(`setoption ${quoteLine(name)} ignored: a search is running`));
      return;
    }
    const applied = applySetOption(this.#settings, name, value);
    if (!applied.ok) {
      this.#write(infoString(`setoption: ${applied.message}`));
      return;
    }
    this.#settings = applied.settings;
    if (applied.effect === 'none') return;
    const engine = await this.#engineOrReport();
    if (!engine) return;
    try {
      if (applied.effect === 'hash') await engine.setOption({ hashMb: this.#settings.hashMb });
      if (applied.effect === 'threads') {
        await engine.setOption({ threads: this.#settings.threads });
        if (engine.threadsFailure) this.#write(infoString(`Threads: ${engine.threadsFailure}`));
      }
      if (applied.effect === 'clear-hash') await engine.newGame();
      if (applied.effect === 'strength') await engine.setOption({ skill: effectiveSkill(this.#settings) });
    } catch (error) {
      this.#reportError(error);
    }
  }

  /**
   * `setup` is the `position` command's FEN text (undefined for startpos) when the position came from one, so that
   * the next command can be recognised as the same game with more moves; null otherwise.
   */
  #setPosition(start: Position, moves: string[], position = start, setup: string | undefined | null = null): void {
    this.#start = start;
    this.#startFen = start.fen();
    this.#moves = moves;
    this.#position = position;
    this.#setup = setup;
  }

  /**
   * `position …` (through the library's `replay`): a bad FEN keeps the old position; an illegal move keeps the
   * moves before it. A GUI sends the whole game before every move: when the command extends the last one, only the
   * new moves are played (the cost of a move does not grow with the length of the game).
   */
  #positionCommand(fen: string | undefined, moveTexts: string[]): void {
    const extends_ =
      this.#setup !== null &&
      fen === this.#setup &&
      moveTexts.length >= this.#moves.length &&
      this.#moves.every((move, index) => moveTexts[index] === move);
    const before = extends_ ? this.#moves : [];
    const replayed = replay(extends_ ? this.#position : fen, moveTexts.slice(before.length));
    if (replayed.ok) {
      const start = extends_ ? this.#start : replayed.value.start;
      this.#setPosition(start, [...before, ...replayed.value.moves.map(makeUci)], replayed.value.position, fen);
      return;
    }
    const error = replayed.error;
    if (!(error instanceof ReplayError)) {
      this.#write(infoString(`position: ${error.code}: ${error.message} (position unchanged)`));
      return;
    }
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    const number = before.length + error.index + 1;
    this.#write(infoString(`position: ${error.code}: Move ${number}: ${cause}; position set up to the move before it`));
    const { start, moves, position } = error.replayed;
    // the game stops before the bad move: not a base for the next command to extend
    this.#setPosition(extends_ ? this.#start : start, [...before, ...moves.map(makeUci)], position);
  }

  #gameInput(extraMoves: string[] = []): GameInput {
    return { fen: this.#startFen, moves: [...this.#moves, ...extraMoves] };
  }

  /** Ends the running search, if any, and waits until its bestmove has been written. */
  async #stop(): Promise<void> {
    const search = this.#search;
    if (!search) return;
    search.release();
    search.run?.stop();
    await search.done;
  }

  async #go(limits: GoLimits, errors: string[], receivedAt: number): Promise<void> {
    // A go while searching: the first search is stopped and answered, then this one starts (UCI protocol).
    await this.#stop();
    for (const error of errors) this.#write(infoString(error));
    let go = limits;
    if (errors.length > 0 && !hasLimit(limits)) {
      this.#write(infoString('go: nothing valid left; searching to depth 1'));
      go = { depth: 1 };
    }
    if (go.perft !== undefined) return this.#perft(go.perft);
    const waits = go.infinite === true || go.ponder === true;
    const afterPonderhit = go.ponder ? { ...go, ponder: false } : undefined;
    const position = this.#position;
    const legal = position.legalMoves();
    const outcome = position.outcome();
    if (legal.length === 0 || outcome) {
      // Nothing to search: a mate, a stalemate, or a finished game (a count run out, a dead position) is a result.
      if (legal.length === 0) this.#write(`info depth 0 score ${position.isCheck() ? 'mate 0' : 'cp 0'}`);
      else {
        this.#write(infoString(`the game is drawn (${outcome?.reason ?? 'over'}); no move changes that`));
        this.#write(`info depth 0 score cp 0${this.#settings.showWdl ? ' wdl 0 1000 0' : ''}`);
      }
      const move = legal[0];
      const answer = move ? `bestmove ${makeUci(move)}` : 'bestmove (none)';
      this.#hold(undefined, waits, afterPonderhit, () => this.#write(answer));
      return;
    }
    const engine = await this.#engineOrReport();
    const fallback = makeUci(legal[0] as (typeof legal)[number]);
    if (!engine) {
      this.#write(infoString(`no engine: playing ${fallback} without searching`));
      this.#hold(undefined, waits, afterPonderhit, () => this.#write(`bestmove ${fallback}`));
      return;
    }
    const searchLimits = this.#searchLimits(go);
    const clocked = !waits && (go.movetime !== undefined || go.wtime !== undefined || go.btime !== undefined);
    const run = engine.analyse(this.#gameInput(), searchLimits, (info) => {
      if (!search.dropped) this.#write(formatInfo(info, { wdl: this.#settings.showWdl }));
    });
    let stoppedEarly = false;
    const search: ActiveSearch = this.#hold(run, waits, afterPonderhit, (result) => {
      if (result) {
        if (clocked && !stoppedEarly) this.#overhead.record(now() - receivedAt, result.timeMs);
        this.#write(formatBestMove(result));
      } else {
        this.#write(infoString(`playing ${fallback} without searching`));
        this.#write(`bestmove ${fallback}`);
      }
    });
    const release = search.release;
    search.release = () => {
      stoppedEarly = true;
      release();
    };
  }

  /**
   * Makes `run` (or an answer without a search) the active search. `answer` writes the bestmove once the run has a
   * result (undefined after an engine failure) and, when `waits`, once the search was released.
   */
  #hold(
    run: AnalysisRun | undefined,
    waits: boolean,
    ponder: GoLimits | undefined,
    answer: (result: AnalysisResult | undefined) => void,
  ): ActiveSearch {
    let release!: () => void;
    const released = waits ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    if (!waits) release = () => undefined;
    const result: Promise<AnalysisResult | undefined> = run
      ? run.result.catch((error: unknown) => {
          this.#reportError(error);
          return undefined;
        })
      : Promise.resolve(undefined);
    const search: ActiveSearch = {
      run,
      ponder,
      dropped: false,
      release: () => release(),
      done: Promise.all([result, released]).then(([value]) => {
        if (this.#search === search) this.#search = undefined;
        if (search.dropped) return;
        if (run && value === undefined) answer(undefined);
        else answer(value);
      }),
    };
    this.#search = search;
    return search;
  }

  /** `ponderhit`: the expected move was played; search the same position on the clock (the hash keeps the work). */
  async #ponderhit(receivedAt: number): Promise<void> {
    const search = this.#search;
    if (!search?.ponder) return;
    if (!search.run) {
      // nothing was searched (a finished game, no engine): the answer stands
      search.release();
      await search.done;
      return;
    }
    const limits = search.ponder;
    search.dropped = true;
    search.release();
    search.run?.stop();
    await search.done;
    await this.#go(limits, [], receivedAt);
  }

  /** UCI go limits → facade limits: clocks lose the move overhead, `mate N` becomes depth 2N−1. */
  #searchLimits(limits: GoLimits): SearchLimits {
    const overhead = this.#settings.moveOverheadMs + this.#overhead.measuredMs;
    const out: SearchLimits = { multiPv: this.#settings.multiPv };
    if (limits.ponder) {
      out.infinite = true;
      return out;
    }
    for (const [time, inc] of [
      ['wtime', 'winc'],
      ['btime', 'binc'],
    ] as const) {
      const clock = limits[time];
      if (clock === undefined) {
        if (limits[inc] !== undefined) out[inc] = Math.max(0, limits[inc]);
        continue;
      }
      const planned = engineClock(clock, limits[inc] ?? 0, overhead);
      out[time] = planned.time;
      if (limits[inc] !== undefined) out[inc] = planned.inc;
    }
    if (limits.movestogo !== undefined) out.movestogo = limits.movestogo;
    if (limits.movetime !== undefined) out.movetime = Math.max(1, limits.movetime - overhead);
    if (limits.nodes !== undefined) out.nodes = limits.nodes;
    if (limits.depth !== undefined) out.depth = Math.min(limits.depth, MAX_SEARCH_DEPTH);
    else if (limits.mate !== undefined) out.depth = Math.min(2 * limits.mate - 1, MAX_SEARCH_DEPTH);
    if (limits.infinite) out.infinite = true;
    return out;
  }

  /** `go perft N`: per-move counts and the total, as Stockfish-family engines print them. */
  async #perft(depth: number): Promise<void> {
    if (depth > 20) {
      this.#write(infoString('go perft: depth must be 0..20'));
      return;
    }
    const engine = await this.#engineOrReport();
    if (!engine) return;
    try {
      let total = depth === 0 ? 1 : 0;
      if (depth > 0) {
        for (const move of this.#position.legalMoves().map(makeUci).sort()) {
          const nodes = await engine.perft(this.#gameInput([move]), depth - 1);
          this.#write(`${move}: ${nodes}`);
          total += nodes;
        }
      }
      this.#write('');
      this.#write(`Nodes searched: ${total}`);
    } catch (error) {
      this.#reportError(error);
    }
  }

  /** `d`: the board, the FEN, a key for the position (placement and side to move), the count and the outcome. */
  #display(): void {
    const position = this.#position;
    for (const line of drawDiagram(position).split('\n')) this.#write(line);
    this.#write('');
    this.#write(`Fen: ${position.fen()}`);
    this.#write(
      `Key: ${createHash('sha256').update(position.repetitionKey()).digest('hex').slice(0, 16).toUpperCase()}`,
    );
    const count = position.counting;
    this.#write(
      count
        ? `Counting: ${count.kind === 'pieces' ? "pieces' honour" : "board's honour"}, ${count.side} counts, ply ${count.plies} of ${count.limitPlies}`
        : 'Counting: none',
    );
    this.#write(`Checkers: ${position.isCheck() ? 'yes' : 'none'}`);
    const outcome = position.outcome();
    if (outcome) this.#write(`Outcome: ${outcome.winner ? `${outcome.winner} wins` : 'draw'} (${outcome.reason})`);
  }

  /** `eval`: the engine's static evaluation from the side to move. */
  #evaluate(): void {
    const outcome = this.#position.outcome();
    if (outcome) {
      this.#write(infoString(`eval: the game is over (${outcome.reason})`));
      return;
    }
    try {
      const cp = evaluate(this.#position);
      this.#write(`Final evaluation: ${formatUciScore({ cp })} (${this.#position.turn} to move)`);
    } catch (error) {
      this.#reportError(error);
    }
  }

  /** `flip`: the same position with the colours swapped (a mirror image, the other side to move); the moves are forgotten. */
  #flip(): void {
    const flipped = Position.fromFen(flipFen(this.#position.fen()));
    if (!flipped.ok) {
      this.#write(infoString(`flip: ${flipped.error.code}: ${flipped.error.message}`));
      return;
    }
    this.#setPosition(flipped.value, []);
  }

  async #quit(): Promise<void> {
    if (this.#closed) return;
    await this.#stop();
    this.#closed = true;
    const engine = await this.#engine.catch(() => undefined);
    await engine?.quit();
    this.#resolveClosed();
  }
}

/** The FEN of the colour-swapped mirror image: ranks reversed, piece colours and the side to move swapped. */
export function flipFen(fen: string): string {
  const [board = '', turn = 'w', ...rest] = fen.split(' ');
  const swapped = board
    .split('/')
    .reverse()
    .map((rank) => rank.replace(/[a-zA-Z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())))
    .join('/');
  return [swapped, turn === 'w' ? 'b' : 'w', ...rest].join(' ');
}
