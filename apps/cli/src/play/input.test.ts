import { Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { explainMoveProblem, helpText, parseInput } from './input.js';

function position(fen: string): Position {
  const made = Position.fromFen(fen);
  if (!made.ok) throw made.error;
  return made.value;
}

/** What the prompt answers for `text` in `fen` (the library refuses it first). */
function problem(fen: string, text: string, thai = false): string {
  const pos = position(fen);
  const found = pos.findMove(text);
  if (found.ok) throw new Error(`${text} is legal in ${fen}`);
  const answer = explainMoveProblem(pos, text, found.error.code, found.error.message, thai);
  return `${answer.code}: ${answer.message}`;
}

const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const TWO_KNIGHTS = 'k7/8/8/8/8/8/8/1N1NK3 w - - 0 1';
const BOXED_ROOK = 'k7/8/8/8/8/8/PP6/RP2K3 w - - 0 1';

describe('parseInput', () => {
  it('reads every command, case and spacing aside', () => {
    const words = ['undo', 'hint', 'count', 'stop count', 'draw', 'resign', 'flip', 'fen', 'pgn', 'help', 'quit'];
    const names = ['undo', 'hint', 'count', 'stop-count', 'draw', 'resign', 'flip', 'fen', 'pgn', 'help', 'quit'];
    expect(words.map((word) => parseInput(word))).toEqual(names.map((name) => ({ kind: 'command', name })));
    expect(parseInput('  Stop   COUNT ')).toEqual({ kind: 'command', name: 'stop-count' });
    expect(parseInput('exit')).toEqual({ kind: 'command', name: 'quit' });
    expect(parseInput('?')).toEqual({ kind: 'command', name: 'help' });
  });

  it('takes anything else as a move, and a blank line as nothing', () => {
    expect(parseInput(' Nd2 ')).toEqual({ kind: 'move', text: 'Nd2' });
    expect(parseInput('ม-ง๒')).toEqual({ kind: 'move', text: 'ม-ง๒' });
    expect(parseInput('   ')).toEqual({ kind: 'empty' });
  });
});

describe('helpText', () => {
  it('names every command and the three move notations', () => {
    const text = helpText();
    for (const word of [
      'undo',
      'hint',
      'count',
      'stop count',
      'draw',
      'resign',
      'flip',
      'fen',
      'pgn',
      'help',
      'quit',
    ]) {
      expect(text).toMatch(new RegExp(`^  ${word} `, 'm'));
    }
    expect(text).toContain('SAN (Nd2');
    expect(text).toContain('UCI (b1d2');
    expect(text).toContain('Thai SAN (ม-ง๒');
  });
});

describe('explainMoveProblem', () => {
  it('lists the legal moves of the piece named by an illegal SAN move', () => {
    expect(problem(START, 'Nc3')).toBe(
      "ERR_SAN_ILLEGAL: 'Nc3' is not a legal move for white here. Your knights can play: Nd2, Ne2.",
    );
    expect(problem(START, 'Ra3')).toMatch(/ Your rooks can play: Ra2, Rh2\.$/);
  });

  it('lists the moves of the pieces meant by an ambiguous move', () => {
    expect(problem(TWO_KNIGHTS, 'Nc3')).toBe(
      "ERR_SAN_AMBIGUOUS: 'Nc3' could be any of Nbc3, Ndc3; name the origin file or rank. " +
        'Your knights can play: Na3, Nb2, Nbc3, Nd2, Ndc3, Ne3, Nf2.',
    );
  });

  it('names the square of a UCI move: its piece and where it can go, or that it is empty', () => {
    expect(problem(START, 'b1b3')).toMatch(/^ERR_ILLEGAL_MOVE: .* Your knight on b1 can play: Nd2\.$/);
    expect(problem(START, 'a1b1')).toMatch(/ Your rook on a1 can play: Ra2\.$/);
    expect(problem(START, 'e4e5')).toMatch(/ You have no piece on e4\.$/);
    expect(problem(START, 'e6e5')).toMatch(/ You have no piece on e6\.$/);
    expect(problem(BOXED_ROOK, 'a1a3')).toMatch(/ Your rook on a1 has no legal move\.$/);
  });

  it('reads pawn moves and a pawn capture file', () => {
    expect(problem(START, 'e5')).toMatch(/ Your pawns can play: a4, b4, c4, d4, e4, f4, g4, h4\.$/);
    expect(problem(START, 'dxe4')).toMatch(/ Your pawns on the d-file can play: d4\.$/);
  });

  it('reads Thai SAN: the piece sign before the hyphen, a pawn without one; answers in Thai SAN', () => {
    expect(problem(START, 'ม-ค๓', true)).toMatch(/^ERR_SAN_ILLEGAL: .* Your knights can play: ม-ง๒, ม-จ๒\.$/);
    expect(problem(START, 'ง๕', true)).toMatch(/ Your pawns can play: ก๔, ข๔, ค๔, ง๔, จ๔, ฉ๔, ช๔, ญ๔\.$/);
  });

  it('names a piece the player does not have, and pieces with no move', () => {
    expect(problem('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', 'Ne5')).toMatch(/ You have no knight\.$/);
    expect(problem(BOXED_ROOK, 'Ra3')).toMatch(/ Your rooks have no legal move\.$/);
  });

  it('answers a word that is no move with the legal moves and a pointer to help', () => {
    expect(problem(TWO_KNIGHTS, 'hello')).toBe(
      'ERR_SAN_SYNTAX: "hello" is neither a move nor a command. Type help for the commands. Legal moves: ' +
        'Kd2, Ke2, Kf1, Kf2, Na3, Nb2, Nbc3, Nd2, Ndc3, Ne3, Nf2.',
    );
  });
});
