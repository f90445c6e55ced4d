// `makruk pgn annotate`, the run: games streamed from the input, analysed in parallel (one engine per job, a game
// per job at a time), written to the output in input order, game by game, with a state file that makes the run
// resumable.
//
// On disk, for an output OUT: `OUT.partial` holds the games written so far, `OUT.state.json` the run's settings and
// how many games (and bytes) of the partial file are finished. Each game is appended, then the state file is
// replaced (write + rename), both synchronously, so whenever the process dies the state names a prefix of the
// partial file that holds whole games. `--resume` cuts the partial file back to that prefix and skips those games;
// at the end the state is marked complete, the partial file renamed to OUT and the state file removed (a run killed
// between those steps is finished by the next --resume). One run at a time writes OUT: it holds `OUT.lock`
// (proper-lockfile: a directory whose mtime the holder keeps fresh, so a killed run's lock goes stale). Memory stays
// flat: the input is streamed, and at most a few games per job are held (in flight, or finished but waiting).
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { makePgn, type Game, type SearchLimits } from '@makruk/makruk';
import { CliError } from '../errors.js';
import { annotateGame } from './annotate.js';
import { evaluateGame, type AnnotateEngine } from './annotate-engine.js';
import { fileError, numberedChunks, parseChunk, problemError } from './games.js';
import type { AnnotateProgress } from './progress.js';

/** `--shard I/N`: the games whose 0-based index in the file is I-1 modulo N. */
export interface Shard {
  index: number;
  count: number;
}

export interface AnnotateRunOptions {
  file: string;
  out: string;
  limits: SearchLimits;
  jobs: number;
  hashMb: number;
  resume: boolean;
  shard: Shard | undefined;
  progress: AnnotateProgress;
  startEngine: (hashMb: number) => Promise<AnnotateEngine>;
}

export interface AnnotateRunReport {
  /** Games and moves analysed by this run (not those a resumed run skipped). */
  games: number;
  moves: number;
  /** Games skipped because an interrupted run had finished them. */
  resumed: number;
  seconds: number;
}

/** Finished games waiting for an earlier one, per job, before the input stops being read. */
const BUFFERED_PER_JOB = 4;
const STATE_VERSION = 1;

interface RunSettings {
  version: number;
  input: string;
  inputBytes: number;
  limits: SearchLimits;
  hashMb: number;
  shard: Shard | null;
}

interface RunState {
  settings: RunSettings;
  /** Games finished (selected games, in input order) and the partial file's length holding them. */
  games: number;
  bytes: number;
  /** Set just before the partial file becomes OUT: every game is in it. */
  complete?: boolean;
}

/** A lock not refreshed for this long belongs to a run that is gone (proper-lockfile refreshes it every half). */
export const LOCK_STALE_MS = 10_000;

export function partialPath(out: string): string {
  return `${out}.partial`;
}

export function statePath(out: string): string {
  return `${out}.state.json`;
}

/** `I/N` with 1 ≤ I ≤ N. */
export function parseShard(text: string): Shard | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count >= 1 && index <= count && count <= 1_000_000 ? { index, count } : undefined;
}

/** Whether the game with this 1-based number in the file belongs to the shard. */
export function inShard(number: number, shard: Shard | undefined): boolean {
  return shard === undefined || (number - 1) % shard.count === shard.index - 1;
}

/** The default output: `games.pgn` → `games.annotated.pgn` (`games.annotated.2-of-8.pgn` for a shard). */
export function defaultOutput(file: string, shard: Shard | undefined): string {
  const parsed = path.parse(file);
  const suffix = shard ? `.annotated.${shard.index}-of-${shard.count}` : '.annotated';
  return path.join(parsed.dir, `${parsed.name}${suffix}.pgn`);
}

/** What the Annotator tag says: the program and the budget, so that runs with different budgets can be told apart. */
export function annotatorOf(limits: SearchLimits): string {
  const budget =
    limits.nodes !== undefined
      ? `nodes ${limits.nodes}`
      : limits.depth !== undefined
        ? `depth ${limits.depth}`
        : `movetime ${limits.movetime ?? '?'} ms`;
  return `makruk pgn annotate (${budget})`;
}

function writeState(file: string, state: RunState): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`);
  renameSync(temporary, file);
}

function readState(file: string): RunState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as RunState;
    if (
      typeof state.games === 'number' &&
      typeof state.bytes === 'number' &&
      state.settings?.version === STATE_VERSION
    ) {
      return state;
    }
  } catch {
    // reported below
  }
  throw new CliError(
    'ERR_RESUME',
    `${file} is not a state file of this version of makruk pgn annotate; delete it to start again.`,
  );
}

/** The interrupted run to continue, if any; refuses one with other settings, or one left without --resume. */
function previousRun(options: AnnotateRunOptions, settings: RunSettings): RunState | undefined {
  const partial = partialPath(options.out);
  const stateFile = statePath(options.out);
  const previous = readState(stateFile);
  if (previous === undefined) return undefined;
  if (previous.complete === true && JSON.stringify(previous.settings) === JSON.stringify(settings)) {
    // killed after the last game, between the state's last write and its removal: finish what it was doing
    if (existsSync(partial)) renameSync(partial, options.out);
    if (existsSync(options.out)) {
      unlinkSync(stateFile);
      return options.resume ? previous : undefined;
    }
  }
  if (!options.resume) {
    throw new CliError(
      'ERR_RESUME',
      `an interrupted run left ${stateFile} (${previous.games} games done): add --resume to continue it, or delete it and ${partial} to start again.`,
    );
  }
  if (JSON.stringify(previous.settings) !== JSON.stringify(settings)) {
    throw new CliError(
      'ERR_RESUME',
      `${stateFile} is from a run with other settings (input, budget, hash or shard): ${JSON.stringify(previous.settings)}; ` +
        'run with those, or delete it to start again.',
    );
  }
  const size = existsSync(partial) ? statSync(partial).size : -1;
  if (size < previous.bytes) {
    throw new CliError(
      'ERR_RESUME',
      `${partial} is missing or shorter than ${stateFile} says; delete ${stateFile} to start again.`,
    );
  }
  return previous;
}

/** Where the run starts writing: the interrupted run's partial file cut back to its last finished game, or a new one. */
function openRun(options: AnnotateRunOptions, settings: RunSettings, previous: RunState | undefined): RunState {
  const partial = partialPath(options.out);
  if (previous) {
    truncateSync(partial, previous.bytes);
    return previous;
  }
  writeFileSync(partial, '');
  const state: RunState = { settings, games: 0, bytes: 0 };
  writeState(statePath(options.out), state);
  return state;
}

/** The selected games of the file (shard, minus those already done), parsed; a broken game stops everything. */
async function* selectedGames(
  options: AnnotateRunOptions,
  skip: number,
): AsyncGenerator<{ seq: number; number: number; game: Game }> {
  let seq = 0;
  for await (const { number, chunk } of numberedChunks(options.file)) {
    if (!inShard(number, options.shard)) continue;
    seq++;
    if (seq <= skip) continue;
    const parsed = parseChunk(chunk, number);
    if (!parsed.ok) throw problemError(options.file, parsed.error);
    yield { seq, number, game: parsed.value };
  }
}

/** Annotates the file; see the head of this file for the files it writes. */
export async function annotateFile(options: AnnotateRunOptions): Promise<AnnotateRunReport> {
  const input = path.resolve(options.file);
  if (input === path.resolve(options.out)) throw new CliError('ERR_ARGUMENT', 'the output must not be the input file.');
  let inputBytes: number;
  try {
    inputBytes = statSync(input).size;
  } catch (error) {
    throw fileError(options.file, error);
  }
  const lock = await lockOutput(options.out, options.progress);
  try {
    return await annotateLocked(options, input, inputBytes, lock);
  } finally {
    await lock.release();
  }
}

interface OutputLock {
  /** Throws when another run has taken the lock over (this run was stalled past LOCK_STALE_MS). */
  check(): void;
  release(): Promise<void>;
}

/**
 * Takes `OUT.lock`. A lock held by a live run is refused with ERR_OUTPUT_LOCKED; one left by a killed run goes stale
 * within LOCK_STALE_MS, so this waits that long (saying so) before giving up.
 */
async function lockOutput(out: string, progress: AnnotateProgress): Promise<OutputLock> {
  let compromised: Error | undefined;
  const settings = {
    realpath: false,
    stale: LOCK_STALE_MS,
    onCompromised: (error: Error) => {
      compromised = error;
    },
  };
  let release: () => Promise<void>;
  try {
    try {
      release = await lockfile.lock(out, settings);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      progress.note(
        `${out}.lock is held: waiting up to ${LOCK_STALE_MS / 1000 + 2} s in case its run was killed (then it goes stale)…`,
      );
      const retries = { retries: LOCK_STALE_MS / 1000 + 2, factor: 1, minTimeout: 1000, maxTimeout: 1000 };
      release = await lockfile.lock(out, { ...settings, retries });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new CliError(
        'ERR_OUTPUT_LOCKED',
        `another makruk pgn annotate is writing ${out} (it holds ${out}.lock); wait for it to finish, or stop it`,
        1,
      );
    }
    throw fileError(out, error, 'write');
  }
  return {
    check() {
      if (compromised) {
        throw new CliError(
          'ERR_OUTPUT_LOCKED',
          `${out}.lock was lost (${compromised.message}): another run may be writing ${out}; this one stops`,
          1,
        );
      }
    },
    async release() {
      if (!compromised) await release().catch(() => undefined);
    },
  };
}

async function annotateLocked(
  options: AnnotateRunOptions,
  input: string,
  inputBytes: number,
  lock: OutputLock,
): Promise<AnnotateRunReport> {
  const settings: RunSettings = {
    version: STATE_VERSION,
    input,
    inputBytes,
    limits: options.limits,
    hashMb: options.hashMb,
    shard: options.shard ?? null,
  };

  // A first pass finds the totals for the progress bar and stops at a broken game before any engine starts.
  const previous = previousRun(options, settings);
  // a run killed after its last game: previousRun has put OUT in place; nothing is left to do
  if (previous?.complete === true) return { games: 0, moves: 0, resumed: previous.games, seconds: 0 };
  const totals = { games: 0, moves: 0 };
  for await (const { game } of selectedGames(options, previous?.games ?? 0)) {
    totals.games++;
    totals.moves += game.ply;
  }

  let state: RunState;
  let fd: number;
  try {
    state = openRun(options, settings, previous);
    fd = openSync(partialPath(options.out), 'a');
  } catch (error) {
    throw fileError(partialPath(options.out), error, 'write');
  }
  const stateFile = statePath(options.out);
  const startedAt = performance.now();
  const report: AnnotateRunReport = { games: 0, moves: 0, resumed: state.games, seconds: 0 };
  const engines: AnnotateEngine[] = [];
  options.progress.start(totals);
  try {
    const jobs = Math.max(1, Math.min(options.jobs, totals.games));
    if (totals.games > 0) {
      const started = await Promise.allSettled(Array.from({ length: jobs }, () => options.startEngine(options.hashMb)));
      for (const result of started) if (result.status === 'fulfilled') engines.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    const idle = [...engines];
    const annotator = annotatorOf(options.limits);
    const finished = new Map<number, { text: string; number: number; moves: number }>();
    let nextSeq = state.games + 1;
    let failure: unknown;
    const running = new Set<Promise<void>>();
    let wake: (() => void) | undefined;

    const flush = (): void => {
      for (let ready = finished.get(nextSeq); ready !== undefined; ready = finished.get(nextSeq)) {
        lock.check();
        finished.delete(nextSeq);
        const bytes = Buffer.from(ready.text, 'utf8');
        writeSync(fd, bytes);
        state.games++;
        state.bytes += bytes.length;
        writeState(stateFile, state);
        report.games++;
        report.moves += ready.moves;
        options.progress.game(ready.number, ready.moves);
        nextSeq++;
      }
    };

    for await (const { seq, number, game } of selectedGames(options, state.games)) {
      while (failure === undefined && (idle.length === 0 || finished.size >= BUFFERED_PER_JOB * engines.length)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (failure !== undefined) break;
      const engine = idle.pop() as AnnotateEngine;
      const task = (async () => {
        try {
          const evals = await evaluateGame(engine, game, options.limits, (index) => {
            if (index > 0) options.progress.move();
          });
          const annotated = annotateGame(game, evals, annotator).game;
          finished.set(seq, { text: `${makePgn(annotated)}\n`, number, moves: game.ply });
          flush();
          idle.push(engine);
        } catch (error) {
          failure ??= error;
        }
      })();
      running.add(task);
      void task.finally(() => {
        running.delete(task);
        wake?.();
      });
    }
    await Promise.all(running);
    if (failure !== undefined) throw failure;
    fsyncSync(fd);
    closeSync(fd);
    lock.check();
    state.complete = true;
    writeState(stateFile, state);
    renameSync(partialPath(options.out), options.out);
    unlinkSync(stateFile);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    throw error;
  } finally {
    options.progress.stop();
    await Promise.allSettled(engines.map((engine) => engine.quit()));
  }
  report.seconds = (performance.now() - startedAt) / 1000;
  return report;
}
