// Whole-number option values.
import { CliError } from '../errors.js';

export function parseDepth(text: string, name = 'depth', max = 20): number {
  if (!/^\d+$/.test(text.trim())) throw new CliError('ERR_ARGUMENT', `${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < 1 || value > max) throw new CliError('ERR_ARGUMENT', `${name} must be between 1 and ${max}, got ${value}`);
  return value;
}
