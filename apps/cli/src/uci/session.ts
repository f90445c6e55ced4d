// One UCI session: reads GUI lines in order, keeps the position and options, drives the facade Engine and writes
// the engine's answers. Never throws on input: anything wrong becomes an `info string` and the session goes on.
import {
  INITIAL_FEN,
  makeUci,
  parseUci,
  Position,
  type AnalysisRun,
  type EngineOptions,
  type GameInput,
  type SearchInfo,
  type SearchLimits,
} from '@makruk/makruk';
import { parseUciCommand, quoteLine, type UciCommand } from './command.js';
import type { GoLimits } from './go.js';
import { formatBestMove, formatInfo, infoString } from './info.js';
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
}

export interface SessionIo {
  /** Writes one line (the newline is added by the writer). */
  write(line: string): void;
}

interface ActiveSearch {
  run: AnalysisRun;
  /** Settles after `bestmove` has been written. */
  done: Promise<void>;
  infinite: boolean;
}

export class UciSession {
  readonly #io: SessionIo;
  readonly #engine: Promise<SessionEngine>;
  #settings: UciSettings = { ...DEFAULT_SETTINGS };
  #startFen = INITIAL_FEN;
  #moves: string[] = [];
  #position = Position.initial();
  #search: ActiveSearch | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
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

  /** Queues one input line; lines are handled strictly in order. */
  receive(line: string): void {
    this.#queue = this.#queue.then(() => this.#handle(line)).catch((error: unknown) => {
      this.#io.write(infoString(`internal error: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  /** End of input: finish a search with a limit (its bestmove is still written), stop an infinite one, then quit. */
  async end(): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      if (this.#closed) return;
      const search = this.#search;
      if (search?.infinite) search.run.stop();
      await search?.done;
      await this.#quit();
    });
    await this.#queue;
  }

  /** Resolves when every line received so far has been handled (a search may still run). */
  async idle(): Promise<void> {
    await this.#queue;
  }

  #write(line: string): void {
    if (!this.#closed) this.#io.write(line);
  }

  async #handle(line: string): Promise<void> {
    if (this.#closed) return;
    const parsed = parseUciCommand(line);
    if (!parsed.ok) {
      this.#write(infoString(parsed.message));
      return;
    }
    for (const note of parsed.notes) this.#write(infoString(note));
    await this.#run(parsed.command);
  }

  async #run(command: UciCommand): Promise<void> {
    switch (command.kind) {
      case 'empty':
      case 'debug':
      case 'register':
      case 'ponderhit':
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
        return this.#go(command.limits);
      case 'stop':
        this.#search?.run.stop();
        return;
      case 'quit':
        return this.#quit();
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
      if (applied.effect === 'clear-hash') await engine.newGame();
      if (applied.effect === 'strength') await engine.setOption({ skill: effectiveSkill(this.#settings) });
    } catch (error) {
      this.#reportError(error);
    }
  }

  #setPosition(start: Position, moves: string[], position = start): void {
    this.#startFen = start.fen();
    this.#moves = moves;
    this.#position = position;
  }

  /** `position …`: a bad FEN keeps the old position; an illegal move keeps the moves before it. */
  #positionCommand(fen: string | undefined, moveTexts: string[]): void {
    let start = Position.initial();
    if (fen !== undefined) {
      const parsed = Position.fromFen(fen);
      if (!parsed.ok) {
        this.#write(infoString(`position: ${parsed.error.code}: ${parsed.error.message} (position unchanged)`));
        return;
      }
      start = parsed.value;
    }
    let position = start;
    const moves: string[] = [];
    for (const [index, text] of moveTexts.entries()) {
      const move = parseUci(text);
      if (!move || !position.isLegal(move)) {
        const what = move ? 'is illegal' : 'is not a UCI move';
        this.#write(
          infoString(`position: move ${index + 1} ${quoteLine(text, 12)} ${what} in ${position.fen()}; position set up to the move before it`),
        );
        break;
      }
      moves.push(makeUci(move));
      position = position.play(move);
    }
    this.#setPosition(start, moves, position);
  }

  #gameInput(extraMoves: string[] = []): GameInput {
    return { fen: this.#startFen, moves: [...this.#moves, ...extraMoves] };
  }

  async #go(limits: GoLimits): Promise<void> {
    if (this.#search) {
      this.#write(infoString('go ignored: already searching (send stop first)'));
      return;
    }
    if (limits.perft !== undefined) return this.#perft(limits.perft);
    const position = this.#position;
    const legal = position.legalMoves();
    if (legal.length === 0) {
      this.#write(`info depth 0 score ${position.isCheck() ? 'mate 0' : 'cp 0'}`);
      this.#write('bestmove (none)');
      return;
    }
    const engine = await this.#engineOrReport();
    const fallback = makeUci(legal[0] as (typeof legal)[number]);
    if (!engine) {
      this.#write(infoString(`no engine: playing ${fallback} without searching`));
      this.#write(`bestmove ${fallback}`);
      return;
    }
    const searchLimits = this.#searchLimits(limits);
    const run = engine.analyse(this.#gameInput(), searchLimits, (info) => this.#write(formatInfo(info)));
    const search: ActiveSearch = {
      run,
      infinite: searchLimits.infinite === true,
      done: run.result.then(
        (result) => {
          this.#search = undefined;
          this.#write(formatBestMove(result));
        },
        (error: unknown) => {
          this.#search = undefined;
          this.#reportError(error);
          this.#write(infoString(`playing ${fallback} without searching`));
          this.#write(`bestmove ${fallback}`);
        },
      ),
    };
    this.#search = search;
  }

  /** UCI go limits → facade limits: clocks lose the Move Overhead, `mate N` becomes depth 2N−1. */
  #searchLimits(limits: GoLimits): SearchLimits {
    const overhead = this.#settings.moveOverheadMs;
    const out: SearchLimits = { multiPv: this.#settings.multiPv };
    if (limits.wtime !== undefined) out.wtime = Math.max(0, limits.wtime - overhead);
    if (limits.btime !== undefined) out.btime = Math.max(0, limits.btime - overhead);
    if (limits.winc !== undefined) out.winc = Math.max(0, limits.winc);
    if (limits.binc !== undefined) out.binc = Math.max(0, limits.binc);
    if (limits.movestogo !== undefined) out.movestogo = limits.movestogo;
    if (limits.movetime !== undefined) out.movetime = Math.max(1, limits.movetime - overhead);
    if (limits.nodes !== undefined) out.nodes = limits.nodes;
    if (limits.depth !== undefined) out.depth = Math.min(limits.depth, 100);
    else if (limits.mate !== undefined) out.depth = Math.min(2 * limits.mate - 1, 100);
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

  async #quit(): Promise<void> {
    if (this.#closed) return;
    const search = this.#search;
    search?.run.stop();
    await search?.done;
    this.#closed = true;
    const engine = await this.#engine.catch(() => undefined);
    await engine?.quit();
    this.#resolveClosed();
  }
}
