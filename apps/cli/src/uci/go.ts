// The `go` command's grammar, both ways: parseGo reads what a GUI sends to `makruk uci` (wtime btime winc binc
// movestogo depth nodes movetime infinite ponder, plus mate, perft and searchmoves), formatGo writes what the match
// runner sends to an engine.

export interface GoLimits {
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  depth?: number;
  nodes?: number;
  movetime?: number;
  infinite?: boolean;
  /** `go ponder`: think on the opponent's time until `ponderhit` (then play on the clock) or `stop`. */
  ponder?: boolean;
  /** `go mate N`: searched as a depth limit of 2N−1 plies. */
  mate?: number;
  /** `go perft N`: count leaf nodes instead of searching. */
  perft?: number;
}

/**
 * What a `go` line asked for. A malformed part (`depth abc`, `nodes 0`, a key without its value, an unknown word)
 * does not refuse the whole command: it is skipped and described in `errors`, and the rest is searched, so every
 * `go` still gets its `bestmove`. `notes` are parts accepted but not acted on.
 */
export interface GoParse {
  limits: GoLimits;
  notes: string[];
  errors: string[];
}

const TIME_KEYS = ['wtime', 'btime', 'winc', 'binc', 'movetime'] as const;
const COUNT_KEYS = ['movestogo', 'depth', 'nodes', 'mate', 'perft'] as const;
const KEYWORDS = new Set<string>([...TIME_KEYS, ...COUNT_KEYS, 'infinite', 'ponder', 'searchmoves']);
const MOVE = /^[a-h][1-8][a-h][1-8]m?$/;

function shown(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(clean.length > 20 ? `${clean.slice(0, 20)}…` : clean);
}

/** Times may be negative (a GUI reporting a clock that already ran out); counts are whole numbers ≥ 0 / ≥ 1. */
export function parseGo(tokens: readonly string[]): GoParse {
  const limits: GoLimits = {};
  const notes: string[] = [];
  const errors: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const key = tokens[i] as string;
    if (key === 'infinite') {
      limits.infinite = true;
      continue;
    }
    if (key === 'ponder') {
      limits.ponder = true;
      continue;
    }
    if (key === 'searchmoves') {
      while (i + 1 < tokens.length && MOVE.test(tokens[i + 1] as string)) i++;
      notes.push('go searchmoves is not supported; searching all moves');
      continue;
    }
    if (!KEYWORDS.has(key)) {
      errors.push(`go: unknown limit ${shown(key)} ignored`);
      continue;
    }
    // A value that is itself a keyword is not this key's value: `go wtime btime 100` keeps btime.
    const next = tokens[i + 1];
    const text = next !== undefined && !KEYWORDS.has(next) ? next : undefined;
    if (text !== undefined) i++;
    if ((TIME_KEYS as readonly string[]).includes(key)) {
      if (text === undefined || !/^-?\d+$/.test(text)) {
        errors.push(`go ${key} needs milliseconds, got ${text === undefined ? 'nothing' : shown(text)}; ignored`);
        continue;
      }
      limits[key as (typeof TIME_KEYS)[number]] = Number(text);
      continue;
    }
    if (text === undefined || !/^\d+$/.test(text)) {
      errors.push(`go ${key} needs a whole number, got ${text === undefined ? 'nothing' : shown(text)}; ignored`);
      continue;
    }
    const value = Number(text);
    const min = key === 'movestogo' || key === 'perft' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < min) {
      errors.push(`go ${key} must be at least ${min}, got ${shown(text)}; ignored`);
      continue;
    }
    limits[key as (typeof COUNT_KEYS)[number]] = value;
  }
  return { limits, notes, errors };
}

/** True when the limits say when to stop (or to wait for `stop`); an empty `go` means "until stop". */
export function hasLimit(limits: GoLimits): boolean {
  return Object.keys(limits).length > 0;
}

const ORDER = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime', 'perft'] as const;

/** The `go` line for these limits (the inverse of parseGo for well-formed input). */
export function formatGo(limits: GoLimits): string {
  const parts = ['go'];
  if (limits.ponder) parts.push('ponder');
  for (const key of ORDER) {
    const value = limits[key];
    if (value !== undefined) parts.push(key, String(value));
  }
  if (limits.infinite) parts.push('infinite');
  return parts.join(' ');
}
