import { Position, Tablebase, spokenCount } from '@makruk/makruk';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerProbe, answerRequest } from '../engine/tablebase-answer.js';
import type { TablebaseProbeFn } from '../engine/tablebase.js';
import type { EngineController } from '../engine/controller.js';
import { Opponent } from '../engine/opponent.js';
import { AnalysisModel } from './analysis.js';
import {
  ENDINGS,
  type Ending,
  Practice,
  practiceCandidates,
  practicePosition,
  reviewPractice,
  winnableStart,
} from './practice.js';

// One Tablebase for every test here (its tables are made once), and the worker's probe over it.
let tablebase: Tablebase;
let probe: TablebaseProbeFn;
beforeAll(async () => {
  tablebase = await Tablebase.create();
  probe = async (fen) => answerProbe(tablebase, fen);
}, 60_000);

describe('practicePosition', () => {
  it('gives a legal start for every ending: Black bare and counting from N+1 under the table’s limit', () => {
    const limits: Record<string, number> = { KRRK: 8, KRK: 16, KSSK: 22, KSMK: 44, KNMK: 64 };
    for (const ending of ENDINGS) {
      for (let seed = 1; seed <= 20; seed++) {
        const position = practicePosition(ending, seed);
        expect(Position.fromFen(position.fen()).ok).toBe(true);
        expect(position.turn).toBe('black');
        expect(position.isCheck()).toBe(false);
        expect(position.outcome()).toBeUndefined();
        expect(position.legalMoves().some((move) => position.isCapture(move))).toBe(false);
        const pieces = 2 + ending.pieces.length;
        expect(position.counting).toMatchObject({
          kind: 'pieces',
          side: 'black',
          plies: 2 * pieces,
          limitPlies: 2 * (limits[ending.id] ?? 0),
        });
      }
    }
  });

  it('is the same for the same seed', () => {
    const ending = ENDINGS[1];
    if (!ending) throw new Error('no ending');
    expect(practicePosition(ending, 30).fen()).toBe(practicePosition(ending, 30).fen());
  });
});

describe('the tablebase worker’s answers (the pure step, no Worker)', () => {
  it('answers a K+R v K position plainly: result, mate, best move and every move as UCI and SAN', () => {
    const answer = answerProbe(tablebase, '7k/8/6K1/8/8/8/8/R7 w - - 0 1');
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value).toMatchObject({ result: 'win', strong: 'white', mate: 1, matePlies: 1, fitsCount: true });
    expect(answer.value.bestMove).toBe('a1a8');
    expect(answer.value.moves.find((move) => move.uci === 'a1a8')).toEqual({
      uci: 'a1a8',
      san: 'Ra8#',
      result: 'win',
      mate: 1,
    });
    const legal = Position.fromFen('7k/8/6K1/8/8/8/8/R7 w - - 0 1');
    if (!legal.ok) throw legal.error;
    expect(answer.value.moves.length).toBe(legal.value.legalMoves().length);
    expect(JSON.parse(JSON.stringify(answer.value))).toEqual(answer.value); // it crosses postMessage as it is
  });

  it('gives errors as values: the library’s code for a position with no table and for a bad FEN', async () => {
    const initial = answerProbe(tablebase, 'rnbkqbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1');
    expect(initial).toMatchObject({ ok: false, error: { code: 'ERR_TABLEBASE_POSITION' } });
    const bad = await answerRequest(Promise.resolve(tablebase), { id: 7, fen: 'not a fen' });
    expect(bad).toMatchObject({ id: 7, ok: false });
    if (bad.ok) throw new Error('a bad FEN was answered');
    expect(bad.error.code).toMatch(/^ERR_/);
    const failed = await answerRequest(Promise.reject(new Error('no wasm')), {
      id: 8,
      fen: '8/8/8/8/8/8/8/8 w - - 0 1',
    });
    expect(failed).toMatchObject({ id: 8, ok: false, error: { code: 'ERR_TABLEBASE_WORKER' } });
  });
});

describe('winnableStart: practice starts the tables say White wins within the count (issue 21)', () => {
  it('has no K+M+M v K: the tables find no start of it won within the count', () => {
    expect(ENDINGS.map((ending) => ending.id)).toEqual(['KRRK', 'KRK', 'KSSK', 'KSMK', 'KNMK']);
  });

  it('hands out, for every ending and seed, only starts Black loses under the count, mateIn the tables’ mate', async () => {
    for (const ending of ENDINGS) {
      for (const seed of [1, 2, 3, 12345]) {
        const { position, mateIn } = await winnableStart(ending, seed, probe);
        const answer = answerProbe(tablebase, position.fen());
        if (!answer.ok) throw new Error(answer.error.message);
        const left = spokenCount(position.countingState)?.movesToMate ?? 0;
        expect(answer.value.result, `${ending.id} ${position.fen()}`).toBe('loss');
        expect(answer.value.fitsCount).toBe(true);
        expect(mateIn).toBe(-(answer.value.mate as number));
        expect(mateIn).toBeGreaterThanOrEqual(1);
        expect(mateIn, `${ending.id} ${position.fen()}`).toBeLessThanOrEqual(left);
        expect(position.turn).toBe('black');
      }
    }
  }, 120_000);

  it('never hands out issue 21’s K+R+R v K count draws, nor any candidate the tables call a draw', async () => {
    const krrk = ENDINGS.find((ending) => ending.id === 'KRRK') as Ending;
    const draws = ['4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1', '1k6/8/8/8/8/R4K2/4R3/8 b - 16 8 1'];
    for (const fen of draws) {
      const answer = answerProbe(tablebase, fen);
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value.result, fen).toBe('draw'); // a mate, but longer than the count's 4 moves
    }
    const given: string[] = [];
    const passed: string[] = [];
    for (let seed = 1; seed <= 30; seed++) {
      const { position } = await winnableStart(krrk, seed, probe);
      given.push(position.fen());
      // every candidate before the one handed out was one the tables do not call a loss for Black
      for (const candidate of practiceCandidates(krrk, seed)) {
        if (candidate.fen() === position.fen()) break;
        passed.push(candidate.fen());
        const answer = answerProbe(tablebase, candidate.fen());
        expect(answer.ok && answer.value.result).toBe('draw');
      }
    }
    expect(passed.length).toBeGreaterThan(0); // some seeds' first candidates were drawn again
    for (const fen of draws) expect(given).not.toContain(fen);
  }, 120_000);

  it('throws a clear error when no start is won within the tries', async () => {
    const always: TablebaseProbeFn = async () => ({
      ok: true,
      value: { result: 'draw', strong: 'white', fitsCount: false, moves: [] },
    });
    await expect(winnableStart(ENDINGS[0] as Ending, 1, always, 10)).rejects.toThrow(
      'no KRRK start White can win within the count in 10 tries',
    );
    const failing: TablebaseProbeFn = async () => ({
      ok: false,
      error: { code: 'ERR_TABLEBASE_WORKER', message: 'the worker failed' },
    });
    await expect(winnableStart(ENDINGS[0] as Ending, 1, failing)).rejects.toThrow('the worker failed');
  });
});

describe('Practice: the tables’ start and defence (issues 18, 21)', () => {
  it('says the mate’s length and the count’s moves; Black defends with the tables’ best move, not the engine', async () => {
    const model = new AnalysisModel();
    let asked = 0;
    const engine = {
      running: false,
      toggle() {},
      async bestMove() {
        asked++;
        return undefined;
      },
    } as unknown as EngineController;
    const opponent = new Opponent(model, engine);
    const practice = new Practice(model, probe);
    opponent.advisor = (game) => practice.defence(game.position.fen());
    await practice.start('KSMK', 5);
    const start = model.game.position.fen();
    const verdict = answerProbe(tablebase, start);
    if (!verdict.ok) throw new Error(verdict.error.message);
    expect(practice.active).toBe(true);
    expect(practice.mateIn).toBe(-(verdict.value.mate as number));
    expect(practice.countMoves).toBe(spokenCount(model.game.countingState)?.movesToMate);
    expect(practice.countMoves).toBe(40); // K+S+M v K: limit 44, Black counts from 5
    opponent.start('black', 'full', { remember: false });
    await expect.poll(() => model.path.length).toBe(1);
    expect(model.node.uci).toBe(verdict.value.bestMove);
    expect(asked).toBe(0);
    // the position after it carries the count, so the next defence is probed under it
    expect(model.game.position.fen()).toMatch(/ w - 88 9 2$/);
    // White plays the tables' fastest mate move; Black answers from the tables again
    const white = answerProbe(tablebase, model.game.position.fen());
    if (!white.ok) throw new Error(white.error.message);
    expect(white.value.result).toBe('win');
    expect(model.play(white.value.bestMove as string).ok).toBe(true);
    await expect.poll(() => model.path.length).toBe(3);
    const reply = answerProbe(tablebase, model.parent?.fen ?? '');
    expect(reply.ok && reply.value.bestMove).toBe(model.node.uci);
    expect(asked).toBe(0);
    // another game on screen: practice is over and the tables give no defence
    opponent.stop();
    expect(model.loadFen('4k3/8/8/8/8/8/8/R3K3 b - - 0 1').ok).toBe(true);
    expect(practice.active).toBe(false);
    expect(await practice.defence(model.game.position.fen())).toBeUndefined();
  });
});

describe('reviewPractice: where White lost moves, by the tables (issue 18)', () => {
  /**
   * Plays from a K+R v K start (Black to move at move 1, so White's first move is move 2): Black the tables' best,
   * White the best except at its move index `slowAt` (a `pick` move there).
   */
  async function playOut(slowAt: number, pick: 'slower' | 'draw') {
    const ending = ENDINGS.find((e) => e.id === 'KRK') as Ending;
    const { position: start, mateIn } = await winnableStart(ending, 4, probe);
    let position = start;
    const moves: { san: string; uci: string; fenBefore: string }[] = [];
    let whiteMoves = 0;
    let chosen: { mate?: number; best?: number } = {};
    while (position.outcome() === undefined && moves.length < 80) {
      const answer = answerProbe(tablebase, position.fen());
      if (!answer.ok) throw new Error(answer.error.message);
      let uci = answer.value.bestMove as string;
      if (position.turn === 'white' && whiteMoves++ === slowAt) {
        const best = answer.value.mate as number;
        const other = answer.value.moves.find((move) =>
          pick === 'slower' ? move.result === 'win' && (move.mate ?? 0) > best : move.result !== 'win',
        );
        if (!other) throw new Error(`no ${pick} move in ${position.fen()}`);
        uci = other.uci;
        chosen = { mate: other.mate, best };
      }
      const move = position.findMove(uci);
      if (!move.ok) throw move.error;
      moves.push({ san: answer.value.moves.find((m) => m.uci === uci)?.san ?? uci, uci, fenBefore: position.fen() });
      position = position.play(move.value);
    }
    return { moves, mateIn, chosen, whiteMoves, end: position };
  }

  it('finds the one slower move, its moves lost, and nothing else: the game took the fastest mate plus those', async () => {
    const { moves, mateIn, chosen, whiteMoves, end } = await playOut(1, 'slower');
    expect(end.isCheckmate()).toBe(true);
    const review = await reviewPractice(moves, mateIn, probe);
    const lost = (chosen.mate as number) - (chosen.best as number);
    expect(lost).toBeGreaterThan(0);
    expect(review.fastest).toBe(mateIn);
    expect(review.played).toBe(whiteMoves);
    expect(review.played).toBe(mateIn + lost);
    expect(review.slips).toHaveLength(1);
    expect(review.slips[0]).toMatchObject({ movesLost: lost, winLost: false, uci: moves[3]?.uci, moveNumber: 3 });
  });

  it('marks the move that let the win go, and judges no move after it (the position is drawn)', async () => {
    const { moves, mateIn, end } = await playOut(0, 'draw');
    expect(end.isCheckmate()).toBe(false);
    const review = await reviewPractice(moves, mateIn, probe);
    expect(review.slips).toEqual([
      expect.objectContaining({ winLost: true, movesLost: 0, uci: moves[1]?.uci, moveNumber: 2 }),
    ]);
  });

  it('finds nothing to say of the tables’ own play', async () => {
    const { moves, mateIn } = await playOut(-1, 'slower');
    const review = await reviewPractice(moves, mateIn, probe);
    expect(review).toEqual({ played: mateIn, fastest: mateIn, slips: [] });
  });
});
