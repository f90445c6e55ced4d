// The engine against the library's rules: the wasm isDeadPosition and repetitionCount agree with the library's
// owners of those rules (dead-position.ts, repetition.ts) on many random positions and playouts, and the facade Engine answers finished games (dead position, count
// run out) with a draw score and analyses games longer than the wasm undo stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateEngine } from '@makruk/engine';
import { isDeadPosition } from '../rules/dead-position.js';
import { Engine } from './engine.js';
import { encodedMoveToUci } from '../rules/move-code.js';
import { loadWasmFen } from './wasm-fen.js';
import { Position } from '../rules/position.js';
import { repetitionCount, repetitionKey } from '../rules/repetition.js';
import { pick, prng } from '../testing/helpers.js';
import { makeUci } from '../rules/uci.js';
import type { Move } from '../rules/types.js';

const realWorker = new URL('../../dist/engine/worker.js', import.meta.url);

/** A random legal-looking position: both kings and up to four other pieces, mostly the ones the rule is about. */
function randomFen(random: () => number): string {
  const cells: string[] = Array.from({ length: 64 }, () => '');
  const place = (piece: string): void => {
    for (;;) {
      const square = Math.floor(random() * 64);
      if (cells[square] !== '') continue;
      const rank = square >> 3;
      if (piece === 'P' && (rank === 0 || rank >= 5)) continue; // white pawns promote on the 6th rank
      if (piece === 'p' && (rank === 7 || rank <= 2)) continue; // black pawns on the 3rd
      cells[square] = piece;
      return;
    }
  };
  place('K');
  place('k');
  const extras = Math.floor(random() * 5);
  for (let i = 0; i < extras; i++) place(pick(random, 'PMMMNNSRpmmmnnsr'));
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = cells[rank * 8 + file] as string;
      if (piece === '') empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += piece;
      }
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return `${ranks.join('/')} ${random() < 0.5 ? 'w' : 'b'} - - 0 1`;
}

describe('dead positions: the engine and the library agree', () => {
  it('on 20,000 random positions with up to four pieces besides the kings', () => {
    const wasm = instantiateEngine('release');
    const random = prng(20261130);
    const bytes = new Uint8Array(wasm.memory.buffer, wasm.inputBuffer(), 1024);
    let compared = 0;
    let dead = 0;
    const differences: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const fen = randomFen(random);
      const position = Position.fromFen(fen);
      if (!position.ok) continue; // e.g. a king left in check
      for (let c = 0; c < fen.length; c++) bytes[c] = fen.charCodeAt(c);
      expect(wasm.setFen(fen.length), fen).toBe(0);
      const ours = isDeadPosition(position.value.board);
      if ((wasm.isDeadPosition() === 1) !== ours) differences.push(fen);
      compared++;
      if (ours) dead++;
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
    expect(dead).toBeGreaterThan(1000); // the sample reaches the rule's cases
  });
});

describe('repetition: the engine and the library agree', () => {
  it('on the repetition count after every ply of 300 shuffling playouts, counts running or not', () => {
    const wasm = instantiateEngine('release');
    const random = prng(7001);
    const starts = [
      '6nk/8/p7/P7/8/8/8/RR1K4 w - - 0 1',
      '4k3/8/8/8/8/8/8/R3K3 w - - 0 1',
      'k7/8/1K6/8/8/8/8/7R w - 16 5 40',
      '8/8/3k4/8/2m5/2M5/8/4K3 w - - 0 1',
      '2k5/3s4/8/8/8/4N3/3R4/4K3 w - 128 30 20',
      '8/3k4/2p5/8/8/3P4/3N4/4K3 b - - 3 30',
    ];
    let compared = 0;
    let threefold = 0;
    const differences: string[] = [];
    for (let game = 0; game < 300; game++) {
      const fen = pick(random, starts);
      const start = Position.fromFen(fen);
      if (!start.ok) throw start.error;
      expect(loadWasmFen(wasm, fen)).toBe(0);
      let position = start.value;
      const keys = [repetitionKey(position)];
      const played: Move[] = [];
      for (let ply = 0; ply < 120; ply++) {
        const legal = position.legalMoves();
        if (legal.length === 0) break;
        // Often take back one's own last move (a shuffle), so that positions come back.
        const own = played[played.length - 2];
        const back = own && legal.find((move) => move.from === own.to && move.to === own.from);
        const move = back && random() < 0.6 ? back : (pick(random, legal) as Move);
        const count = wasm.generateMoves();
        const encoded = Array.from(new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count)).find(
          (candidate) => encodedMoveToUci(candidate) === makeUci(move),
        );
        expect(encoded, `${makeUci(move)} in ${position.fen()}`).toBeDefined();
        expect(wasm.makeMove(encoded ?? 0)).toBe(1);
        position = position.play(move);
        played.push(move);
        keys.push(repetitionKey(position));
        const ours = repetitionCount(keys);
        if (wasm.repetitionCount() !== ours) differences.push(`${fen} moves ${played.map(makeUci).join(' ')}`);
        compared++;
        if (ours >= 3) threefold++;
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
    expect(threefold).toBeGreaterThan(500); // the playouts reach threefold repetitions, counts running among them
  });
});

describe('the Engine on finished games and long games', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.start({ workerUrl: realWorker, hashMb: 8 });
  });
  afterAll(async () => {
    await engine.quit();
  });

  it('a dead position and a count that has run out are draws (score 0), never a mate', async () => {
    for (const fen of [
      '8/8/3k4/8/8/2P5/8/4K3 w - - 0 1',
      '8/8/3k4/8/3m4/2M5/8/4K3 b - - 0 1',
      'k7/8/1K6/8/8/8/8/7R w - 16 17 40',
    ]) {
      const result = await engine.analyse({ fen }, { depth: 8 }).result;
      expect(result.score, fen).toEqual({ cp: 0 });
      expect(result.bestMove, fen).toBeDefined();
    }
  });

  it('analyses, counts perft and lists moves after 6,000 plies (more than the 4,096-ply undo stack)', async () => {
    const fen = '6nk/8/p7/P7/8/8/8/RR1K4 w - - 0 1'; // blocked pawns: no count can start
    const cycle = ['d1d2', 'g8h6', 'd2d1', 'h6g8'];
    const moves = Array.from({ length: 1500 }, () => cycle).flat();
    const game = { fen, moves: [...moves, 'd1d2'] };
    expect(game.moves.length).toBe(6001);
    const result = await engine.analyse(game, { depth: 6 }).result;
    expect(result.bestMoveUci).toBe('g8h6'); // the repetition is still seen
    expect(result.score).toEqual({ cp: 0 });
    const after = Position.fromFen(fen);
    expect(after.ok).toBe(true);
    expect(await engine.perft({ fen, moves }, 2)).toBe(after.ok ? after.value.perft(2) : -1);
    expect((await engine.legalMoves(game)).sort()).toEqual(['g8f6', 'g8h6', 'g8e7', 'h8g7', 'h8h7'].sort());
  });
});
