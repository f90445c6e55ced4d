// Tablebase budgets (issue 18): each table generated in a fresh instance (its own memory, the smaller tables it
// needs included), the time, the module's memory after it (memory only grows, so that is the peak), and the time
// of a probe (random legal positions, both sides to move). One core: the generator is single-threaded.
// node bench/tablebase.mjs [RR RN …]   (letters R N S M; default: every ending of issue 18's first layer)
import { TABLEBASE_ROLES, instantiateTablebase } from '@makruk/engine';

const ROLE = { R: TABLEBASE_ROLES.rook, N: TABLEBASE_ROLES.knight, S: TABLEBASE_ROLES.khon, M: TABLEBASE_ROLES.met };
const all = ['R', 'S', 'RR', 'RN', 'RS', 'RM', 'NN', 'NS', 'NM', 'SS', 'SM', 'MM'];
const names = process.argv.length > 2 ? process.argv.slice(2) : all;

let seed = 1;
const random = (/** @type {number} */ n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};

console.log('table      generate  memory   entries/side  longest  probe');
for (const name of names) {
  const [a, b] = [...name].map((letter) => ROLE[/** @type {'R'} */ (letter)]);
  const tb = await instantiateTablebase();
  const start = performance.now();
  const code = tb.tbGenerate(a ?? 0, b ?? 0);
  const ms = performance.now() - start;
  if (code !== 0) throw new Error(`K${name} v K: error ${code}`);
  // Probes: legal positions drawn first, timed apart from the drawing.
  const positions = [];
  while (positions.length < 7 * 100_000) {
    const p = [random(64), random(64), random(64), b ? random(64) : -1, random(2)];
    if (tb.tbProbe(a ?? 0, b ?? 0, p[0], p[1], p[2], p[3], p[4]) >= -1) positions.push(...p);
  }
  const t0 = performance.now();
  let sum = 0;
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < positions.length; i += 5) {
      sum += tb.tbProbe(
        a ?? 0,
        b ?? 0,
        positions[i],
        positions[i + 1],
        positions[i + 2],
        positions[i + 3],
        positions[i + 4],
      );
    }
  }
  const probeNs = ((performance.now() - t0) * 1e6) / (5 * (positions.length / 5));
  const mb = (tb.tbMemoryBytes() / 2 ** 20).toFixed(1);
  const longest = tb.tbLongest(a ?? 0, b ?? 0);
  console.log(
    `K${name} v K`.padEnd(10),
    `${ms.toFixed(0)} ms`.padStart(9),
    `${mb} MB`.padStart(8),
    String(tb.tbEntries(a ?? 0, b ?? 0)).padStart(13),
    (longest < 0 ? 'no win' : `${longest} plies`).padStart(10),
    `${probeNs.toFixed(0)} ns`.padStart(7),
    sum === 0.5 ? '' : '',
  );
}
