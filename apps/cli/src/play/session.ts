// A game against the engine at a terminal prompt (Node's readline). The engine searches in its worker while the
// prompt stays live; every change of the game is saved as PGN at once (save.ts), so an interrupt loses nothing.
import { createInterface, clearLine, cursorTo, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  Engine,
  makePgn,
  MAX_SKILL,
  opposite,
  type AnalysisResult,
  type AnalysisRun,
  type Color,
  type Game,
  type GameOutcome,
  type Score,
  type SearchLimits,
} from '@makruk/makruk';
import { countAsSaid, describeCount, describeEnd, type CountAsSaid } from '../counting-text.js';
import { explainMoveProblem, helpText, parseInput, type CommandName } from './input.js';
import { gameFen, renderBoard, renderStatus, sanOf } from './render.js';
import { CliError } from '../errors.js';
import { saveGame, type SaveTarget } from './save.js';

export interface PlaySettings {
  game: Game;
  human: Color;
  /** Engine skill 0..20. */
  level: number;
  limits: SearchLimits;
  /** The game file (with the other games of a resumed file around the game). */
  target: SaveTarget;
  /** Whether the file already holds the game as it is (a resumed game): then nothing is written until it changes. */
  saved: boolean;
  thai: boolean;
  unicode: boolean;
  color: boolean;
  input: Readable & { isTTY?: boolean };
  output: Writable & { isTTY?: boolean };
  /** Starts the engine (tests may hand in another start). */
  startEngine?: (skill: number) => Promise<Engine>;
}

/**
 * Exit codes of a session: 0 quit, 130 Ctrl-C, 129 terminal closed (SIGHUP), 143 SIGTERM, 1 engine failure or a game
 * that could not be saved.
 */
export type PlayExit = 0 | 1 | 129 | 130 | 143;

/** A search running now: the engine's move or a hint (`run` is set once the engine has started it). */
interface SearchEntry {
  run: AnalysisRun | undefined;
  kind: 'move' | 'hint' | 'offer';
  done: Promise<void>;
}

const cap = (color: Color): string => (color === 'white' ? 'White' : 'Black');

/** The engine accepts a draw offer when its own score is this low (it stands worse by a pawn or more)… */
export const DRAW_ACCEPT_BELOW_CP = -100;
/** …or, from this move on, when the position is level (its score within DRAW_LEVEL_CP of 0). */
export const DRAW_LEVEL_FROM_MOVE = 40;
export const DRAW_LEVEL_CP = 20;

/** Whether the engine takes a draw, given its search's score of the position with the player to move. */
export function engineAcceptsDraw(scoreForPlayer: Score | undefined, fullmoves: number): boolean {
  if (scoreForPlayer === undefined) return false;
  if ('mate' in scoreForPlayer) return scoreForPlayer.mate > 0; // the player mates: the engine takes the draw
  const own = -scoreForPlayer.cp;
  return own <= DRAW_ACCEPT_BELOW_CP || (fullmoves >= DRAW_LEVEL_FROM_MOVE && Math.abs(own) <= DRAW_LEVEL_CP);
}

/** A finished game as a player says it: "1-0 — checkmate: White wins" (`count`: the count it ended with). */
export function describeOutcome(outcome: GameOutcome, result: string, count: CountAsSaid | null = null): string {
  const winner = outcome.winner ? cap(outcome.winner) : '';
  let text: string;
  switch (outcome.reason) {
    case 'checkmate':
      text = `checkmate: ${winner} wins`;
      break;
    case 'resignation':
      text = `${outcome.winner ? cap(opposite(outcome.winner)) : ''} resigns: ${winner} wins`;
      break;
    case 'counting-side-mate':
      text = "draw: the counting side gave mate while counting board's honour";
      break;
    case 'agreement':
      text = 'draw by agreement';
      break;
    default:
      text = describeEnd(outcome.reason, count);
  }
  return `${result} — ${text}`;
}

export class PlaySession {
  readonly #s: PlaySettings;
  readonly #game: Game;
  #flipped: boolean;
  #rl: Interface | undefined;
  #engine: Promise<Engine> | undefined;
  /** The search running now: the engine's move or a hint. */
  #search: SearchEntry | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closing = false;
  #finish: (code: PlayExit) => void = () => undefined;
  readonly #signals: Array<[NodeJS.Signals, () => void]> = [];
  /** A change of the game not yet in the file (a save failed, or nothing was written yet). */
  #unsaved: boolean;
  /** Why the last save failed, while the file is behind the game. */
  #saveProblem: string | undefined;

  constructor(settings: PlaySettings) {
    this.#s = settings;
    this.#game = settings.game;
    this.#flipped = settings.human === 'black';
    this.#unsaved = !settings.saved;
  }

  /**
   * Runs the session until quit, Ctrl-C, end of input or a signal; resolves to the exit code. A new game is written
   * at once: a file that cannot be written rejects with ERR_PLAY_SAVE before the engine starts.
   */
  run(): Promise<PlayExit> {
    if (this.#unsaved) {
      saveGame(this.#s.target, this.#game);
      this.#unsaved = false;
    }
    const { input, output } = this.#s;
    const finished = new Promise<PlayExit>((resolve) => {
      this.#finish = resolve;
    });
    const rl = createInterface({ input, output, terminal: input.isTTY === true && output.isTTY === true });
    this.#rl = rl;
    const interactive = input.isTTY === true;
    rl.on('line', (line) => {
      this.#queue = this.#queue
        .then(() => this.#handle(line, interactive))
        .catch((error: unknown) => this.#fail(error));
    });
    rl.on('SIGINT', () => void this.#quit(130));
    // End of input: a terminal's Ctrl-D quits at once; piped input first finishes the lines before it.
    rl.on('close', () => {
      if (interactive) void this.#quit(0);
      else this.#queue = this.#queue.then(() => this.#quit(0));
    });
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGHUP', 129],
      ['SIGTERM', 143],
    ] as const) {
      const listener = (): void => void this.#quit(code);
      process.on(signal, listener);
      this.#signals.push([signal, listener]);
    }

    const start = this.#s.startEngine ?? ((skill: number) => Engine.start({ skill }));
    this.#engine = start(this.#s.level);
    this.#engine.catch(() => undefined); // reported where it is awaited

    const side = cap(this.#s.human);
    this.#print(
      `makruk play: you are ${side}, the engine plays at level ${this.#s.level}. Type help for the commands.`,
    );
    this.#print(`The game is saved to ${this.#s.target.file} after every move.`);
    this.#showBoard();
    if (!this.#showEnd() && this.#game.turn !== this.#s.human)
      this.#queue = this.#queue.then(() => this.#engineMove(!interactive));
    this.#prompt();
    return finished;
  }

  // ---- output ----

  #print(text: string): void {
    const { output } = this.#s;
    if (output.isTTY && this.#rl) {
      clearLine(output, 0);
      cursorTo(output, 0);
    }
    output.write(`${text}\n`);
  }

  #prompt(): void {
    if (!this.#rl || this.#closing) return;
    const game = this.#game;
    let text: string;
    if (game.isOver()) text = 'game over> ';
    else if (this.#search?.kind === 'move') text = 'engine thinking> ';
    else text = `${cap(game.turn)} (you)> `;
    this.#rl.setPrompt(text);
    this.#rl.prompt(true);
  }

  #showBoard(): void {
    const { thai, unicode, color, human } = this.#s;
    this.#print(renderBoard(this.#game, { unicode, color, thai, flipped: this.#flipped }));
    for (const line of renderStatus(this.#game, human, thai)) this.#print(line);
  }

  /** Prints the result when the game is over (and saves it); true if it is. */
  #showEnd(): boolean {
    const outcome = this.#game.outcome();
    if (!outcome) return false;
    this.#print(`Game over: ${describeOutcome(outcome, this.#game.result(), countAsSaid(this.#game))}.`);
    this.#print('Type undo to take back, pgn to see the game, or quit.');
    return true;
  }

  /** On the player's turn, says when a threefold repetition may be claimed (the engine never claims one). */
  #offerClaim(): void {
    if (this.#game.turn === this.#s.human && this.#game.canClaimRepetition())
      this.#print('This position has now occurred three times: you may claim a draw (type draw).');
  }

  /** The engine's answer to a draw offer, from its search of the position. */
  #answerOffer(score: Score | undefined): void {
    const game = this.#game;
    if (engineAcceptsDraw(score, game.position.fullmoves)) {
      game.agreeDraw();
      this.#save();
      this.#print('The engine accepts your draw offer.');
      this.#showEnd();
    } else {
      this.#print('The engine declines your draw offer; play on.');
    }
  }

  #problem(code: string, message: string): void {
    this.#print(`${code}: ${message}`);
  }

  /** Writes the changed game; a failure is shown, and the game stays marked unsaved (quit tries again). */
  #save(): boolean {
    this.#unsaved = true;
    try {
      saveGame(this.#s.target, this.#game);
      this.#unsaved = false;
      this.#saveProblem = undefined;
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#saveProblem = message;
      this.#problem(error instanceof CliError ? error.code : 'ERR_PLAY_SAVE', message);
      return false;
    }
  }

  #fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const code =
      typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'internal error';
    this.#problem(code, message);
    this.#prompt();
  }

  // ---- the engine ----

  /** Starts the engine's search for its move; `wait` makes the queue wait for it (piped input). */
  async #engineMove(wait: boolean): Promise<void> {
    const done = this.#search_('move');
    this.#prompt();
    if (wait) await done;
  }

  /** Runs a search on the current game; the engine's move is played when it comes, a hint printed, an offer answered. */
  #search_(kind: 'move' | 'hint' | 'offer'): Promise<void> {
    const game = this.#game;
    const entry: SearchEntry = { run: undefined, kind, done: Promise.resolve() };
    this.#search = entry;
    if (kind === 'move') this.#print('The engine is thinking…');
    entry.done = (async () => {
      let engine: Engine;
      try {
        engine = await (this.#engine as Promise<Engine>);
      } catch (error) {
        this.#fail(error);
        if (!this.#closing) void this.#quit(1);
        return;
      }
      if (this.#closing || this.#search !== entry) return;
      // a hint comes from the engine at full strength, whatever level it plays at
      const fullStrength = kind === 'hint' && this.#s.level < MAX_SKILL;
      let result: AnalysisResult;
      try {
        if (fullStrength) await engine.setOption({ skill: MAX_SKILL });
        const run = engine.analyse(game.engineInput(), this.#s.limits);
        entry.run = run;
        if (this.#search !== entry) run.stop(); // cancelled while the option was set
        result = await run.result;
      } catch (error) {
        if (this.#search === entry) {
          this.#search = undefined;
          if (!this.#closing) this.#fail(error);
        }
        return;
      } finally {
        if (fullStrength) await engine.setOption({ skill: this.#s.level }).catch(() => undefined);
      }
      if (this.#search !== entry || this.#closing) return; // taken back, resigned or quit meanwhile
      this.#search = undefined;
      if (kind === 'offer') {
        this.#answerOffer(result.score);
        this.#prompt();
        return;
      }
      const best = result.bestMove;
      if (!best) {
        this.#problem('ERR_ENGINE', 'the engine found no move');
        this.#prompt();
        return;
      }
      const san = sanOf(game, best, this.#s.thai);
      if (kind === 'hint') {
        this.#print(`Hint: ${san} (${result.bestMoveUci ?? ''})`);
        this.#prompt();
        return;
      }
      const number = game.position.fullmoves;
      const played = game.play(best);
      if (!played.ok) {
        this.#problem(played.error.code, played.error.message);
        this.#prompt();
        return;
      }
      this.#save();
      this.#print(`Engine plays ${number}${game.turn === 'white' ? '...' : '.'} ${san}`);
      this.#showBoard();
      if (!this.#showEnd()) this.#offerClaim();
      this.#prompt();
    })();
    return entry.done;
  }

  /** Stops a running search and waits for the engine to be free; its answer is dropped. */
  async #cancelSearch(): Promise<void> {
    const entry = this.#search;
    if (!entry) return;
    this.#search = undefined;
    entry.run?.stop();
    await entry.done.catch(() => undefined);
  }

  // ---- input ----

  async #handle(line: string, interactive: boolean): Promise<void> {
    if (this.#closing) return;
    const input = parseInput(line);
    if (input.kind === 'empty') {
      this.#prompt();
      return;
    }
    if (input.kind === 'command') {
      await this.#command(input.name, interactive);
      return;
    }
    const game = this.#game;
    if (game.isOver()) {
      this.#problem('ERR_GAME_OVER', 'the game is over; type undo to take back, or quit.');
    } else if (game.turn !== this.#s.human) {
      this.#problem('ERR_NOT_YOUR_TURN', 'the engine is thinking; wait for its move (undo takes yours back).');
    } else {
      const found = game.position.findMove(input.text);
      if (!found.ok) {
        const problem = explainMoveProblem(
          game.position,
          input.text,
          found.error.code,
          found.error.message,
          this.#s.thai,
        );
        this.#problem(problem.code, problem.message);
      } else {
        if (this.#search?.kind === 'hint' || this.#search?.kind === 'offer') await this.#cancelSearch(); // a move ends an offer
        const number = game.position.fullmoves;
        const san = sanOf(game, found.value, this.#s.thai);
        game.play(found.value);
        this.#save();
        this.#print(`You play ${number}${game.turn === 'white' ? '...' : '.'} ${san}`);
        if (this.#showEnd()) this.#showBoard();
        else {
          await this.#engineMove(!interactive);
          return; // the engine's move prompts again
        }
      }
    }
    this.#prompt();
  }

  async #command(name: CommandName, interactive: boolean): Promise<void> {
    const game = this.#game;
    const human = this.#s.human;
    const yourTurn = !game.isOver() && game.turn === human;
    switch (name) {
      case 'help':
        this.#print(helpText());
        break;
      case 'quit':
        await this.#quit(0);
        return;
      case 'flip':
        this.#flipped = !this.#flipped;
        this.#showBoard();
        break;
      case 'fen':
        this.#print(gameFen(game));
        break;
      case 'pgn':
        this.#print(makePgn(game).trimEnd());
        break;
      case 'undo':
        await this.#undo();
        break;
      case 'hint':
        if (!yourTurn) this.#problem('ERR_NOT_YOUR_TURN', 'a hint is for your own turn.');
        else if (this.#search) this.#print('The engine is already searching.');
        else {
          this.#print('Looking for a hint…');
          const done = this.#search_('hint');
          if (!interactive) await done;
        }
        break;
      case 'count':
      case 'stop-count': {
        if (!yourTurn) {
          this.#problem('ERR_NOT_YOUR_TURN', 'you may start or stop counting only on your own turn.');
          break;
        }
        const before = countAsSaid(game);
        const result = name === 'count' ? game.startCounting() : game.stopCounting();
        if (!result.ok) {
          this.#problem(result.error.code, result.error.message);
          break;
        }
        this.#save();
        this.#print(
          name === 'count'
            ? `You start counting board's honour. ${describeCount(countAsSaid(game))}.`
            : `You stop counting (${describeCount(before)}).`,
        );
        break;
      }
      case 'offer-draw':
      case 'draw':
      case 'claim': {
        if (!yourTurn) {
          this.#problem('ERR_NOT_YOUR_TURN', 'claim a repetition or offer a draw on your own turn.');
          break;
        }
        const offer = name === 'offer-draw' || (name === 'draw' && !game.canClaimRepetition());
        if (offer) {
          if (this.#search) await this.#cancelSearch(); // a hint
          this.#print('You offer a draw; the engine considers it…');
          const done = this.#search_('offer');
          if (!interactive) await done;
          return;
        }
        const claimed = game.claimDraw();
        if (!claimed.ok) this.#problem(claimed.error.code, claimed.error.message);
        else {
          this.#save();
          this.#showEnd();
        }
        break;
      }
      case 'resign': {
        if (game.isOver()) {
          this.#problem('ERR_GAME_OVER', 'the game is already over.');
          break;
        }
        await this.#cancelSearch();
        game.resign(human);
        this.#save();
        this.#showEnd();
        break;
      }
    }
    this.#prompt();
  }

  /** Takes back the engine's reply and your move (or only your move while the engine thinks). */
  async #undo(): Promise<void> {
    const game = this.#game;
    const human = this.#s.human;
    const movers = game
      .history()
      .map((_, index) => (index % 2 === 0 ? game.initialPosition.turn : opposite(game.initialPosition.turn)));
    if (!movers.includes(human)) {
      if (game.isOver() && game.outcome()?.reason === 'resignation') {
        game.undo(); // only the resignation
        this.#save();
        this.#showBoard();
      } else this.#problem('ERR_NOTHING_TO_UNDO', 'you have made no move to take back.');
      return;
    }
    await this.#cancelSearch();
    const taken: string[] = [];
    let tookYours = false;
    while (game.ply > 0 && !(tookYours && game.turn === human)) {
      const last = game.history().at(-1);
      game.undo();
      if (last) taken.push(last.san);
      if (game.turn === human) tookYours = true;
    }
    this.#save();
    this.#print(`Taken back: ${taken.reverse().join(' ')}`);
    this.#showBoard();
  }

  // ---- the end ----

  async #quit(code: PlayExit): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const search = this.#search;
    this.#search = undefined;
    if (search) {
      search.run?.stop();
      await search.done.catch(() => undefined);
    }
    if (this.#unsaved) this.#save();
    const file = this.#s.target.file;
    const gap = code === 130 ? '\n' : '';
    let exit: PlayExit = code;
    if (this.#unsaved) {
      // the file is behind the game: say so, and print the game so that nothing is lost
      this.#print(
        `${gap}ERR_PLAY_SAVE: the game is NOT saved (${this.#saveProblem ?? 'unknown reason'}). Its PGN:\n` +
          makePgn(this.#game).trimEnd(),
      );
      exit = 1;
    } else {
      this.#print(`${gap}Game saved to ${file}. Continue it with: makruk play --resume ${file}`);
    }
    for (const [signal, listener] of this.#signals) process.off(signal, listener);
    this.#rl?.close();
    try {
      const engine = await this.#engine;
      await engine?.quit();
    } catch {
      // an engine that failed to start has nothing to stop
    }
    this.#finish(exit);
  }
}
