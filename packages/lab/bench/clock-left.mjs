// Time use per engine from a `makruk match` PGN with a clock (its `{score/depth 0.123s}` comments and TimeControl
// tag): average time and depth a move, and the clock left at the end of each game (base + increments − time used),
// averaged. Usage: node packages/lab/bench/clock-left.mjs games.pgn [--json]
import { readFileSync } from 'node:fs';

/** @typedef {{ name: string, games: number, msPerMove: number, depthPerMove: number, averageLeftS: number, minimumLeftS: number }} ClockRow */
/** @typedef {{ games: number, moves: number, seconds: number, depth: number, left: number, minLeft: number }} Tally */

/**
 * @param {string} pgnText
 * @returns {ClockRow[]}
 */
export function clockLeft(pgnText) {
  /** @type {Map<string, Tally>} */
  const stats = new Map();
  /** @param {string} name */
  const entry = (name) => {
    let s = stats.get(name);
    if (!s) {
      s = { games: 0, moves: 0, seconds: 0, depth: 0, left: 0, minLeft: Infinity };
      stats.set(name, s);
    }
    return s;
  };
  for (const game of pgnText.split(/\n(?=\[Event )/)) {
    /** @param {string} name */
    const tag = (name) => game.match(new RegExp(`^\\[${name} "([^"]*)"\\]`, 'm'))?.[1];
    const tc = tag('TimeControl')?.match(/^(?:\d+\/)?([\d.]+)(?:\+([\d.]+))?$/);
    const white = tag('White');
    const black = tag('Black');
    if (!tc || !white || !black) continue;
    const base = Number(tc[1]);
    const inc = Number(tc[2] ?? 0);
    const fen = tag('FEN');
    const blackFirst = fen ? fen.split(/\s+/)[1] === 'b' : false;
    const body = game.slice(game.lastIndexOf(']') + 1);
    const comments = [...body.matchAll(/\{[+-]?(?:[\d.]+|M\d+)?\/(\d+)\s+([\d.]+)s(?:\s[^}]*)?\}/g)];
    /** @type {[number, number]} */
    const used = [0, 0];
    /** @type {[number, number]} */
    const moves = [0, 0];
    comments.forEach((c, i) => {
      const side = /** @type {0 | 1} */ ((i + (blackFirst ? 1 : 0)) % 2);
      used[side] += Number(c[2]);
      moves[side]++;
      const s = entry(side === 0 ? white : black);
      s.depth += Number(c[1]);
    });
    for (const [side, name] of /** @type {const} */ ([
      [0, white],
      [1, black],
    ])) {
      const s = entry(name);
      const left = base + inc * moves[side] - used[side];
      s.games++;
      s.moves += moves[side];
      s.seconds += used[side];
      s.left += left;
      s.minLeft = Math.min(s.minLeft, left);
    }
  }
  return [...stats].map(([name, s]) => ({
    name,
    games: s.games,
    msPerMove: s.moves ? (1000 * s.seconds) / s.moves : 0,
    depthPerMove: s.moves ? s.depth / s.moves : 0,
    averageLeftS: s.games ? s.left / s.games : 0,
    minimumLeftS: s.games ? s.minLeft : 0,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node packages/lab/bench/clock-left.mjs games.pgn [--json]');
    process.exit(2);
  }
  const rows = clockLeft(readFileSync(file, 'utf8'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else
    for (const r of rows)
      console.log(
        `${r.name}: ${r.games} games, ${r.msPerMove.toFixed(1)} ms a move at depth ${r.depthPerMove.toFixed(1)}, ` +
          `clock left at the end ${r.averageLeftS.toFixed(2)} s on average (least ${r.minimumLeftS.toFixed(2)} s)`,
      );
}
