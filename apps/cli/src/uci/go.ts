// The `go` command's limits: wtime btime winc binc movestogo depth nodes movetime infinite, plus mate, perft,
// ponder and searchmoves (accepted with a note; see GoLimits).

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
  /** `go mate N`: searched as a depth limit of 2N−1 plies. */
  mate?: number;
  /** `go perft N`: count leaf nodes instead of searching. */
  perft?: number;
}

export type GoParse = { ok: true; limits: GoLimits; notes: string[] } | { ok: false; message: string };

const TIME_KEYS = ['wtime', 'btime', 'winc', 'binc', 'movetime'] as const;
const COUNT_KEYS = ['movestogo', 'depth', 'nodes', 'mate', 'perft'] as const;
const MOVE = /^[a-h][1-8][a-h][1-8]m?$/;

/** Times may be negative (a GUI reporting a clock that already ran out); counts are whole numbers ≥ 0 / ≥ 1. */
export function parseGo(tokens: readonly string[]): GoParse {
  const limits: GoLimits = {};
  const notes: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const key = tokens[i] as string;
    if (key === 'infinite') {
      limits.infinite = true;
      continue;
    }
    if (key === 'ponder') {
      notes.push('go ponder is not supported (no Ponder option); searching normally');
      continue;
    }
    if (key === 'searchmoves') {
      while (i + 1 < tokens.length && MOVE.test(tokens[i + 1] as string)) i++;
      notes.push('go searchmoves is not supported; searching all moves');
      continue;
    }
    const text = tokens[i + 1];
    if ((TIME_KEYS as readonly string[]).includes(key)) {
      if (text === undefined || !/^-?\d+$/.test(text)) return { ok: false, message: `go ${key} needs milliseconds, got ${text ?? 'nothing'}` };
      limits[key as (typeof TIME_KEYS)[number]] = Number(text);
      i++;
      continue;
    }
    if ((COUNT_KEYS as readonly string[]).includes(key)) {
      if (text === undefined || !/^\d+$/.test(text)) return { ok: false, message: `go ${key} needs a whole number, got ${text ?? 'nothing'}` };
      const value = Number(text);
      const min = key === 'movestogo' ? 0 : key === 'perft' ? 0 : 1;
      if (!Number.isSafeInteger(value) || value < min) return { ok: false, message: `go ${key} must be at least ${min}, got ${text}` };
      limits[key as (typeof COUNT_KEYS)[number]] = value;
      i++;
      continue;
    }
    return { ok: false, message: `go: unknown limit ${JSON.stringify(key)}` };
  }
  return { ok: true, limits, notes };
}
