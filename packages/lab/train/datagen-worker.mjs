// A data-generation worker (worker_threads): one engine instance, plays the games the main thread asks for and
// posts each back encoded (gamefile.mjs). See datagen.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import { encodeGame, trainingPositionCount } from './gamefile.mjs';
import { createSelfPlayEngine, playGame } from './selfplay.mjs';

/** @type {import('./selfplay.mjs').SelfPlayOptions} */
const options = workerData.options;
const engine = createSelfPlayEngine();
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (/** @type {{ index: number }} */ message) => {
  const { game, nodes } = playGame(engine, options, message.index);
  const bytes = encodeGame(game);
  port.postMessage(
    { index: message.index, bytes, nodes, plies: game.moves.length, positions: trainingPositionCount(game) },
    [bytes.buffer],
  );
});
