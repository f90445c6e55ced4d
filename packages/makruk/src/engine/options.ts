// Engine options and their limits: the one owner of Hash, MultiPV and Threads ranges for every layer (the facade
// Engine, the UCI front end's `option` lines, the CLI). Skill levels live in strength.ts.
import { MAX_THREADS as ENGINE_MAX_THREADS } from '@makruk/engine/threads';
import { MakrukError } from '../rules/errors.js';
import { checkSkill, MAX_SKILL, MIN_SKILL } from './strength.js';
import type { Result } from '../rules/types.js';

/** Transposition table size in MB: what the wasm engine allocates (it uses the largest power of two ≤ the value). */
export const MIN_HASH_MB = 1;
export const MAX_HASH_MB = 1024;
export const DEFAULT_HASH_MB = 16;
/** Lines a search reports (MultiPV). */
export const MIN_MULTI_PV = 1;
export const MAX_MULTI_PV = 256;
/** Search threads (lazy SMP: helpers share the transposition table); the most is the number of thread builds. */
export const MIN_THREADS = 1;
export const MAX_THREADS: number = ENGINE_MAX_THREADS;
export const DEFAULT_THREADS = 1;

export interface EngineOptions {
  /** Transposition table size in MB (default 16). */
  hashMb?: number;
  /** 0 (beginner) .. 20 (full strength, default); see strength.ts for named levels and the Elo mapping. */
  skill?: number;
  /** Default number of lines for analyse() when its limits do not say (default 1). */
  multiPv?: number;
  /**
   * Search threads, 1..MAX_THREADS (default 1). More than one needs shared memory (SharedArrayBuffer): Node always,
   * a browser only when the page is cross-origin isolated; elsewhere the engine searches with one thread and
   * `engine.options.threads` says 1 (see availableThreads()). Helpers search only at full strength (skill 20).
   */
  threads?: number;
}

export const DEFAULT_ENGINE_OPTIONS: Readonly<Required<EngineOptions>> = Object.freeze({
  hashMb: DEFAULT_HASH_MB,
  skill: MAX_SKILL,
  multiPv: MIN_MULTI_PV,
  threads: DEFAULT_THREADS,
});

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Checks hashMb, skill, multiPv and threads (whole numbers in range) on top of `base`; ERR_ENGINE_OPTIONS otherwise. */
export function checkEngineOptions(
  options: EngineOptions,
  base: Required<EngineOptions>,
): Result<Required<EngineOptions>, MakrukError> {
  const fail = (message: string): Result<never, MakrukError> => ({
    ok: false,
    error: new MakrukError('ERR_ENGINE_OPTIONS', message),
  });
  if (typeof options !== 'object' || options === null) return fail('engine options must be an object');
  const out = { ...base };
  if (options.hashMb !== undefined) {
    if (!isWhole(options.hashMb, MIN_HASH_MB, MAX_HASH_MB))
      return fail(`hashMb must be a whole number ${MIN_HASH_MB}..${MAX_HASH_MB}`);
    out.hashMb = options.hashMb;
  }
  if (options.skill !== undefined) {
    const skill = checkSkill(options.skill);
    if (skill === undefined) return fail(`skill must be a whole number ${MIN_SKILL}..${MAX_SKILL}`);
    out.skill = skill;
  }
  if (options.multiPv !== undefined) {
    if (!isWhole(options.multiPv, MIN_MULTI_PV, MAX_MULTI_PV)) {
      return fail(`multiPv must be a whole number ${MIN_MULTI_PV}..${MAX_MULTI_PV}`);
    }
    out.multiPv = options.multiPv;
  }
  if (options.threads !== undefined) {
    if (!isWhole(options.threads, MIN_THREADS, MAX_THREADS)) {
      return fail(`threads must be a whole number ${MIN_THREADS}..${MAX_THREADS}`);
    }
    out.threads = options.threads;
  }
  return { ok: true, value: out };
}
