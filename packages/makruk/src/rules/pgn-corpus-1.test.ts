// PGN written and read byte for byte as before the game record became one model (issue 20): games 0–4999 of the
// 10,000 seeded games and trees of testing/pgn-corpus.ts (the other half: pgn-corpus-2.test.ts, so that two
// workers share the work), their outputs hashed ten games a line and pinned in ../testing/pgn-corpus-1.pins.txt. The
// pins were taken from the code before the change; regenerate them only for a deliberate change of the PGN text
// (`vitest run src/pgn-corpus-1.test.ts -u`) and say so in the commit.
import { describe, expect, it } from 'vitest';
import { corpusPins } from '../testing/pgn-corpus.js';

describe('PGN corpus', () => {
  it('writes and reads games 0–4999 and their trees as pinned', async () => {
    await expect(corpusPins(0, 5000)).toMatchFileSnapshot('../testing/pgn-corpus-1.pins.txt');
  }, 1_800_000);
});
