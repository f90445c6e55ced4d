import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiateEngine, loadEngineNetwork } from '@makruk/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrainer } from './build-trainer.mjs';
import { decodeGames, decodeHeader, FLAG_NOISY, FLAG_UNSCORED, MOVE_MASK } from './gamefile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'trainer-'));
const data = path.join(dir, 'games.bin');
let trainer = '';

const train = (out: string, ...args: string[]) =>
  execFileSync(
    trainer,
    ['train', '--data', data, '--out', out, '--hidden', '32', '--batch', '256', '--threads', '2', ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
const losses = (output: string) =>
  [...output.matchAll(/train loss ([\d.]+), validation loss ([\d.]+) \(quantised ([\d.]+)\)/g)].map((m) =>
    m.slice(1).map(Number),
  );

beforeAll(() => {
  trainer = buildTrainer();
  // A tiny data set: 24 self-play games at 400 nodes from the start position.
  execFileSync(
    process.execPath,
    [
      path.join(here, 'datagen.mjs'),
      '--out',
      data,
      '--games',
      '24',
      '--nodes',
      '400',
      '--seed',
      '3',
      '--max-plies',
      '240',
      '--progress',
      '3600',
    ],
    {
      stdio: 'ignore',
    },
  );
}, 600_000);

describe('trainer', () => {
  it('learns: the training loss falls epoch by epoch, validation and quantised losses are reported', () => {
    const output = train(path.join(dir, 'a.nnue'), '--epochs', '4', '--lr', '0.01', '--seed', '1');
    const rows = losses(output);
    expect(rows).toHaveLength(4);
    const train0 = rows[0]?.[0] ?? 0;
    const train3 = rows[3]?.[0] ?? 1;
    expect(train3).toBeLessThan(train0);
    for (const [, validation, quantised] of rows) {
      expect(validation).toBeGreaterThan(0);
      expect(Math.abs((quantised ?? 0) - (validation ?? 0))).toBeLessThan(0.01); // quantising costs little
    }
  });

  it('is reproducible: the same seed gives the same bytes, another seed others; a resumed run equals a straight one', () => {
    train(path.join(dir, 'b1.nnue'), '--epochs', '2', '--seed', '5');
    train(path.join(dir, 'b2.nnue'), '--epochs', '2', '--seed', '5');
    train(path.join(dir, 'c.nnue'), '--epochs', '2', '--seed', '6');
    const b1 = readFileSync(path.join(dir, 'b1.nnue'));
    expect(readFileSync(path.join(dir, 'b2.nnue'))).toEqual(b1);
    expect(readFileSync(path.join(dir, 'c.nnue'))).not.toEqual(b1);
    // 2 epochs in one go, or killed after epoch 1 and started again with the same command
    const checkpoint = path.join(dir, 'ckpt');
    train(path.join(dir, 'r.nnue'), '--epochs', '2', '--seed', '5', '--checkpoint', checkpoint, '--stop-after', '1');
    const resumed = train(path.join(dir, 'r.nnue'), '--epochs', '2', '--seed', '5', '--checkpoint', checkpoint);
    expect(losses(resumed)).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'r.nnue'))).toEqual(b1);
  });

  it('writes a network the engine takes and evaluates exactly as the trainer does', () => {
    const net = path.join(dir, 'e.nnue');
    train(net, '--epochs', '2', '--lr', '0.01');
    const bytes = new Uint8Array(readFileSync(net));
    const engine = instantiateEngine('release', undefined, { network: false });
    loadEngineNetwork(engine, bytes);
    expect(engine.networkHidden()).toBe(32);
    // positions of the games, replayed in the engine
    const file = new Uint8Array(readFileSync(data));
    const games = decodeGames(file, decodeHeader(file).recordsStart).games;
    const encoder = new TextEncoder();
    const fens: string[] = [];
    const evaluations: number[] = [];
    for (const game of games.slice(0, 6)) {
      const fen = encoder.encode(game.fen);
      new Uint8Array(engine.memory.buffer, engine.inputBuffer(), fen.length).set(fen);
      expect(engine.setFen(fen.length)).toBe(0);
      for (const word of game.moves) {
        const length = engine.getFen();
        fens.push(new TextDecoder().decode(new Uint8Array(engine.memory.buffer, engine.inputBuffer(), length)));
        evaluations.push(engine.evaluateNetwork());
        expect(engine.makeMove(word & MOVE_MASK)).toBe(1);
      }
    }
    expect(fens.length).toBeGreaterThan(200);
    const reference = execFileSync(trainer, ['eval', net, ...fens], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    expect(reference).toEqual(evaluations);
    expect(new Set(evaluations).size).toBeGreaterThan(20);
  });

  it('keeps only scored, quiet positions and blends score and result targets', () => {
    const file = new Uint8Array(readFileSync(data));
    const games = decodeGames(file, decodeHeader(file).recordsStart).games;
    const quiet = games.reduce((n, g) => n + g.moves.filter((w) => (w & (FLAG_NOISY | FLAG_UNSCORED)) === 0).length, 0);
    const run = spawnSync(
      trainer,
      [
        'train',
        '--data',
        data,
        '--out',
        path.join(dir, 'f.nnue'),
        '--hidden',
        '16',
        '--epochs',
        '1',
        '--validation',
        '0',
        '--max-score',
        '32767',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`${games.length} games, ${quiet} training positions, 0 validation positions`);
    expect(quiet).toBeGreaterThan(500);
    // pure results (wdl 1) and pure scores (wdl 0) are different targets: different networks
    train(path.join(dir, 'w0.nnue'), '--epochs', '1', '--wdl', '0');
    train(path.join(dir, 'w1.nnue'), '--epochs', '1', '--wdl', '1');
    expect(readFileSync(path.join(dir, 'w0.nnue'))).not.toEqual(readFileSync(path.join(dir, 'w1.nnue')));
  });

  it('says what is wrong with bad input and exits 1', () => {
    writeFileSync(path.join(dir, 'junk.bin'), 'not a game file');
    const cases: [string[], RegExp][] = [
      [['train', '--data', path.join(dir, 'junk.bin'), '--out', path.join(dir, 'x.nnue')], /is not a game file/],
      [['train', '--data', data, '--out', path.join(dir, 'x.nnue'), '--hidden', '20'], /multiple of 16/],
      [['train', '--data', data, '--out', path.join(dir, 'x.nnue'), '--bogus'], /unknown option --bogus/],
      [['train', '--data', data, '--out', path.join(dir, 'x.nnue'), '--lr', 'fast'], /--lr needs a number/],
      [['eval', path.join(dir, 'junk.bin'), 'x'], /not a network file/],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(trainer, args, { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(message);
    }
  });
});
