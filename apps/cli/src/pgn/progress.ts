// Progress of `makruk pgn annotate` on stderr: a cli-progress bar (games, moves, speed, ETA) on a terminal, one plain
// line per finished game otherwise (logs, CI, pipes), so that nothing but whole lines lands in a file.
import cliProgress from 'cli-progress';

export interface Totals {
  games: number;
  moves: number;
}

/** What the annotate run tells as it goes. */
export interface AnnotateProgress {
  start(totals: Totals): void;
  /** One more move (the position after it) analysed. */
  move(): void;
  /** One more game written; `number` is its number in the input file. */
  game(number: number, moves: number): void;
  /** A line about the run itself (before the bar starts: waiting for a lock). */
  note(text: string): void;
  stop(): void;
}

/** `1:02:03`, `2:03` or `5s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return m > 0 ? `${m}:${String(s).padStart(2, '0')}` : `${s}s`;
}

class Counter {
  games = 0;
  moves = 0;
  totals: Totals = { games: 0, moves: 0 };
  readonly startedAt = performance.now();

  speed(): number {
    const seconds = (performance.now() - this.startedAt) / 1000;
    return seconds > 0 ? this.moves / seconds : 0;
  }

  etaSeconds(): number {
    const speed = this.speed();
    return speed > 0 ? (this.totals.moves - this.moves) / speed : Number.NaN;
  }
}

/** One line per finished game: `game 5: 61 moves · games 3/20 · moves 180/1204 · 41.5 moves/s · ETA 25s`. */
export function plainProgress(write: (line: string) => void): AnnotateProgress {
  const counter = new Counter();
  return {
    start(totals) {
      counter.totals = totals;
      write(`annotate: ${totals.games} games, ${totals.moves} moves to analyse`);
    },
    move() {
      counter.moves++;
    },
    game(number, moves) {
      counter.games++;
      const { totals } = counter;
      write(
        `game ${number}: ${moves} moves · games ${counter.games}/${totals.games} · moves ${counter.moves}/${totals.moves}` +
          ` · ${counter.speed().toFixed(1)} moves/s · ETA ${formatDuration(counter.etaSeconds())}`,
      );
    },
    note(text) {
      write(text);
    },
    stop() {},
  };
}

/** A cli-progress bar over the moves, with games, speed and ETA. */
export function barProgress(stream: NodeJS.WritableStream): AnnotateProgress {
  const counter = new Counter();
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format:
        'annotate |{bar}| {percentage}% · games {games}/{gamesTotal} · moves {value}/{total} · {speed} moves/s · ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 200,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const payload = (): Record<string, string | number> => ({
    games: counter.games,
    gamesTotal: counter.totals.games,
    speed: counter.speed().toFixed(1),
  });
  return {
    start(totals) {
      counter.totals = totals;
      bar.start(totals.moves, 0, payload());
    },
    move() {
      counter.moves++;
      bar.update(counter.moves, payload());
    },
    game() {
      counter.games++;
      bar.update(counter.moves, payload());
    },
    note(text) {
      stream.write(`${text}\n`);
    },
    stop() {
      bar.stop();
    },
  };
}

/** The bar on a terminal, plain lines otherwise. */
export function progressFor(stream: NodeJS.WriteStream): AnnotateProgress {
  return stream.isTTY ? barProgress(stream) : plainProgress((line) => void stream.write(`${line}\n`));
}
