// Probe D6 (issue 21): under a V8 flag (`node --max-old-space-size=4096 makruk analyse …`) the engine did not start
// (ERR_ENGINE_START … ERR_WORKER_INVALID_EXEC_ARGV: the flags were handed on to the engine's worker). The library's
// tests start the Engine under these flags (worker-argv.test.ts); these run the built command itself under them.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');
/** Flags a worker refuses when they are passed to it: the ones the probe tried. */
const V8_FLAGS = ['--max-old-space-size=4096', '--stack-size=2000', '--expose-gc'];

function runWith(flags: string[], ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...flags, cli, ...args], { encoding: 'utf8', timeout: 90_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the command under V8 flags (probe D6)', () => {
  for (const flag of V8_FLAGS) {
    it(`analyse finds the mate in 3 under node ${flag}`, () => {
      const result = runWith([flag], 'analyse', '--fen', '8/5k2/8/8/8/8/8/RR2K3 w - - 0 1', '--depth', '8', '--json');
      expect(result.stderr).not.toContain('ERR_');
      expect(result.status).toBe(0);
      const last = JSON.parse(result.stdout.trim().split('\n').at(-1) as string);
      expect(last).toMatchObject({ type: 'result', score: { mate: 3 } });
    });
  }

  it('analyse with two threads (a second worker) under all three flags at once', () => {
    const result = runWith(V8_FLAGS, 'analyse', '--depth', '5', '--threads', '2', '--json');
    expect(result.stderr).not.toContain('ERR_');
    expect(result.status).toBe(0);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) as string);
    expect(last).toMatchObject({ type: 'result', bestMove: expect.stringMatching(/^[a-h][1-8][a-h][1-8]/) });
  });

  it('uci: a short go answers with a bestmove, then quit exits 0', async () => {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', cli, 'uci']);
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const bestMove = new Promise<string>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('bestmove ')) resolve(line);
      });
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.stdin.write('uci\nisready\nposition startpos moves e3e4\ngo depth 4\n');
    // a hang guard, not a speed limit: the engine that cannot start never answers
    const answer = await Promise.race([
      bestMove,
      exited.then((code) => `exited ${code}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('no bestmove in 90 s'), 90_000)),
    ]);
    expect(answer, `${lines.join('\n')}\n${stderr}`).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    expect(lines).toContain('readyok');
    child.stdin.write('quit\n');
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('ERR_');
  });
});
