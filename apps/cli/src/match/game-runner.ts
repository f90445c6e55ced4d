/**
 * Plays one engine game. The facade is the referee: it checks every `bestmove` for legality and decides mate,
 * stalemate, dead positions and the counting rules (automatic mode, docs/rules.md). On top: threefold repetition (a
 * draw; the facade's repetition key: placement and side to move, the count not compared), a ply cap (a draw),
 * resign/draw adjudication from the engines' scores. An illegal move, a flag fall, a crash or a hang loses the game
 * for the engine at fault; an engine that hung is killed here and the caller restarts any engine that is no longer
 * alive.
 */
import { makeSan, makeUci, parseUci, Position, type Move, type Score } from '@makruk/makruk';
import { Adjudicator, type DrawRule, type ResignRule } from './adjudication.js';
import { GameClock, Stopwatch, type MoveLimit, type Side } from './clock.js';
import type { Opening } from './openings.js';
import { goCommand, type SearchOutcome, type UciEngine } from '../uci/client.js';
import { scoreToCentipawns } from '../uci/protocol.js';

export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export type Termination =
  | 'checkmate'
  | 'stalemate'
  | 'insufficient-material'
  | 'counting-limit'
  | 'repetition'
  | 'max-plies'
  | 'resign-adjudication'
  | 'draw-adjudication'
  | 'time-forfeit'
  | 'illegal-move'
  | 'crash'
  | 'stall'
  | 'start-failure'
  | 'aborted';

export interface PlayedMove {
  uci: string;
  san: string;
  /** The mover's last reported score (its own side), if any. */
  score: Score | undefined;
  depth: number | undefined;
  timeMs: number;
}

export interface GameRecord {
  /** 1-based game number in the match. */
  round: number;
  openingIndex: number;
  openingFen: string;
  white: string;
  black: string;
  moves: PlayedMove[];
  result: GameResult;
  termination: Termination;
  /** For people, cutechess style: "Black loses on time", "Draw by 3-fold repetition". */
  reason: string;
  finalFen: string;
  startedAt: Date;
  durationMs: number;
}

export interface GameSettings {
  limit: MoveLimit;
  /** Extra time an engine may use beyond its clock or movetime before it has lost on time. */
  timeMarginMs: number;
  /** Longest wait for a move under --nodes/--depth before the engine counts as hung. */
  moveTimeoutMs: number;
  maxPlies: number;
  resign: ResignRule | undefined;
  draw: DrawRule | undefined;
}

export interface GameSeats {
  white: { name: string; engine: UciEngine };
  black: { name: string; engine: UciEngine };
}

const capitalised = (side: Side): string => (side === 'white' ? 'White' : 'Black');
const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');
const winFor = (side: Side): GameResult => (side === 'white' ? '1-0' : '0-1');

/**
 * The legal move an engine's UCI `bestmove` names, or undefined (SAN from an engine is not accepted). The lookup is
 * the library's `Position.findMove`: the promotion letter may be left out (`c5c6`), but a promotion letter on a
 * move that does not promote makes it illegal.
 */
export function findLegalMove(pos: Position, text: string): Move | undefined {
  const parsed = parseUci(text);
  if (parsed === undefined) return undefined;
  const found = pos.findMove(parsed);
  return found.ok ? found.value : undefined;
}

interface Ending {
  result: GameResult;
  termination: Termination;
  reason: string;
}

function loss(side: Side, termination: Termination, reason: string): Ending {
  return { result: winFor(other(side)), termination, reason };
}

function naturalEnding(pos: Position): Ending | undefined {
  const outcome = pos.outcome();
  if (outcome === undefined) return undefined;
  switch (outcome.reason) {
    case 'checkmate': {
      const winner = outcome.winner ?? other(pos.turn);
      return { result: winFor(winner), termination: 'checkmate', reason: `${capitalised(winner)} mates` };
    }
    case 'stalemate':
      return { result: '1/2-1/2', termination: 'stalemate', reason: 'Draw by stalemate' };
    case 'insufficient-material':
      // a dead position (docs/rules.md): neither side can mate any more
      return {
        result: '1/2-1/2',
        termination: 'insufficient-material',
        reason: 'Draw by insufficient mating material',
      };
    case 'counting-limit': {
      const honour = pos.counting?.kind === 'pieces' ? "pieces' honour" : "board's honour";
      return { result: '1/2-1/2', termination: 'counting-limit', reason: `Draw by the counting rule (${honour})` };
    }
  }
}

/** Judges a search outcome that produced no usable move; undefined when it did produce one. */
function failedSearch(
  side: Side,
  outcome: SearchOutcome,
  settings: GameSettings,
  deadlineMs: number,
): Ending | undefined {
  if (outcome.kind === 'crash') return loss(side, 'crash', `${capitalised(side)}'s engine crashed (${outcome.detail})`);
  if (outcome.kind === 'timeout') {
    if (settings.limit.kind === 'clock' || settings.limit.kind === 'movetime') {
      return loss(
        side,
        'time-forfeit',
        `${capitalised(side)} loses on time (no move after ${Math.round(outcome.elapsedMs)} ms)`,
      );
    }
    return loss(side, 'stall', `${capitalised(side)}'s engine stopped responding (no move within ${deadlineMs} ms)`);
  }
  return undefined;
}

export interface PlayGameInput {
  round: number;
  openingIndex: number;
  opening: Opening;
  seats: GameSeats;
  settings: GameSettings;
  signal?: AbortSignal;
}

/** Plays one game to its end and returns its record; never throws for engine misbehaviour. */
export async function playGame(input: PlayGameInput): Promise<GameRecord> {
  const { seats, settings, opening, signal } = input;
  const startedAt = new Date();
  const gameWatch = new Stopwatch();
  const start = Position.fromFen(opening.fen);
  if (!start.ok) throw new Error(`opening ${opening.fen} was not checked: ${start.error.message}`);
  let pos = start.value;
  const moves: PlayedMove[] = [];
  const uciMoves: string[] = [];
  const repetitions = new Map<string, number>([[pos.repetitionKey(), 1]]);
  const clock = settings.limit.kind === 'clock' ? new GameClock(settings.limit.tc, settings.timeMarginMs) : undefined;
  const adjudicator = new Adjudicator(settings.resign, settings.draw);

  const finish = (ending: Ending): GameRecord => ({
    round: input.round,
    openingIndex: input.openingIndex,
    openingFen: opening.fen,
    white: seats.white.name,
    black: seats.black.name,
    moves,
    result: ending.result,
    termination: ending.termination,
    reason: ending.reason,
    finalFen: pos.fen(),
    startedAt,
    durationMs: gameWatch.elapsedMs(),
  });
  const aborted = (): GameRecord => finish({ result: '*', termination: 'aborted', reason: 'Game aborted' });

  for (const side of ['white', 'black'] as const) {
    if (!(await seats[side].engine.newGame())) {
      if (signal?.aborted) return aborted();
      seats[side].engine.kill();
      return finish(loss(side, 'stall', `${capitalised(side)}'s engine did not answer isready before the game`));
    }
  }

  for (;;) {
    if (signal?.aborted) return aborted();
    const natural = naturalEnding(pos);
    if (natural !== undefined) return finish(natural);
    if ((repetitions.get(pos.repetitionKey()) ?? 0) >= 3) {
      return finish({ result: '1/2-1/2', termination: 'repetition', reason: 'Draw by 3-fold repetition' });
    }
    if (moves.length >= settings.maxPlies) {
      return finish({
        result: '1/2-1/2',
        termination: 'max-plies',
        reason: `Draw by adjudication: ${settings.maxPlies} plies played`,
      });
    }

    const side = pos.turn;
    const engine = seats[side].engine;
    const positionCommand = `position fen ${opening.fen}${uciMoves.length > 0 ? ` moves ${uciMoves.join(' ')}` : ''}`;
    const limit = settings.limit;
    const deadlineMs =
      clock !== undefined
        ? clock.deadlineMs(side)
        : limit.kind === 'movetime'
          ? limit.ms + settings.timeMarginMs
          : settings.moveTimeoutMs;
    const outcome = await engine.search(positionCommand, goCommand(limit, clock?.goParams(side)), deadlineMs);
    if (signal?.aborted) return aborted();
    if (outcome.kind === 'timeout') engine.kill(); // a hung engine cannot be trusted with the next game
    const failure = failedSearch(side, outcome, settings, deadlineMs);
    if (failure !== undefined || outcome.kind !== 'bestmove') return finish(failure ?? loss(side, 'crash', 'no move'));

    if (clock?.charge(side, outcome.elapsedMs).flagged) {
      return finish(
        loss(side, 'time-forfeit', `${capitalised(side)} loses on time (${Math.round(outcome.elapsedMs)} ms used)`),
      );
    }
    if (limit.kind === 'movetime' && outcome.elapsedMs > limit.ms + settings.timeMarginMs) {
      return finish(
        loss(
          side,
          'time-forfeit',
          `${capitalised(side)} loses on time (${Math.round(outcome.elapsedMs)} ms for movetime ${limit.ms})`,
        ),
      );
    }
    const move = findLegalMove(pos, outcome.move);
    if (move === undefined) {
      const shown = outcome.move === '' ? '(nothing)' : outcome.move;
      return finish(loss(side, 'illegal-move', `${capitalised(side)} makes an illegal move: ${shown}`));
    }

    const san = makeSan(pos, move);
    const irreversible = pos.isCapture(move) || pos.pieceAt(move.from)?.role === 'pawn';
    const moverFullmove = pos.fullmoves;
    pos = pos.play(move);
    const uci = makeUci(move);
    uciMoves.push(uci);
    const score = outcome.info.score;
    moves.push({ uci, san, score, depth: outcome.info.depth, timeMs: outcome.elapsedMs });
    const key = pos.repetitionKey();
    repetitions.set(key, (repetitions.get(key) ?? 0) + 1);

    // Rules first: a mate on the board outranks any adjudication.
    if (naturalEnding(pos) !== undefined) continue;
    const adjudication = adjudicator.afterMove(
      side,
      score === undefined ? undefined : scoreToCentipawns(score),
      moverFullmove,
      irreversible,
    );
    if (adjudication?.kind === 'resign') {
      const loser = adjudication.loser;
      return finish(
        loss(
          loser,
          'resign-adjudication',
          `${capitalised(other(loser))} wins by adjudication (${capitalised(loser)} resigns)`,
        ),
      );
    }
    if (adjudication?.kind === 'draw') {
      return finish({ result: '1/2-1/2', termination: 'draw-adjudication', reason: 'Draw by adjudication' });
    }
  }
}
