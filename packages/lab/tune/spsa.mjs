// SPSA for the search parameters (search-params.json), Fishtest style: each iteration k draws a random ±1 vector Δ,
// plays θ+ = θ + c_k·Δ against θ− = θ − c_k·Δ in game pairs (each opening twice, colours reversed, node-limited,
// through `makruk match --json`, the engines being `makruk uci` with MAKRUK_SEARCH_PARAMS set), and moves
//   θ ← θ + a_k / c_k · (wins − losses of θ+) · Δ        (clamped to each parameter's min..max)
// with c_k = c / k^γ, a_k = a / (A + k)^α (γ = 0.101, α = 0.602, A = iterations / 10), where c and a are chosen so
// that c_N = the parameter's `step` and a_N / c_N² = --r-end at the last iteration N (Fishtest's c_end and r_end).
// Deterministic for a seed (Δ and the openings are drawn from it), apart from the games themselves.
// Writes its state (θ, iteration, history) after every iteration and resumes from it; prints and appends the
// trajectory (one CSV line per iteration). Usage and a worked run: tune/SPSA.md.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { enginePath } from '../engine-files.mjs';
import { createRandom } from './lib.mjs';

const labDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(labDir, '..', '..');
export const DEFAULT_CLI = path.join(REPO_ROOT, 'apps', 'cli', 'dist', 'main.js');
export const DEFAULT_OPENINGS = path.join(labDir, 'openings', 'makruk-balanced.epd');
export const ALPHA = 0.602;
export const GAMMA = 0.101;

/** @typedef {{ name: string, doc: string, default: number, min: number, max: number, step: number, tune?: boolean }} SearchParam */
/**
 * @typedef {object} SpsaState
 * @property {number} seed
 * @property {number} iterations   planned N (the schedules depend on it)
 * @property {number} iteration    iterations done
 * @property {number} rEnd
 * @property {string[]} names      the tuned parameters, in order
 * @property {Record<string, number>} start
 * @property {Record<string, number>} theta
 * @property {{ games: number, wins: number, draws: number, losses: number }} totals
 * @property {{ k: number, wins: number, draws: number, losses: number, ck: number, ak: number, delta: number[], theta: number[] }[]} history
 */

/** The table (search-params.json): the one owner of names, defaults and bounds. @returns {SearchParam[]} */
export function loadSearchParams() {
  return JSON.parse(readFileSync(enginePath('search-params.json'), 'utf8')).params;
}

/**
 * Fishtest's schedules for parameter `p` at iteration k (1-based) of N.
 * @param {SearchParam} p
 * @param {number} k
 * @param {number} iterations
 * @param {number} rEnd
 */
export function schedule(p, k, iterations, rEnd) {
  const A = iterations / 10;
  const c = p.step * iterations ** GAMMA;
  const aEnd = rEnd * p.step ** 2;
  const a = aEnd * (A + iterations) ** ALPHA;
  return { ck: c / k ** GAMMA, ak: a / (A + k) ** ALPHA };
}

/** @param {number} value @param {SearchParam} p */
export function clamp(value, p) {
  return Math.min(p.max, Math.max(p.min, value));
}

/**
 * The engine's setting for a (continuous) θ: rounded and inside the bounds.
 * @param {Record<string, number>} theta
 * @param {SearchParam[]} params
 */
export function engineSetting(theta, params) {
  return params.map((p) => `${p.name}=${Math.round(clamp(theta[p.name] ?? p.default, p))}`).join(',');
}

/**
 * One SPSA update: θ_i += a_k / c_k · result · Δ_i, clamped. `result` = wins − losses of θ+ over the iteration.
 * @param {Record<string, number>} theta
 * @param {SearchParam[]} params
 * @param {number[]} delta
 * @param {number} result
 * @param {{ ck: number, ak: number }[]} schedules one per parameter
 * @returns {Record<string, number>}
 */
export function update(theta, params, delta, result, schedules) {
  /** @type {Record<string, number>} */
  const next = { ...theta };
  params.forEach((p, i) => {
    const s = /** @type {{ ck: number, ak: number }} */ (schedules[i]);
    next[p.name] = clamp((theta[p.name] ?? p.default) + (s.ak / s.ck) * result * (delta[i] ?? 0), p);
  });
  return next;
}

/**
 * Runs one `makruk match --json` between θ+ and θ− and returns W/D/L of θ+.
 * @param {{ command: string[], cli: string, plus: string, minus: string, nodes: number, rounds: number, seed: number, openings: string, pgn?: string }} o
 * @returns {Promise<{ wins: number, draws: number, losses: number }>}
 */
export function playMatch(o) {
  const engine = (/** @type {string} */ setting, /** @type {string} */ name) => [
    '--engine',
    `cmd=env MAKRUK_SEARCH_PARAMS=${setting} ${JSON.stringify(process.execPath)} ${JSON.stringify(o.cli)} uci`,
    `name=${name}`,
  ];
  const args = [
    ...o.command.slice(1),
    'match',
    ...engine(o.plus, 'plus'),
    ...engine(o.minus, 'minus'),
    '--nodes',
    String(o.nodes),
    '--openings',
    o.openings,
    '--rounds',
    String(o.rounds),
    '--shuffle',
    '--seed',
    String(o.seed),
    '--concurrency',
    '1',
    '--resign',
    'movecount=3',
    'score=600',
    '--draw',
    'movenumber=40',
    'movecount=8',
    'score=10',
    '--json',
    '--quiet',
    ...(o.pgn ? ['--pgn', o.pgn] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(/** @type {string} */ (o.command[0]), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`makruk match exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
        return;
      }
      try {
        const summary = JSON.parse(out);
        resolve({ wins: summary.wins, draws: summary.draws, losses: summary.losses });
      } catch (error) {
        reject(new Error(`makruk match printed no JSON summary: ${String(error)}`));
      }
    });
  });
}

/**
 * Runs (or resumes) SPSA until `iterations` are done, writing `state` after each iteration.
 * @param {{ iterations: number, seed: number, rEnd: number, nodes: number, rounds: number, params?: string[],
 *   state: string, trajectory?: string, cli?: string, command?: string[], openings?: string, log?: (line: string) => void }} o
 * @returns {Promise<SpsaState>}
 */
export async function runSpsa(o) {
  const table = loadSearchParams();
  const log = o.log ?? ((line) => process.stdout.write(`${line}\n`));
  /** @type {SpsaState} */
  let state;
  if (existsSync(o.state)) {
    state = JSON.parse(readFileSync(o.state, 'utf8'));
    log(`resuming ${o.state} at iteration ${state.iteration} of ${state.iterations}`);
  } else {
    const names = o.params ?? table.filter((p) => p.tune !== false).map((p) => p.name);
    /** @type {Record<string, number>} */
    const start = {};
    for (const name of names) {
      const p = table.find((q) => q.name === name);
      if (!p) throw new Error(`unknown search parameter ${name}`);
      start[name] = p.default;
    }
    state = {
      seed: o.seed,
      iterations: o.iterations,
      iteration: 0,
      rEnd: o.rEnd,
      names,
      start,
      theta: { ...start },
      totals: { games: 0, wins: 0, draws: 0, losses: 0 },
      history: [],
    };
  }
  const params = state.names.map((name) => /** @type {SearchParam} */ (table.find((p) => p.name === name)));
  if (o.trajectory && !existsSync(o.trajectory)) {
    appendFileSync(o.trajectory, `k,wins,draws,losses,${state.names.join(',')}\n`);
  }
  const cli = o.cli ?? DEFAULT_CLI;
  const command = o.command ?? [process.execPath, cli];
  while (state.iteration < state.iterations) {
    const k = state.iteration + 1;
    const random = createRandom((state.seed * 1_000_003 + k) | 0);
    const delta = params.map(() => (random() < 0.5 ? -1 : 1));
    const schedules = params.map((p) => schedule(p, k, state.iterations, state.rEnd));
    /** @type {Record<string, number>} */
    const plus = {};
    /** @type {Record<string, number>} */
    const minus = {};
    params.forEach((p, i) => {
      const shift = /** @type {{ ck: number }} */ (schedules[i]).ck * /** @type {number} */ (delta[i]);
      plus[p.name] = clamp(/** @type {number} */ (state.theta[p.name]) + shift, p);
      minus[p.name] = clamp(/** @type {number} */ (state.theta[p.name]) - shift, p);
    });
    const games = await playMatch({
      command,
      cli,
      plus: engineSetting(plus, params),
      minus: engineSetting(minus, params),
      nodes: o.nodes,
      rounds: o.rounds,
      seed: (state.seed * 7919 + k) % 2_147_483_647,
      openings: o.openings ?? DEFAULT_OPENINGS,
    });
    const result = games.wins - games.losses;
    state.theta = update(state.theta, params, delta, result, schedules);
    state.iteration = k;
    state.totals.games += games.wins + games.draws + games.losses;
    state.totals.wins += games.wins;
    state.totals.draws += games.draws;
    state.totals.losses += games.losses;
    const theta = params.map((p) => Number(/** @type {number} */ (state.theta[p.name]).toFixed(3)));
    state.history.push({
      k,
      ...games,
      ck: schedules[0]?.ck ?? 0,
      ak: schedules[0]?.ak ?? 0,
      delta,
      theta,
    });
    writeFileSync(o.state, `${JSON.stringify(state, null, 1)}\n`);
    if (o.trajectory)
      appendFileSync(o.trajectory, `${k},${games.wins},${games.draws},${games.losses},${theta.join(',')}\n`);
    log(
      `k=${k}/${state.iterations} +${games.wins}=${games.draws}-${games.losses} ` +
        params.map((p) => `${p.name}=${(/** @type {number} */ (state.theta[p.name])).toFixed(1)}`).join(' '),
    );
  }
  return state;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string', default: '500' },
      seed: { type: 'string', default: '1' },
      'r-end': { type: 'string', default: '0.002' },
      nodes: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '1' },
      params: { type: 'string' },
      state: { type: 'string', default: 'spsa-state.json' },
      trajectory: { type: 'string', default: 'spsa-trajectory.csv' },
      cli: { type: 'string', default: DEFAULT_CLI },
      openings: { type: 'string', default: DEFAULT_OPENINGS },
    },
  });
  const state = await runSpsa({
    iterations: Number(values.iterations),
    seed: Number(values.seed),
    rEnd: Number(values['r-end']),
    nodes: Number(values.nodes),
    rounds: Number(values.rounds),
    params: values.params ? values.params.split(',') : undefined,
    state: values.state,
    trajectory: values.trajectory,
    cli: values.cli,
    openings: values.openings,
  });
  const t = state.totals;
  process.stdout.write(
    `done: ${state.iteration} iterations, ${t.games} games (θ+ ${t.wins} W ${t.draws} D ${t.losses} L)\n` +
      state.names.map((n) => `${n}: ${state.start[n]} → ${(state.theta[n] ?? 0).toFixed(2)}`).join('\n') +
      `\nstate: ${values.state} (compile in: node scripts/gen-search-params.mjs --from ${values.state})\n`,
  );
}
