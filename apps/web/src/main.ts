// The page's entry: the model (a game tree and a path), the engine controller, persistence, then the views. The
// views (Lit, the board, the panels) are a separate chunk loaded after the engine's worker has been started, so the
// worker boots while they download and render.
import '@fontsource/sarabun/thai-400.css';
import './styles.css';
import { EngineController } from './engine/controller.js';
import { GameAnalysis } from './engine/game-analysis.js';
import { preferredLocale, useLocale } from './i18n/localization.js';
import { AnalysisModel } from './model/analysis.js';
import { openLink, restoreGame, saveGame } from './model/persistence.js';

const model = new AnalysisModel();
try {
  if (localStorage.getItem('makruk-web:notation') === 'thai') model.notation = 'thai';
} catch {
  // no storage
}
const engine = new EngineController(model);

// A link's game wins over the saved one; a bad link shows the library's error and opens the start position.
const opened = openLink(model, location.search);
if (opened === undefined) restoreGame(model);
model.addEventListener('change', () => saveGame(model));
// the engine boots (worker + wasm) while the page renders
engine.toggle(true);

await Promise.all([import('./views/app.js'), useLocale(preferredLocale())]);
const app = document.createElement('makruk-analysis');
app.ctx = { model, engine, analysis: new GameAnalysis(model, engine) };
if (opened && !opened.ok) app.linkError = opened.error.message;
document.body.append(app);
if (opened?.ok) saveGame(model);
