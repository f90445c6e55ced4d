// perft's failure paths, with a stand-in engine that traps or refuses: no wasm trap may escape as anything but a
// MakrukError, and a trapped instance is not reused.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const behaviour = { trap: false, refuseFen: false, syncFails: false };
const instantiations = { sync: 0, async: 0 };

vi.mock('@makruk/engine', () => {
  const make = () => ({
    memory: { buffer: new ArrayBuffer(65536) },
    inputBuffer: () => 0,
    setFen: () => (behaviour.refuseFen ? 3 : 0),
    moveBuffer: () => 4096,
    generateMoves: () => 0,
    makeMove: () => 1,
    unmakeMove: () => undefined,
    inCheck: () => 0,
    perft: (depth: number) => {
      if (behaviour.trap) throw Object.assign(new Error('unreachable executed'), { name: 'RuntimeError' }); // as a wasm trap
      return depth * 1000;
    },
  });
  return {
    instantiateEngine: () => {
      instantiations.sync++;
      if (behaviour.syncFails) throw new RangeError('WebAssembly.Compile is disallowed on the main thread');
      return make();
    },
    instantiateEngineAsync: async () => {
      instantiations.async++;
      return make();
    },
  };
});

const { perft, loadEngine } = await import('./wasm-perft.js');
const { Position } = await import('../rules/position.js');
const { MakrukError } = await import('../rules/errors.js');

function thrown(run: () => unknown): InstanceType<typeof MakrukError> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MakrukError);
    return error as InstanceType<typeof MakrukError>;
  }
  throw new Error('did not throw');
}

describe('perft failure paths', () => {
  beforeEach(() => {
    Object.assign(behaviour, { trap: false, refuseFen: false, syncFails: false });
  });

  it('turns a wasm trap into ERR_ENGINE and instantiates afresh next time', () => {
    const start = Position.initial();
    expect(perft(start, 2)).toBe(2000);
    const before = instantiations.sync;
    behaviour.trap = true;
    const error = thrown(() => perft(start, 2));
    expect(error.code).toBe('ERR_ENGINE');
    expect(error.message).toMatch(/unreachable/);
    behaviour.trap = false;
    expect(perft(start, 2)).toBe(2000);
    expect(instantiations.sync).toBe(before + 1);
  });

  it('reports a FEN the engine refuses as ERR_ENGINE', () => {
    behaviour.refuseFen = true;
    expect(thrown(() => perft(Position.initial(), 1)).code).toBe('ERR_ENGINE');
  });

  it('says to call loadEngine when synchronous instantiation is refused, and works after it', async () => {
    behaviour.trap = true;
    thrown(() => perft(Position.initial(), 1)); // drop the cached instance
    behaviour.trap = false;
    behaviour.syncFails = true;
    const error = thrown(() => perft(Position.initial(), 1));
    expect(error.code).toBe('ERR_ENGINE');
    expect(error.message).toMatch(/loadEngine/);
    await loadEngine();
    expect(perft(Position.initial(), 3)).toBe(3000);
  });
});
