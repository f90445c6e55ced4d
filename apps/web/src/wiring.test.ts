// The page's controllers (the engine, whole-game analysis, the opponent, counting practice) are created in main.ts
// only and reach the views through their context; no view builds one of its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const CONTROLLERS = ['EngineController', 'GameAnalysis', 'Opponent', 'Practice', 'AnalysisModel'];

test('the model and the controllers are created in main.ts only', () => {
  const src = import.meta.dirname;
  const created = new Map<string, string[]>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(src, file), 'utf8');
    for (const name of CONTROLLERS) {
      if (new RegExp(`\\bnew ${name}\\(`).test(text)) created.set(name, [...(created.get(name) ?? []), file]);
    }
  }
  expect(Object.fromEntries(created)).toEqual(Object.fromEntries(CONTROLLERS.map((name) => [name, ['main.ts']])));
});
