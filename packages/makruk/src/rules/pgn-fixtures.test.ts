// What the PGN readers and writers make of the repository's PGN texts, pinned in full (../testing/pgn-fixtures.snap.txt)
// from the code before the game record became one model (issue 20).
import { describe, expect, it } from 'vitest';
import { makePgn, makePgnTree, parsePgn, parsePgnTree } from './pgn.js';
import { PGN_FIXTURES } from '../testing/pgn-fixtures.js';

function outputs(text: string): string {
  const games = parsePgn(text);
  const tree = parsePgnTree(text);
  return [
    games.ok ? makePgn(games.value) : `ERR ${games.error.code} line ${games.error.line}`,
    tree.ok ? makePgnTree(tree.value) : `ERR ${tree.error.code} line ${tree.error.line}`,
    games.ok ? makePgn(games.value, { notation: 'thai', maxLineLength: 40 }) : '',
  ].join('\n--\n');
}

describe('PGN fixtures', () => {
  it("reads and writes the repository's PGN texts as pinned", async () => {
    const text = PGN_FIXTURES.map((fixture, index) => `== fixture ${index + 1}\n${outputs(fixture)}`).join('\n');
    await expect(`${text}\n`).toMatchFileSnapshot('../testing/pgn-fixtures.snap.txt');
  });
});
