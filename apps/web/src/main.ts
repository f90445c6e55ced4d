// The page's entry: the model (a game tree and a path), persistence, the controllers (the engine, whole-game
// analysis, the computer opponent, counting practice: created here only), then the views. The views (Lit, the board,
// the panels) are a separate chunk loaded after the engine's worker has been started, so the worker boots while they
// download and render.
import '@fontsource/sarabun/thai-400.css';
import './styles.css';
import { EngineController } from './engine/controller.js';
import { GameAnalysis } from './engine/game-analysis.js';
import { Opponent } from './engine/opponent.js';
import { probe as probeTablebase } from './engine/tablebase.js';
import { preferredLocale, useLocale } from './i18n/localization.js';
import { AnalysisModel } from './model/analysis.js';
import { openLink, restoreGame, restoreNotation, saveGame, saveNotation } from './model/persistence.js';
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
const opponent = new Opponent(model, engine);
// counting practice: starts and Black's defence from the tables (their own worker, started on the first probe)
const practice = new Practice(model, probeTablebase);
opponent.advisor = (game) => practice.defence(game.position.fen());
app.ctx = {
  model,
  engine,
  analysis: new GameAnalysis(model, engine),
  opponent,
  practice,
};
if (opened && !opened.ok) app.linkError = opened.error.message;
document.body.append(app);
if (opened?.ok) saveGame(model);
