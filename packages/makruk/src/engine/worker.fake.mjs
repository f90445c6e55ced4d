// TEST FIXTURE (not shipped, not built): a worker that speaks the worker's protocol (worker-protocol.ts) but
// "searches" by walking the legal moves of the real wasm move generator, one iteration every ~15 ms. It lets
// engine.test.ts exercise the facade's plumbing — info streaming, shared-flag stop, terminate-on-stop, the time
// guard — independently of the real search. Behaviour switches come from MAKRUK_FAKE_WORKER (JSON) in the
// environment the worker was started with:
//   ignoreStop: never look at the stop flag (the facade must terminate the worker)
//   ignoreTime: ignore movetime/clock limits (the facade's time guard must stop it)
//   helpersFail: more than one thread asked for: answer as the real worker does when its helpers cannot start
import { parentPort } from 'node:worker_threads';
import { instantiateEngineAsync } from '@makruk/engine';

const behaviour = {
  ignoreStop: false,
  ignoreTime: false,
  helpersFail: false,
  ...JSON.parse(process.env.MAKRUK_FAKE_WORKER || '{}'),
};
let threads = 1;

/** The worker's answer to init and configure (worker-protocol.ts WorkerInUse). */
function inUse(hashMb) {
  const failed = behaviour.helpersFail && threads > 1;
  return {
    hashMb,
    threads: failed ? 1 : threads,
    threadsFailure: failed ? `${threads} threads could not start (fake); searching with 1 thread` : null,
  };
}
const FILES = 'abcdefgh';
const squareName = (index) => `${FILES[index & 7]}${(index >> 3) + 1}`;
const toUci = (move) => `${squareName(move & 63)}${squareName((move >> 6) & 63)}${move & 4096 ? 'm' : ''}`;
let wasm;
let stopFlag;

function load(game) {
  const bytes = new TextEncoder().encode(game.fen);
  new Uint8Array(wasm.memory.buffer, wasm.inputBuffer(), bytes.length).set(bytes);
  if (wasm.setFen(bytes.length) !== 0) throw new Error('bad fen');
  for (const uci of game.moves) {
    const count = wasm.generateMoves();
    const moves = Array.from(new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count));
    const move = moves.find((m) => toUci(m).slice(0, 4) === uci.slice(0, 4));
    if (move === undefined || wasm.makeMove(move) !== 1) throw new Error(`illegal ${uci}`);
  }
  const count = wasm.generateMoves();
  return Array.from(new Uint32Array(wasm.memory.buffer, wasm.moveBuffer(), count), toUci);
}

function busyWait(ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (!behaviour.ignoreStop && stopFlag && Atomics.load(stopFlag, 0)) return;
  }
}

function search(request) {
  const legal = load(request.game);
  const { limits } = request;
  const started = performance.now();
  const maxDepth = limits.depth > 0 ? limits.depth : 1000;
  let best = legal[0];
  for (let depth = 1; depth <= maxDepth; depth++) {
    busyWait(15);
    const stopped = !behaviour.ignoreStop && stopFlag && Atomics.load(stopFlag, 0);
    if (stopped && depth > 1) break; // like the real search, the first iteration always completes
    best = legal[depth % legal.length];
    const elapsed = performance.now() - started;
    for (let line = 1; line <= Math.min(request.multiPv, legal.length); line++) {
      const move = line === 1 ? best : legal[(depth + line) % legal.length];
      parentPort.postMessage({
        type: 'info',
        id: request.id,
        info: {
          depth,
          seldepth: depth + 2,
          multiPv: line,
          scoreKind: 'cp',
          score: 10 * depth - line,
          nodes: depth * 1000 + line,
          timeMs: Math.round(elapsed),
          hashfull: 0,
          pv: [move],
        },
      });
    }
    if (!behaviour.ignoreTime && limits.movetime > 0 && elapsed >= limits.movetime) break;
  }
  parentPort.postMessage({ type: 'bestmove', id: request.id, bestMove: best, ponder: null });
}

parentPort.on('message', async (request) => {
  try {
    if (request.type === 'init') {
      stopFlag = request.stop ? new Int32Array(request.stop) : undefined;
      wasm = await instantiateEngineAsync('release');
      threads = request.threads;
      parentPort.postMessage({
        type: 'ready',
        capabilities: { search: true, sharedStop: !!stopFlag },
        ...inUse(request.hashMb),
      });
    } else if (request.type === 'search') search(request);
    else if (request.type === 'legalMoves')
      parentPort.postMessage({ type: 'value', id: request.id, value: load(request.game) });
    else if (request.type === 'configure') {
      if (request.threads !== undefined) threads = request.threads;
      parentPort.postMessage({ type: 'value', id: request.id, value: inUse(request.hashMb ?? 0) });
    } else parentPort.postMessage({ type: 'value', id: request.id, value: null });
  } catch (error) {
    parentPort.postMessage({ type: 'error', id: request.id ?? -1, code: 'ERR_ENGINE', message: String(error) });
  }
});
