// The UCI protocol in one place, for both sides: the server (`makruk uci`, session.ts) writes `info`/`bestmove`
// lines with the formatters here, and the client (`makruk match`, client.ts) reads engines' `id`/`option`/`info`/
// `bestmove` lines with the parsers here. Scores are the facade's `Score` ({ cp } | { mate }) on both sides, and
// formatted for people by one function (analyse's live lines, match PGN comments).
import type { AnalysisResult, Score, SearchInfo } from '@makruk/makruk';

export interface InfoLine {
  depth?: number;
  seldepth?: number;
  multipv?: number;
  score?: Score;
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

// ---- scores ----

/** `cp 54` / `mate -3`: the score as UCI writes it. */
export function formatUciScore(score: Score): string {
  return 'mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`;
}

/** Mate scores as large centipawn values (shorter mates larger) so that adjudication can compare them. */
export const MATE_CP = 100_000;

export function scoreToCentipawns(score: Score): number {
  if ('cp' in score) return score.cp;
  if (score.mate > 0) return MATE_CP - score.mate;
  return -MATE_CP - score.mate; // mate 0 / mate -n: being mated
}

/**
 * A score for people, from the side to move: `+0.54`, `-1.20` in pawns; a mate in moves as `#5` / `#-3`
 * (`mate: '#'`, analyse) or `+M5` / `-M3` (`mate: 'M'`, cutechess-style PGN comments). `?` when there is none.
 */
export function formatScoreForPeople(score: Score | undefined, mate: '#' | 'M' = '#'): string {
  if (!score) return '?';
  if ('mate' in score) return mate === '#' ? `#${score.mate}` : `${score.mate > 0 ? '+' : '-'}M${Math.abs(score.mate)}`;
  return `${score.cp >= 0 ? '+' : '-'}${(Math.abs(score.cp) / 100).toFixed(2)}`;
}

/**
 * Win/draw/loss per mille from the side to move for `UCI_ShowWDL`: a nominal logistic model (not fitted to games):
 * win = 1000 / (1 + e^((150 − cp) / 60)), loss the same for −cp, draw the rest; a mate is all win or all loss.
 */
export function wdlFromScore(score: Score): [win: number, draw: number, loss: number] {
  if ('mate' in score) return score.mate > 0 ? [1000, 0, 0] : [0, 0, 1000];
  const win = Math.round(1000 / (1 + Math.exp((150 - score.cp) / 60)));
  const loss = Math.round(1000 / (1 + Math.exp((150 + score.cp) / 60)));
  return [win, 1000 - win - loss, loss];
}

// ---- engine → GUI (the server) ----

export interface InfoFormat {
  /** Add `wdl W D L` after the score (UCI_ShowWDL). */
  wdl?: boolean;
}

export function formatInfo(info: SearchInfo, format: InfoFormat = {}): string {
  const parts = [
    `info depth ${info.depth}`,
    `seldepth ${info.seldepth}`,
    `multipv ${info.multiPv}`,
    `score ${formatUciScore(info.score)}`,
  ];
  if (format.wdl) parts.push(`wdl ${wdlFromScore(info.score).join(' ')}`);
  parts.push(`nodes ${info.nodes}`, `nps ${info.nps}`, `hashfull ${info.hashfull}`, `time ${info.timeMs}`);
  if (info.pv.length > 0) parts.push(`pv ${info.pv.join(' ')}`);
  return parts.join(' ');
}

/** `bestmove e3e4 ponder e6e5`; `bestmove (none)` when there is no legal move (what cutechess expects). */
export function formatBestMove(result: Pick<AnalysisResult, 'bestMoveUci' | 'ponderUci'>): string {
  if (!result.bestMoveUci) return 'bestmove (none)';
  return result.ponderUci
    ? `bestmove ${result.bestMoveUci} ponder ${result.ponderUci}`
    : `bestmove ${result.bestMoveUci}`;
}

/** An `info string`: one line, whatever the message holds. */
export function infoString(message: string): string {
  return `info string ${message.replace(/[\r\n]+/g, ' ')}`;
}

// ---- engine lines read by a GUI or match runner (the client) ----

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
      if (Number.isInteger(value)) {
        if (kind === 'cp') info.score = { cp: value };
        else if (kind === 'mate') info.score = { mate: value };
      }
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
