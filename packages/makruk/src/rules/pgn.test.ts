import { describe, expect, it } from 'vitest';
import { Game } from './game.js';
import { MakrukError } from './errors.js';
import { NAG_SYMBOLS, PgnError, makePgn, parsePgn, parsePgnGame } from './pgn.js';
import { prng } from '../testing/helpers.js';

function parseOne(text: string): Game {
  const game = parsePgnGame(text);
  if (!game.ok) throw game.error;
  return game.value;
}

function expectPgnError(text: string, code: string, line: number): PgnError {
  const parsed = parsePgn(text);
  expect(parsed.ok, text).toBe(false);
  if (parsed.ok) throw new Error('parsed');
  expect(parsed.error).toBeInstanceOf(PgnError);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.line).toBe(line);
  expect(parsed.error.message).toContain(`Line ${line}:`);
  return parsed.error;
}

const SAMPLE = `[Event "Club night"]
[Site "Bangkok"]
[Date "2026.11.30"]
[Round "1"]
[White "Somchai"]
[Black "Malee"]
[Result "*"]
[Variant "Makruk"]

{Opening with the e-pawn} 1. e4 {the usual} e5 2. Nd2 $1 Nd7 3. c4!? (3. f4 f5 {a sideline (with brackets)}
(3... c5 4. c4)) 3... c5 *
`;

describe('parsePgn: reading', () => {
  it('reads tags, SAN moves, move numbers, comments, NAGs, and skips variations', () => {
    const game = parseOne(SAMPLE);
    expect(game.sans).toEqual(['e4', 'e5', 'Nd2', 'Nd7', 'c4', 'c5']);
    expect(game.tags.get('White')).toBe('Somchai');
    expect(game.tags.get('Event')).toBe('Club night');
    expect(game.startComments).toEqual(['Opening with the e-pawn']);
    expect(game.commentsAt(1)).toEqual(['the usual']);
    expect(game.nagsAt(3)).toEqual([1]);
    expect(game.nagsAt(5)).toEqual([5]); // "!?"
    expect(game.result()).toBe('*');
  });

  it('reads several games from one text', () => {
    const text = `[Event "A"]\n[Variant "Makruk"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n[Variant "makruk"]\n\n1. d4 0-1\n\n[Event "C"]\n\n1. c4 *\n`;
    const parsed = parsePgn(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.map((game) => game.tags.get('Event'))).toEqual(['A', 'B', 'C']);
    expect(parsed.value.map((game) => game.sans)).toEqual([['e4', 'e5'], ['d4'], ['c4']]);
    expect(parsed.value.map((game) => game.result())).toEqual(['1-0', '0-1', '*']);
  });

  it('a new tag section starts a new game even without a result', () => {
    const parsed = parsePgn('[Event "A"]\n1. e4\n[Event "B"]\n1. d4');
    expect(parsed.ok && parsed.value.map((game) => game.sans)).toEqual([['e4'], ['d4']]);
  });

  it('reads a game from a FEN tag, with Black to move first', () => {
    const game = parseOne(
      `[Variant "Makruk"]\n[SetUp "1"]\n[FEN "8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50"]\n\n50... Kxf4 51. Ra2 *`,
    );
    expect(game.sans).toEqual(['Kxf4', 'Ra2']);
    expect(game.counting).toEqual({ kind: 'pieces', side: 'black', limitPlies: 32, plies: 6 });
  });

  it('accepts compact and sloppy movetext: 1.e4, 1...e5, %-escape lines, ; comments, x-less captures', () => {
    const game = parseOne('% exported by a tool\n1.e4 e5 2.Nd2 ; rest of line\n2...Nd7 *');
    expect(game.sans).toEqual(['e4', 'e5', 'Nd2', 'Nd7']);
    expect(game.commentsAt(3)).toEqual(['rest of line']);
    const capture = parseOne('[FEN "4k3/8/2n5/8/5s2/8/8/RR2K3 w - - 0 40"]\n\n40. Rb4 Kd8 41. Rf4 Kd7??');
    expect(capture.sans).toEqual(['Rb4', 'Kd8', 'Rxf4', 'Kd7']);
    expect(capture.nagsAt(4)).toEqual([4]);
  });

  it('an empty text holds no games; parsePgnGame reports that', () => {
    expect(parsePgn('')).toEqual({ ok: true, value: [] });
    expect(parsePgn('  \n\n ')).toEqual({ ok: true, value: [] });
    const none = parsePgnGame('');
    expect(!none.ok && none.error.code).toBe('ERR_PGN_EMPTY');
  });

  it("reads [%count start] / [%count stop] as the players' counting choices", () => {
    const game = parseOne(
      '[FEN "4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40"]\n\n{[%count start]} 40. Ra2 Kd8 {[%count stop] White stops} 41. Raa1 Ke8 *',
    );
    expect(game.countingActions()).toEqual([['start'], [], ['stop'], [], []]);
    expect(game.commentsAt(2)).toEqual(['White stops']);
    expect(game.counting).toBeNull();
  });
});

describe('parsePgn: broken input gives a PgnError with the line', () => {
  it('an unclosed comment', () => {
    expectPgnError('[Event "x"]\n\n1. e4 {never closed\n e5', 'ERR_PGN_COMMENT', 3);
  });
  it('an illegal move names the move and the SAN error', () => {
    const error = expectPgnError('[Event "x"]\n\n1. e4 e5\n2. Ke5 *', 'ERR_PGN_MOVE', 4);
    expect(error.message).toContain("2. 'Ke5'");
  });
  it('a pawn capture written as a push fails at that move, not moves later (issue 21)', () => {
    const error = expectPgnError('[Event "x"]\n\n1. f4 e5\n2. e5 *', 'ERR_PGN_MOVE', 4);
    expect(error.message).toContain("2. 'e5'");
    expect(error.message).toContain('write fxe5');
  });
  it('a move that is not SAN', () => {
    expectPgnError('1. e4 e5\n\n2. xyz *', 'ERR_PGN_MOVE', 3);
  });
  it('a broken tag', () => {
    expectPgnError('[Event "x"]\n[Site unquoted]\n\n1. e4 *', 'ERR_PGN_TAG', 2);
  });
  it('a bad FEN tag', () => {
    expectPgnError('[Event "x"]\n[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *', 'ERR_PGN_FEN', 3);
  });
  it('another variant', () => {
    expectPgnError('[Variant "Chess"]\n\n1. e4 *', 'ERR_PGN_VARIANT', 1);
  });
  it('counts lines the same with CR-only, CRLF and LF line ends (issue 21)', () => {
    for (const end of ['\r', '\r\n', '\n']) {
      const text = ['[Event "x"]', '', '1. e4 e5', '2. Ke5 *', ''].join(end);
      expectPgnError(text, 'ERR_PGN_MOVE', 4);
      expectPgnError(['[Event "x"]', '[Site unquoted]', '', '1. e4 *'].join(end), 'ERR_PGN_TAG', 2);
      expectPgnError(['1. e4 e5', '', '{never closed', 'e5'].join(end), 'ERR_PGN_COMMENT', 3);
    }
  });
  it('unbalanced variations', () => {
    expectPgnError('1. e4 e5\n(2. d4\n', 'ERR_PGN_VARIATION', 2);
    expectPgnError('1. e4 e5\n\n2. d4 ) *', 'ERR_PGN_VARIATION', 3);
  });
  it('a counting command that the rules forbid', () => {
    expectPgnError('1. e4 {[%count start]} e5 *', 'ERR_PGN_COUNT', 1);
  });
  it('NAG_SYMBOLS is the table the reader uses for move suffixes (one owner; the page shows NAGs with it)', () => {
    expect(Object.keys(NAG_SYMBOLS).map(Number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [nag, symbol] of Object.entries(NAG_SYMBOLS)) {
      const read = parsePgnGame(`1. e4${symbol} *`);
      expect(read.ok && read.value.nagsAt(1)).toEqual([Number(nag)]);
    }
  });

  it('a bad NAG and a stray bracket', () => {
    expectPgnError('1. e4 $x *', 'ERR_PGN_TOKEN', 1);
    expectPgnError('1. e4\n] *', 'ERR_PGN_TOKEN', 2);
  });
  it('moves after the end of the game', () => {
    expectPgnError('[FEN "k6n/8/8/8/8/8/7R/1R2K3 w - - 0 40"]\n\n40. Ra2# Ng6 *', 'ERR_PGN_MOVE', 3);
  });
  it('the second game of a text is numbered by its own line', () => {
    expectPgnError('[Event "A"]\n\n1. e4 *\n\n[Event "B"]\n\n1. e4 e4 *', 'ERR_PGN_MOVE', 7);
  });
  it('never throws on random input', () => {
    const random = prng(7);
    const alphabet = [
      '[',
      ']',
      '"',
      '{',
      '}',
      '(',
      ')',
      ';',
      '%',
      '$',
      '1',
      '.',
      ' ',
      '\n',
      'e4',
      'e5',
      'Nd2',
      'x',
      'K',
      '*',
      '1-0',
      'FEN',
      'Variant',
      '\\',
      '!',
      '?',
      '#',
      '+',
      '=M',
    ];
    for (let n = 0; n < 400; n++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      const parsed = parsePgn(text);
      if (!parsed.ok) {
        expect(parsed.error.code).toMatch(/^ERR_PGN_/);
        expect(parsed.error.line).toBeGreaterThanOrEqual(1);
      }
    }
    expect(parsePgn(42 as unknown as string).ok).toBe(false);
  });
});

describe('makePgn: writing', () => {
  it('writes the seven tags, Variant, SAN with move numbers, comments and the result', () => {
    const game = new Game();
    game.tags.set('White', 'Somchai');
    game.tags.set('Annotator', 'me');
    for (const move of ['e4', 'e5', 'Nd2']) game.play(move);
    game.addComment('develops');
    game.addNag(1);
    game.play('Nd7');
    const pgn = makePgn(game);
    expect(pgn).toContain('[Variant "Makruk"]');
    expect(pgn).toContain('[White "Somchai"]');
    expect(pgn).toContain('[Annotator "me"]');
    expect(pgn).toContain('[Result "*"]');
    expect(pgn).not.toContain('[FEN');
    expect(pgn).not.toContain('[SetUp');
    expect(pgn).toContain('1. e4 e5 2. Nd2 $1 {develops} 2... Nd7 *');
    expect(pgn.indexOf('[Event')).toBe(0);
  });

  it('writes [SetUp "1"] and [FEN] for a game not from the start, and Black-first numbering', () => {
    const game = Game.fromFen('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50');
    if (!game.ok) throw game.error;
    game.value.play('Kxf4');
    const pgn = makePgn(game.value);
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain('[FEN "8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50"]');
    expect(pgn).toContain('50... Kxf4 *');
  });

  it('writes the result of a finished game, including the counting side mate', () => {
    const game = Game.fromFen('k6n/8/8/8/8/8/7R/1R2K3 w - - 0 40');
    if (!game.ok) throw game.error;
    game.value.startCounting();
    game.value.play('Ra2');
    const pgn = makePgn(game.value);
    expect(pgn).toContain('[Result "1/2-1/2"]');
    expect(pgn).toContain('{[%count start]} 40. Ra2# 1/2-1/2');
  });

  it('round-trips: parse(write(game)) gives the same game and the same text', () => {
    const game = parseOne(SAMPLE);
    game.tags.set('Event', 'He said "hi" \\ left');
    const text = makePgn(game);
    const again = parseOne(text);
    expect(again.sans).toEqual(game.sans);
    expect(again.history().map((move) => [move.comments, move.nags])).toEqual(
      game.history().map((move) => [move.comments, move.nags]),
    );
    expect(again.startComments).toEqual(game.startComments);
    expect(again.tags.get('Event')).toBe('He said "hi" \\ left');
    expect(makePgn(again)).toBe(text);
  });

  it('round-trips counting choices and several games; lines stay within 80 characters', () => {
    const game = Game.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    if (!game.ok) throw game.error;
    const g = game.value;
    g.startCounting();
    for (let i = 0; i < 20; i++) {
      g.play(g.turn === 'white' ? (i % 4 === 0 ? 'Ra2' : 'Raa1') : i % 4 === 1 ? 'Kd8' : 'Ke8');
      g.addComment(`a rather long comment number ${i} so that the movetext has to wrap around}`);
    }
    g.stopCounting();
    const text = makePgn([g, parseOne(SAMPLE)]);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const parsed = parsePgn(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toHaveLength(2);
    const first = parsed.value[0] as Game;
    expect(first.sans).toEqual(g.sans);
    expect(first.countingActions()).toEqual(g.countingActions());
    expect(first.counting).toBeNull();
    expect(first.commentsAt(1)[0]).toContain('wrap around)');
    expect((parsed.value[1] as Game).sans).toEqual(['e4', 'e5', 'Nd2', 'Nd7', 'c4', 'c5']);
  });

  it('round-trips random games', () => {
    const random = prng(2026);
    for (let n = 0; n < 6; n++) {
      const game = new Game();
      for (let ply = 0; ply < 60 && !game.isOver(); ply++) {
        const moves = game.position.legalMoves();
        const move = moves[Math.floor(random() * moves.length)];
        if (!move) break;
        game.play(move);
        if (random() < 0.1) game.addComment(`c${ply}`);
        if (game.canStartCounting() && random() < 0.3) game.startCounting();
      }
      const again = parseOne(makePgn(game));
      expect(again.fens).toEqual(game.fens);
      expect(again.counting).toEqual(game.counting);
      expect(makePgn(again)).toBe(makePgn(game));
    }
  });
});

describe('makePgn: nothing written escapes its place', () => {
  it('refuses a tag name outside the PGN grammar with ERR_PGN_TAG_NAME (no injected tags or games)', () => {
    for (const name of ['Evil"]\n[White "Mallory', 'Has space', '', '_lead', 'Ünicode', 'a-b', 'x]', 'N'.repeat(256)]) {
      const game = new Game();
      game.tags.set(name, 'v');
      let thrown: unknown;
      try {
        makePgn(game);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(name)).toBeInstanceOf(MakrukError);
      expect((thrown as MakrukError).code).toBe('ERR_PGN_TAG_NAME');
      expect((thrown as MakrukError).message).not.toContain('\n');
    }
    // a name too long says the limit, and the longest allowed name is written
    const long = new Game();
    long.tags.set('N'.repeat(256), 'v');
    expect(() => makePgn(long)).toThrow(/at most 255 characters/);
    long.tags.clear();
    long.tags.set('N'.repeat(255), 'v');
    expect(makePgn(long)).toContain(`[${'N'.repeat(255)} "v"]`);
    const game = new Game();
    game.tags.set('Annotator_2', 'ok');
    game.tags.set('9Round', 'ok');
    expect(makePgn(game)).toContain('[Annotator_2 "ok"]');
  });

  it('escapes tag values: quotes, backslashes, line breaks and control characters stay inside the tag', () => {
    const game = new Game();
    game.play('e4');
    game.tags.set('White', 'A "B" \\ C"]\n[Black "Mallory"]\r\n\n1. d4 *\n\n[Event "x');
    game.tags.set('Black', 'tab\there\u0000nul');
    const text = makePgn(game);
    const tagLines = text.split('\n\n')[0]?.split('\n') ?? [];
    expect(tagLines.every((line) => /^\[[A-Za-z0-9_]+ "(?:[^"\\\u0000-\u001f]|\\.)*"\]$/.test(line))).toBe(true);
    const again = parsePgn(text);
    expect(again.ok && again.value.length).toBe(1);
    if (!again.ok) return;
    const read = again.value[0] as Game;
    expect(read.tags.get('White')).toBe('A "B" \\ C"] [Black "Mallory"] 1. d4 * [Event "x');
    expect(read.tags.get('Black')).toBe('tab here nul');
    expect(read.sans).toEqual(['e4']);
  });

  it('comments cannot close early or be read back as counting choices', () => {
    const game = Game.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40');
    if (!game.ok) throw game.error;
    const g = game.value;
    g.play('Ra2');
    g.addComment('} 41. Rb2 {');
    g.addComment('[%count start]');
    g.play('Kd8');
    const text = makePgn(g);
    const again = parsePgnGame(text);
    if (!again.ok) throw again.error;
    expect(again.value.sans).toEqual(['Ra2', 'Kd8']);
    expect(again.value.countingActions()).toEqual([[], [], []]);
    expect(again.value.commentsAt(1)).toEqual([') 41. Rb2 { [% count start]']);
    expect(makePgn(again.value)).toBe(text);
  });

  it('the result and the FEN tag come from the game, never from tags', () => {
    const game = Game.fromFen('8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50');
    if (!game.ok) throw game.error;
    game.value.tags.set('Result', '1-0"] [Evil "x');
    game.value.tags.set('FEN', 'junk');
    game.value.tags.set('SetUp', '0');
    const text = makePgn(game.value);
    expect(text).toContain('[Result "*"]');
    expect(text).toContain('[FEN "8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50"]');
    expect(text).not.toContain('junk');
    expect(text).not.toContain('Evil');
    expect(text.trimEnd().endsWith('*')).toBe(true);
  });

  it('wrongly typed arguments give MakrukErrors', () => {
    for (const bad of [null, undefined, 42, {}, 'text', [new Game(), null]]) {
      expect(() => makePgn(bad as unknown as Game)).toThrow(MakrukError);
      try {
        makePgn(bad as unknown as Game);
      } catch (error) {
        expect((error as MakrukError).code).toBe('ERR_PGN_INPUT');
      }
    }
    expect(makePgn(new Game(), null as unknown as undefined)).toContain('*');
    for (const bad of [null, undefined, 42, {}, ['1. e4']]) {
      const parsed = parsePgn(bad as unknown as string);
      expect(!parsed.ok && parsed.error.code).toBe('ERR_PGN_INPUT');
      const one = parsePgnGame(bad as unknown as string);
      expect(!one.ok && one.error.code).toBe('ERR_PGN_INPUT');
    }
  });
});

describe('parsePgn: messages quote bad input briefly and visibly', () => {
  it('a 1 MB move is quoted by a short prefix', () => {
    const huge = `1. ${'N'.repeat(1_000_000)} *`;
    const parsed = parsePgn(huge);
    expect(!parsed.ok && parsed.error.code).toBe('ERR_PGN_MOVE');
    if (parsed.ok) return;
    expect(parsed.error.message.length).toBeLessThan(300);
    expect(parsed.error.message).toContain('(1000000 characters)');
  });

  it('control characters are shown escaped', () => {
    const parsed = parsePgn('1. e4\u0000 *');
    expect(!parsed.ok && parsed.error.message).toContain('\\u0000');
    const tag = parsePgn('[Event "a\u0007\n1. e4 *');
    expect(!tag.ok && tag.error.code).toBe('ERR_PGN_TAG');
    expect(!tag.ok && tag.error.message).toContain('\\u0007');
  });
});

describe('makePgn: notation', () => {
  it('writes Thai SAN or UCI moves, and parsePgn reads both back to the same game', () => {
    const start = Game.fromFen('4k3/8/8/2P5/8/8/8/4K2R w - - 0 30');
    if (!start.ok) throw start.error;
    const game = start.value;
    for (const san of ['c6', 'Kd8', 'Rh8+', 'Kc7', 'Rh7+', 'Kxc6']) game.play(san);
    game.addNag(2);
    game.addComment('note');
    expect(makePgn(game, { notation: 'uci' })).toContain('30. c5c6m e8d8 31. h1h8 d8c7 32. h8h7 c7c6 $2 {note} *');
    expect(makePgn(game, { notation: 'thai' })).toContain('30. ค๖=M ข-ง๘ 31. ร-ญ๘+ ข-ค๗ 32. ร-ญ๗+ ข-ค๖ $2 {note} *');
    expect(makePgn(game, { notation: 'algebraic' })).toBe(makePgn(game));
    for (const notation of ['uci', 'thai'] as const) {
      expect(makePgn(parseOne(makePgn(game, { notation })))).toBe(makePgn(game));
    }
  });
});
