/**
 * The match: schedules games (each opening twice, colours reversed), runs them on `concurrency` pairs of engine
 * processes, restarts engines that crashed or hung, writes PGN as games finish, and keeps the standing from the
 * first engine's side. An SPRT decision or the caller's abort signal stops it; unfinished games are not counted.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { Side } from './clock.js';
import { estimateElo, sprtState, type EloEstimate, type SprtParams, type SprtState, type Wdl } from './elo.js';
import type { EngineSpec } from './engine-spec.js';
import { MatchError } from './errors.js';
import { playGame, type GameRecord, type GameSettings, type Termination } from './game-runner.js';
import type { Opening } from './openings.js';
import { gameToPgn } from './pgn.js';
import { UciEngine, type UciEngineOptions } from '../uci/client.js';

export interface MatchConfig {
  /** The first engine is the one the statistics speak for (the "test" engine); the second is the baseline. */
  engines: readonly [EngineSpec, EngineSpec];
  openings: readonly Opening[];
  /** Total games; game i uses opening ⌊i/2⌋ (wrapping), the first engine has White in even games. */
  games: number;
  settings: GameSettings;
  concurrency: number;
  sprt?: SprtParams | undefined;
  pgnFile?: string | undefined;
  event?: string;
  handshakeTimeoutMs?: number;
  log?: UciEngineOptions['log'];
  onGameEnd?: (game: GameRecord, standing: MatchStanding) => void;
  /** Warnings for people (e.g. an option the engine does not list). */
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
}

export type Pentanomial = [number, number, number, number, number];

export interface MatchStanding {
  engines: [string, string];
  gamesPlanned: number;
  gamesPlayed: number;
  /** From the first engine's side. */
  wdl: Wdl;
  elo: EloEstimate;
  sprt: SprtState | undefined;
}

export interface MatchSummary extends MatchStanding {
  firstAsWhite: Wdl;
  firstAsBlack: Wdl;
  whiteWins: number;
  blackWins: number;
  draws: number;
  /** Game pairs on the same opening, by the first engine's points in the pair: 0, ½, 1, 1½, 2. */
  pentanomial: Pentanomial;
  terminations: Partial<Record<Termination, number>>;
  stoppedBy: 'completed' | 'sprt' | 'aborted';
  games: GameRecord[];
  durationMs: number;
}

function emptyWdl(): Wdl {
  return { wins: 0, draws: 0, losses: 0 };
}

/** Points (0, 0.5, 1) of the engine that played `side`. */
function pointsFor(result: GameRecord['result'], side: Side): number {
  if (result === '1/2-1/2') return 0.5;
  return (result === '1-0') === (side === 'white') ? 1 : 0;
}

function addResult(wdl: Wdl, points: number): void {
  if (points === 1) wdl.wins += 1;
  else if (points === 0) wdl.losses += 1;
  else wdl.draws += 1;
}

interface Seat {
  spec: EngineSpec;
  engine: UciEngine | undefined;
}

export async function runMatch(config: MatchConfig): Promise<MatchSummary> {
  if (config.openings.length === 0) throw new MatchError('ERR_MATCH_OPTIONS', 'no openings to play');
  if (!(Number.isInteger(config.games) && config.games >= 1)) {
    throw new MatchError('ERR_MATCH_OPTIONS', `the number of games must be a whole number ≥ 1, got ${config.games}`);
  }
  const startedAt = performance.now();
  const [firstSpec, secondSpec] = config.engines;
  const names: [string, string] = [firstSpec.name, secondSpec.name];
  const engineOptions: UciEngineOptions = { handshakeTimeoutMs: config.handshakeTimeoutMs ?? 10_000, log: config.log };
  const stop = new AbortController();
  const onOuterAbort = (): void => stop.abort();
  config.signal?.addEventListener('abort', onOuterAbort);

  if (config.pgnFile !== undefined) {
    try {
      writeFileSync(config.pgnFile, '');
    } catch (error) {
      throw new MatchError(
        'ERR_PGN_WRITE',
        `cannot write PGN to ${config.pgnFile}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const workerCount = Math.max(1, Math.min(Math.floor(config.concurrency) || 1, config.games));
  const workers: Array<[Seat, Seat]> = Array.from({ length: workerCount }, () => [
    { spec: firstSpec, engine: undefined },
    { spec: secondSpec, engine: undefined },
  ]);
  const allSeats = workers.flat();
  const killAll = (): void => {
    for (const seat of allSeats) seat.engine?.kill();
  };
  stop.signal.addEventListener('abort', killAll);

  const warned = new Set<string>();
  const startSeat = async (seat: Seat): Promise<void> => {
    seat.engine = await UciEngine.start(seat.spec, engineOptions);
    for (const option of seat.engine.unknownOptions) {
      const message = `engine ${seat.spec.name} does not list option "${option}"; sent anyway`;
      if (!warned.has(message)) config.onWarning?.(message);
      warned.add(message);
    }
  };

  try {
    // Start every engine before the first game: a wrong command line should fail at once, not as lost games.
    for (const seat of allSeats) await startSeat(seat);
  } catch (error) {
    killAll();
    config.signal?.removeEventListener('abort', onOuterAbort);
    throw error;
  }

  const games: GameRecord[] = [];
  const wdl = emptyWdl();
  const firstAsWhite = emptyWdl();
  const firstAsBlack = emptyWdl();
  const pairPoints = new Map<number, number[]>();
  const pentanomial: Pentanomial = [0, 0, 0, 0, 0];
  const terminations: Partial<Record<Termination, number>> = {};
  let sprt: SprtState | undefined;
  let stoppedBy: MatchSummary['stoppedBy'] = 'completed';
  let nextGame = 0;

  const standing = (): MatchStanding => ({
    engines: names,
    gamesPlanned: config.games,
    gamesPlayed: games.length,
    wdl: { ...wdl },
    elo: estimateElo(wdl),
    sprt,
  });

  const record = (game: GameRecord, firstSide: Side): void => {
    games.push(game);
    const points = pointsFor(game.result, firstSide);
    addResult(wdl, points);
    addResult(firstSide === 'white' ? firstAsWhite : firstAsBlack, points);
    terminations[game.termination] = (terminations[game.termination] ?? 0) + 1;
    const pair = Math.floor((game.round - 1) / 2);
    const inPair = [...(pairPoints.get(pair) ?? []), points];
    pairPoints.set(pair, inPair);
    if (inPair.length === 2) {
      const bucket = Math.round(((inPair[0] ?? 0) + (inPair[1] ?? 0)) * 2);
      pentanomial[bucket] = (pentanomial[bucket] ?? 0) + 1;
    }
    if (config.pgnFile !== undefined) {
      appendFileSync(
        config.pgnFile,
        gameToPgn(game, { event: config.event ?? 'makruk match', limit: config.settings.limit }),
      );
    }
    if (config.sprt !== undefined) {
      sprt = sprtState(wdl, config.sprt);
      if (sprt.decision !== undefined && !stop.signal.aborted) {
        stoppedBy = 'sprt';
        stop.abort();
      }
    }
    config.onGameEnd?.(game, standing());
  };

  /** A game lost before it began because an engine could not be restarted. */
  const startFailure = (
    index: number,
    opening: Opening,
    seatNames: Record<Side, string>,
    side: Side,
    why: string,
  ): GameRecord => ({
    round: index + 1,
    openingIndex: Math.floor(index / 2) % config.openings.length,
    openingFen: opening.fen,
    white: seatNames.white,
    black: seatNames.black,
    moves: [],
    result: side === 'white' ? '0-1' : '1-0',
    termination: 'start-failure',
    reason: `${side === 'white' ? 'White' : 'Black'}'s engine could not be restarted: ${why}`,
    finalFen: opening.fen,
    startedAt: new Date(),
    durationMs: 0,
  });

  const work = async ([first, second]: [Seat, Seat]): Promise<void> => {
    while (!stop.signal.aborted && nextGame < config.games) {
      const index = nextGame++;
      const openingIndex = Math.floor(index / 2) % config.openings.length;
      const opening = config.openings[openingIndex] as Opening;
      const firstSide: Side = index % 2 === 0 ? 'white' : 'black';
      const bySide: Record<Side, Seat> =
        firstSide === 'white' ? { white: first, black: second } : { white: second, black: first };
      const seatNames = { white: bySide.white.spec.name, black: bySide.black.spec.name };
      let lostBeforeStart: GameRecord | undefined;
      for (const side of ['white', 'black'] as const) {
        const seat = bySide[side];
        if (seat.engine?.alive) continue;
        try {
          await startSeat(seat);
        } catch (error) {
          lostBeforeStart ??= startFailure(
            index,
            opening,
            seatNames,
            side,
            error instanceof Error ? error.message : String(error),
          );
        }
      }
      if (stop.signal.aborted) break;
      if (lostBeforeStart !== undefined) {
        record(lostBeforeStart, firstSide);
        continue;
      }
      const game = await playGame({
        round: index + 1,
        openingIndex,
        opening,
        seats: {
          white: { name: seatNames.white, engine: bySide.white.engine as UciEngine },
          black: { name: seatNames.black, engine: bySide.black.engine as UciEngine },
        },
        settings: config.settings,
        signal: stop.signal,
      });
      if (game.termination === 'aborted' || stop.signal.aborted) break;
      record(game, firstSide);
    }
  };

  try {
    await Promise.all(workers.map((pair) => work(pair)));
  } finally {
    config.signal?.removeEventListener('abort', onOuterAbort);
    await Promise.all(allSeats.map((seat) => seat.engine?.quit()));
  }
  if (stoppedBy === 'completed' && config.signal?.aborted) stoppedBy = 'aborted';

  games.sort((a, b) => a.round - b.round);
  return {
    ...standing(),
    firstAsWhite,
    firstAsBlack,
    whiteWins: games.filter((g) => g.result === '1-0').length,
    blackWins: games.filter((g) => g.result === '0-1').length,
    draws: games.filter((g) => g.result === '1/2-1/2').length,
    pentanomial,
    terminations,
    stoppedBy,
    games,
    durationMs: performance.now() - startedAt,
  };
}
