import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { withWorkerArgv, type WorkerArgvOptions } from './worker-argv.js';

// The built facade, as a user's script imports it (pnpm test builds first).
const distIndex = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** Node's own error code for a V8 flag given to a worker. */
function nodeRefusalCode(): string {
  try {
    void new Worker('', { eval: true, execArgv: ['--expose-gc'] }).terminate();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('this Node took a V8 flag for a worker');
}

/** A worker constructor that refuses V8 flags given explicitly, as Node's does. */
function fakeWorker(calls: WorkerArgvOptions[]) {
  const code = nodeRefusalCode();
  return (options: WorkerArgvOptions) => {
    calls.push(options);
    const refused = (options.execArgv ?? []).filter((flag) =>
      /^--(max-old-space-size|stack-size|expose-gc)/.test(flag),
    );
    if (refused.length > 0) {
      const error = new Error(`Initiated Worker with invalid execArgv flags: ${refused.join(', ')}`);
      throw Object.assign(error, { code });
    }
    return 'started';
  };
}

describe('withWorkerArgv', () => {
  it('lets Node pass the flags itself (it leaves out what a worker cannot take) when no --input-type is set', () => {
    const calls: WorkerArgvOptions[] = [];
    expect(withWorkerArgv(fakeWorker(calls), ['--max-old-space-size=4096', '--conditions=dev'])).toBe('started');
    expect(calls).toEqual([{}]);
  });

  it('drops --input-type, then the flags the worker refuses, keeping the rest', () => {
    const calls: WorkerArgvOptions[] = [];
    const argv = ['--input-type=module', '--max-old-space-size=4096', '--expose-gc', '--conditions=dev'];
    expect(withWorkerArgv(fakeWorker(calls), argv)).toBe('started');
    expect(calls.at(-1)).toEqual({ execArgv: ['--conditions=dev'] });
  });

  it('passes other failures on', () => {
    const boom = () => {
      throw new Error('no such file');
    };
    expect(() => withWorkerArgv(boom, ['--input-type=module'])).toThrow('no such file');
  });
});

describe('the engine under Node flags a worker cannot take (issue 21)', () => {
  const script = `
    const { Engine } = await import(${JSON.stringify(distIndex)});
    for (const threads of [1, 2]) {
      const engine = await Engine.start({ hashMb: 8, threads });
      const result = await engine.analyse({}, { depth: 2 }).result;
      console.log('threads', threads, 'best', result.bestMoveUci);
      await engine.quit();
    }
  `;
  const expectStarted = (result: ReturnType<typeof spawnSync>): void => {
    expect(String(result.stderr)).not.toContain('ERR_ENGINE_START');
    expect(String(result.stdout)).toMatch(/threads 1 best [a-h][1-8][a-h][1-8][\s\S]*threads 2 best [a-h][1-8]/);
    expect(result.status).toBe(0);
  };

  it('starts in a script run with --max-old-space-size, --stack-size and --expose-gc', () => {
    expect(existsSync(distIndex), 'build @makruk/makruk first').toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'makruk-argv-'));
    try {
      const file = join(folder, 'start.mjs');
      writeFileSync(file, script);
      const flags = ['--max-old-space-size=4096', '--stack-size=2000', '--expose-gc'];
      expectStarted(spawnSync(process.execPath, [...flags, file], { encoding: 'utf8', timeout: 30_000 }));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('starts in node --input-type=module -e with a V8 flag', () => {
    const args = ['--input-type=module', '--max-old-space-size=4096', '-e', script];
    expectStarted(spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 30_000 }));
  });
});
