// The evaluation network (assembly/nnue/): loading and refusing files, the lazy accumulators against a fresh sum, the
// SIMD builds against the scalar compat build, the count-aware rules around it, the compiled-in network.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EngineNetworkError,
  type EngineExports,
  engineNetworkBytes,
  instantiateEngine,
  instantiateEngineAsync,
  loadEngineNetwork,
  NETWORK,
  NETWORK_ERRORS,
} from '../dist/index.js';
import { getFen, legalMoves, setFen, START_FEN } from './engine-helpers.js';

const INPUTS = 768;

/** A network file (assembly/nnue/network.ts's layout) with seeded random weights of a trained net's size. */
function syntheticNetwork(hidden: number, seed: number): Uint8Array {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const body = new DataView(new ArrayBuffer(2 * (INPUTS * hidden + 3 * hidden) + 4));
  let at = 0;
  for (let i = 0; i < INPUTS * hidden; i++, at += 2) body.setInt16(at, Math.round((random() - 0.5) * 60), true);
  for (let i = 0; i < hidden; i++, at += 2) body.setInt16(at, Math.round(random() * 80), true);
  for (let i = 0; i < 2 * hidden; i++, at += 2) body.setInt16(at, Math.round((random() - 0.5) * 250), true);
  body.setInt32(at, -1234, true);
  const bytes = new Uint8Array(64 + body.byteLength);
  const header = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('MKNNUE01'), 0);
  [1, INPUTS, hidden, 255, 64, 400].forEach((v, i) => header.setUint32(8 + 4 * i, v, true));
  let h = 2166136261;
  const weights = new Uint8Array(body.buffer);
  for (const byte of weights) h = Math.imul(h ^ byte, 16777619) >>> 0;
  header.setUint32(32, h, true);
  bytes.set(weights, 64);
  return bytes;
}

const NET = syntheticNetwork(64, 7);

/** A seeded walk of make/unmake (and a search now and then) from the openings, calling `check` at every step. */
function walk(engine: EngineExports, steps: number, check: (step: number) => void) {
  let state = 99;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  setFen(engine, START_FEN);
  for (let step = 0; step < steps; step++) {
    const moves = legalMoves(engine);
    if (moves.length === 0 || step % 150 === 149) setFen(engine, START_FEN);
    else if (random() < 0.25 && step > 0) engine.unmakeMove();
    else engine.makeMove(moves[Math.floor(random() * moves.length)] as number);
    if (step % 40 === 0) engine.search(3, -1, -1, -1, -1, -1, -1, 0, 0); // searches leave the accumulators mid-ring
    check(step);
  }
}

describe('evaluation network', () => {
  it('the lazily updated accumulators always equal a fresh sum over the board (SIMD and scalar builds)', () => {
    for (const kind of ['release', 'compat'] as const) {
      const engine = instantiateEngine(kind, undefined, { network: NET });
      const fresh = instantiateEngine(kind, undefined, { network: NET });
      expect(engine.networkHidden()).toBe(64);
      let differing = 0;
      walk(engine, 1500, () => {
        setFen(fresh, getFen(engine));
        if (engine.evaluateNetwork() !== fresh.evaluateNetwork()) differing++;
      });
      expect(differing).toBe(0);
    }
  });

  it('the SIMD build and the scalar compat build evaluate and search alike', () => {
    const simd = instantiateEngine('release', undefined, { network: NET });
    const scalar = instantiateEngine('compat', undefined, { network: NET });
    const evaluations: number[] = [];
    walk(simd, 600, () => {
      setFen(scalar, getFen(simd));
      expect(scalar.evaluateNetwork()).toBe(simd.evaluateNetwork());
      expect(scalar.evaluatePosition()).toBe(simd.evaluatePosition());
      evaluations.push(simd.evaluateNetwork());
    });
    expect(new Set(evaluations).size).toBeGreaterThan(50); // the walk sees many different evaluations
    for (const engine of [simd, scalar]) {
      setFen(engine, 'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6');
      engine.newGame();
    }
    expect(simd.search(7, -1, -1, -1, -1, -1, -1, 0, 0)).toBe(scalar.search(7, -1, -1, -1, -1, -1, -1, 0, 0));
    expect((simd as EngineExports & { searchedNodes(): number }).searchedNodes()).toBe(
      (scalar as EngineExports & { searchedNodes(): number }).searchedNodes(),
    );
  });

  it('the network decides the evaluation, turned off the hand-written one does', () => {
    const hand = instantiateEngine('release', undefined, { network: false });
    const net = instantiateEngine('release', undefined, { network: NET });
    expect(hand.networkHidden()).toBe(0);
    expect(hand.evaluateNetwork()).toBe(0);
    const fen = 'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6';
    setFen(hand, fen);
    setFen(net, fen);
    expect(net.evaluatePosition()).toBe(net.evaluateNetwork());
    expect(net.evaluatePosition()).not.toBe(hand.evaluatePosition());
    net.setUseNetwork(0);
    expect(net.evaluatePosition()).toBe(hand.evaluatePosition());
    net.setUseNetwork(1);
    expect(net.evaluatePosition()).toBe(net.evaluateNetwork());
  });

  it('keeps the count-aware endgame rules around the network', () => {
    const net = instantiateEngine('release', undefined, { network: NET });
    // dead: neither side can mate, whatever the network says
    setFen(net, '4k3/8/8/3m4/8/8/3M4/4K3 w - - 0 1');
    expect(net.evaluatePosition()).toBe(0);
    // K+R v K with the count about to run out: scaled far below the mop-up value with moves to spare
    setFen(net, '4k3/8/8/8/8/8/8/R3K3 w - 32 30 40');
    const late = Math.abs(net.evaluatePosition());
    setFen(net, '4k3/8/8/8/8/8/8/R3K3 w - 32 6 40');
    const early = Math.abs(net.evaluatePosition());
    expect(late).toBeLessThan(early);
  });

  it('refuses a file that is not a network it takes, with a typed error, and then has none', () => {
    const engine = instantiateEngine('release', undefined, { network: NET });
    const cases: [Uint8Array, string][] = [
      [NET.slice(0, 40), 'ERR_NETWORK_LENGTH'],
      [new Uint8Array(NET.length).fill(7), 'ERR_NETWORK_FORMAT'],
      [NET.slice(0, NET.length - 2), 'ERR_NETWORK_SHAPE'],
      [
        (() => {
          const b = NET.slice();
          b[5000] = (b[5000] ?? 0) ^ 1;
          return b;
        })(),
        'ERR_NETWORK_CHECKSUM',
      ],
      [
        (() => {
          const b = NET.slice();
          b[16] = 24;
          return b;
        })(),
        'ERR_NETWORK_SHAPE',
      ], // hidden not a multiple of 16
    ];
    for (const [bytes, reason] of cases) {
      expect(() => loadEngineNetwork(engine, bytes)).toThrow(EngineNetworkError);
      try {
        loadEngineNetwork(engine, bytes);
      } catch (error) {
        expect(error).toMatchObject({ code: 'ERR_ENGINE_NETWORK', reason });
      }
      expect(engine.networkHidden()).toBe(0);
    }
    expect(Object.values(NETWORK_ERRORS)).toContain('ERR_NETWORK_CHECKSUM');
    expect(() => instantiateEngine('release', undefined, { network: 'net.nnue' as never })).toThrow(TypeError);
    expect(() => loadEngineNetwork(engine, new Uint8Array(engine.networkBufferSize() + 1))).toThrow(
      expect.objectContaining({ reason: 'ERR_NETWORK_LENGTH' }),
    );
  });

  it('loads the compiled-in network by default, sync and async, and in thread builds', async () => {
    const bytes = await engineNetworkBytes();
    if (NETWORK === null) {
      expect(bytes).toBeUndefined();
      expect(instantiateEngine().networkHidden()).toBe(0);
      return;
    }
    expect(bytes?.length).toBe(NETWORK.bytes);
    expect(instantiateEngine().networkHidden()).toBe(NETWORK.hidden);
    expect((await instantiateEngineAsync()).networkHidden()).toBe(NETWORK.hidden);
    const { createThreadMemory, instantiateThreadEngine, threadEngineModule } = await import('../dist/threads.js');
    const thread = await instantiateThreadEngine(await threadEngineModule(0), 0, createThreadMemory(1, 1));
    expect(thread.networkHidden()).toBe(NETWORK.hidden);
    const file = readFileSync(new URL(`../networks/${NETWORK.name}`, import.meta.url));
    expect(bytes).toEqual(new Uint8Array(file));
  });
});
