#!/usr/bin/env node
// Compiles the trainer (trainer.cpp) to packages/lab/build/trainer with g++ (scripts/setup.sh installs it).
// -ffp-contract=off: no fused multiply-add, so the network comes out the same on any x86-64 whatever its vector width.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TRAINER_SOURCE = fileURLToPath(new URL('./trainer.cpp', import.meta.url));
export const TRAINER = fileURLToPath(new URL('../build/trainer', import.meta.url));

/** Builds the trainer when it is missing or older than its source; returns its path. */
export function buildTrainer() {
  let fresh = false;
  try {
    fresh = statSync(TRAINER).mtimeMs >= statSync(TRAINER_SOURCE).mtimeMs;
  } catch {}
  if (!fresh) {
    mkdirSync(fileURLToPath(new URL('../build/', import.meta.url)), { recursive: true });
    execFileSync(
      'g++',
      [
        '-O3',
        '-march=native',
        '-ffp-contract=off',
        '-std=c++17',
        '-Wall',
        '-Wextra',
        '-pthread',
        '-o',
        TRAINER,
        TRAINER_SOURCE,
      ],
      {
        stdio: 'inherit',
      },
    );
  }
  return TRAINER;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(buildTrainer());
