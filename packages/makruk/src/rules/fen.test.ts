import { describe, expect, it } from 'vitest';
import { FEN_NUMBER_MAX } from '@makruk/counting';
import { INITIAL_FEN, defaultSetup, makeFen, parseFen } from './fen.js';
import { Position } from './position.js';

function setupOf(fen: string) {
  const result = parseFen(fen);
  if (!result.ok) throw result.error;
  return result.value;
}

function errorCode(fen: string): string | undefined {
  const result = Position.fromFen(fen);
  return result.ok ? undefined : result.error.code;
}

function errorOf(fen: string) {
  const result = Position.fromFen(fen);
  if (result.ok) throw new Error(`accepted: ${fen}`);
  return result.error;
}

describe('FEN round trips', () => {
  const fens = [
    INITIAL_FEN,
    'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1',
    '8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5', // pieces' honour
    '4k3/8/2n5/8/8/8/R7/1R2K3 b - 128 0 40', // board's honour at ply 0
    '4k3/8/2n5/8/8/8/R7/1R2K3 w - 128 37 58', // board's honour, odd ply
    '8/8/8/8/5k2/8/8/R3K3 w - 32 5 51', // pieces' honour started at 2N-1
    '1rs1k1nr/2mn1s2/pppppp1p/6p1/P2PP3/1PP2PPP/R2K4/1NS1MSNR w - - 1 6',
    '4k3/8/8/8/8/8/8/4K3 w - - 73 120',
  ];
  for (const fen of fens) {
    it(`reads and writes ${fen}`, () => {
      expect(makeFen(setupOf(fen))).toBe(fen);
      const pos = Position.fromFen(fen);
      expect(pos.ok && pos.value.fen()).toBe(fen);
    });
  }

  it('keeps counting fields exactly', () => {
    const setup = setupOf('8/8/8/8/8/8/1k6/1R2K2R b - 16 10 5');
    expect(setup.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 16, plies: 10 });
    expect(setup.fullmoves).toBe(5);
    const board = setupOf('4k3/8/2n5/8/8/8/R7/1R2K3 w - 128 37 58');
    expect(board.counting).toEqual({ kind: 'board', side: 'black', limitPlies: 128, plies: 37 });
    const none = setupOf('4k3/8/8/8/8/8/8/4K3 w - - 73 120');
    expect(none.counting).toBeNull();
    expect(none.halfmoves).toBe(73);
    expect(none.fullmoves).toBe(120);
  });

  it('writes the start position from defaultSetup', () => {
    expect(makeFen(defaultSetup())).toBe(INITIAL_FEN);
  });

  it('reads promoted marks and aliases, writes canonical letters, plain unless asked', () => {
    const setup = setupOf('4k3/8/2M~q4/8/8/8/B1F1f3/4K3 w - - 0 1');
    expect(setup.board.get('c6')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(setup.board.get('d6')).toEqual({ color: 'black', role: 'met' });
    expect(setup.board.get('a2')).toEqual({ color: 'white', role: 'khon' });
    expect(setup.board.get('c2')).toEqual({ color: 'white', role: 'met', promoted: true });
    expect(setup.board.get('e2')).toEqual({ color: 'black', role: 'met', promoted: true });
    expect(makeFen(setup)).toBe('4k3/8/2Mm4/8/8/8/S1M1m3/4K3 w - - 0 1');
    expect(makeFen(setup, { promoted: true })).toBe('4k3/8/2M~m4/8/8/8/S1M~1m~3/4K3 w - - 0 1');
    expect(makeFen(setupOf(makeFen(setup, { promoted: true })), { promoted: true })).toBe(
      '4k3/8/2M~m4/8/8/8/S1M~1m~3/4K3 w - - 0 1',
    );
    expect(setupOf('4k3/8/8/8/8/8/8/3QK3 w - - 0 1').board.get('d1')).toEqual({ color: 'white', role: 'met' });
    expect(setupOf('4k3/8/8/8/8/8/8/3Q~K3 w - - 0 1').board.get('d1')).toEqual({
      color: 'white',
      role: 'met',
      promoted: true,
    });
  });

  it('reads adjacent digits as Fairy-Stockfish does', () => {
    expect(makeFen(setupOf('rnsmksnr/8/pppppppp/44/8/PPPPPPPP/8/RNSKMSNR w - - 0 1'))).toBe(INITIAL_FEN);
  });

  it('fills in missing trailing fields and tolerates extra spaces', () => {
    expect(makeFen(setupOf('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR'))).toBe(INITIAL_FEN);
    expect(makeFen(setupOf('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b'))).toBe(INITIAL_FEN.replace(' w ', ' b '));
    expect(makeFen(setupOf(`  ${INITIAL_FEN.replaceAll(' ', '   ')}  `))).toBe(INITIAL_FEN);
  });
});

describe('FEN errors: values with stable codes and a readable message', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['', 'ERR_FEN_EMPTY', /empty/],
    ['   ', 'ERR_FEN_EMPTY', /empty/],
    [`${INITIAL_FEN} 7`, 'ERR_FEN_FIELDS', /7 fields/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /7 ranks.*needs 8/],
    ['rnsmksnr/8/pppppppp/8/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /9 ranks/],
    ['rnsmksnr/8/pppppppp/9/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /not a Makruk piece letter/],
    ['rnsmksnr/8/pppppppp/45/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /Rank 5 describes more than 8 files/],
    ['rnsmksnrp/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /Rank 8 describes more than 8 files/],
    ['rnsmksnr/8/pppppppp/8/7/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /Rank 4 describes only 7 files/],
    [
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNX w - - 0 1',
      'ERR_FEN_BOARD',
      /'X' on rank 1 is not a Makruk piece letter/,
    ],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK~MSNR w - - 0 1', 'ERR_FEN_BOARD', /only a met/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/~RNSKMSNR w - - 0 1', 'ERR_FEN_BOARD', /does not follow a met/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1', 'ERR_FEN_TURN', /'w' or 'b'/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQkq - 0 1', 'ERR_FEN_CASTLING', /no castling/],
    ['4k3/8/8/8/8/8/8/R3K3 w - x 3 1', 'ERR_FEN_COUNTING', /limit/],
    ['4k3/8/8/8/8/8/8/R3K3 w - 16 y 1', 'ERR_FEN_COUNTING', /count/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - -3 1', 'ERR_FEN_MOVES', /half-move/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 0', 'ERR_FEN_MOVES', /move number/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 x', 'ERR_FEN_MOVES', /move number/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS1MSNR w - - 0 1', 'ERR_KINGS', /White has 0 kings/],
    ['rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1', 'ERR_KINGS', /White has 2 kings/],
    ['rnsmKsnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'ERR_KINGS', /White has 2 kings/],
    ['4k3/8/2P5/8/8/8/8/4K3 w - - 0 1', 'ERR_PAWN_ON_PROMOTION_RANK', /white pawn on c6/],
    ['4k3/8/8/8/8/5p2/8/4K3 w - - 0 1', 'ERR_PAWN_ON_PROMOTION_RANK', /black pawn on f3.*rank 3/],
    ['4k3/8/8/8/8/8/4R3/3K4 w - - 0 1', 'ERR_OPPOSITE_CHECK', /black king on e8 is in check.*white to move/],
    ['4k3/8/8/PPPPPPPP/8/8/RRRRRRRR/K7 w - - 0 1', 'ERR_TOO_MANY_PIECES', /White has 17 pieces; a side has at most 16/],
    ['4k3/8/8/8/PPPPPPPP/P7/8/4K3 w - - 0 1', 'ERR_TOO_MANY_PIECES', /9 pawns/],
  ];
  for (const [fen, code, message] of cases) {
    it(`${code}: ${fen || '(empty)'}`, () => {
      expect(errorCode(fen)).toBe(code);
      expect(errorOf(fen).message).toMatch(message);
      expect(errorOf(fen)).toBeInstanceOf(Error);
      expect(errorOf(fen).name).toBe('MakrukError');
    });
  }

  it('parseFen checks syntax only; Position.fromFen checks legality', () => {
    expect(parseFen('8/8/8/8/8/8/8/8 w - - 0 1').ok).toBe(true);
    expect(errorCode('8/8/8/8/8/8/8/8 w - - 0 1')).toBe('ERR_KINGS');
  });

  it('refuses absurdly long input without scanning it', () => {
    const result = parseFen(`${INITIAL_FEN}${' '.repeat(10)}${'8/'.repeat(500)}`);
    expect(result.ok).toBe(false);
  });
});

describe('FEN: counts and numbers', () => {
  it('refuses a running count while unpromoted pawns stand (ERR_FEN_COUNTING), in a FEN and in a Setup', () => {
    for (const fen of ['4k3/p7/2n5/8/8/8/8/RR2K3 w - 128 3 40', '4k3/8/8/8/8/P7/8/R3K3 b - 16 10 40']) {
      const parsed = Position.fromFen(fen);
      expect(!parsed.ok && parsed.error.code, fen).toBe('ERR_FEN_COUNTING');
    }
    const setup = defaultSetup();
    setup.counting = { kind: 'board', side: 'white', limitPlies: 128, plies: 0 };
    const fromSetup = Position.fromSetup(setup);
    expect(!fromSetup.ok && fromSetup.error.code).toBe('ERR_FEN_COUNTING');
  });

  it('never writes what it refuses: one maximum (FEN_NUMBER_MAX) for every number, on reading and writing', () => {
    const max = FEN_NUMBER_MAX;
    const start = Position.fromFen(`4k3/p7/2n5/8/8/8/8/RR2K3 b - - ${max} ${max}`);
    if (!start.ok) throw start.error;
    const after = start.value.play('e8f8').play('a1a2');
    expect(after.halfmoves).toBeGreaterThan(max);
    expect(after.fullmoves).toBeGreaterThan(max);
    expect(after.fen()).toBe(`5k2/p7/2n5/8/8/8/R7/1R2K3 b - - ${max} ${max}`);
    expect(Position.fromFen(after.fen()).ok).toBe(true);
    expect(parseFen(`4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 ${max + 1}`).ok).toBe(false);
    expect(parseFen(`4k3/8/2n5/8/8/8/8/RR2K3 w - - ${max + 1} 1`).ok).toBe(false);
    const counting = Position.fromFen(`4k3/8/8/8/8/8/8/RR2K3 w - 16 ${max} 1`);
    if (!counting.ok) throw counting.error;
    const on = counting.value.play('a1a2');
    expect(on.counting?.plies).toBe(max + 1);
    expect(Position.fromFen(on.fen()).ok).toBe(true);
  });
});

describe('parseFen messages show bad input visibly', () => {
  it('control characters in the turn, castling and board fields are escaped', () => {
    const turn = parseFen('8/8/8/8/8/8/8/8 \u0000 - - 0 1');
    expect(!turn.ok && turn.error.message).toContain("'\\u0000'");
    const castling = parseFen('8/8/8/8/8/8/8/8 w K\u0007 - 0 1');
    expect(!castling.ok && castling.error.message).toContain('\\u0007');
    const board = parseFen('8/8/8/8/8/8/8/7\u0001 w - - 0 1');
    expect(!board.ok && board.error.message).toContain('\\u0001');
  });
});
