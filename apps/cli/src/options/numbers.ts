// Whole-number option values, parsed by commander (`.argParser(wholeNumber(…))`): a bad value is an
// InvalidArgumentError, which the CLI prints as `makruk: ERR_ARGUMENT: …` with exit code 2.
import { MAX_SEARCH_DEPTH } from '@makruk/makruk';
import { InvalidArgumentError } from 'commander';

/** A parser for a whole number from `min` to `max` (decimal digits only: no sign, fraction or exponent). */
export function wholeNumber(min: number, max: number = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    const trimmed = text.trim();
    const value = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
      throw new InvalidArgumentError(`Expected a whole number ${range}.`);
    }
    return value;
  };
}

/** The longest search an option may ask for (`--movetime`): one day, in milliseconds. */
export const MAX_MOVETIME_MS = 86_400_000;

/** `--depth`: plies, up to the engine's maximum depth. */
export const searchDepth = wholeNumber(1, MAX_SEARCH_DEPTH);

/** `--movetime`: milliseconds, up to MAX_MOVETIME_MS. */
export const searchMovetime = wholeNumber(1, MAX_MOVETIME_MS);
