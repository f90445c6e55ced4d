import { Position } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { AnalysisModel } from '../model/analysis.js';
import type { EngineController } from './controller.js';
import { Opponent, mateInOne } from './opponent.js';

/** An engine controller whose weakened search always answers Rc1 (as 'casual' did), never the mate. */
function weakEngine(): EngineController & { asked: number } {
  const fake = {
    asked: 0,
    running: false,
    toggle() {},
    async bestMove(game: { position: Position }) {
      fake.asked++;
      const move = game.position.findMove('a1c1');
      return move.ok ? move.value : undefined;
    },
  };
  return fake as unknown as EngineController & { asked: number };
}

describe('the computer opponent', () => {
  it('finds a mate in one', () => {
    const position = Position.fromFen('7k/8/6K1/8/8/8/8/R7 w - - 0 1');
    if (!position.ok) throw new Error(position.error.message);
    expect(mateInOne(position.value)?.to).toBe('a8');
    expect(mateInOne(Position.initial())).toBeUndefined();
  });

  it('plays a mate in one at casual strength, whatever the weakened search says', async () => {
    const model = new AnalysisModel();
    expect(model.loadFen('7k/8/6K1/8/8/8/8/R7 w - - 0 1').ok).toBe(true);
    const engine = weakEngine();
    const opponent = new Opponent(model, engine);
    opponent.start('white', 'casual', { remember: false });
    await expect.poll(() => model.path.length).toBe(1);
    expect(model.node.san).toBe('Ra8#');
    expect(engine.asked).toBe(0);
  });

  it('leaves the beginner to its search', async () => {
    const model = new AnalysisModel();
    expect(model.loadFen('7k/8/6K1/8/8/8/8/R7 w - - 0 1').ok).toBe(true);
    const engine = weakEngine();
    new Opponent(model, engine).start('white', 'beginner', { remember: false });
    await expect.poll(() => model.path.length).toBe(1);
    expect(model.node.san).toBe('Rc1');
  });
});
