// A table's bytes (issue 18): exported from one instance, loaded into a fresh one, every probe the same; bytes that
// are not a table (damaged, cut short, another material, another format) refused with ERR_TABLEBASE_BYTES and the
// reason, never a trap.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TABLEBASE_BYTES_PROBLEMS,
  TABLEBASE_ERRORS,
  TABLEBASE_FILE,
  type TablebaseExports,
  exportTablebase,
  instantiateTablebase,
  loadTablebase,
} from '../dist/index.js';
import { ROLE, prng } from './tablebase-helpers.js';

const ENDINGS = [
  [ROLE.R, 0],
  [ROLE.S, 0],
  [ROLE.R, ROLE.R],
  [ROLE.S, ROLE.M],
  [ROLE.N, ROLE.M],
] as const;

let source: TablebaseExports;
const files = new Map<string, Uint8Array>();
const name = (a: number, b: number): string => `${a}/${b}`;

beforeAll(async () => {
  source = await instantiateTablebase();
  for (const [a, b] of ENDINGS) {
    expect(source.tbGenerate(a, b)).toBe(0);
    const exported = exportTablebase(source, a, b);
    if (!exported.ok) throw new Error(exported.error.message);
    files.set(name(a, b), exported.value);
  }
}, 120_000);

const file = (a: number, b: number): Uint8Array => {
  const bytes = files.get(name(a, b));
  if (!bytes) throw new Error(`no file for ${name(a, b)}`);
  return bytes;
};

describe('exportTablebase', () => {
  it('writes the header: magic, version, material, entries, longest; the length is header + two bytes a position', () => {
    for (const [a, b] of ENDINGS) {
      const bytes = file(a, b);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
      expect(view.getUint32(0, true)).toBe(TABLEBASE_FILE.magic);
      expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('MKTB');
      expect(view.getUint32(4, true)).toBe(TABLEBASE_FILE.version);
      expect(view.getUint32(8, true)).toBe((Math.max(a, b) << 3) | Math.min(a, b));
      expect(view.getUint32(12, true)).toBe(source.tbEntries(a, b));
      expect(view.getInt32(16, true)).toBe(source.tbLongest(a, b));
      expect(bytes.length).toBe(TABLEBASE_FILE.headerBytes + 2 * source.tbEntries(a, b));
    }
    expect(file(ROLE.R, 0).length).toBe(32 + 2 * 65_536);
    expect(file(ROLE.S, ROLE.M).length).toBe(32 + 2 * 8_388_608);
  });

  it('a copy: later work in the instance does not change the bytes given out', () => {
    const before = exportTablebase(source, ROLE.R, 0);
    if (!before.ok) throw new Error(before.error.message);
    expect(source.tbGenerate(ROLE.R, ROLE.M)).toBe(0);
    expect(before.value).toEqual(file(ROLE.R, 0));
    expect(before.value.buffer).not.toBe(source.memory.buffer);
  });

  it('no table is an error value: not generated yet, dead material, bad roles', async () => {
    const fresh = await instantiateTablebase();
    expect(exportTablebase(fresh, ROLE.R, 0)).toMatchObject({
      ok: false,
      error: { code: 'ERR_TABLEBASE_NOT_GENERATED' },
    });
    expect(exportTablebase(fresh, ROLE.N, 0)).toMatchObject({ ok: false, error: { code: 'ERR_TABLEBASE_MATERIAL' } });
    expect(exportTablebase(fresh, 1, 0)).toMatchObject({ ok: false, error: { code: 'ERR_TABLEBASE_MATERIAL' } });
    expect(exportTablebase(fresh, 0, 0)).toMatchObject({ ok: false, error: { code: 'ERR_TABLEBASE_MATERIAL' } });
  });
});

describe('loadTablebase', () => {
  it('round trip: a fresh instance that loads the bytes answers every probe as the generating one', async () => {
    const target = await instantiateTablebase();
    const random = prng(18);
    for (const [a, b] of ENDINGS) {
      expect(target.tbReady(a, b)).toBe(0);
      const loaded = loadTablebase(target, file(a, b), { first: b, second: a }); // roles in either order
      if (!loaded.ok) throw new Error(loaded.error.message);
      expect(loaded.value).toEqual({
        first: Math.max(a, b),
        second: Math.min(a, b),
        entries: source.tbEntries(a, b),
        longest: source.tbLongest(a, b),
      });
      expect(target.tbReady(a, b)).toBe(1);
      expect(target.tbLongest(a, b)).toBe(source.tbLongest(a, b));
      let legal = 0;
      for (let i = 0; i < 200_000; i++) {
        const p = [random(64), random(64), random(64), b ? random(64) : -1, random(2)] as const;
        const want = source.tbProbe(a, b, ...p);
        expect(target.tbProbe(a, b, ...p)).toBe(want);
        if (want >= -1) legal++;
      }
      expect(legal).toBeGreaterThan(50_000);
      // The loaded table is the same table: it exports the same bytes, and tbGenerate has nothing to do.
      const again = exportTablebase(target, a, b);
      expect(again.ok && Buffer.compare(again.value, file(a, b))).toBe(0);
      expect(target.tbGenerate(a, b)).toBe(0);
    }
  }, 120_000);

  it('a four-man table alone answers its probes (the smaller tables only served its generation)', async () => {
    const target = await instantiateTablebase();
    expect(loadTablebase(target, file(ROLE.R, ROLE.R)).ok).toBe(true);
    expect(target.tbReady(ROLE.R, 0)).toBe(0);
    const random = prng(21);
    for (let i = 0; i < 20_000; i++) {
      const p = [random(64), random(64), random(64), random(64), random(2)] as const;
      expect(target.tbProbe(ROLE.R, ROLE.R, ...p)).toBe(source.tbProbe(ROLE.R, ROLE.R, ...p));
    }
  });

  it('takes a view into a larger buffer (a Node Buffer from a pool, a subarray) as well as its own bytes', async () => {
    const target = await instantiateTablebase();
    const rook = file(ROLE.R, 0);
    const padded = new Uint8Array(rook.length + 24);
    padded.set(rook, 8);
    const loaded = loadTablebase(target, padded.subarray(8, 8 + rook.length));
    expect(loaded).toEqual({ ok: true, value: { first: ROLE.R, second: 0, entries: 65_536, longest: 32 } });
    expect(target.tbProbe(ROLE.R, 0, 42, 56, 7, -1, 1)).toBe(3);
  });

  it('loading a table that is there keeps it and succeeds', async () => {
    const target = await instantiateTablebase();
    expect(loadTablebase(target, file(ROLE.R, 0)).ok).toBe(true);
    expect(loadTablebase(target, file(ROLE.R, 0)).ok).toBe(true);
    // The bytes need room while they are checked; that room is given back, so loading again takes no more memory.
    const memory = target.tbMemoryBytes();
    for (let i = 0; i < 5; i++) expect(loadTablebase(target, file(ROLE.R, 0)).ok).toBe(true);
    expect(target.tbMemoryBytes()).toBe(memory);
  });

  const rejected = (tb: TablebaseExports, bytes: Uint8Array, expected?: { first: number; second: number }) => {
    const result = loadTablebase(tb, bytes, expected);
    if (result.ok) throw new Error('loaded');
    expect(result.error.code).toBe('ERR_TABLEBASE_BYTES');
    return result.error.problem;
  };
  const changed = (bytes: Uint8Array, at: number, xor = 1): Uint8Array => {
    const copy = bytes.slice();
    copy[at] = (copy[at] ?? 0) ^ xor;
    return copy;
  };

  it('damaged, cut short, lengthened, another material, another format: ERR_TABLEBASE_BYTES and why', async () => {
    const tb = await instantiateTablebase();
    const rook = file(ROLE.R, 0);
    const two = file(ROLE.S, ROLE.M);
    expect(rejected(tb, rook.subarray(0, rook.length - 1))).toBe('length');
    expect(rejected(tb, rook.subarray(0, 100))).toBe('length');
    expect(rejected(tb, new Uint8Array(0))).toBe('length');
    expect(rejected(tb, new Uint8Array([...rook, 0]))).toBe('length');
    for (const at of [32, 1000, 32 + 65_536, rook.length - 1]) expect(rejected(tb, changed(rook, at))).toBe('checksum');
    expect(rejected(tb, changed(two, two.length - 5, 0x80))).toBe('checksum');
    expect(rejected(tb, changed(rook, 16))).toBe('checksum'); // the longest mate
    expect(rejected(tb, changed(rook, 24))).toBe('checksum'); // the checksum itself
    expect(rejected(tb, changed(rook, 0))).toBe('magic');
    expect(rejected(tb, changed(rook, 4))).toBe('version');
    expect(rejected(tb, rook, { first: ROLE.S, second: 0 })).toBe('material'); // the right length, not KSK
    expect(rejected(tb, file(ROLE.R, ROLE.R), { first: ROLE.R, second: ROLE.N })).toBe('material');
    // Another material's key in the header, of the same length: the checksum (which covers the header) refuses it.
    const relabelled = file(ROLE.R, ROLE.R).slice();
    relabelled[8] = (ROLE.R << 3) | ROLE.N;
    expect(rejected(tb, relabelled)).toBe('checksum');
    relabelled[8] = (ROLE.N << 3) | 0; // K+N v K: no such table
    expect(rejected(tb, relabelled)).toBe('material');
    expect(rejected(tb, 'KRK' as unknown as Uint8Array)).toBe('length');
    // Nothing was loaded, and memory did not grow with each refusal.
    for (const [a, b] of ENDINGS) expect(tb.tbReady(a, b)).toBe(0);
    const memory = tb.tbMemoryBytes();
    for (let i = 0; i < 10; i++) expect(rejected(tb, changed(two, 5000))).toBe('checksum');
    expect(tb.tbMemoryBytes()).toBe(memory);
    // And the instance still works: it loads good bytes after all that.
    expect(loadTablebase(tb, two).ok).toBe(true);
    expect(tb.tbProbe(ROLE.S, ROLE.M, 0, 63, 9, 10, 1)).toBe(source.tbProbe(ROLE.S, ROLE.M, 0, 63, 9, 10, 1));
  });

  it('bad expected roles are ERR_TABLEBASE_MATERIAL; the codes and problems are named', async () => {
    const tb = await instantiateTablebase();
    const result = loadTablebase(tb, file(ROLE.R, 0), { first: 1, second: 0 });
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_TABLEBASE_MATERIAL' } });
    expect(TABLEBASE_ERRORS[6]).toBe('ERR_TABLEBASE_BYTES');
    expect(Object.values(TABLEBASE_BYTES_PROBLEMS)).toEqual(['length', 'magic', 'version', 'material', 'checksum']);
    const damaged = loadTablebase(tb, changed(file(ROLE.R, 0), 40));
    expect(damaged.ok ? '' : damaged.error.message).toMatch(/checksum/);
  });
});
