// Fuzzing the facade with 100,000+ random and mutated FEN, SAN and UCI strings (seeded, so reproducible).
// Every input must be accepted or rejected with a MakrukError; nothing else may be thrown.
import { describe, expect, it } from 'vitest';
import { MakrukError } from '../rules/errors.js';
import { parseFen, makeFen, INITIAL_FEN } from '../rules/fen.js';
import { perft } from '../engine/wasm-perft.js';
import { Position } from '../rules/position.js';
import { makeSan, parseSan } from '../rules/san.js';
import { makeUci, parseUci } from '../rules/uci.js';
import { pick, prng, readPerftEpd } from '../testing/helpers.js';
import { SQUARES, type Move } from '../rules/types.js';

const SEED = 0x5eed_2026;
const FEN_CASES = 45_000;
const SAN_CASES = 30_000;
const UCI_CASES = 30_000;

const FEN_CHARS = 'kmsnrpKMSNRPbqfBQF~12345678/ wb-0123456789';
const JUNK_CHARS = 'xyzXYZ!@#$%^&*()_+=[]{};:\'",.<>?\\|`\t\n\u0000éข๑🙂';
const SAN_CHARS = 'KMSNRPBQFabcdefgh12345678x=+#-:!? OM~';
const THAI_SAN_CHARS = 'กขคงจฉชญ๑๒๓๔๕๖๗๘มรข็ค-x=M+#ฮ';

function isMakrukError(error: unknown): boolean {
  return error instanceof MakrukError && /^ERR_[A-Z_]+$/.test(error.code) && error.message.length > 0;
}

function mutate(random: () => number, text: string, alphabet: string): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (out.length + 1));
    const char = random() < 0.85 ? pick(random, alphabet) : pick(random, JUNK_CHARS);
    switch (Math.floor(random() * 8)) {
      case 0:
        out = out.slice(0, at) + char + out.slice(at + 1);
        break; // replace
      case 1:
        out = out.slice(0, at) + char + out.slice(at);
        break; // insert
      case 2:
        out = out.slice(0, at) + out.slice(at + 1);
        break; // delete
      case 3:
        out = out.slice(0, at);
        break; // truncate
      case 4:
        out = out + out.slice(at);
        break; // duplicate a tail
      case 5: {
        // swap two characters
        const other = Math.floor(random() * out.length);
        const chars = [...out];
        if (chars.length > 1)
          [chars[at % chars.length], chars[other]] = [chars[other] as string, chars[at % chars.length] as string];
        out = chars.join('');
        break;
      }
      case 6: {
        // replace a whole whitespace-separated field with a number or junk
        const fields = out.split(' ');
        const index = Math.floor(random() * fields.length);
        fields[index] = pick(random, [
          '-',
          '0',
          '1',
          '-1',
          '16',
          '128',
          '99999',
          '100000',
          '1e3',
          '0x10',
          String(Math.floor(random() * 300)),
          'w',
          'b',
          '',
        ]);
        out = fields.join(' ');
        break;
      }
      default: {
        // shuffle the ranks of the board field
        const [board = '', ...rest] = out.split(' ');
        const ranks = board.split('/');
        const i = Math.floor(random() * ranks.length);
        const j = Math.floor(random() * ranks.length);
        [ranks[i], ranks[j]] = [ranks[j] as string, ranks[i] as string];
        out = [ranks.join('/'), ...rest].join(' ');
      }
    }
  }
  return out;
}

function randomString(random: () => number, alphabet: string, maxLength: number): string {
  const length = Math.floor(random() * maxLength);
  let out = '';
  for (let i = 0; i < length; i++) out += random() < 0.9 ? pick(random, alphabet) : pick(random, JUNK_CHARS);
  return out;
}

/** A random board field with a plausible shape: 8 ranks of pieces and digits, random content. */
function randomBoardFen(random: () => number): string {
  const ranks: string[] = [];
  for (let r = 0; r < 8; r++) {
    let rank = '';
    let files = 0;
    while (files < 8) {
      if (random() < 0.5) {
        const run = 1 + Math.floor(random() * (8 - files));
        rank += run;
        files += run;
      } else {
        rank += pick(random, 'kmsnrpKMSNRPmmnnrrMMNNRR');
        if (random() < 0.03) rank += '~';
        files++;
      }
    }
    ranks.push(rank);
  }
  const counting =
    random() < 0.2
      ? `${pick(random, ['16', '128', '44', '64', '8'])} ${Math.floor(random() * 140)}`
      : `- ${Math.floor(random() * 60)}`;
  return `${ranks.join('/')} ${random() < 0.5 ? 'w' : 'b'} - ${counting} ${1 + Math.floor(random() * 90)}`;
}

/** Random positions reached by random play from the start and from the reference positions. */
function randomPositions(random: () => number, count: number): Position[] {
  const starts = [
    Position.initial(),
    ...readPerftEpd()
      .map(({ fen }) => Position.fromFen(fen))
      .flatMap((r) => (r.ok ? [r.value] : [])),
  ];
  const positions: Position[] = [];
  while (positions.length < count) {
    let p = pick(random, starts);
    const plies = Math.floor(random() * 120);
    for (let i = 0; i < plies && !p.outcome(); i++) p = p.play(pick(random, p.legalMoves()));
    positions.push(p);
  }
  return positions;
}

describe('fuzz', () => {
  it(`FEN: ${FEN_CASES} random and mutated strings`, () => {
    const random = prng(SEED);
    const seeds = [
      INITIAL_FEN,
      '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5',
      '4k3/8/2M~r4/8/8/8/7P/4K3 b - - 0 1',
      '4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40',
      ...readPerftEpd().map((line) => line.fen),
    ];
    const failures: string[] = [];
    let accepted = 0;
    let wasmChecked = 0;
    for (let i = 0; i < FEN_CASES; i++) {
      const kind = random();
      const text =
        kind < 0.6
          ? mutate(random, pick(random, seeds), FEN_CHARS)
          : kind < 0.85
            ? randomBoardFen(random)
            : randomString(random, FEN_CHARS, 90);
      try {
        const setup = parseFen(text);
        if (!setup.ok && !isMakrukError(setup.error))
          failures.push(`parseFen error not a MakrukError: ${JSON.stringify(text)}`);
        if (setup.ok) makeFen(setup.value, { promoted: true });
        const result = Position.fromFen(text);
        if (!result.ok) {
          if (!isMakrukError(result.error)) failures.push(`fromFen error not a MakrukError: ${JSON.stringify(text)}`);
          continue;
        }
        accepted++;
        const pos = result.value;
        // An accepted position must survive everything the facade offers.
        const fen = pos.fen();
        const again = Position.fromFen(fen);
        if (!again.ok || again.value.fen() !== fen)
          failures.push(`FEN does not round-trip: ${JSON.stringify(text)} -> ${fen}`);
        const moves = pos.legalMoves();
        pos.outcome();
        pos.isInsufficientMaterial();
        for (const move of moves.slice(0, 3)) {
          const san = makeSan(pos, move);
          const back = parseSan(pos, san);
          if (!back.ok || makeUci(back.value) !== makeUci(move))
            failures.push(`SAN ${san} does not round-trip in ${fen}`);
          pos.play(move).fen();
        }
        // Cross-check the TypeScript generator with the wasm engine on a share of the accepted positions.
        if (accepted % 10 === 0) {
          wasmChecked++;
          const wasm = perft(pos, 2);
          if (wasm !== pos.perft(2)) failures.push(`perft(2) TS ${pos.perft(2)} != wasm ${wasm} in ${fen}`);
        }
      } catch (error) {
        if (!isMakrukError(error)) failures.push(`threw ${String(error)} on ${JSON.stringify(text)}`);
        else
          failures.push(
            `threw a MakrukError instead of returning it: ${JSON.stringify(text)}: ${(error as Error).message}`,
          );
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(FEN_CASES / 25); // the generator must reach valid positions too
    expect(wasmChecked).toBeGreaterThan(100);
  });

  it(`SAN: ${SAN_CASES} random and mutated strings on random positions`, () => {
    const random = prng(SEED + 1);
    const positions = randomPositions(random, 300);
    const failures: string[] = [];
    let accepted = 0;
    for (let i = 0; i < SAN_CASES; i++) {
      const pos = pick(random, positions);
      const moves = pos.legalMoves();
      const kind = random();
      let text: string;
      if (kind < 0.4 && moves.length > 0) text = mutate(random, makeSan(pos, pick(random, moves)), SAN_CHARS);
      else if (kind < 0.5 && moves.length > 0) text = makeSan(pos, pick(random, moves));
      else if (kind < 0.55 && moves.length > 0) text = makeSan(pos, pick(random, moves), { notation: 'thai' });
      else if (kind < 0.6 && moves.length > 0)
        text = mutate(random, makeSan(pos, pick(random, moves), { notation: 'thai' }), THAI_SAN_CHARS);
      else if (kind < 0.85) {
        text = `${pick(random, ['', '', 'K', 'M', 'S', 'N', 'R', 'B', 'Q', 'F', 'P', 'X'])}${random() < 0.3 ? pick(random, 'abcdefgh') : ''}${random() < 0.2 ? pick(random, '12345678') : ''}${random() < 0.3 ? 'x' : ''}${pick(random, SQUARES)}${random() < 0.1 ? '=M' : ''}${pick(random, ['', '', '+', '#', '!?'])}`;
      } else text = randomString(random, SAN_CHARS, 14);
      try {
        const result = parseSan(pos, text);
        if (!result.ok) {
          if (!isMakrukError(result.error)) failures.push(`parseSan error not a MakrukError: ${JSON.stringify(text)}`);
          else if (
            !['ERR_SAN_SYNTAX', 'ERR_SAN_ILLEGAL', 'ERR_SAN_AMBIGUOUS', 'ERR_SAN_INEXACT'].includes(result.error.code)
          )
            failures.push(`unexpected code ${result.error.code}`);
          continue;
        }
        accepted++;
        if (!pos.isLegal(result.value))
          failures.push(`parseSan accepted an illegal move ${JSON.stringify(text)} in ${pos.fen()}`);
        pos.play(result.value);
      } catch (error) {
        failures.push(`threw ${String(error)} on ${JSON.stringify(text)} in ${pos.fen()}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(SAN_CASES / 10);
  });

  it(`UCI: ${UCI_CASES} random and mutated strings, parseUci + isLegal + play`, () => {
    const random = prng(SEED + 2);
    const positions = randomPositions(random, 300);
    const failures: string[] = [];
    let played = 0;
    for (let i = 0; i < UCI_CASES; i++) {
      const pos = pick(random, positions);
      const moves = pos.legalMoves();
      const kind = random();
      const text =
        kind < 0.4 && moves.length > 0
          ? mutate(random, makeUci(pick(random, moves)), 'abcdefgh12345678m')
          : kind < 0.6 && moves.length > 0
            ? makeUci(pick(random, moves))
            : kind < 0.9
              ? `${pick(random, SQUARES)}${pick(random, SQUARES)}${random() < 0.2 ? 'm' : ''}`
              : randomString(random, 'abcdefgh12345678m ', 8);
      const move = parseUci(text);
      try {
        const legal = move !== undefined && pos.isLegal(move);
        if (pos.isLegal(text) !== legal) failures.push(`isLegal(string) and isLegal(move) disagree on ${text}`);
        if (legal) {
          pos.play(move as Move);
          played++;
        } else {
          pos.play(text); // must throw a MakrukError
          failures.push(`play accepted ${JSON.stringify(text)} that isLegal refused in ${pos.fen()}`);
        }
      } catch (error) {
        if (!isMakrukError(error)) failures.push(`threw ${String(error)} on ${JSON.stringify(text)}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(played).toBeGreaterThan(UCI_CASES / 10);
  });
});
