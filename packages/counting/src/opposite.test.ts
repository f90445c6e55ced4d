import { describe, expect, it } from 'vitest';
import { CountingError, opposite } from './types.js';

describe('opposite', () => {
  it('swaps the sides', () => {
    expect(opposite('white')).toBe('black');
    expect(opposite('black')).toBe('white');
  });

  it('refuses a value that is not a colour with a typed error', () => {
    const bad = 42 as unknown as 'white';
    expect(() => opposite(bad)).toThrow(CountingError);
    try {
      opposite(bad);
    } catch (e) {
      expect((e as CountingError).code).toBe('ERR_COLOR');
      expect((e as CountingError).message).toMatch(/42/);
    }
  });
});
