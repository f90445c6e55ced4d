import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { decodeGames, decodeHeader, FLAG_NOISY, FLAG_UNSCORED, type GameRecord, MOVE_MASK } from './gamefile.mjs';
import { mergeGameFiles, readGameFile } from './games.mjs';
import { applyMove, boardFromFen, createSelfPlayEngine, playGame, type SelfPlayOptions } from './selfplay.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OPENINGS = [
  'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6',
  'rnsmksn1/7r/pppp1pp1/4p2p/8/PPPPPPPP/RSK2S1R/1N2M1N1 w - - 2 6',
];
// Few nodes and a short game cap keep the tests quick; the rules still end most games.
const options: SelfPlayOptions = {
  seed: 5,
  nodes: 300,
  randomPlies: 4,
  maxOpeningScore: 300,
  maxPlies: 300,
  openings: OPENINGS,
};

const square = (sq: number) => `${'abcdefgh'[sq & 7]}${(sq >> 3) + 1}`;
const uci = (word: number) => `${square(word & 63)}${square((word >> 6) & 63)}${word & 4096 ? 'm' : ''}`;
const ROLE_LETTER = ['', 'p', 'm', 's', 'n', 'r', 'k'];

/** Replays a game with the library (the rules' reference) and checks every move, the flags and how it ended. */
function checkWithLibrary(game: GameRecord) {
  const start = Position.fromFen(game.fen);
  if (!start.ok) throw new Error(start.error.message);
  let position = start.value;
  const board = boardFromFen(game.fen);
  const seen = new Map<string, number>();
  const bump = () => {
    const key = position.repetitionKey();
    seen.set(key, (seen.get(key) ?? 0) + 1);
    return seen.get(key) ?? 0;
  };
  let repeats = bump();
  for (const [i, word] of game.moves.entries()) {
    expect(position.outcome()).toBeUndefined();
    expect(repeats).toBeLessThan(3);
    const move = position.findMove(uci(word & MOVE_MASK));
    expect(move.ok, `ply ${i}: ${uci(word)} in ${position.fen()}`).toBe(true);
    if (!move.ok) return;
    if (i >= 4) {
      const noisy = position.isCheck() || position.isCapture(move.value) || move.value.promotion === 'met';
      expect((word & FLAG_NOISY) !== 0).toBe(noisy);
    }
    if ((word & FLAG_UNSCORED) !== 0) expect(game.scores[i]).toBe(0);
    if (position.isCapture(move.value) || position.pieceAt(move.value.from)?.role === 'pawn') seen.clear();
    position = position.play(move.value);
    applyMove(board, word);
    repeats = bump();
  }
  // the mailbox replay (the trainer's) matches the library's board
  for (let sq = 0; sq < 64; sq++) {
    const piece = position.pieceAt(square(sq) as never);
    const expected = piece
      ? (piece.color === 'black' ? 8 : 0) |
        ROLE_LETTER.indexOf(
          piece.role === 'met'
            ? 'm'
            : piece.role === 'khon'
              ? 's'
              : piece.role === 'knight'
                ? 'n'
                : (piece.role[0] ?? ''),
        )
      : 0;
    expect(board[sq], square(sq)).toBe(expected);
  }
  const outcome = position.outcome();
  switch (game.termination) {
    case 'checkmate':
      expect(outcome?.reason).toBe('checkmate');
      expect(game.result).toBe(outcome?.winner === 'white' ? 2 : 0);
      break;
    case 'stalemate':
    case 'counting-limit':
      expect(outcome?.reason).toBe(game.termination);
      expect(game.result).toBe(1);
      break;
    case 'dead-position':
      expect(outcome?.reason).toBe('insufficient-material');
      expect(game.result).toBe(1);
      break;
    case 'repetition':
      expect(outcome).toBeUndefined();
      expect(repeats).toBe(3);
      expect(game.result).toBe(1);
      break;
    default:
      expect(outcome).toBeUndefined();
  }
}

describe('self-play', () => {
  it('plays games by the rules, flags noisy and random plies, and ends them as the library does', () => {
    const engine = createSelfPlayEngine();
    const ends = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const { game, nodes } = playGame(engine, options, index);
      expect(nodes).toBeGreaterThan(0);
      expect(game.moves.slice(0, 4).every((w) => (w & FLAG_UNSCORED) !== 0)).toBe(true);
      // after the random plies a ply is unscored only when the node limit cut the search's first iteration
      expect(game.moves.slice(4).filter((w) => (w & FLAG_UNSCORED) !== 0).length).toBeLessThan(game.moves.length / 10);
      checkWithLibrary(game);
      ends.add(game.termination);
    }
    expect(ends.size).toBeGreaterThan(1);
  });

  it('plays the same game for the same (seed, index) on any engine instance, another for another index', () => {
    const a = playGame(createSelfPlayEngine(), options, 3).game;
    const other = createSelfPlayEngine();
    playGame(other, options, 0); // a game before must not change the next one
    expect(playGame(other, options, 3).game).toEqual(a);
    expect(playGame(other, options, 4).game.moves).not.toEqual(a.moves);
    expect(playGame(other, { ...options, seed: 6 }, 3).game.moves).not.toEqual(a.moves);
  });
});

describe('datagen command', () => {
  const run = (...args: string[]) =>
    execFileSync(
      process.execPath,
      [
        path.join(here, 'datagen.mjs'),
        '--nodes',
        '300',
        '--max-plies',
        '300',
        '--seed',
        '5',
        '--progress',
        '3600',
        ...args,
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  const records = (file: string) => {
    const bytes = new Uint8Array(readFileSync(file));
    return decodeGames(bytes, decodeHeader(bytes).recordsStart).games;
  };

  it('gives the same games with 1 or 2 workers, as shards merged, and when resumed after a kill', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'datagen-'));
    const openings = path.join(dir, 'openings.epd');
    writeFileSync(openings, `${OPENINGS.join('\n')}\n`);
    const file = (name: string) => path.join(dir, name);
    run('--games', '6', '--workers', '2', '--openings', openings, '--out', file('all.bin'));
    const all = records(file('all.bin'));
    expect(all.map((g) => g.index)).toEqual([0, 1, 2, 3, 4, 5]);

    run('--games', '6', '--workers', '1', '--openings', openings, '--shard', '1/2', '--out', file('s1.bin'));
    run('--games', '6', '--workers', '2', '--openings', openings, '--shard', '2/2', '--out', file('s2.bin'));
    expect(records(file('s2.bin')).map((g) => g.index)).toEqual([1, 3, 5]);
    expect(mergeGameFiles([file('s2.bin'), file('s1.bin')]).games).toEqual(all);

    // a run stopped after 2 games, its file cut inside the last record (a kill), then the full command again
    run('--games', '3', '--workers', '2', '--openings', openings, '--out', file('resumed.bin'));
    truncateSync(file('resumed.bin'), readGameFile(file('resumed.bin')).bytes - 7);
    expect(records(file('resumed.bin')).length).toBe(2);
    run('--games', '6', '--workers', '2', '--openings', openings, '--out', file('resumed.bin'));
    expect(readFileSync(file('resumed.bin'))).toEqual(readFileSync(file('all.bin')));

    // another node limit does not carry on this file
    expect(() => run('--games', '6', '--nodes', '400', '--openings', openings, '--out', file('all.bin'))).toThrow(
      /other settings/,
    );
    expect(() => mergeGameFiles([file('all.bin'), file('s1.bin')])).toThrow(/more than one input/);
  });
});
