// The UCI options this engine offers, their `option` lines, and `setoption` checking.
import {
  DEFAULT_HASH_MB,
  MAX_ELO,
  MAX_HASH_MB,
  MAX_MULTI_PV,
  MAX_SKILL,
  MIN_ELO,
  MIN_HASH_MB,
  MIN_MULTI_PV,
  MIN_SKILL,
  MIN_THREADS,
  MAX_THREADS,
  DEFAULT_THREADS,
  skillFromElo,
} from '@makruk/makruk';

export interface UciSettings {
  hashMb: number;
  /** Search threads (lazy SMP): helpers share the transposition table; the main thread's move is played. */
  threads: number;
  multiPv: number;
  skillLevel: number;
  limitStrength: boolean;
  elo: number;
  moveOverheadMs: number;
  /** UCI_ShowWDL: info lines carry `wdl W D L`. */
  showWdl: boolean;
  /** UCI_AnalyseMode: the GUI analyses rather than plays (accepted; the search is the same either way). */
  analyseMode: boolean;
  /** Ponder: the GUI may send `go ponder` (accepted either way; GUIs only send it when this is on). */
  ponder: boolean;
}

export const DEFAULT_SETTINGS: Readonly<UciSettings> = {
  hashMb: DEFAULT_HASH_MB,
  threads: DEFAULT_THREADS,
  multiPv: MIN_MULTI_PV,
  skillLevel: MAX_SKILL,
  limitStrength: false,
  elo: 1800,
  moveOverheadMs: 10,
  showWdl: false,
  analyseMode: false,
  ponder: false,
};

type SpinKey = 'hashMb' | 'threads' | 'multiPv' | 'skillLevel' | 'elo' | 'moveOverheadMs';
type CheckKey = 'limitStrength' | 'showWdl' | 'analyseMode' | 'ponder';

type OptionSpec =
  | { name: string; type: 'spin'; key: SpinKey; min: number; max: number }
  | { name: string; type: 'check'; key: CheckKey }
  | { name: string; type: 'combo'; values: string[]; default: string }
  | { name: string; type: 'button' };

const OPTIONS: OptionSpec[] = [
  // Hash, Threads and MultiPV limits are the library's (the same in every layer).
  { name: 'Hash', type: 'spin', key: 'hashMb', min: MIN_HASH_MB, max: MAX_HASH_MB },
  { name: 'Clear Hash', type: 'button' },
  { name: 'Threads', type: 'spin', key: 'threads', min: MIN_THREADS, max: MAX_THREADS },
  { name: 'MultiPV', type: 'spin', key: 'multiPv', min: MIN_MULTI_PV, max: MAX_MULTI_PV },
  { name: 'Skill Level', type: 'spin', key: 'skillLevel', min: MIN_SKILL, max: MAX_SKILL },
  { name: 'UCI_LimitStrength', type: 'check', key: 'limitStrength' },
  { name: 'UCI_Elo', type: 'spin', key: 'elo', min: MIN_ELO, max: MAX_ELO },
  { name: 'Move Overhead', type: 'spin', key: 'moveOverheadMs', min: 0, max: 5000 },
  { name: 'Ponder', type: 'check', key: 'ponder' },
  { name: 'UCI_ShowWDL', type: 'check', key: 'showWdl' },
  { name: 'UCI_AnalyseMode', type: 'check', key: 'analyseMode' },
  { name: 'UCI_Variant', type: 'combo', values: ['makruk'], default: 'makruk' },
];

/** The `option name …` lines of the `uci` answer, defaults from `settings`. */
export function optionLines(settings: UciSettings = DEFAULT_SETTINGS): string[] {
  return OPTIONS.map((option) => {
    switch (option.type) {
      case 'spin':
        return `option name ${option.name} type spin default ${settings[option.key]} min ${option.min} max ${option.max}`;
      case 'check':
        return `option name ${option.name} type check default ${settings[option.key]}`;
      case 'combo':
        return `option name ${option.name} type combo default ${option.default} ${option.values.map((v) => `var ${v}`).join(' ')}`;
      case 'button':
        return `option name ${option.name} type button`;
    }
  });
}

/** What a setoption changed, so the session knows what to tell the engine. */
export type OptionEffect = 'hash' | 'threads' | 'clear-hash' | 'strength' | 'none';

export type SetOptionResult =
  | { ok: true; settings: UciSettings; effect: OptionEffect }
  | { ok: false; message: string };

/** Applies `setoption name <name> value <value>` (names are matched without regard to case). */
export function applySetOption(settings: UciSettings, name: string, value: string | undefined): SetOptionResult {
  const option = OPTIONS.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  if (!option) return { ok: false, message: `unknown option ${JSON.stringify(name)}` };
  switch (option.type) {
    case 'button':
      return { ok: true, settings, effect: 'clear-hash' };
    case 'combo': {
      const choice = option.values.find((v) => v.toLowerCase() === (value ?? '').toLowerCase());
      if (!choice)
        return {
          ok: false,
          message: `${option.name} must be one of ${option.values.join(', ')}, got ${JSON.stringify(value ?? '')}`,
        };
      return { ok: true, settings, effect: 'none' };
    }
    case 'check': {
      const text = (value ?? '').toLowerCase();
      if (text !== 'true' && text !== 'false')
        return { ok: false, message: `${option.name} must be true or false, got ${JSON.stringify(value ?? '')}` };
      const effect: OptionEffect = option.key === 'limitStrength' ? 'strength' : 'none';
      return { ok: true, settings: { ...settings, [option.key]: text === 'true' }, effect };
    }
    case 'spin': {
      const text = (value ?? '').trim();
      const number = Number(text);
      if (!/^-?\d+$/.test(text) || number < option.min || number > option.max) {
        return {
          ok: false,
          message: `${option.name} must be a whole number ${option.min}..${option.max}, got ${JSON.stringify(value ?? '')}`,
        };
      }
      const effect: OptionEffect =
        option.key === 'hashMb'
          ? 'hash'
          : option.key === 'threads'
            ? 'threads'
            : option.key === 'skillLevel' || option.key === 'elo'
              ? 'strength'
              : 'none';
      return { ok: true, settings: { ...settings, [option.key]: number }, effect };
    }
  }
}

/** The engine skill (0..20): from UCI_Elo when UCI_LimitStrength is on, else Skill Level. */
export function effectiveSkill(settings: UciSettings): number {
  return settings.limitStrength ? skillFromElo(settings.elo) : settings.skillLevel;
}
