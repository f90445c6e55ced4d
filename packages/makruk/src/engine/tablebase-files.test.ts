// A Tablebase's tables as bytes (issue 18): exported from one instance, imported into a fresh one that then answers
// without generating, and every bad input an error value with a stable code.
import { describe, expect, it } from 'vitest';
import { Position } from '../rules/position.js';
import { Tablebase } from './tablebase.js';

const position = (fen: string): Position => {
  const parsed = Position.fromFen(fen);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

/** A probe as plain data (moves as UCI-like squares), to compare two instances' answers. */
const answer = (tb: Tablebase, fen: string): string => {
  const probed = tb.probe(position(fen));
  if (!probed.ok) return probed.error.code;
  return JSON.stringify(probed.value);
};

describe('Tablebase.materials and materialOf', () => {
  it('names every table by its men: two of three men, ten of four', () => {
    expect(Tablebase.materials(3)).toEqual(['KRK', 'KSK']);
    expect(Tablebase.materials(4)).toEqual([
      'KRRK',
      'KRNK',
      'KRSK',
      'KRMK',
      'KNNK',
      'KNSK',
      'KNMK',
      'KSSK',
      'KSMK',
      'KMMK',
    ]);
  });

  it("names a position's table, the larger piece first, whoever is strong", async () => {
    const tb = await Tablebase.create();
    expect(tb.materialOf(position('8/8/8/4k3/8/8/8/R3K3 w - - 0 1'))).toEqual({ ok: true, value: 'KRK' });
    expect(tb.materialOf(position('n3k3/8/8/8/8/8/r7/4K3 b - - 0 1'))).toEqual({ ok: true, value: 'KRNK' });
    expect(tb.materialOf(position('8/8/8/4k3/8/8/8/M1S1K3 w - - 0 1'))).toEqual({ ok: true, value: 'KSMK' });
    const knight = tb.materialOf(position('8/8/8/4k3/8/8/8/N3K3 w - - 0 1'));
    expect(knight.ok ? '' : knight.error.code).toBe('ERR_TABLEBASE_MATERIAL'); // always a draw: no table
    const pawn = tb.materialOf(position('8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1'));
    expect(pawn.ok ? '' : pawn.error.code).toBe('ERR_TABLEBASE_POSITION');
    const wrong = tb.materialOf('KRK' as unknown as Position);
    expect(wrong.ok ? '' : wrong.error.code).toBe('ERR_ARGUMENT');
  });
});

describe('exportTable and importTable', () => {
  it('a fresh Tablebase that imports the bytes is ready at once and answers exactly as the one that made them', async () => {
    const maker = await Tablebase.create();
    const rook = maker.exportTable('KRK');
    const rooks = maker.exportTable('KRRK');
    if (!rook.ok || !rooks.ok) throw new Error('export failed');
    expect(rook.value.length).toBe(32 + 2 * 65_536);
    expect(rooks.value.length).toBe(32 + 2 * 4_194_304);
    const fresh = await Tablebase.create();
    const fens = [
      '4K3/8/8/3RR3/8/8/1k6/8 b - 16 8 1', // issue 21: a count draw
      '1k6/8/8/8/8/R4K2/4R3/8 b - 16 8 1',
      '8/8/8/4k3/8/8/8/RR2K3 w - - 0 1',
      '8/8/8/8/3k4/8/2R5/R3K3 b - 16 8 1', // the bare king can take: K+R v K from here
      '8/8/8/4k3/8/8/8/R3K3 w - - 0 1',
      'k7/2K5/8/8/8/8/8/R7 b - 16 9 1', // checkmated
    ];
    expect(fresh.isReady(position(fens[0] as string))).toBe(false);
    expect(fresh.importTable(rooks.value)).toEqual({ ok: true, value: 'KRRK' });
    expect(fresh.importTable(rook.value, 'KRK')).toEqual({ ok: true, value: 'KRK' });
    expect(fresh.isReady(position(fens[0] as string))).toBe(true);
    for (const fen of fens) expect(answer(fresh, fen), fen).toBe(answer(maker, fen));
    // Random K+R+R v K positions, both sides to move: every answer the same.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    let compared = 0;
    while (compared < 150) {
      const board: string[] = new Array(64).fill('1');
      const squares = new Set<number>();
      while (squares.size < 4) squares.add(random(64));
      const [k, b, x, y] = [...squares] as [number, number, number, number];
      [board[k], board[b], board[x], board[y]] = ['K', 'k', 'R', 'R'];
      const rows = [];
      for (let r = 7; r >= 0; r--) rows.push(board.slice(r * 8, r * 8 + 8).join(''));
      const parsed = Position.fromFen(`${rows.join('/')} ${random(2) ? 'w' : 'b'} - 16 ${random(16)} 1`);
      if (!parsed.ok) continue;
      const fen = parsed.value.fen();
      expect(answer(fresh, fen), fen).toBe(answer(maker, fen));
      compared++;
    }
    // A table's bytes out of the importing instance are the bytes it took.
    const again = fresh.exportTable('KRRK');
    expect(again.ok && Buffer.compare(again.value, rooks.value)).toBe(0);
  }, 60_000);

  it('takes the pieces in either order and names the table by the larger first', async () => {
    const maker = await Tablebase.create();
    const bytes = maker.exportTable('KMNK');
    if (!bytes.ok) throw bytes.error;
    const fresh = await Tablebase.create();
    expect(fresh.importTable(bytes.value, 'KMNK')).toEqual({ ok: true, value: 'KNMK' });
    expect(fresh.isReady(position('8/8/8/4k3/8/8/8/M2NK3 w - - 0 1'))).toBe(true);
  });

  it('no such table, a name that is none, a wrong argument: error values with stable codes', async () => {
    const tb = await Tablebase.create();
    const code = (result: { ok: boolean; error?: { code: string } }): string =>
      result.ok ? 'ok' : (result.error?.code ?? '');
    expect(code(tb.exportTable('KNK'))).toBe('ERR_TABLEBASE_MATERIAL'); // K+N v K never mates: no table
    expect(code(tb.exportTable('KMK'))).toBe('ERR_TABLEBASE_MATERIAL');
    expect(code(tb.exportTable('KPK'))).toBe('ERR_TABLEBASE_MATERIAL');
    expect(code(tb.exportTable('KRNSK'))).toBe('ERR_TABLEBASE_MATERIAL');
    expect(code(tb.exportTable('krk'))).toBe('ERR_TABLEBASE_MATERIAL');
    expect(code(tb.exportTable(42 as unknown as string))).toBe('ERR_ARGUMENT');
    expect(code(tb.importTable('KRK' as unknown as Uint8Array))).toBe('ERR_ARGUMENT');
    const rook = tb.exportTable('KRK');
    if (!rook.ok) throw rook.error;
    expect(code(tb.importTable(rook.value, 'KXK'))).toBe('ERR_TABLEBASE_MATERIAL');
  });

  it('bad bytes are ERR_TABLEBASE_BYTES, saying why; the Tablebase still generates as before', async () => {
    const maker = await Tablebase.create();
    const rook = maker.exportTable('KRK');
    if (!rook.ok) throw rook.error;
    const fresh = await Tablebase.create();
    const refused = (bytes: Uint8Array, material?: string): string => {
      const result = fresh.importTable(bytes, material);
      if (result.ok) throw new Error('imported');
      expect(result.error.code).toBe('ERR_TABLEBASE_BYTES');
      return result.error.message;
    };
    const damaged = rook.value.slice();
    damaged[5000] = (damaged[5000] ?? 0) ^ 4;
    expect(refused(damaged)).toMatch(/checksum/);
    expect(refused(rook.value.subarray(0, 1000))).toMatch(/length/);
    expect(refused(new Uint8Array(0))).toMatch(/length/);
    expect(refused(rook.value, 'KSK')).toMatch(/^not the table KSK: .*material/);
    const start = position('8/8/8/4k3/8/8/8/R3K3 w - - 0 1');
    expect(fresh.isReady(start)).toBe(false);
    expect(answer(fresh, start.fen())).toBe(answer(maker, start.fen())); // generated now, as without bytes
  });
});
