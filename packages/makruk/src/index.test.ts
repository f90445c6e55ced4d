// The public API through the package entry point: each export is used the way a caller uses it (behaviour, not
// mere existence). The README's own examples run in tests/docs.
import { describe, expect, it } from 'vitest';
import {
  Board,
  Engine,
  EpdError,
  Game,
  INITIAL_FEN,
  MAKRUK_ERROR_CODES,
  MakrukError,
  PgnError,
  Position,
  SQUARES,
  err,
  isMakrukErrorCode,
  loadEngine,
  makeFen,
  makePgn,
  makeSan,
  makeUci,
  ok,
  parseEpd,
  parseFen,
  parsePgn,
  parsePgnGame,
  parseSan,
  parseUci,
  perft,
  quoteInput,
} from './index.js';

describe('public API (through index.ts)', () => {
  it('FEN: parseFen and makeFen round-trip; bad input is a MakrukError value', () => {
    const setup = parseFen(INITIAL_FEN);
    expect(setup.ok && makeFen(setup.value)).toBe(INITIAL_FEN);
    const bad = parseFen('rnsmksnr/8 w');
    expect(!bad.ok && bad.error).toBeInstanceOf(MakrukError);
    expect(!bad.ok && bad.error.code).toBe('ERR_FEN_BOARD');
  });

  it('Position, SAN and UCI: play a few moves and write them back', () => {
    let pos = Position.initial();
    expect(pos.legalMoves()).toHaveLength(23);
    const uci = parseUci('e3e4');
    expect(uci).toEqual({ from: 'e3', to: 'e4' });
    pos = pos.play(uci as NonNullable<typeof uci>);
    const move = parseSan(pos, 'Nd7');
    if (!move.ok) throw move.error;
    expect(makeUci(move.value)).toBe('b8d7');
    pos = pos.play(move.value);
    expect(makeSan(pos, { from: 'b1', to: 'd2' })).toBe('Nd2');
    expect(makeSan(pos, { from: 'b1', to: 'd2' }, { notation: 'thai' })).toBe('ม-ง๒');
    expect(() => pos.play('e4e5e6')).toThrow(MakrukError);
    const fromFen = Position.fromFen('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS1MSNR w - - 0 1');
    expect(!fromFen.ok && fromFen.error.code).toBe('ERR_KINGS');
  });

  it('Board and SQUARES: 64 squares in a1, b1, … h8 order; a Board holds pieces', () => {
    expect(SQUARES[0]).toBe('a1');
    expect(SQUARES[63]).toBe('h8');
    const board = Position.initial().board;
    expect(board).toBeInstanceOf(Board);
    expect(board.get('e1')).toEqual({ color: 'white', role: 'met' });
    expect(board.count('white')).toBe(16);
  });

  it('ok / err build Result values', () => {
    expect(ok(1)).toEqual({ ok: true, value: 1 });
    expect(err('x')).toEqual({ ok: false, error: 'x' });
  });

  it('perft by the wasm engine agrees with the TypeScript generator', async () => {
    await loadEngine();
    expect(perft(Position.initial(), 3)).toBe(Position.initial().perft(3));
    expect(() => perft(Position.initial(), -1)).toThrow(expect.objectContaining({ code: 'ERR_PERFT_DEPTH' }));
  });

  it('Game and PGN: play, write, read back', () => {
    const game = new Game();
    for (const san of ['e4', 'e5', 'Nd2']) expect(game.play(san).ok).toBe(true);
    const text = makePgn(game);
    const again = parsePgnGame(text);
    if (!again.ok) throw again.error;
    expect(again.value.sans).toEqual(['e4', 'e5', 'Nd2']);
    const all = parsePgn(`${text}\n${text}`);
    expect(all.ok && all.value).toHaveLength(2);
    const broken = parsePgn('1. e4 {');
    expect(!broken.ok && broken.error).toBeInstanceOf(PgnError);
  });

  it('EPD: parseEpd reads positions and perft counts', () => {
    const parsed = parseEpd(`${INITIAL_FEN} ; D1 23 ; D2 529`);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value[0]?.perft.get(2)).toBe(529);
    const bad = parseEpd('nonsense');
    expect(!bad.ok && bad.error).toBeInstanceOf(EpdError);
  });

  it('errors: codes are checked and bad input is quoted briefly', () => {
    expect(MAKRUK_ERROR_CODES).toContain('ERR_ENGINE_BUSY');
    expect(isMakrukErrorCode('ERR_SAN_SYNTAX')).toBe(true);
    expect(quoteInput('a\u0000b')).toBe("'a\\u0000b'");
  });

  it('Engine: starts, finds a move, quits', async () => {
    // From the sources the worker script is the built one (the package entry point finds it by itself).
    const engine = await Engine.start({ workerUrl: new URL('../dist/engine/worker.js', import.meta.url) });
    try {
      const result = await engine.analyse(Position.initial(), { depth: 2 }).result;
      expect(Position.initial().isLegal(result.bestMoveUci ?? '')).toBe(true);
    } finally {
      await engine.quit();
    }
  });
});
