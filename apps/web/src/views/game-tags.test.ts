// The PGN Date tag as the game panel shows it: a real date in words with its datetime, what is unknown left out, and
// a date that cannot be (a 13th month, 30 February) shown as written rather than as another day.
import { describe, expect, it } from 'vitest';
import { gameDate } from './game-tags.js';

describe('gameDate', () => {
  it('writes a whole or partial date in words, with its datetime', () => {
    expect(gameDate('2024.05.01')).toEqual({ text: '1 May 2024', datetime: '2024-05-01' });
    expect(gameDate('2024.05.??')).toEqual({ text: 'May 2024', datetime: '2024-05' });
    expect(gameDate('2024.??.??')).toEqual({ text: '2024', datetime: '2024' });
    expect(gameDate('2024.02.29')).toEqual({ text: '29 February 2024', datetime: '2024-02-29' });
  });

  it('shows an impossible date as written, never as a neighbouring day', () => {
    expect(gameDate('2024.02.30')).toEqual({ text: '2024.02.30', datetime: '' });
    expect(gameDate('2023.02.29')).toEqual({ text: '2023.02.29', datetime: '' });
    expect(gameDate('2024.04.31')).toEqual({ text: '2024.04.31', datetime: '' });
    expect(gameDate('2024.13.01')).toEqual({ text: '2024.13.01', datetime: '' });
  });

  it('shows nothing for an unknown date', () => {
    expect(gameDate(undefined)).toBeUndefined();
    expect(gameDate('????.??.??')).toBeUndefined();
  });
});
