// Whole-number option values, parsed by commander (`.argParser(wholeNumber(…))`): a bad value is an
// InvalidArgumentError, which the CLI prints as `makruk: ERR_ARGUMENT: …` with exit code 2.
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
