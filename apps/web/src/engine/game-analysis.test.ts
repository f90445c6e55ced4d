import type { AnalysisResult, Game, Score } from '@makruk/makruk';
import { describe, expect, it } from 'vitest';
import { AnalysisModel } from '../model/analysis.js';
import type { EngineController } from './controller.js';
import { GameAnalysis } from './game-analysis.js';

/** An engine controller whose searches answer scripted scores (by ply), counting the searches. */
function scriptedEngine(scores: Score[]): EngineController & { searches: number } {
  const stub = {
    running: false,
    searches: 0,
    toggle(on?: boolean) {
      stub.running = on ?? !stub.running;
    },
    async search(game: Game): Promise<AnalysisResult> {
      stub.searches++;
      const score = scores[game.ply] ?? { cp: 0 };
      return {
        score,
        nodes: 100,
        bestMove: undefined,
        bestMoveUci: undefined,
        pv: [],
        pvSan: [],
        depth: 1,
        seldepth: 1,
        timeMs: 1,
        stopped: false,
      };
    },
  };
  return stub as unknown as EngineController & { searches: number };
}

describe('GameAnalysis', () => {
  it('searches every main-line position once and marks moves by the mover’s loss of winning chances', async () => {
    const model = new AnalysisModel();
    for (const san of ['e4', 'e5', 'Nd2', 'Nd7']) model.play(san);
    // scores from the side to move, by ply: 0: +20 (White), 1: -20 (Black), 2: +10 (White), 3: +300 (Black: White's
    // Nd2 was a blunder), 4: -220 (White: Black's Nd7 gave back ≈ 0.14 of winning chances, an inaccuracy)
    const engine = scriptedEngine([{ cp: 20 }, { cp: -20 }, { cp: 10 }, { cp: 300 }, { cp: -220 }]);
    const analysis = new GameAnalysis(model, engine);
    await analysis.run();
    expect(engine.searches).toBe(5);
    expect(analysis.done).toBe(5);
    const marks = analysis.judgments();
    expect(marks.get('e3e4 e6e5 b1d2')).toBe('blunder');
    expect(marks.has('e3e4')).toBe(false);
    expect(marks.has('e3e4 e6e5')).toBe(false);
    expect(marks.get('e3e4 e6e5 b1d2 b8d7')).toBe('inaccuracy');
    await analysis.run(); // resumed: nothing left to search
    expect(engine.searches).toBe(5);
  });

  it('a cancelled run keeps what it searched and resumes from there', async () => {
    const model = new AnalysisModel();
    for (const san of ['e4', 'e5']) model.play(san);
    const engine = scriptedEngine([{ cp: 0 }, { cp: 0 }, { cp: 0 }]);
    const analysis = new GameAnalysis(model, engine);
    analysis.addEventListener('change', () => {
      if (analysis.done === 1) analysis.cancel();
    });
    await analysis.run();
    expect(analysis.points().filter((point) => point.white !== undefined)).toHaveLength(1);
    analysis.cancel = () => undefined;
    await analysis.run();
    expect(engine.searches).toBe(3);
  });
});
