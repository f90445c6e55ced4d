// The public API as the README shows it.
import { describe, expect, it } from 'vitest';
import * as makruk from './index.js';
import { Position, makeFen, makeSan, parseSan, perft, SQUARES, MakrukError, INITIAL_FEN } from './index.js';

describe('public API', () => {
  it('exports what Contract 3 names', () => {
    for (const name of ['parseFen', 'makeFen', 'parseUci', 'makeUci', 'parseSan', 'makeSan', 'Position', 'MakrukError', 'perft', 'loadEngine', 'SQUARES', 'Board', 'ok', 'err', 'Game', 'parsePgn', 'makePgn', 'Engine']) {
      expect(makruk, name).toHaveProperty(name);
    }
  });

  it('runs the README example', () => {
    let pos = Position.initial();
    expect(pos.fen()).toBe(INITIAL_FEN);
    expect(pos.legalMoves()).toHaveLength(23);
    pos = pos.play('e3e4');
    const move = parseSan(pos, 'Nd7');
    expect(move.ok).toBe(true);
    if (move.ok) pos = pos.play(move.value);
    expect(makeSan(pos, { from: 'b1', to: 'd2' })).toBe('Nd2');
    expect(makeSan(pos, { from: 'b1', to: 'd2' }, { notation: 'thai' })).toBe('ม-ง๒');
    expect(makeFen(pos)).toBe(pos.fen()); // a Position is a Setup for makeFen
    expect(perft(Position.initial(), 3)).toBe(12012);
    const bad = Position.fromFen('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS1MSNR w - - 0 1');
    expect(!bad.ok && bad.error).toBeInstanceOf(MakrukError);
    expect(SQUARES).toHaveLength(64);
  });
});
