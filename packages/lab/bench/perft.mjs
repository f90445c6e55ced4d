// Benchmark (not a test): start-position perft with our release wasm and, when installed, native Fairy-Stockfish
// in the same run. Usage: node bench/perft.mjs [depth=6]   (run `pnpm build` first)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { engineWasmBytes, instantiateEngine } from '@makruk/engine';

const FAIRY_STOCKFISH = '/usr/games/fairy-stockfish';
const depth = Number(process.argv[2] ?? 6);

function report(name, nodes, seconds) {
  const rate = nodes / seconds;
  console.log(
    `${name.padEnd(22)} perft ${depth}: ${nodes} nodes in ${seconds.toFixed(3)} s = ${(rate / 1e6).toFixed(1)} M nodes/s`,
  );
  return rate;
}

function benchOurs() {
  const engine = instantiateEngine('release');
  engine.perft(4); // warm-up: lets the wasm tier up before timing
  const start = performance.now();
  const nodes = engine.perft(depth);
  return report('ours (release wasm)', nodes, (performance.now() - start) / 1000);
}

function benchFairyStockfish() {
  return new Promise((resolve, reject) => {
    const child = spawn(FAIRY_STOCKFISH, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = '';
    let start = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      if (start === 0 && buffer.includes('readyok')) {
        buffer = '';
        start = performance.now();
        child.stdin.write(`go perft ${depth}\n`);
      }
      const match = /Nodes searched: (\d+)/.exec(buffer);
      if (start !== 0 && match) {
        const seconds = (performance.now() - start) / 1000;
        child.stdin.end('quit\n');
        resolve(report('fairy-stockfish (native)', Number(match[1]), seconds));
      }
    });
    child.on('error', reject);
    child.stdin.write('uci\nsetoption name UCI_Variant value makruk\nposition startpos\nisready\n');
  });
}

const release = engineWasmBytes('release');
console.log(`build/engine.wasm: ${release.length} bytes, ${gzipSync(release, { level: 9 }).length} bytes gzipped`);
const ours = benchOurs();
if (existsSync(FAIRY_STOCKFISH)) {
  const theirs = await benchFairyStockfish();
  console.log(`ratio ours / fairy-stockfish: ${(ours / theirs).toFixed(2)}×`);
} else {
  console.log(`fairy-stockfish not found at ${FAIRY_STOCKFISH}: no comparison`);
}
