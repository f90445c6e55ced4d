// `makruk play` in a real pseudo-terminal (node-pty): the built CLI, keys typed as a person types them.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { Position, makeFen, makeSan, makeUci, parsePgnGame, type Game, type Move } from '@makruk/makruk';
import { spawn, type IPty } from 'node-pty';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', '..', 'dist', 'main.js');
/** No pawns: White may start counting board's honour at once. */
const PAWNLESS = '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40';
const FEN_LINE = /^((?:[1-8kmsnrpKMSNRP~]+\/){7}[1-8kmsnrpKMSNRP~]+ [wb] - \S+ \S+ \d+)$/gm;
/** A fixed engine budget: the same replies every run. */
const ENGINE = ['--nodes', '3000', '--level', '20'];

/** A program in a pseudo-terminal, with what it printed so far. */
class Terminal {
  readonly pty: IPty;
  raw = '';
  exit: Promise<number>;

  constructor(args: string[], cwd: string, env: Record<string, string> = {}) {
    const base = { ...process.env, TERM: 'xterm-256color' } as Record<string, string>;
    delete base.NO_COLOR;
    delete base.FORCE_COLOR;
    delete base.CI; // with CI set (as in CI runs), Node reports 2 colours for any terminal: hasColors() is false
    this.pty = spawn(process.execPath, [cli, ...args], { cols: 120, rows: 50, cwd, env: { ...base, ...env } });
    this.pty.onData((data) => {
      this.raw += data;
    });
    this.exit = new Promise((resolve) => this.pty.onExit(({ exitCode }) => resolve(exitCode)));
  }

  get text(): string {
    return stripVTControlCharacters(this.raw).replace(/\r/g, '');
  }

  /** Waits until the screen text matches `pattern` at least `times` times. */
  async waitFor(pattern: RegExp, times = 1): Promise<void> {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (let i = 0; i < 6000; i++) {
      if ((this.text.match(global)?.length ?? 0) >= times) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${pattern} (x${times}); screen:\n${this.text.slice(-3000)}`);
  }

  count(pattern: RegExp): number {
    return this.text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  }

  /** Waits for the prompt `prompt` printed after the last `marker`. */
  async waitForPromptAfter(marker: string, prompt: string): Promise<void> {
    for (let i = 0; i < 6000; i++) {
      const text = this.text;
      const at = text.lastIndexOf(marker);
      if (at >= 0 && text.indexOf(prompt, at) >= 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${prompt} after ${marker}; screen:\n${this.text.slice(-3000)}`);
  }

  type(line: string): void {
    this.pty.write(`${line}\r`);
  }

  /** Types `fen` and returns the FEN it prints. */
  async fen(): Promise<string> {
    const before = this.count(FEN_LINE);
    this.type('fen');
    await this.waitFor(FEN_LINE, before + 1);
    return [...this.text.matchAll(FEN_LINE)].at(-1)?.[1] ?? '';
  }
}

/** A quiet legal move: the first in UCI order that captures nothing and does not end the game. */
function quietMove(fen: string): Move {
  const made = Position.fromFen(fen);
  if (!made.ok) throw made.error;
  const position = made.value;
  const moves = position.legalMoves().sort((a, b) => makeUci(a).localeCompare(makeUci(b)));
  const move = moves.find((m) => !position.isCapture(m) && !position.play(m).isEnd());
  if (!move) throw new Error(`no quiet move in ${fen}`);
  return move;
}

function gameFen(game: Game): string {
  return makeFen({ ...game.position.setup(), counting: game.counting });
}

function readGame(file: string): Game {
  const parsed = parsePgnGame(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

describe('makruk play in a pseudo-terminal', () => {
  it('plays three moves, takes one back, starts the count, survives Ctrl-C and resumes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const file = path.join(dir, 'game.pgn');
    const term = new Terminal(['play', '--fen', PAWNLESS, '--save', file, ...ENGINE], dir);
    await term.waitFor(/White \(you\)> /);
    expect(term.raw).toMatch(/\x1b\[4[0-7]m/); // a terminal with colours: coloured squares
    expect(term.text).toContain('♖'); // Unicode pieces

    // Three moves, typed in SAN, UCI and Thai SAN; the engine answers each.
    const fens: string[] = [];
    const notations = [
      (p: Position, m: Move) => makeSan(p, m),
      (_: Position, m: Move) => makeUci(m),
      (p: Position, m: Move) => makeSan(p, m, { notation: 'thai' }),
    ];
    for (const [index, write] of notations.entries()) {
      const fen = await term.fen();
      fens.push(fen);
      const position = Position.fromFen(fen);
      if (!position.ok) throw position.error;
      term.type(write(position.value, quietMove(fen)));
      await term.waitFor(/Engine plays /, index + 1);
      await term.waitForPromptAfter('Engine plays ', 'White (you)> ');
    }
    expect(term.text).toMatch(/Last move: \d+\.\.\. /);

    // undo takes back the engine's reply and the third move
    term.type('undo');
    await term.waitFor(/Taken back: \S+ \S+/);
    expect(await term.fen()).toBe(fens[2]);

    // board's honour, started by the player: the count as a player says it
    term.type('count');
    await term.waitFor(/White counts board's honour from 1, up to 64; Black must mate within 64 moves/);
    const counted = await term.fen();
    expect(counted).toMatch(/ w - 128 0 \d+$/);

    term.pty.write('\x03'); // Ctrl-C
    expect(await term.exit).toBe(130);
    expect(term.text).toContain(`Game saved to ${file}`);

    const saved = readGame(file);
    expect(saved.ply).toBe(4);
    expect(saved.countingActions()[4]).toEqual(['start']);
    expect(gameFen(saved)).toBe(counted);
    expect(saved.tags.get('White')).toBe('Player');
    expect(saved.result()).toBe('*');

    // --resume continues the same game; NO_COLOR turns colours off
    const again = new Terminal(['play', '--resume', file, ...ENGINE], dir, { NO_COLOR: '1' });
    await again.waitFor(/White \(you\)> /);
    expect(again.text).toContain(
      "Count: White counts board's honour from 1, up to 64; Black must mate within 64 moves",
    );
    expect(again.raw).not.toMatch(/\x1b\[4[0-7]m/);
    expect(await again.fen()).toBe(counted);
    again.type('quit');
    expect(await again.exit).toBe(0);
    expect(gameFen(readGame(file))).toBe(counted);
  }, 120_000);

  it('Ctrl-C while the engine thinks stops it and keeps the game', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const file = path.join(dir, 'think.pgn');
    // a search that would take ten minutes: only Ctrl-C ends it
    const term = new Terminal(['play', '--save', file, '--movetime', '600000', '--ascii'], dir);
    await term.waitFor(/White \(you\)> /);
    term.type('e4');
    await term.waitFor(/The engine is thinking/);
    term.type('Nd2'); // typing goes on while it thinks
    await term.waitFor(/ERR_NOT_YOUR_TURN/);
    term.pty.write('\x03');
    expect(await term.exit).toBe(130);
    const saved = readGame(file);
    expect(saved.sans).toEqual(['e4']);
  }, 120_000);

  it('a closed terminal (SIGHUP) keeps the game', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const file = path.join(dir, 'hangup.pgn');
    const term = new Terminal(['play', '--save', file, '--color', 'black', ...ENGINE], dir);
    await term.waitFor(/Engine plays 1\. /);
    await term.waitForPromptAfter('Engine plays ', 'Black (you)> ');
    term.pty.kill('SIGHUP');
    expect(await term.exit).toBe(129);
    expect(readGame(file).ply).toBe(1);
  }, 60_000);

  it('says when a threefold repetition may be claimed, and draw claims it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const file = path.join(dir, 'repeat.pgn');
    // Black's king has one legal move each time (a8 to b8 and back): the engine's replies are forced
    const term = new Terminal(['play', '--fen', 'k7/2R5/2K5/8/8/8/8/6N1 w - - 0 40', '--save', file, ...ENGINE], dir);
    await term.waitFor(/White \(you\)> /);
    const offer = /you may claim a draw \(type draw\)/;
    for (const [index, move] of ['Nf3', 'Ng1', 'Nf3', 'Ng1'].entries()) {
      expect(term.count(offer)).toBe(0);
      term.type(move);
      await term.waitFor(/Engine plays /, index + 1);
      await term.waitForPromptAfter('Engine plays ', 'White (you)> ');
    }
    expect(term.text).toContain('Engine plays 43... Ka8');
    expect(term.count(offer)).toBe(1);
    term.type('draw');
    await term.waitFor(/Game over: 1\/2-1\/2 — draw: threefold repetition\./);
    term.type('quit');
    expect(await term.exit).toBe(0);
    expect(readGame(file).result()).toBe('1/2-1/2');
  }, 120_000);

  it('refuses a broken --resume file with a typed error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-play-'));
    const term = new Terminal(['play', '--resume', path.join(dir, 'missing.pgn')], dir);
    expect(await term.exit).toBe(2);
    expect(term.text).toMatch(/makruk: ERR_PLAY_RESUME: cannot read .*missing\.pgn \(ENOENT\)/);
  }, 60_000);
});
