#!/usr/bin/env node
// Per-ending report of a tables-v-search match (issue 18) played from bench/tablebase-starts.mjs's starts: for each
// ending, how each side converted the won starts as White and held the drawn ones as Black.
// Usage: node bench/tablebase-match-report.mjs STARTS.epd GAMES.pgn [TABLES-ENGINE-NAME]
import { readFileSync } from 'node:fs';

const [startsFile, pgnFile, tablesName = 'tables'] = process.argv.slice(2);
if (!startsFile || !pgnFile) {
  process.stderr.write('usage: tablebase-match-report.mjs STARTS.epd GAMES.pgn [TABLES-ENGINE-NAME]\n');
  process.exit(2);
}
/** FEN → "ENDING win|draw", from the `#` line before each start. */
const verdicts = new Map();
let label = '';
for (const line of readFileSync(startsFile, 'utf8').split('\n')) {
  if (line.startsWith('#')) label = line.slice(1).trim();
  else if (line.trim()) verdicts.set(line.trim(), label);
}
// The match's own PGN: tags read by pattern (the library's reader keeps the FEN as the start position, not a tag).
const rows = new Map();
for (const text of readFileSync(pgnFile, 'utf8').split(/\n(?=\[Event )/)) {
  const tag = (name) => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(text)?.[1];
  const label = verdicts.get(tag('FEN'));
  if (!label) continue;
  const [ending] = label.split(' ');
  const kind = label.includes('mates') ? 'win' : 'draw';
  const side = tag('White') === tablesName ? 'tables' : 'search';
  const row = rows.get(ending) ?? {};
  const cell = `${side} as White, ${kind === 'win' ? 'won' : 'drawn'} starts`;
  row[cell] ??= { games: 0, whiteWins: 0 };
  row[cell].games++;
  if (tag('Result') === '1-0') row[cell].whiteWins++;
  rows.set(ending, row);
}
for (const [ending, row] of rows) {
  for (const [cell, { games, whiteWins }] of Object.entries(row))
    process.stdout.write(`${ending}  ${cell}: White mated ${whiteWins} of ${games}\n`);
}
