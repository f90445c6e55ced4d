// PGN written and read byte for byte as before the game record became one model (issue 20): 10,000 seeded games
// and trees (testing/pgn-corpus.ts), their outputs hashed ten games a line and pinned in
// testing/pgn-corpus.pins.txt. The pins were taken from the code before the change; regenerate them only for a
// deliberate change of the PGN text (`vitest run src/pgn-corpus.test.ts -u`) and say so in the commit.
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_GAMES, corpusOutputs } from './testing/pgn-corpus.js';

const GROUP = 10;
/** Set MAKRUK_PGN_CORPUS_DUMP=file to write every output (JSON lines), to compare two versions in full. */
const dump = process.env.MAKRUK_PGN_CORPUS_DUMP;

describe('PGN corpus', () => {
  it(`writes and reads ${CORPUS_GAMES.toLocaleString('en')} generated games and trees as pinned`, async () => {
    const lines: string[] = [];
    for (let first = 0; first < CORPUS_GAMES; first += GROUP) {
      const hash = createHash('sha256');
      for (let index = first; index < first + GROUP; index++) {
        const outputs = corpusOutputs(index);
        if (dump) appendFileSync(dump, `${JSON.stringify({ index, outputs })}\n`);
        for (const output of outputs) hash.update(output).update('\u0000');
        hash.update('\u0001');
      }
      lines.push(
        `${String(first).padStart(4, '0')}-${String(first + GROUP - 1).padStart(4, '0')} ${hash.digest('hex').slice(0, 16)}`,
      );
    }
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./testing/pgn-corpus.pins.txt');
  }, 1_800_000);
});
