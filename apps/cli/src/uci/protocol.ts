/** Parsing of the UCI lines an engine writes (`id`, `option`, `info`, `bestmove`) and writing of `go` commands. */
import type { GoClockParams, MoveLimit } from './clock.js';

export type EngineScore = { kind: 'cp'; value: number } | { kind: 'mate'; value: number };

export interface InfoLine {
  depth?: number;
  seldepth?: number;
  multipv?: number;
  score?: EngineScore;
  /** `lowerbound` / `upperbound` after the score: the value is only a bound. */
  bound?: 'lower' | 'upper';
  nodes?: number;
  nps?: number;
  timeMs?: number;
  pv?: string[];
  /** `info string …`: free text. */
  string?: string;
}

export interface BestMoveLine {
  /** As the engine wrote it, e.g. `e3e4`, `c5c6m`, `(none)`, `0000`. */
  move: string;
  ponder?: string;
}

export interface OptionLine {
  name: string;
  type: string;
  default?: string;
  min?: number;
  max?: number;
  vars: string[];
}

const INTEGER_FIELDS: Record<string, 'depth' | 'seldepth' | 'multipv' | 'nodes' | 'nps' | 'timeMs'> = {
  depth: 'depth',
  seldepth: 'seldepth',
  multipv: 'multipv',
  nodes: 'nodes',
  nps: 'nps',
  time: 'timeMs',
};

/** Parses an `info …` line; fields it does not know are skipped. Undefined when the line is not an info line. */
export function parseInfoLine(line: string): InfoLine | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'info') return undefined;
  const info: InfoLine = {};
  let i = 1;
  while (i < tokens.length) {
    const key = tokens[i] ?? '';
    const intField = INTEGER_FIELDS[key];
    if (intField !== undefined) {
      const value = Number(tokens[i + 1]);
      if (Number.isInteger(value)) info[intField] = value;
      i += 2;
    } else if (key === 'score') {
      const kind = tokens[i + 1];
      const value = Number(tokens[i + 2]);
      if ((kind === 'cp' || kind === 'mate') && Number.isInteger(value)) info.score = { kind, value };
      i += 3;
      const bound = tokens[i];
      if (bound === 'lowerbound' || bound === 'upperbound') {
        info.bound = bound === 'lowerbound' ? 'lower' : 'upper';
        i += 1;
      }
    } else if (key === 'pv') {
      info.pv = tokens.slice(i + 1);
      break;
    } else if (key === 'string') {
      info.string = tokens.slice(i + 1).join(' ');
      break;
    } else {
      i += 1;
    }
  }
  return info;
}

/** Parses `bestmove <move> [ponder <move>]`. Undefined when the line is not a bestmove line. */
export function parseBestMoveLine(line: string): BestMoveLine | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'bestmove') return undefined;
  const move = tokens[1] ?? '';
  const result: BestMoveLine = { move };
  if (tokens[2] === 'ponder' && tokens[3] !== undefined) result.ponder = tokens[3];
  return result;
}

const OPTION_KEYWORDS = new Set(['name', 'type', 'default', 'min', 'max', 'var']);

/** Parses `option name <name…> type <t> [default <v…>] [min n] [max n] [var v]…`; names may contain spaces. */
export function parseOptionLine(line: string): OptionLine | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'option' || tokens[1] !== 'name') return undefined;
  const fields: Array<[string, string]> = [];
  let key: string | undefined;
  let words: string[] = [];
  const flush = (): void => {
    if (key !== undefined) fields.push([key, words.join(' ')]);
  };
  for (const token of tokens.slice(1)) {
    // A keyword only starts a new field once the current one has a value: `option name type …` stays sane.
    if (OPTION_KEYWORDS.has(token) && (key === undefined || words.length > 0 || key === 'default')) {
      flush();
      key = token;
      words = [];
    } else {
      words.push(token);
    }
  }
  flush();
  const option: OptionLine = { name: '', type: '', vars: [] };
  for (const [k, v] of fields) {
    if (k === 'name') option.name = v;
    else if (k === 'type') option.type = v;
    else if (k === 'default') option.default = v === '<empty>' ? '' : v;
    else if (k === 'min') option.min = Number(v);
    else if (k === 'max') option.max = Number(v);
    else if (k === 'var') option.vars.push(v);
  }
  return option.name === '' ? undefined : option;
}

/** The `id name …` value, or undefined. */
export function parseIdName(line: string): string | undefined {
  const match = /^id\s+name\s+(.*\S)\s*$/.exec(line);
  return match?.[1];
}

/** Mate scores as large centipawn values (shorter mates larger) so that adjudication can compare them. */
export const MATE_CP = 100_000;

export function scoreToCentipawns(score: EngineScore): number {
  if (score.kind === 'cp') return score.value;
  if (score.value > 0) return MATE_CP - score.value;
  return -MATE_CP - score.value; // mate 0 / mate -n: being mated
}

/** `+0.54`, `-1.20`, `+M5`, `-M3` (mate in moves), from the engine's own side. */
export function formatScore(score: EngineScore): string {
  if (score.kind === 'mate') return `${score.value > 0 ? '+' : '-'}M${Math.abs(score.value)}`;
  const pawns = (score.value / 100).toFixed(2);
  return score.value >= 0 ? `+${pawns}` : pawns;
}

/** The `go` command for a move limit (clock parameters needed for `clock`). */
export function goCommand(limit: MoveLimit, clock?: GoClockParams): string {
  switch (limit.kind) {
    case 'movetime':
      return `go movetime ${limit.ms}`;
    case 'nodes':
      return `go nodes ${limit.nodes}`;
    case 'depth':
      return `go depth ${limit.depth}`;
    case 'clock': {
      if (clock === undefined) throw new Error('goCommand: clock parameters are required for a clock limit');
      const movestogo = clock.movestogo === undefined ? '' : ` movestogo ${clock.movestogo}`;
      return `go wtime ${clock.wtime} btime ${clock.btime} winc ${clock.winc} binc ${clock.binc}${movestogo}`;
    }
  }
}
