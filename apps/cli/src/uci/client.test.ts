import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineSpec } from '../match/engine-spec.js';
import { MatchError } from '../match/errors.js';
import { UciEngine } from './client.js';

const FAKE = fileURLToPath(new URL('../match/fixtures/fake-engine.mjs', import.meta.url));

function fake(...flags: string[]): EngineSpec {
  return { name: 'fake', command: process.execPath, args: [FAKE, ...flags], cwd: undefined, options: [] };
}

const started: UciEngine[] = [];
async function start(spec: EngineSpec, handshakeTimeoutMs = 5000): Promise<UciEngine> {
  const engine = await UciEngine.start(spec, { handshakeTimeoutMs });
  started.push(engine);
  return engine;
}

afterEach(() => {
  for (const engine of started.splice(0)) engine.kill();
});

describe('UciEngine', () => {
  it('handshakes, sends the variant and options, and returns bestmove with the last scored info', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'uci-')), 'in.log');
    const spec = fake('--variant', '--fixed=e3e4', '--score=37', `--log=${log}`);
    spec.options = [
      { name: 'hash', value: '8' },
      { name: 'Clear Hash', value: '' },
      { name: 'Secret', value: '1' },
    ];
    const engine = await start(spec);
    expect(engine.idName).toBe('FakeEngine');
    expect(engine.unknownOptions).toEqual(['Secret']);
    expect(await engine.newGame()).toBe(true);
    const outcome = await engine.search('position startpos', 'go nodes 100', 5000);
    expect(outcome.kind).toBe('bestmove');
    if (outcome.kind !== 'bestmove') return;
    expect(outcome.move).toBe('e3e4');
    expect(outcome.info.score).toEqual({ cp: 37 });
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(0);
    const received = readFileSync(log, 'utf8').split('\n');
    expect(received).toContain('setoption name UCI_Variant value makruk');
    expect(received).toContain('setoption name Hash value 8');
    expect(received).toContain('setoption name Clear Hash');
    expect(received).toContain('setoption name Secret value 1');
    expect(received.indexOf('setoption name Hash value 8')).toBeLessThan(received.indexOf('isready'));
    await engine.quit();
    expect(engine.alive).toBe(false);
  });

  it('reports a hang as a timeout after the deadline', async () => {
    const engine = await start(fake('--mode=hang'));
    const outcome = await engine.search('position startpos', 'go movetime 10', 150);
    expect(outcome.kind).toBe('timeout');
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(140);
    expect(engine.alive).toBe(true);
    engine.kill();
    // Dead at once, before the exit event: the runner's restart check right after a kill must see that.
    expect(engine.alive).toBe(false);
    expect(await engine.isReady()).toBe(false);
  });

  it('kills a hung engine together with what it started (its process group)', async () => {
    // A shell wrapper around the hanging engine: killing only the shell would leave the engine running.
    const spec: EngineSpec = {
      name: 'wrapped',
      command: '/bin/sh',
      args: ['-c', `"${process.execPath}" "${FAKE}" --mode=hang --linger; true`],
      cwd: undefined,
      options: [],
    };
    const engine = await start(spec);
    expect((await engine.search('position startpos', 'go movetime 10', 100)).kind).toBe('timeout');
    const { execFileSync } = await import('node:child_process');
    // Living members only: a killed grandchild may stay a zombie until the container's init reaps it.
    const groupMembers = (): string =>
      execFileSync('ps', ['-o', 'pid=,stat=', '-g', String(engine.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim() !== '' && !/\sZ/.test(line))
        .join('\n')
        .trim();
    expect(groupMembers().split('\n').length).toBeGreaterThanOrEqual(2); // the shell and the engine
    engine.kill();
    await new Promise((resolve) => setTimeout(resolve, 200));
    let left = '';
    try {
      left = groupMembers();
    } catch {
      left = ''; // ps exits 1 when the group is empty
    }
    expect(left).toBe('');
  });

  it('reports a crash during search with the exit code', async () => {
    const engine = await start(fake('--mode=crash'));
    const outcome = await engine.search('position startpos', 'go movetime 10', 5000);
    expect(outcome.kind).toBe('crash');
    if (outcome.kind === 'crash') expect(outcome.detail).toMatch(/code 3/);
    expect(engine.alive).toBe(false);
    // Talking to a dead engine neither throws nor waits.
    expect(await engine.isReady()).toBe(false);
  });

  it('fails to start with ERR_ENGINE_START for missing programs, no uciok, no readyok', async () => {
    const bad: EngineSpec[] = [
      { name: 'missing', command: '/no/such/engine', args: [], cwd: undefined, options: [] },
      fake('--no-uciok'),
      fake('--no-readyok'),
    ];
    for (const spec of bad) {
      let caught: unknown;
      try {
        await start(spec, 300);
      } catch (e) {
        caught = e;
      }
      expect(caught, spec.args.join(' ')).toBeInstanceOf(MatchError);
      expect((caught as MatchError).code).toBe('ERR_ENGINE_START');
    }
  });
});
