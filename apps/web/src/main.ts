// The page's entry: the model (a game tree and a path), persistence, the controllers (the engine, whole-game
// analysis, the computer opponent, counting practice: created here only), then the views. The views (Lit, the board,
// the panels) are a separate chunk loaded after the engine's worker has been started, so the worker boots while they
// download and render.
import '@fontsource/sarabun/thai-400.css';
import './styles.css';
import { EngineController } from './engine/controller.js';
import { GameAnalysis } from './engine/game-analysis.js';
import { Opponent } from './engine/opponent.js';
import { preferredLocale, useLocale } from './i18n/localization.js';
import { AnalysisModel } from './model/analysis.js';
import { openLink, restoreGame, restoreNotation, saveGame, saveNotation } from './model/persistence.js';
import { Game } from '@makruk/makruk';
import { Practice } from './model/practice.js';

const model = new AnalysisModel();
restoreNotation(model);
const engine = new EngineController(model);

// A link's game wins over the saved one; a bad link shows the library's error and opens the start position.
const opened = openLink(model, location.search);
if (opened === undefined) restoreGame(model);
model.addEventListener('change', () => {
  saveGame(model);
  saveNotation(model);
});
// the engine boots (worker + wasm) while the page renders
engine.toggle(true);

await Promise.all([import('./views/app.js'), useLocale(preferredLocale())]);
const app = document.createElement('makruk-analysis');
app.ctx = {
  model,
  engine,
  analysis: new GameAnalysis(model, engine),
  opponent: new Opponent(model, engine),
  practice: new Practice(model, async (fen, limits) => {
    // a bounded search of a practice start (live analysis paused meanwhile)
    const game = Game.fromFen(fen);
    if (!game.ok) return undefined;
    const wasRunning = engine.running;
    if (wasRunning) engine.toggle(false);
    try {
      const result = await engine.search(game.value, limits);
      return result?.score ? { score: result.score, depth: result.depth } : undefined;
    } finally {
      if (wasRunning) engine.toggle(true);
    }
  }),
};
if (opened && !opened.ok) app.linkError = opened.error.message;
document.body.append(app);
if (opened?.ok) saveGame(model);
