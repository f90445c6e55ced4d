import { describe, expect, it } from 'vitest';
import { MAX_HASH_MB, MAX_MULTI_PV, MAX_THREADS, MIN_HASH_MB, MIN_MULTI_PV } from '@makruk/makruk';
import { applySetOption, DEFAULT_SETTINGS, effectiveSkill, optionLines } from './options.js';

describe('UCI options', () => {
  it('lists the options GUIs and match runners look for', () => {
    const lines = optionLines();
    expect(lines).toContain('option name UCI_Variant type combo default makruk var makruk');
    expect(lines).toContain(`option name Hash type spin default 16 min ${MIN_HASH_MB} max ${MAX_HASH_MB}`);
    expect(lines).toContain(`option name MultiPV type spin default 1 min ${MIN_MULTI_PV} max ${MAX_MULTI_PV}`);
    expect(lines).toContain(`option name Threads type spin default 1 min 1 max ${MAX_THREADS}`);
    expect(MAX_THREADS).toBe(8);
    for (const name of ['UCI_ShowWDL', 'UCI_AnalyseMode', 'Ponder'])
      expect(lines).toContain(`option name ${name} type check default false`);
    expect(lines).toContain('option name UCI_LimitStrength type check default false');
    for (const name of ['MultiPV', 'Skill Level', 'UCI_Elo', 'Move Overhead']) {
      expect(lines.some((line) => line.startsWith(`option name ${name} type spin default `))).toBe(true);
    }
  });

  it('applies values, matching names without regard to case, and says what changed', () => {
    const hash = applySetOption(DEFAULT_SETTINGS, 'hash', '64');
    expect(hash).toMatchObject({ ok: true, effect: 'hash', settings: { hashMb: 64 } });
    expect(applySetOption(DEFAULT_SETTINGS, 'threads', '2')).toMatchObject({
      ok: true,
      effect: 'threads',
      settings: { threads: 2 },
    });
    for (const bad of ['0', '9', '1.5', 'two', undefined]) {
      expect(applySetOption(DEFAULT_SETTINGS, 'Threads', bad)).toMatchObject({
        ok: false,
        message: expect.stringContaining(`Threads must be a whole number 1..${MAX_THREADS}`),
      });
    }
    expect(applySetOption(DEFAULT_SETTINGS, 'Move Overhead', '100')).toMatchObject({
      ok: true,
      effect: 'none',
      settings: { moveOverheadMs: 100 },
    });
    expect(applySetOption(DEFAULT_SETTINGS, 'UCI_LimitStrength', 'true')).toMatchObject({
      ok: true,
      effect: 'strength',
      settings: { limitStrength: true },
    });
    expect(applySetOption(DEFAULT_SETTINGS, 'Clear Hash', undefined)).toMatchObject({ ok: true, effect: 'clear-hash' });
    expect(applySetOption(DEFAULT_SETTINGS, 'UCI_Variant', 'Makruk')).toMatchObject({ ok: true, effect: 'none' });
    expect(applySetOption(DEFAULT_SETTINGS, 'uci_showwdl', 'true')).toMatchObject({
      ok: true,
      effect: 'none',
      settings: { showWdl: true },
    });
    expect(applySetOption(DEFAULT_SETTINGS, 'UCI_AnalyseMode', 'true')).toMatchObject({
      ok: true,
      effect: 'none',
      settings: { analyseMode: true },
    });
    expect(DEFAULT_SETTINGS.hashMb).toBe(16); // settings are replaced, never changed in place
  });

  it('refuses bad values and unknown names with a message', () => {
    expect(applySetOption(DEFAULT_SETTINGS, 'Hash', '0')).toMatchObject({
      ok: false,
      message: expect.stringContaining(`${MIN_HASH_MB}..${MAX_HASH_MB}`),
    });
    expect(applySetOption(DEFAULT_SETTINGS, 'Hash', 'lots')).toMatchObject({ ok: false });
    expect(applySetOption(DEFAULT_SETTINGS, 'Skill Level', '21')).toMatchObject({ ok: false });
    expect(applySetOption(DEFAULT_SETTINGS, 'UCI_LimitStrength', 'yes')).toMatchObject({ ok: false });
    expect(applySetOption(DEFAULT_SETTINGS, 'UCI_Variant', 'chess')).toMatchObject({
      ok: false,
      message: expect.stringContaining('makruk'),
    });
    expect(applySetOption(DEFAULT_SETTINGS, 'Contempt', '4')).toEqual({
      ok: false,
      message: 'unknown option "Contempt"',
    });
  });

  it('takes the skill from UCI_Elo only when UCI_LimitStrength is on', () => {
    const settings = { ...DEFAULT_SETTINGS, skillLevel: 13, elo: 1000 };
    expect(effectiveSkill(settings)).toBe(13);
    expect(effectiveSkill({ ...settings, limitStrength: true })).toBe(2);
    expect(effectiveSkill({ ...settings, limitStrength: true, elo: 2800 })).toBe(20);
  });
});
