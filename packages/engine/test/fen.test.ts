// FEN reading/writing through the ABI: round trips, aliases, counting fields, error codes, and fuzzing (setFen
// must answer with a code, never trap, and leave the position alone when it refuses).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEN_ERRORS, instantiateEngine } from '../dist/index.js';
import {
  PERFT_SUITE,
  START_FEN,
  getFen,
  hash,
  legalMoves,
  moveToUci,
  seededRandom,
  setFen,
  writeInput,
} from './engine-helpers.js';

const engine = instantiateEngine('debug');

function play(fen: string, uci: string): string {
  expect(setFen(engine, fen), fen).toBe(0);
  const move = legalMoves(engine).find((candidate) => moveToUci(candidate).startsWith(uci));
  expect(move, `${uci} in ${fen}`).toBeDefined();
  expect(engine.makeMove(move ?? 0)).toBe(1);
  return getFen(engine);
}

describe('FEN round trips', () => {
  it('writes back every EPD position and the start position exactly', () => {
    const lines = readFileSync(PERFT_SUITE, 'utf8').trim().split('\n');
    for (const fen of [START_FEN, ...lines.map((line) => line.split(';')[0]?.trim() ?? '')]) {
      expect(setFen(engine, fen), fen).toBe(0);
      expect(getFen(engine)).toBe(fen);
    }
  });

  it('keeps counting fields: limit and count in plies', () => {
    expect(setFen(engine, '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5')).toBe(0);
    expect(getFen(engine)).toBe('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
  });

  it('accepts the aliases Q/q (met), B/b (khon), F/f and M~/m~ (promoted met), writing canonical letters', () => {
    expect(setFen(engine, 'rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBKQBNR w - - 0 1')).toBe(0);
    expect(getFen(engine)).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    expect(setFen(engine, '4k3/8/2M~5/8/8/5f2/8/4K3 w - - 0 1')).toBe(0);
    expect(getFen(engine)).toBe('4k3/8/2M5/8/8/5m2/8/4K3 w - - 0 1');
  });

  it('accepts missing trailing fields and extra spaces', () => {
    expect(setFen(engine, '  rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR   b  ')).toBe(0);
    expect(getFen(engine)).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 0 1');
    expect(setFen(engine, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR')).toBe(0);
    expect(getFen(engine)).toBe(START_FEN);
  });
});

describe('automatic counting (docs/rules.md examples)', () => {
  it("board's honour starts at ply 0 for the side to move once no pawn is left", () => {
    expect(play('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40', 'a1a2')).toBe('4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40');
  });
  it("pieces' honour starts at 2N with the limit from the stronger side", () => {
    expect(play('4k3/8/8/8/8/8/8/RR1NK3 w - - 0 40', 'b1b7')).toBe('4k3/1R6/8/8/8/8/8/R2NK3 b - 16 10 40');
  });
  it("pieces' honour starts at 2N−1 when the bare king takes the last pawn", () => {
    expect(play('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50', 'e5f4')).toBe('8/8/8/8/5k2/8/8/R3K3 w - 32 5 51');
  });
  it('a running count goes on, one ply per move; loading a FEN never starts one', () => {
    expect(play('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', 'b2c2')).toBe('8/8/8/8/8/8/2k5/1R2K2R w - 16 11 6');
    expect(setFen(engine, '4k3/8/2n5/8/8/8/8/RR2K3 w - - 7 40')).toBe(0);
    expect(getFen(engine)).toBe('4k3/8/2n5/8/8/8/8/RR2K3 w - - 7 40');
  });
  it('no count while an unpromoted pawn is on the board; the half-move clock runs instead', () => {
    expect(play('4k3/8/2n5/8/8/P7/8/RR2K3 w - - 7 40', 'b1b2')).toBe('4k3/8/2n5/8/8/P7/1R6/R3K3 b - - 8 40');
  });
});

describe('setFen errors', () => {
  const cases: Array<[string, string]> = [
    ['', 'ERR_FEN_LENGTH'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSN w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNRR w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmksnx/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmk~snr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1', 'ERR_FEN_TURN'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w z - 0 1', 'ERR_FEN_CASTLING'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - e3 0 1', 'ERR_FEN_COUNTING'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - x 1', 'ERR_FEN_CLOCK'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1234567', 'ERR_FEN_CLOCK'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 extra', 'ERR_FEN_TRAILING'],
    ['rnsm1snr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_KINGS'],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1', 'ERR_KINGS'],
    ['4k3/8/P7/8/8/8/8/4K3 w - - 0 1', 'ERR_PAWN_ON_PROMOTION_RANK'],
    ['4k3/8/8/8/8/p7/8/4K3 w - - 0 1', 'ERR_PAWN_ON_PROMOTION_RANK'],
    ['4k3/8/8/8/RRRRRRRR/RRRRRRRR/RRRRRRRR/4K3 w - - 0 1', 'ERR_TOO_MANY_PIECES'],
    ['4k2R/8/8/8/8/8/8/4K3 w - - 0 1', 'ERR_OPPONENT_IN_CHECK'],
  ];
  for (const [fen, code] of cases) {
    it(`${code}: "${fen}"`, () => {
      expect(setFen(engine, START_FEN)).toBe(0);
      const key = hash(engine);
      const result = setFen(engine, fen);
      expect(FEN_ERRORS[result]).toBe(code);
      expect(getFen(engine)).toBe(START_FEN);
      expect(hash(engine)).toBe(key);
    });
  }

  it('refuses lengths outside 1…1024 without reading past the buffer', () => {
    expect(FEN_ERRORS[engine.setFen(0)]).toBe('ERR_FEN_LENGTH');
    expect(FEN_ERRORS[engine.setFen(-5)]).toBe('ERR_FEN_LENGTH');
    expect(FEN_ERRORS[engine.setFen(1025)]).toBe('ERR_FEN_LENGTH');
    expect(FEN_ERRORS[engine.setFen(0x7fffffff)]).toBe('ERR_FEN_LENGTH');
  });
});

describe('setFen fuzzing (debug build: any out-of-bounds access would throw)', () => {
  const release = instantiateEngine('release');
  const random = seededRandom(1234);

  it('answers random byte strings with an error code, leaving the position unchanged', () => {
    expect(setFen(engine, START_FEN)).toBe(0);
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(random() * 1024);
      const bytes = new Uint8Array(length);
      for (let j = 0; j < length; j++) bytes[j] = Math.floor(random() * 256);
      writeInput(engine, bytes);
      expect(engine.setFen(length)).toBeGreaterThan(0);
    }
    expect(getFen(engine)).toBe(START_FEN);
  });

  it('survives thousands of mutated FENs; whatever it accepts is a usable position', () => {
    const lines = readFileSync(PERFT_SUITE, 'utf8').trim().split('\n');
    const seeds = [
      START_FEN,
      '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5',
      ...lines.map((line) => line.split(';')[0]?.trim() ?? ''),
    ];
    const alphabet = 'KMSNRPkmsnrpQqBbFf~12345678/ -wb0123456789x';
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      const chars = [...(seeds[Math.floor(random() * seeds.length)] ?? START_FEN)];
      const edits = 1 + Math.floor(random() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * (chars.length + 1));
        const kind = random();
        const c =
          random() < 0.8
            ? (alphabet[Math.floor(random() * alphabet.length)] ?? 'x')
            : String.fromCharCode(Math.floor(random() * 256));
        if (kind < 0.4) chars.splice(at, 1);
        else if (kind < 0.7) chars.splice(at, 0, c);
        else chars[at] = c;
      }
      const fen = chars.join('');
      const bytes = new Uint8Array([...fen].map((ch) => ch.charCodeAt(0) & 255));
      if (bytes.length === 0 || bytes.length > 1024) continue;
      expect(setFen(engine, START_FEN)).toBe(0);
      writeInput(engine, bytes);
      const result = engine.setFen(bytes.length);
      if (result === 0) {
        accepted++;
        const written = getFen(engine);
        expect(setFen(release, written), written).toBe(0);
        expect(getFen(release)).toBe(written);
        expect(engine.perft(2)).toBe(release.perft(2));
      } else {
        refused++;
        expect(FEN_ERRORS[result], fen).toMatch(/^ERR_/);
        expect(getFen(engine)).toBe(START_FEN);
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(1000);
  });
});
