// Playing strength: the engine's skill levels (Contract 4 `setSkill`, 0..20), named levels for people, and the
// UCI_Elo → skill mapping.
//
// The mapping is linear, 100 Elo per skill level: Elo 800 → skill 0, 1800 → 10, 2800 → 20 (clamped to 800..2800,
// rounded to the nearest level). The Elo numbers are nominal — they are not calibrated against rated players or
// engines; they only give UCI_LimitStrength users a monotone scale.

import { argumentError } from '../rules/errors.js';

export const MIN_SKILL = 0;
export const MAX_SKILL = 20;
export const MIN_ELO = 800;
export const MAX_ELO = 2800;
const ELO_PER_LEVEL = (MAX_ELO - MIN_ELO) / (MAX_SKILL - MIN_SKILL);

export type StrengthName = 'beginner' | 'casual' | 'club' | 'strong' | 'expert' | 'full';

/** Named levels for a "play the computer" menu, weakest first. */
export const STRENGTH_LEVELS: ReadonlyArray<{ name: StrengthName; skill: number }> = [
  { name: 'beginner', skill: 0 },
  { name: 'casual', skill: 4 },
  { name: 'club', skill: 8 },
  { name: 'strong', skill: 12 },
  { name: 'expert', skill: 16 },
  { name: 'full', skill: 20 },
];

/** The skill level (0..20) for a named level. */
export function skillOf(name: StrengthName): number {
  const level = STRENGTH_LEVELS.find((entry) => entry.name === name);
  if (!level)
    throw argumentError(
      "skillOf's name",
      `a strength level (${STRENGTH_LEVELS.map((entry) => entry.name).join(', ')})`,
      name,
    );
  return level.skill;
}

/** The skill level (0..20) for a UCI_Elo value; out-of-range and non-finite values are clamped. */
export function skillFromElo(elo: number): number {
  if (typeof elo !== 'number' || Number.isNaN(elo)) throw argumentError("skillFromElo's Elo", 'a number', elo);
  if (!Number.isFinite(elo)) return elo > 0 ? MAX_SKILL : MIN_SKILL;
  const clamped = Math.min(MAX_ELO, Math.max(MIN_ELO, elo));
  return Math.round((clamped - MIN_ELO) / ELO_PER_LEVEL) + MIN_SKILL;
}

/** The nominal Elo of a skill level (the inverse of skillFromElo on whole levels). */
export function eloFromSkill(skill: number): number {
  if (typeof skill !== 'number' || Number.isNaN(skill)) throw argumentError("eloFromSkill's skill", 'a number', skill);
  const level = Math.min(MAX_SKILL, Math.max(MIN_SKILL, Math.round(skill)));
  return MIN_ELO + (level - MIN_SKILL) * ELO_PER_LEVEL;
}

/** A valid skill level, or undefined (whole numbers 0..20 only). */
export function checkSkill(skill: unknown): number | undefined {
  return typeof skill === 'number' && Number.isInteger(skill) && skill >= MIN_SKILL && skill <= MAX_SKILL
    ? skill
    : undefined;
}
