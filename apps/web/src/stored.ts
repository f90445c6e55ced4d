// What the page keeps on the device (localStorage), every key in one table and every read and write through
// stored(): a storage that is missing or refuses (private mode, quota, a blocked origin) is ignored, never thrown —
// a read gives the default, a write is lost and the page keeps working with the value for this visit.

/** The page's storage keys (a `:v1` suffix is bumped when a value's shape changes). */
export const STORAGE_KEYS = {
  game: 'makruk-web:game:v1',
  engine: 'makruk-web:engine:v1',
  opponent: 'makruk-web:opponent:v1',
  // a game against the computer, timed or not (the key's name is from when only timed games were kept)
  play: 'makruk-web:timed-game:v1',
  practice: 'makruk-web:practice:v1',
  analysis: 'makruk-web:analysis:v1',
  locale: 'makruk-web:locale',
  theme: 'makruk-web:theme',
  notation: 'makruk-web:notation',
} as const;

export type StorageName = keyof typeof STORAGE_KEYS;

export interface Stored<T> {
  /** The saved value, or the default when there is none, it cannot be read or `parse` refuses it. */
  read(): T;
  /** Saves `value`; false when the storage refused it. */
  write(value: T): boolean;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * One stored preference: `parse` turns the saved text into a value (undefined: not one, use `fallback`), `format`
 * turns a value into text (JSON by default).
 */
export function stored<T>(
  name: StorageName,
  fallback: T,
  parse: (text: string) => T | undefined,
  format: (value: T) => string = JSON.stringify,
): Stored<T> {
  const key = STORAGE_KEYS[name];
  return {
    read() {
      try {
        const text = storage()?.getItem(key);
        return text == null ? fallback : (parse(text) ?? fallback);
      } catch {
        return fallback;
      }
    },
    write(value) {
      try {
        const store = storage();
        if (!store) return false;
        store.setItem(key, format(value));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** `parse` for a stored JSON value: the parsed value given to `read` (which returns undefined to refuse it). */
export function json<T>(read: (value: unknown) => T | undefined): (text: string) => T | undefined {
  return (text) => read(JSON.parse(text));
}

/** A preference stored as one of a few words, written as the word itself. */
export function storedWord<const W extends string, F extends W | undefined>(
  name: StorageName,
  fallback: F,
  words: readonly W[],
): Stored<W | F> {
  return stored<W | F>(name, fallback, (text) => (words.includes(text as W) ? (text as W) : undefined), String);
}
