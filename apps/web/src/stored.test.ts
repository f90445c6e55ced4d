// The page's stored preferences: one helper reads and writes them, a storage that is missing or refuses never
// throws, a value that is not one gives the default, and no other module touches localStorage.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, STORAGE_KEYS, stored, storedWord } from './stored.js';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stored', () => {
  test('reads what it wrote, under the key of its name', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const theme = storedWord('theme', undefined, ['light', 'dark']);
    expect(theme.read()).toBeUndefined();
    expect(theme.write('dark')).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(theme.read()).toBe('dark');
    const settings = stored(
      'engine',
      { multiPv: 3 },
      json((value) => value as { multiPv: number }),
    );
    settings.write({ multiPv: 5 });
    expect(storage.getItem('makruk-web:engine:v1')).toBe('{"multiPv":5}');
    expect(settings.read()).toEqual({ multiPv: 5 });
  });

  test('a saved value that is not one gives the default', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    storage.setItem(STORAGE_KEYS.notation, 'klingon');
    expect(storedWord('notation', 'algebraic', ['algebraic', 'thai']).read()).toBe('algebraic');
    storage.setItem(STORAGE_KEYS.engine, '{not json');
    expect(
      stored(
        'engine',
        7,
        json((value) => (typeof value === 'number' ? value : undefined)),
      ).read(),
    ).toBe(7);
  });

  test('a missing or refusing storage never throws: reads give the default, writes say false', () => {
    const notation = storedWord('notation', 'algebraic', ['algebraic', 'thai']);
    vi.stubGlobal('localStorage', undefined);
    expect(notation.read()).toBe('algebraic');
    expect(notation.write('thai')).toBe(false);
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', refusing);
    expect(notation.read()).toBe('algebraic');
    expect(notation.write('thai')).toBe(false);
  });

  test('no other module of the page touches localStorage', () => {
    const src = import.meta.dirname;
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'stored.ts',
    );
    expect(files.length).toBeGreaterThan(10);
    const touching = files.filter((file) => /\blocalStorage\b/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(touching).toEqual([]);
  });
});
