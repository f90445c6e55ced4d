#!/usr/bin/env node
// A tiny UCI front end over the release wasm, for engine matches while developing (the real one is `makruk uci`).
// Supports: uci, isready, ucinewgame, setoption (Hash, MultiPV, Skill Level, UCI_Variant), position
// [startpos|fen …] [moves …], go [depth|nodes|movetime|wtime|btime|winc|binc|movestogo], quit.
// The search runs on the main thread, so `stop` is only honoured between searches (fine for timed matches).
// Usage: node bench/uci-driver.mjs   (run `pnpm build` first)
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
// MAKRUK_ENGINE_DIST=/path/to/dist/index.js plays another build (A/B matches against a saved copy).
const { instantiateEngine, WEIGHTS } = await import(process.env.MAKRUK_ENGINE_DIST ?? '@makruk/engine');
// MAKRUK_WEIGHTS=tuned.json (tune/tune.mjs's output: { "weights": { "group name": [numbers] } }) plays those
// evaluation weights over the build's own, without a rebuild (an A/B of a fit before it is compiled in).

const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const FILES = 'abcdefgh';
const squareName = (s) => `${FILES[s & 7]}${(s >> 3) + 1}`;
const moveToUci = (m) => squareName(m & 63) + squareName((m >> 6) & 63) + (m & 4096 ? 'm' : '');
const write = (line) => process.stdout.write(`${line}\n`);

let engine;
engine = instantiateEngine('release', {
  now: () => performance.now(),
  stopRequested: () => 0,
  info(depth, seldepth, multipv, scoreKind, score, nodes, timeMs, pvPtr, pvLength, hashfull) {
    const pv = Array.from(new Uint32Array(engine.memory.buffer, pvPtr, pvLength), moveToUci).join(' ');
    const nps = Math.round((nodes * 1000) / Math.max(1, timeMs));
    write(
      `info depth ${depth} seldepth ${seldepth} multipv ${multipv} score ${scoreKind ? 'mate' : 'cp'} ${score} ` +
        `nodes ${nodes} nps ${nps} time ${Math.round(timeMs)} hashfull ${hashfull} pv ${pv}`,
    );
  },
});
if (process.env.MAKRUK_WEIGHTS) {
  const tuned = JSON.parse(readFileSync(process.env.MAKRUK_WEIGHTS, 'utf8')).weights ?? {};
  const buffer = new Int32Array(engine.memory.buffer, engine.weightsBuffer(), engine.weightsCount());
  for (const [name, values] of Object.entries(tuned)) {
    const group = WEIGHTS.find((w) => w.name === name);
    if (!group || !Array.isArray(values) || values.length !== group.count) {
      process.stderr.write(`MAKRUK_WEIGHTS: ${name} is not a weight group of this build (or has the wrong count)\n`);
      process.exit(1);
    }
    buffer.set(
      values.map((v) => Math.round(Number(v))),
      group.index,
    );
  }
  engine.applyWeights();
}

function setFen(fen) {
  const bytes = new TextEncoder().encode(fen);
  new Uint8Array(engine.memory.buffer, engine.inputBuffer(), bytes.length).set(bytes);
  return engine.setFen(bytes.length);
}

function playUci(uci) {
  const count = engine.generateMoves();
  const moves = new Uint32Array(engine.memory.buffer, engine.moveBuffer(), count);
  for (const m of moves) {
    const text = moveToUci(m);
    if (text === uci || text === `${uci}m` || text.slice(0, 4) === uci) return engine.makeMove(m) === 1;
  }
  return false;
}

function position(tokens) {
  let i = 0;
  let fen = START_FEN;
  if (tokens[i] === 'startpos') i++;
  else if (tokens[i] === 'fen') {
    const end = tokens.indexOf('moves');
    fen = tokens.slice(i + 1, end < 0 ? undefined : end).join(' ');
    i = end < 0 ? tokens.length : end;
  }
  if (setFen(fen) !== 0) write(`info string bad fen ${fen}`);
  if (tokens[i] === 'moves') {
    for (const uci of tokens.slice(i + 1)) {
      if (!playUci(uci)) {
        write(`info string illegal move ${uci}`);
        break;
      }
    }
  }
}

function go(tokens) {
  const value = (name, fallback) => {
    const i = tokens.indexOf(name);
    return i >= 0 ? Number(tokens[i + 1]) : fallback;
  };
  const best = engine.search(
    value('depth', -1),
    value('nodes', -1),
    value('movetime', -1),
    value('wtime', -1),
    value('btime', -1),
    value('winc', -1),
    value('binc', -1),
    value('movestogo', 0),
    0,
  );
  const ponder = engine.ponderMove();
  write(best ? `bestmove ${moveToUci(best)}${ponder ? ` ponder ${moveToUci(ponder)}` : ''}` : 'bestmove 0000');
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const tokens = line.trim().split(/\s+/);
  const command = tokens.shift();
  switch (command) {
    case 'uci':
      write('id name makruk-wasm (dev driver)');
      write('id author makruk contributors');
      write('option name Hash type spin default 16 min 1 max 1024');
      write('option name MultiPV type spin default 1 min 1 max 256');
      write('option name Skill Level type spin default 20 min 0 max 20');
      write('option name UCI_Variant type combo default makruk var makruk');
      write('uciok');
      break;
    case 'isready':
      write('readyok');
      break;
    case 'ucinewgame':
      engine.newGame();
      break;
    case 'setoption': {
      const nameAt = tokens.indexOf('name');
      const valueAt = tokens.indexOf('value');
      const name = tokens
        .slice(nameAt + 1, valueAt < 0 ? undefined : valueAt)
        .join(' ')
        .toLowerCase();
      const v = valueAt < 0 ? '' : tokens.slice(valueAt + 1).join(' ');
      if (name === 'hash') engine.setHashSize(Number(v));
      else if (name === 'multipv') engine.setMultiPv(Number(v));
      else if (name === 'skill level') engine.setSkill(Number(v));
      break;
    }
    case 'position':
      position(tokens);
      break;
    case 'go':
      go(tokens);
      break;
    case 'quit':
      process.exit(0);
      break;
    default:
      break;
  }
});
