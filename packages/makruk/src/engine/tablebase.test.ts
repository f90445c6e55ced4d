import { describe, expect, it } from 'vitest';
import { Position } from '../rules/position.js';
import { makeUci } from '../rules/uci.js';
import { Tablebase, probeTablebase } from './tablebase.js';

const position = (fen: string): Position => {
  const parsed = Position.fromFen(fen);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

describe('probeTablebase', () => {
  it("issue 21's K+R+R v K positions are draws under the count, though a mate exists", async () => {
    for (const fen of ['4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1', '1k6/8/8/8/8/R4K2/4R3/8 b - 16 8 1']) {
      const probed = await probeTablebase(position(fen));
      if (!probed.ok) throw probed.error;
      expect(probed.value.result, fen).toBe('draw');
      expect(probed.value.fitsCount).toBe(false);
      expect(probed.value.matePlies ?? 0).toBeGreaterThan(8);
      expect(probed.value.mate).toBeLessThan(0); // the bare king is to move
    }
  });

  it('K+R v K wins inside the count that the next move starts, and the best move mates one ply sooner', async () => {
    const tb = await Tablebase.create();
    const start = position('8/8/8/4k3/8/8/8/R3K3 w - - 0 1');
    const probed = tb.probe(start);
    if (!probed.ok) throw probed.error;
    const { result, mate, matePlies, fitsCount, bestMove, strong } = probed.value;
    expect({ result, fitsCount, strong }).toEqual({ result: 'win', fitsCount: true, strong: 'white' });
    expect(mate).toBe(((matePlies ?? 0) + 1) / 2);
    if (!bestMove) throw new Error('no best move');
    const after = tb.probe(start.play(bestMove));
    if (!after.ok) throw after.error;
    expect(after.value.matePlies).toBe((matePlies ?? 0) - 1);
    expect(after.value.result).toBe('loss');
    // The same ending with colours swapped (Black strong, ranks mirrored) has the same mate.
    const mirrored = tb.probe(position('r3k3/8/8/8/4K3/8/8/8 b - - 0 1'));
    if (!mirrored.ok) throw mirrored.error;
    expect(mirrored.value.matePlies).toBe(matePlies);
    expect(mirrored.value.strong).toBe('black');
    expect(makeUci(bestMove)).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  });

  it('a count with too few plies left is a draw; with enough, a win', async () => {
    const tb = await Tablebase.create();
    const base = tb.probe(position('8/8/8/4k3/8/8/8/R3K3 b - 32 6 1'));
    if (!base.ok) throw base.error;
    const plies = base.value.matePlies ?? 0;
    const exact = tb.probe(position(`8/8/8/4k3/8/8/8/R3K3 b - 32 ${32 - plies} 1`));
    const last = tb.probe(position(`8/8/8/4k3/8/8/8/R3K3 b - 32 ${33 - plies} 1`));
    const short = tb.probe(position(`8/8/8/4k3/8/8/8/R3K3 b - 32 ${34 - plies} 1`));
    if (!exact.ok || !last.ok || !short.ok) throw new Error('probe failed');
    expect(exact.value.result).toBe('loss'); // the mate lands on the ply that reaches the limit: a win
    // one ply past the limit: every position before it is within the limit, and a checkmate is not drawn by the count
    expect(last.value.result).toBe('loss');
    expect(short.value.result).toBe('draw');
  });

  it('K+N v K and K+M+M v K on one colour are draws; no table is an error value', async () => {
    const tb = await Tablebase.create();
    for (const fen of ['8/8/8/4k3/8/8/8/N3K3 w - - 0 1', '8/8/8/4k3/8/8/8/M1M1K3 w - - 0 1']) {
      const probed = tb.probe(position(fen));
      if (!probed.ok) throw probed.error;
      expect(probed.value.result, fen).toBe('draw');
      expect(probed.value.mate).toBeUndefined();
    }
    for (const fen of [
      '8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1', // a pawn
      '8/8/8/4k3/8/8/8/RNS1K3 w - - 0 1', // five men
      '8/8/8/4k3/8/8/8/R3K2r w - - 0 1', // pieces on both sides
    ]) {
      const probed = tb.probe(position(fen));
      expect(probed.ok, fen).toBe(false);
      if (!probed.ok) expect(probed.error.code).toBe('ERR_TABLEBASE_POSITION');
    }
  });
});

describe("every move's own result", () => {
  it('each move says what its child says, from the mover; the position takes its best move', async () => {
    const tb = await Tablebase.create();
    for (const fen of [
      '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', // White mates: some moves win, a rook given away draws
      '8/8/8/4k3/8/8/8/R3K3 b - 32 6 1', // the bare king: every move loses
      '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1', // a count draw: every move draws
      '8/8/8/8/8/2k5/1R6/K7 b - 32 10 1', // the bare king can take the rook
    ]) {
      const start = position(fen);
      const probed = tb.probe(start);
      if (!probed.ok) throw probed.error;
      const { moves, result, mate, bestMove } = probed.value;
      expect(moves.map(({ move }) => makeUci(move)).sort(), fen).toEqual(start.legalMoves().map(makeUci).sort());
      for (const entry of moves) {
        const next = start.play(entry.move);
        const child = next.pieces().length === 2 ? undefined : tb.probe(next);
        if (child && !child.ok) throw child.error;
        const flipped = { win: 'loss', loss: 'win', draw: 'draw' } as const;
        expect(entry.result, `${fen} ${makeUci(entry.move)}`).toBe(child ? flipped[child.value.result] : 'draw');
        if (child?.value.matePlies === undefined) expect(entry.mate).toBeUndefined();
        else {
          expect(entry.matePlies).toBe(child.value.matePlies + 1);
          // The child's mate is from the other side: mated in k there is mate k + 1 here; mating in k is -k.
          const childMate = child.value.mate ?? 0;
          expect(entry.mate).toBe(childMate <= 0 ? 1 - childMate : -childMate);
        }
      }
      const best = moves.find((entry) => bestMove && makeUci(entry.move) === makeUci(bestMove));
      expect(best?.result, fen).toBe(result);
      if (result !== 'draw') expect(best?.mate, fen).toBe(mate);
    }
  });
});

describe('the retrograde property, by the library’s own move generation', () => {
  it('a win is one ply more than its fastest child, a loss one more than its slowest; a draw has a drawing child', async () => {
    const tb = await Tablebase.create();
    let seed = 5;
    const random = (n: number): number => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const plies = (p: Position): number => {
      if (p.pieces().length === 2) return -1; // K v K
      const probed = tb.probe(p);
      if (!probed.ok) throw probed.error;
      return probed.value.matePlies ?? -1;
    };
    let checked = 0;
    for (const letters of ['SM', 'NM', 'RN']) {
      for (let tries = 0, found = 0; found < 40 && tries < 100_000; tries++) {
        const squares = new Set<number>();
        while (squares.size < 4) squares.add(random(64));
        const [k, b, x, y] = [...squares] as [number, number, number, number];
        const board: string[] = new Array(64).fill('1');
        board[k] = 'K';
        board[b] = 'k';
        board[x] = letters[0] as string;
        board[y] = letters[1] as string;
        const rows = [];
        for (let r = 7; r >= 0; r--) rows.push(board.slice(r * 8, r * 8 + 8).join(''));
        const parsed = Position.fromFen(`${rows.join('/')} ${random(2) ? 'w' : 'b'} - - 0 1`);
        if (!parsed.ok) continue;
        const p = parsed.value;
        const value = plies(p);
        const children = p.legalMoves().map((move) => plies(p.play(move)));
        if (children.length === 0) {
          expect(value).toBe(p.isCheckmate() ? 0 : -1);
        } else if (p.turn === 'white') {
          const wins = children.filter((c) => c >= 0);
          expect(value, p.fen()).toBe(wins.length ? Math.min(...wins) + 1 : -1);
        } else {
          expect(value, p.fen()).toBe(children.some((c) => c < 0) ? -1 : Math.max(...children) + 1);
        }
        found++;
        checked++;
      }
    }
    expect(checked).toBe(120);
  }, 120_000);
});
