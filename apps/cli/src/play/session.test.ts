// The play session with piped input (lines handled one after another) and a stand-in engine that plays the first
// legal move in UCI order: the commands, the game ends and the saved PGN, without a search.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  Game,
  makeUci,
  parsePgnGame,
  replay,
  type AnalysisResult,
  type Color,
  type Engine,
  type Score,
} from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { engineAcceptsDraw, PlaySession } from './session.js';

/**
 * Plays the moves of `script` in turn (SAN), then the first legal move in UCI order; every search reports `score`
 * (from the side to move). Counts its searches and quits.
 */
function standInEngine(
  script: string[] = [],
  score: Score = { cp: 0 },
): { engine: Engine; searches: () => number; quits: () => number; skills: unknown[] } {
  const skills: unknown[] = [];
  let searches = 0;
  let quits = 0;
  const engine = {
    analyse(target: { fen: string; moves: string[] }) {
      searches++;
      const line = replay(target.fen, target.moves);
      if (!line.ok) throw line.error;
      const position = line.value.position;
      const moves = position.legalMoves().sort((a, b) => makeUci(a).localeCompare(makeUci(b)));
      const scripted = script.length > 0 ? position.findMove(script.shift() as string) : undefined;
      const best = scripted?.ok ? scripted.value : moves[0];
      const result: AnalysisResult = {
        bestMove: best,
        bestMoveUci: best ? makeUci(best) : undefined,
        score,
        pv: [],
        pvSan: [],
        depth: 1,
        seldepth: 1,
        nodes: 1,
        timeMs: 0,
        stopped: false,
      };
      return { stop: () => undefined, result: Promise.resolve(result) };
    },
    async quit() {
      quits++;
    },
    async setOption(options: { skill?: number }) {
      skills.push(options.skill);
    },
  };
  return { engine: engine as unknown as Engine, searches: () => searches, quits: () => quits, skills };
}

function gameFrom(fen: string, moves: string[] = []): Game {
  const made = Game.fromFen(fen);
  if (!made.ok) throw made.error;
  for (const move of moves) {
    const played = made.value.play(move);
    if (!played.ok) throw played.error;
  }
  return made.value;
}

/** Runs a session on `lines` of piped input; returns what it printed, its exit code and the saved game. */
async function session(
  game: Game,
  lines: string[],
  human: Color = 'white',
  stand: ReturnType<typeof standInEngine> = standInEngine(),
) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'makruk-session-')), 'game.pgn');
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const run = new PlaySession({
    game,
    human,
    level: 3,
    limits: { nodes: 1 },
    target: { file, before: '', after: '' },
    saved: false,
    thai: false,
    unicode: false,
    color: false,
    input,
    output,
    startEngine: async () => stand.engine,
  }).run();
  input.end(lines.map((line) => `${line}\n`).join(''));
  const code = await run;
  const saved = parsePgnGame(readFileSync(file, 'utf8'));
  if (!saved.ok) throw saved.error;
  return { code, printed, saved: saved.value, text: readFileSync(file, 'utf8'), stand };
}

describe('PlaySession', () => {
  it('plays a move, gets the reply, saves both, and quits at the end of input', async () => {
    const { code, printed, saved, stand } = await session(new Game(), ['e4']);
    expect(code).toBe(0);
    expect(printed).toContain('You play 1. e4');
    expect(printed).toMatch(/Engine plays 1\.\.\. \S+/);
    expect(saved.ply).toBe(2);
    expect(printed).toContain('Game saved to');
    expect(stand.quits()).toBe(1);
  });

  it('lets the engine open when the player takes Black, and flips the board', async () => {
    const { printed, saved } = await session(new Game(), [], 'black');
    expect(saved.ply).toBe(1);
    const top = printed.indexOf('1  R  N  S  M  K  S  N  R'); // flipped: White's first rank on top, h-file left
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(printed.indexOf('8  r  n  s  k  m  s  n  r'));
    expect(printed).toContain('   h  g  f  e  d  c  b  a');
  });

  it('ends the game at a mate: result and reason shown, the PGN has the result', async () => {
    const { printed, saved, text, stand } = await session(gameFrom('k7/8/1K6/8/8/8/8/7R w - - 0 40'), ['Rh8']);
    expect(printed).toContain('Game over: 1-0 — checkmate: White wins.');
    expect(saved.result()).toBe('1-0');
    expect(text).toContain('[Result "1-0"]');
    expect(stand.searches()).toBe(0);
  });

  it('resigns, and undo takes the resignation back', async () => {
    const resigned = await session(new Game(), ['resign']);
    expect(resigned.printed).toContain('Game over: 0-1 — White resigns: Black wins.');
    expect(resigned.text).toContain('[Result "0-1"]');
    const again = await session(new Game(), ['resign', 'undo']);
    expect(again.saved.result()).toBe('*');
  });

  it('undo takes back the reply and the move; with nothing of yours played it says so', async () => {
    const { printed, saved } = await session(new Game(), ['undo', 'e4', 'undo']);
    expect(printed).toContain('ERR_NOTHING_TO_UNDO: you have made no move to take back.');
    expect(printed).toMatch(/Taken back: e4 \S+/);
    expect(saved.ply).toBe(0);
  });

  it("starts and stops board's honour, and refuses it while pawns stand", async () => {
    const pawnless = await session(gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40'), ['count', 'stop count', 'count']);
    expect(pawnless.printed).toContain(
      "You start counting board's honour. White counts board's honour from 1, up to 64; Black must mate within 64 moves.",
    );
    expect(pawnless.printed).toContain(
      "You stop counting (White counts board's honour from 1, up to 64; Black must mate within 64 moves).",
    );
    expect(pawnless.saved.countingActions()[0]).toEqual(['start', 'stop', 'start']);
    const pawns = await session(new Game(), ['count']);
    expect(pawns.printed).toMatch(/ERR_COUNT_PAWNS: /);
  });

  it('claims a threefold repetition on your turn, and refuses one that is not there', async () => {
    const moves = ['Ra2', 'Kd8', 'Raa1', 'Ke8', 'Ra2', 'Kd8', 'Raa1', 'Ke8'];
    const claimed = await session(gameFrom('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', moves), ['draw']);
    expect(claimed.printed).toContain('Game over: 1/2-1/2 — draw: threefold repetition.');
    expect(claimed.text).toContain('[Result "1/2-1/2"]');
    const refused = await session(new Game(), ['claim']);
    expect(refused.printed).toMatch(/ERR_NO_DRAW_CLAIM: /);
  });

  it('offers the repetition claim after 1.Nd2 Nd7 2.Nb1 Nb8 3.Nd2 Nd7 4.Nb1 Nb8, and draw claims it', async () => {
    const engine = standInEngine(['Nd7', 'Nb8', 'Nd7', 'Nb8']);
    const { printed, saved } = await session(new Game(), ['Nd2', 'Nb1', 'Nd2', 'Nb1', 'draw'], 'white', engine);
    const offer = 'This position has now occurred three times: you may claim a draw (type draw).';
    expect(printed.split(offer)).toHaveLength(2); // once: after 4... Nb8, not before
    expect(printed.indexOf(offer)).toBeGreaterThan(printed.indexOf('Engine plays 4... Nb8'));
    expect(printed).toContain('Game over: 1/2-1/2 — draw: threefold repetition.');
    expect(saved.sans).toEqual(['Nd2', 'Nd7', 'Nb1', 'Nb8', 'Nd2', 'Nd7', 'Nb1', 'Nb8']);
    expect(saved.result()).toBe('1/2-1/2');
  });

  it('answers a draw offer: accepted when the engine stands worse, declined when it stands well', async () => {
    const worse = await session(new Game(), ['draw'], 'white', standInEngine([], { cp: 150 }));
    expect(worse.printed).toContain('The engine accepts your draw offer.');
    expect(worse.printed).toContain('Game over: 1/2-1/2 — draw by agreement.');
    expect(worse.saved.result()).toBe('1/2-1/2');
    const better = await session(new Game(), ['offer draw', 'claim'], 'white', standInEngine([], { cp: -30 }));
    expect(better.printed).toContain('The engine declines your draw offer; play on.');
    expect(better.printed).toMatch(/ERR_NO_DRAW_CLAIM: /); // claim only claims
    expect(better.saved.result()).toBe('*');
    expect(engineAcceptsDraw({ cp: 10 }, 39)).toBe(false);
    expect(engineAcceptsDraw({ cp: 10 }, 40)).toBe(true); // level from move 40
    expect(engineAcceptsDraw({ mate: 3 }, 1)).toBe(true);
    expect(engineAcceptsDraw({ mate: -3 }, 60)).toBe(false);
  });

  it('answers a bad move with the moves of the piece meant, and prints help, FEN, PGN and a hint', async () => {
    const { printed, stand } = await session(new Game(), ['Nc3', 'help', 'fen', 'pgn', 'hint']);
    expect(stand.skills).toEqual([20, 3]); // the hint at full strength, then back to the game's level
    expect(printed).toContain('ERR_SAN_ILLEGAL: ');
    expect(printed).toContain('Your knights can play: Nd2, Ne2.');
    expect(printed).toContain('stop count');
    expect(printed).toContain('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    expect(printed).toContain('[Variant "Makruk"]');
    expect(printed).toMatch(/Hint: \S+ \([a-h][1-8][a-h][1-8]\)/);
  });

  it('says the game is NOT saved when the file cannot be written any more, prints its PGN and exits 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-session-'));
    const file = path.join(dir, 'game.pgn');
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    const run = new PlaySession({
      game: new Game(),
      human: 'white',
      level: 3,
      limits: { nodes: 1 },
      target: { file, before: '', after: '' },
      saved: false,
      thai: false,
      unicode: false,
      color: false,
      input,
      output,
      startEngine: async () => standInEngine().engine,
    }).run();
    expect(readFileSync(file, 'utf8')).toContain('[Event "?"]'); // written at the start
    rmSync(dir, { recursive: true }); // the folder goes away: every later save fails
    input.end('e4\n');
    expect(await run).toBe(1);
    expect(printed).toMatch(/ERR_PLAY_SAVE: cannot write the game to .*game\.pgn: ENOENT/);
    expect(printed).not.toContain('Game saved');
    expect(printed).toMatch(/ERR_PLAY_SAVE: the game is NOT saved \(cannot write .*ENOENT\)\. Its PGN:\n\[Event/);
    expect(printed).toMatch(/1\. e4 \S+ \*/);
  });
});
