import { fileURLToPath } from 'node:url';
import { Position } from '@makruk/makruk';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDrawSpec, parseResignSpec } from './adjudication.js';
import { parseTimeControl, type MoveLimit } from './clock.js';
import type { EngineSpec } from './engine-spec.js';
import { findLegalMove, playGame, type GameSettings } from './game-runner.js';
import { UciEngine } from '../uci/client.js';

const FAKE = fileURLToPath(new URL('./fixtures/fake-engine.mjs', import.meta.url));
const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

function fake(name: string, ...flags: string[]): EngineSpec {
  return { name, command: process.execPath, args: [FAKE, ...flags], cwd: undefined, options: [] };
}

const started: UciEngine[] = [];
afterEach(() => {
  for (const engine of started.splice(0)) engine.kill();
});

function settings(overrides: Partial<GameSettings> = {}): GameSettings {
  const limit: MoveLimit = { kind: 'movetime', ms: 20 };
  return {
    limit,
    timeMarginMs: 3000,
    moveTimeoutMs: 5000,
    maxPlies: 400,
    resign: undefined,
    draw: undefined,
    ...overrides,
  };
}

async function play(white: EngineSpec, black: EngineSpec, fen: string, gameSettings: GameSettings) {
  const engines = await Promise.all([UciEngine.start(white), UciEngine.start(black)]);
  started.push(...engines);
  const [w, b] = engines as [UciEngine, UciEngine];
  const game = await playGame({
    round: 1,
    openingIndex: 0,
    opening: { fen, line: 1 },
    seats: { white: { name: white.name, engine: w }, black: { name: black.name, engine: b } },
    settings: gameSettings,
  });
  return { game, white: w, black: b };
}

/** Replays a record through the facade: every move must be legal and its SAN must match. */
function replay(fen: string, moves: ReadonlyArray<{ uci: string; san: string }>): Position {
  const start = Position.fromFen(fen);
  if (!start.ok) throw start.error;
  let pos = start.value;
  for (const move of moves) {
    expect(pos.isLegal(move.uci), `${move.uci} in ${pos.fen()}`).toBe(true);
    pos = pos.play(move.uci);
  }
  return pos;
}

describe('playGame: engine faults lose the game', () => {
  it('an illegal move loses at once', async () => {
    const { game } = await play(fake('bad', '--mode=illegal', '--after=0'), fake('good'), START, settings());
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('illegal-move');
    expect(game.reason).toBe('White makes an illegal move: a1a8');
    expect(game.moves).toHaveLength(0);
  });

  it('a null move or garbage is illegal too', async () => {
    const nullMove = await play(fake('good'), fake('bad', '--mode=null', '--after=1'), START, settings());
    expect(nullMove.game.result).toBe('1-0');
    expect(nullMove.game.termination).toBe('illegal-move');
    expect(nullMove.game.moves).toHaveLength(3);
    replay(START, nullMove.game.moves);
    const garbage = await play(fake('bad', '--mode=garbage'), fake('good'), START, settings());
    expect(garbage.game.reason).toMatch(/illegal move: zz99/);
  });

  it('a hang under movetime is a loss on time and the engine is killed', async () => {
    // The hanging engine moves first, so no other engine's speed (on a loaded machine) can decide the game.
    const { game, white } = await play(
      fake('hangs', '--mode=hang', '--after=0'),
      fake('good'),
      START,
      settings({ timeMarginMs: 100 }),
    );
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('time-forfeit');
    expect(game.reason).toMatch(/^White loses on time/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(white.alive).toBe(false);
  });

  it('a hang under --nodes is a stall after the move timeout', async () => {
    const { game } = await play(
      fake('hangs', '--mode=hang'),
      fake('good'),
      START,
      settings({ limit: { kind: 'nodes', nodes: 1000 }, moveTimeoutMs: 300 }),
    );
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('stall');
    expect(game.reason).toMatch(/stopped responding \(no move within 300 ms\)/);
  });

  it('a crash loses the game', async () => {
    const { game, white } = await play(fake('crashes', '--mode=crash', '--after=2'), fake('good'), START, settings());
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('crash');
    expect(game.reason).toMatch(/White's engine crashed \(exited with code 3/);
    expect(game.moves).toHaveLength(4);
    expect(white.alive).toBe(false);
  });

  it('a flag fall on the game clock loses even with a legal move', async () => {
    // The slow engine moves first, so no other engine's speed matters here.
    const { game } = await play(
      fake('slow', '--mode=slow', '--delay=1200', '--after=0'),
      fake('good'),
      START,
      settings({ limit: { kind: 'clock', tc: parseTimeControl('0.5') }, timeMarginMs: 100 }),
    );
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('time-forfeit');
    expect(game.reason).toMatch(/^White loses on time/);
    expect(game.moves).toHaveLength(0);
  });

  it('exceeding --movetime by more than the margin is a loss on time', async () => {
    const { game } = await play(
      fake('slow', '--mode=slow', '--delay=300', '--after=0'),
      fake('good'),
      START,
      settings({ limit: { kind: 'movetime', ms: 20 }, timeMarginMs: 100 }),
    );
    expect(game.result).toBe('0-1');
    expect(game.termination).toBe('time-forfeit');
  });
});

describe('playGame: the rules end games', () => {
  it('checkmate wins, with SAN from the facade', async () => {
    const fen = '7k/R7/8/8/8/8/8/1R2K3 w - - 0 1';
    const { game } = await play(fake('mater', '--fixed=b1b8'), fake('other'), fen, settings());
    expect(game.result).toBe('1-0');
    expect(game.termination).toBe('checkmate');
    expect(game.moves.map((m) => m.san)).toEqual(['Rb8#']);
    expect(game.reason).toBe('White mates');
  });

  it("the pieces' honour count draws K+R v K when the mate does not come in time", async () => {
    const fen = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';
    const { game } = await play(fake('w'), fake('b'), fen, settings());
    const final = replay(fen, game.moves);
    expect(game.result).toBe('1/2-1/2');
    expect(game.termination).toBe('counting-limit');
    expect(game.reason).toBe("Draw by the counting rule (pieces' honour)");
    expect(final.counting?.kind).toBe('pieces');
    expect(final.counting!.plies).toBeGreaterThan(final.counting!.limitPlies);
    expect(final.fen()).toBe(game.finalFen);
  });

  it('stops at the ply cap as a draw', async () => {
    const { game } = await play(fake('w'), fake('b'), START, settings({ maxPlies: 7 }));
    expect(game.moves).toHaveLength(7);
    expect(game.result).toBe('1/2-1/2');
    expect(game.termination).toBe('max-plies');
    replay(START, game.moves);
  });

  it('threefold repetition is a draw (same placement and side to move)', async () => {
    // Knights shuffle Ng1-e2-g1 and Ng8-e7-g8: the start position is back after 4 and 8 plies.
    const { game } = await play(fake('w', '--cycle=g1e2,e2g1'), fake('b', '--cycle=g8e7,e7g8'), START, settings());
    expect(game.result).toBe('1/2-1/2');
    expect(game.termination).toBe('repetition');
    expect(game.moves.map((m) => m.uci)).toEqual(['g1e2', 'g8e7', 'e2g1', 'e7g8', 'g1e2', 'g8e7', 'e2g1', 'e7g8']);
    expect(game.moves[0]?.san).toBe('Ne2');
  });

  it('threefold repetition is a draw while a count runs too (placement and side to move only)', async () => {
    // No pawns: the automatic count starts with the first move, and its ply keeps going up as the rooks shuffle.
    const fen = '4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40';
    const { game } = await play(fake('w', '--cycle=a1a2,a2a1'), fake('b', '--cycle=e8f8,f8e8'), fen, settings());
    expect(game.termination).toBe('repetition');
    expect(game.result).toBe('1/2-1/2');
    expect(game.moves).toHaveLength(8);
    expect(replay(fen, game.moves).counting).not.toBeNull();
  });

  it('a dead position ends the game as a draw at once (docs/rules.md "Dead position")', async () => {
    for (const fen of ['4k3/8/8/8/8/3P4/8/4K3 w - - 0 40', '4k3/8/8/8/8/2m5/8/M3K3 w - - 0 40']) {
      const { game } = await play(fake('w'), fake('b'), fen, settings());
      expect(game.termination, fen).toBe('insufficient-material');
      expect(game.result, fen).toBe('1/2-1/2');
      expect(game.moves, fen).toHaveLength(0);
    }
    // a capture that leaves K+M v K+M on one colour ends the game after that move
    const fen = '4k3/8/8/8/8/2m5/1n6/M3K3 w - - 0 40';
    const { game } = await play(fake('w', '--fixed=a1b2'), fake('b'), fen, settings());
    expect(game.moves.map((m) => m.uci)).toEqual(['a1b2']);
    expect(game.termination).toBe('insufficient-material');
  });

  it("keys repetitions by placement and side to move (the library's repetitionKey); finds engine moves by UCI", () => {
    const a = Position.fromFen('4k3/8/8/8/8/8/8/RR2K3 w - 16 10 5');
    const b = Position.fromFen('4k3/8/8/8/8/8/8/RR2K3 w - 16 12 6');
    const c = Position.fromFen('4k3/8/8/8/8/8/8/RR2K3 w - - 0 5');
    const d = Position.fromFen('4k3/8/8/8/8/8/8/RR2K3 b - 16 10 5');
    if (!a.ok || !b.ok || !c.ok || !d.ok) throw new Error('bad test FEN');
    expect(a.value.repetitionKey()).toBe(b.value.repetitionKey()); // the count's ply is not compared
    expect(a.value.repetitionKey()).toBe(c.value.repetitionKey());
    expect(a.value.repetitionKey()).not.toBe(d.value.repetitionKey());
    expect(findLegalMove(c.value, 'a1a7')).toEqual({ from: 'a1', to: 'a7' });
    expect(findLegalMove(c.value, 'a1b2')).toBeUndefined();
    expect(findLegalMove(c.value, 'e3e4')).toBeUndefined();
    expect(findLegalMove(c.value, 'a1a7m')).toBeUndefined(); // a promotion letter on a rook move
    expect(findLegalMove(c.value, 'Ra7')).toBeUndefined(); // engines speak UCI
    const promoting = Position.fromFen('4k2r/8/8/2P5/8/8/8/4K3 w - - 0 1');
    if (!promoting.ok) throw promoting.error;
    expect(findLegalMove(promoting.value, 'c5c6')).toEqual({ from: 'c5', to: 'c6', promotion: 'met' });
    expect(findLegalMove(promoting.value, 'c5c6m')).toEqual({ from: 'c5', to: 'c6', promotion: 'met' });
  });
});

describe('playGame: adjudication', () => {
  it('resigns for the side both engines agree is lost', async () => {
    const { game } = await play(
      fake('w', '--score=700'),
      fake('b', '--score=-700'),
      START,
      settings({ resign: parseResignSpec('movecount=2 score=600') }),
    );
    expect(game.result).toBe('1-0');
    expect(game.termination).toBe('resign-adjudication');
    expect(game.moves).toHaveLength(4);
    expect(game.moves[0]?.score).toEqual({ cp: 700 });
  });

  it('draws when both engines see equality long enough', async () => {
    const fen = '4k3/8/8/8/8/8/8/RR2K3 w - - 0 1';
    const { game } = await play(
      fake('w', '--score=0'),
      fake('b', '--score=0'),
      fen,
      settings({ draw: parseDrawSpec('movenumber=1 movecount=2 score=10') }),
    );
    expect(game.result).toBe('1/2-1/2');
    expect(game.termination).toBe('draw-adjudication');
    expect(game.moves).toHaveLength(4);
  });
});
