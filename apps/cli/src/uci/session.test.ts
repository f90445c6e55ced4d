// The session's own logic (position state, limits handed to the engine, ordering of answers), tested in process
// against a recording engine double. The real engine is driven end to end in uci.test.ts.
import { describe, expect, it } from 'vitest';
import {
  Position,
  makeUci,
  type AnalysisResult,
  type EngineOptions,
  type GameInput,
  type SearchInfo,
  type SearchLimits,
} from '@makruk/makruk';
import { engineClock, INITIAL_OVERHEAD_MS } from './overhead.js';
import { flipFen, UciSession, type SessionEngine } from './session.js';

class RecordingEngine implements SessionEngine {
  readonly capabilities = { search: true };
  readonly searches: Array<{ target: GameInput; limits: SearchLimits }> = [];
  readonly options: EngineOptions[] = [];
  threadsFailure: string | undefined;
  newGames = 0;
  quitCalled = false;
  #finish: ((stopped: boolean) => void) | undefined;
  #onInfo: ((info: SearchInfo) => void) | undefined;

  analyse(target: GameInput, limits: SearchLimits, onInfo: (info: SearchInfo) => void) {
    this.searches.push({ target, limits });
    this.#onInfo = onInfo;
    let position = Position.fromFen(target.fen ?? '').ok
      ? (Position.fromFen(target.fen as string) as { value: Position }).value
      : Position.initial();
    for (const move of target.moves ?? []) position = position.play(move as string);
    const best = makeUci(position.legalMoves()[0] as NonNullable<ReturnType<Position['legalMoves']>[number]>);
    const result = new Promise<AnalysisResult>((resolve) => {
      this.#finish = (stopped) =>
        resolve({
          bestMove: undefined,
          bestMoveUci: best,
          score: { cp: 0 },
          pv: [best],
          pvSan: [],
          depth: 1,
          seldepth: 1,
          nodes: 1,
          timeMs: 1,
          stopped,
        });
    });
    return { result, stop: () => this.#finish?.(true) };
  }
  emitInfo(): void {
    this.#onInfo?.({
      depth: 1,
      seldepth: 1,
      multiPv: 1,
      score: { cp: 5 },
      nodes: 10,
      nps: 100,
      timeMs: 100,
      hashfull: 0,
      pv: ['e3e4'],
      pvSan: ['e4'],
    });
  }
  finish(): void {
    this.#finish?.(false);
  }
  async perft(): Promise<number> {
    return 0;
  }
  async newGame(): Promise<void> {
    this.newGames++;
  }
  async setOption(options: EngineOptions): Promise<void> {
    this.options.push(options);
  }
  async quit(): Promise<void> {
    this.quitCalled = true;
  }
}

function session(): {
  uci: UciSession;
  engine: RecordingEngine;
  out: string[];
  send(...lines: string[]): Promise<void>;
} {
  const engine = new RecordingEngine();
  const out: string[] = [];
  const uci = new UciSession({ write: (line) => out.push(line) }, async () => engine);
  return {
    uci,
    engine,
    out,
    async send(...lines) {
      for (const line of lines) uci.receive(line);
      await uci.idle();
    },
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('UCI session logic', () => {
  it('gives the engine the start FEN and the legal moves, not the illegal tail', async () => {
    const { engine, out, send } = session();
    await send('position startpos moves e3e4 e6e5 e4e5 b1d2', 'go depth 2');
    expect(out.join('\n')).toMatch(
      /info string position: ERR_ILLEGAL_MOVE: Move 3: .*e4e5.*; position set up to the move before it/,
    );
    expect(engine.searches[0]?.target).toEqual({ fen: Position.initial().fen(), moves: ['e3e4', 'e6e5'] });
  });

  it('plays only the new moves when a position command extends the last one, and still every case right', async () => {
    const { engine, out, send } = session();
    const fen = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
    const finish = async (): Promise<void> => {
      engine.finish();
      await tick();
    };
    await send('position startpos moves e3e4 e6e5', 'go depth 1');
    await finish();
    await send('position startpos moves e3e4 e6e5 b1d2 b8d7', 'go depth 1'); // extends
    await finish();
    await send('position startpos moves e3e4 e6e5 b1d2 g8e7', 'go depth 1'); // diverges at the 4th move
    await finish();
    await send(`position fen ${fen} moves b2c3`, 'go depth 1'); // another start
    await finish();
    await send('position startpos moves e3e4 e6e5 b1d2 b8d7 d2c4 d7c5', 'go depth 1'); // not an extension of the FEN game
    await finish();
    await send('position startpos moves e3e4 e6e5 b1d2 b8d7 d2c4 d7c5 e4e5', 'go depth 1'); // extends, illegal 7th move
    const start = Position.initial().fen();
    expect(engine.searches.map((search) => search.target)).toEqual([
      { fen: start, moves: ['e3e4', 'e6e5'] },
      { fen: start, moves: ['e3e4', 'e6e5', 'b1d2', 'b8d7'] },
      { fen: start, moves: ['e3e4', 'e6e5', 'b1d2', 'g8e7'] },
      { fen, moves: ['b2c3'] },
      { fen: start, moves: ['e3e4', 'e6e5', 'b1d2', 'b8d7', 'd2c4', 'd7c5'] },
      { fen: start, moves: ['e3e4', 'e6e5', 'b1d2', 'b8d7', 'd2c4', 'd7c5'] },
    ]);
    expect(out.filter((line) => line.startsWith('info string'))).toEqual([
      expect.stringMatching(
        /^info string position: ERR_ILLEGAL_MOVE: Move 7: .*e4e5.*; position set up to the move before it$/,
      ),
    ]);
  });

  it('keeps the old position after a bad FEN, and honours the counting fields of a good one', async () => {
    const { engine, out, send } = session();
    const fen = '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5';
    await send(`position fen ${fen}`, 'position fen not/a/fen w', 'go depth 1');
    expect(out.some((line) => /^info string position: ERR_FEN\w*: .*\(position unchanged\)$/.test(line))).toBe(true);
    expect(engine.searches[0]?.target.fen).toBe(fen);
  });

  it('takes the move overhead (option + measured) off the clocks and movetime, keeps some back for later moves, turns mate N into a depth, passes MultiPV', async () => {
    const { uci, engine, send } = session();
    expect(uci.measuredOverheadMs).toBe(INITIAL_OVERHEAD_MS);
    const overhead = 100 + INITIAL_OVERHEAD_MS;
    await send(
      'setoption name Move Overhead value 100',
      'setoption name MultiPV value 3',
      'go wtime 1000 btime 50 winc 10 binc 200 movestogo 5',
    );
    const white = engineClock(1000, 10, overhead);
    const black = engineClock(50, 200, overhead);
    expect(engine.searches[0]?.limits).toEqual({
      wtime: white.time,
      btime: black.time,
      winc: white.inc,
      binc: black.inc,
      movestogo: 5,
      multiPv: 3,
    });
    expect(white.time).toBeGreaterThan(400);
    expect(white.time).toBeLessThan(1000 - overhead);
    engine.finish();
    await tick();
    // the first move was measured: the search reported 1 ms of its own
    expect(uci.measuredOverheadMs).toBeGreaterThanOrEqual(0);
    const measured = 100 + uci.measuredOverheadMs;
    await send('go movetime 500');
    expect(engine.searches[1]?.limits).toEqual({ movetime: 500 - measured, multiPv: 3 });
    engine.finish();
    await tick();
    await send('go mate 2');
    expect(engine.searches[2]?.limits).toEqual({ depth: 3, multiPv: 3 });
  });

  it('gives a 2 s sudden-death clock to the engine with most of it left (not 1 ms of search)', async () => {
    const { engine, send } = session();
    await send('go wtime 2000 btime 2000');
    expect(engine.searches[0]?.limits.wtime).toBeGreaterThan(1000);
  });

  it('maps strength options to the engine skill', async () => {
    const { engine, send } = session();
    await send(
      'setoption name Skill Level value 4',
      'setoption name UCI_Elo value 1300',
      'setoption name UCI_LimitStrength value true',
    );
    expect(engine.options).toEqual([{ skill: 4 }, { skill: 4 }, { skill: 5 }]);
    await send('setoption name Hash value 32', 'setoption name Clear Hash');
    expect(engine.options.at(-1)).toEqual({ hashMb: 32 });
    expect(engine.newGames).toBe(1);
    await send('setoption name Threads value 3');
    expect(engine.options.at(-1)).toEqual({ threads: 3 });
  });

  it('says so when the engine could not start the threads asked for (it searches with one)', async () => {
    const { engine, out, send } = session();
    await send('setoption name Threads value 2');
    expect(out).toEqual([]);
    engine.threadsFailure = '2 threads could not start (no thread build); searching with 1 thread';
    await send('setoption name Threads value 4');
    expect(out).toEqual(['info string Threads: 2 threads could not start (no thread build); searching with 1 thread']);
  });

  it('streams info, refuses options while searching, answers isready; a second go stops and answers the first, then searches', async () => {
    const { engine, out, send } = session();
    await send('go infinite');
    engine.emitInfo();
    await send('setoption name Hash value 8', 'isready', 'ucinewgame');
    expect(out).toEqual([
      'info depth 1 seldepth 1 multipv 1 score cp 5 nodes 10 nps 100 hashfull 0 time 100 pv e3e4',
      'info string setoption "Hash" ignored: a search is running',
      'readyok',
      'info string ucinewgame ignored: a search is running (send stop first)',
    ]);
    out.length = 0;
    await send('go depth 3');
    expect(out).toEqual([expect.stringMatching(/^bestmove [a-h][1-8][a-h][1-8]$/)]);
    expect(engine.searches).toHaveLength(2);
    expect(engine.searches[1]?.limits).toEqual({ depth: 3, multiPv: 1 });
    engine.finish();
    await tick();
    expect(out).toHaveLength(2);
    expect(out[1]).toMatch(/^bestmove /);
  });

  it('answers every malformed go with info strings and one bestmove', async () => {
    for (const line of ['go depth abc', 'go nodes 0', 'go wtime']) {
      const { engine, out, send } = session();
      await send(line);
      expect(out[0]).toMatch(/^info string go \w+ (needs|must)/);
      expect(engine.searches[0]?.limits).toEqual({ depth: 1, multiPv: 1 });
      engine.finish();
      await tick();
      expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    }
    const { engine, send } = session();
    await send('go depth x movetime 300');
    expect(engine.searches[0]?.limits.movetime).toBeGreaterThan(250); // the valid part is searched
  });

  it('under go infinite holds the bestmove until stop even when the search ends by itself', async () => {
    const { engine, out, send } = session();
    await send('go infinite');
    engine.finish();
    await tick();
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    await send('stop');
    await tick();
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });

  it('go ponder searches until ponderhit, then searches on the clock: one bestmove in all; stop answers a ponder search', async () => {
    const { engine, out, send } = session();
    await send('setoption name Ponder value true', 'go ponder wtime 3000 btime 3000');
    expect(engine.searches[0]?.limits).toEqual({ infinite: true, multiPv: 1 });
    engine.finish(); // reached its end while pondering: still nothing
    await tick();
    await send('ponderhit');
    expect(engine.searches).toHaveLength(2);
    expect(engine.searches[1]?.limits.wtime).toBeGreaterThan(1000);
    expect(engine.searches[1]?.limits.infinite).toBeUndefined();
    expect(out.filter((l) => l.startsWith('bestmove'))).toEqual([]);
    engine.finish();
    await tick();
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    await send('go ponder wtime 3000 btime 3000', 'stop');
    await tick();
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(2);
  });

  it('says a finished game is a draw instead of searching it', async () => {
    const { engine, out, send } = session();
    await send('position fen k7/8/1K6/8/8/8/8/7R w - 16 17 40', 'go depth 20');
    expect(out).toEqual([
      'info string the game is drawn (counting-limit); no move changes that',
      'info depth 0 score cp 0',
      expect.stringMatching(/^bestmove [a-h][1-8][a-h][1-8]$/),
    ]);
    expect(engine.searches).toHaveLength(0);
    out.length = 0;
    await send('position fen 4k3/8/8/8/8/8/8/3K4 w - - 0 1', 'go infinite');
    expect(out).toEqual([
      'info string the game is drawn (insufficient-material); no move changes that',
      'info depth 0 score cp 0',
    ]);
    await send('stop'); // even without a search, go infinite waits for stop
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]$/);
    out.length = 0;
    await send('go ponder wtime 1000 btime 1000');
    expect(out.filter((line) => line.startsWith('bestmove'))).toEqual([]);
    await send('ponderhit'); // and go ponder for ponderhit
    expect(out.filter((line) => line.startsWith('bestmove'))).toHaveLength(1);
    expect(engine.searches).toHaveLength(0);
  });

  it('shows wdl with UCI_ShowWDL', async () => {
    const { engine, out, send } = session();
    await send('setoption name UCI_ShowWDL value true', 'go depth 2');
    engine.emitInfo();
    expect(out.at(-1)).toMatch(/ score cp 5 wdl \d+ \d+ \d+ nodes /);
  });

  it('d shows the board, FEN, key and count; flip swaps the colours; eval gives the static evaluation', async () => {
    const { out, send } = session();
    await send('position fen 8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', 'd');
    const shown = out.join('\n');
    expect(shown).toContain('Fen: 8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    expect(shown).toMatch(/^Key: [0-9A-F]{16}$/m);
    expect(shown).toMatch(/^Counting: pieces' honour, black counts, ply 10 of 16$/m);
    expect(shown).toMatch(/^2 +\. +k/m);
    out.length = 0;
    await send('position startpos moves e3e4', 'flip', 'd');
    expect(out.join('\n')).toContain(`Fen: ${flipFen(Position.initial().play('e3e4').fen())}`);
    expect(flipFen('rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1')).toBe(
      'rnskmsnr/8/pppp1ppp/4p3/8/PPPPPPPP/8/RNSMKSNR w - - 0 1',
    );
    out.length = 0;
    await send('position startpos', 'eval', 'position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 'eval');
    expect(out[0]).toMatch(/^Final evaluation: cp -?\d+ \(white to move\)$/);
    expect(Number(/cp (\d+)/.exec(out[1] ?? '')?.[1])).toBeGreaterThan(300); // a rook up
  });

  it('answers a mated position with bestmove (none) without asking the engine', async () => {
    const { engine, out, send } = session();
    await send('position fen k7/8/8/8/8/8/1R6/R3K3 b - - 0 1', 'go depth 5');
    expect(out).toEqual(['info depth 0 score mate 0', 'bestmove (none)']);
    expect(engine.searches).toHaveLength(0);
  });

  it('at end of input stops any search (go depth 100 too), writes its bestmove, then quits', async () => {
    const { uci, engine, out, send } = session();
    await send('go depth 100');
    await uci.end();
    await uci.closed;
    expect(out.at(-1)).toMatch(/^bestmove /);
    expect(engine.quitCalled).toBe(true);
  });

  it('quit stops an infinite search and ignores everything after it', async () => {
    const { uci, engine, out, send } = session();
    await send('go infinite', 'quit', 'uci');
    await uci.closed;
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^bestmove /);
    expect(engine.quitCalled).toBe(true);
  });
});

describe('UCI session against random input', () => {
  it('never throws, writes only UCI lines, and still answers isready', async () => {
    const words = [
      'uci',
      'isready',
      'go',
      'stop',
      'position',
      'startpos',
      'fen',
      'moves',
      'e3e4',
      'e6e5',
      'zz',
      'depth',
      '3',
      '-1',
      'infinite',
      'wtime',
      'setoption',
      'name',
      'Hash',
      'value',
      'Skill',
      'Level',
      'ucinewgame',
      'k7/8/1K6/8/8/8/8/7R',
      'w',
      'b',
      '-',
      '0',
      '1',
      '\u0000',
      '\t',
      'ponderhit',
      'debug',
      'on',
      'register',
      'perft',
      '2',
      'mate',
      'movetime',
      'ponder',
      'd',
      'eval',
      'flip',
      'UCI_ShowWDL',
      'true',
      'nodes',
      'abc',
      '2147483648',
    ];
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const { engine, out, send } = session();
    for (let i = 0; i < 400; i++) {
      const line = Array.from({ length: 1 + random(8) }, () => words[random(words.length)]).join(' ');
      await send(line);
      if (random(3) === 0) engine.finish();
      await tick();
    }
    engine.finish();
    await tick();
    const uciLine =
      /^(id (name|author) .+|option name .+|uciok|readyok|info .+|bestmove (\S+)( ponder \S+)?|[a-h][1-8][a-h][1-8]m?: \d+|Nodes searched: \d+|[1-8] .+| {3}a {2}b .+|(Fen|Key|Counting|Checkers|Outcome|Final evaluation): .+|)$/;
    expect(out.filter((line) => !uciLine.test(line))).toEqual([]);
    expect(out.some((line) => line.startsWith('info string'))).toBe(true);
    out.length = 0;
    await send('stop', 'isready');
    await tick();
    expect(out.at(-1)).toBe('readyok');
  });
});
