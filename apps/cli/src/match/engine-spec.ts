/**
 * Engine specifications on the command line, cutechess style: each engine starts with `cmd=…` (or the word
 * `ours`) and is followed by `key=value` pairs:
 *
 *   --engine cmd=/usr/games/fairy-stockfish name=FS option.UCI_Elo=2000 option.UCI_LimitStrength=true
 *   --engine ours name=dev option.Hash=32
 *   --engine "cmd=node /path/to/engine.js --flag" dir=/tmp
 *
 * Keys: `cmd` (program and arguments, split as a shell does: quotes group words, backslashes escape), `arg` (one more argument, repeatable),
 * `name`, `dir` (working directory), `option.NAME` (UCI setoption, repeatable). `ours` means this repository's
 * engine: `node <apps/cli>/dist/main.js uci`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { split as shlexSplit } from 'shlex';
import { MatchError } from './errors.js';

export interface EngineOption {
  name: string;
  value: string;
}

export interface EngineSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string | undefined;
  options: EngineOption[];
}

/** This package's built CLI entry (`dist/main.js`), from either `src/match` or `dist/match`. */
export function ourCliEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'dist', 'main.js');
}

/** This repository's engine, run as `node <entry> uci` (entry: the built CLI unless given). */
export function ourEngineSpec(entry: string = ourCliEntry()): EngineSpec {
  return { name: 'makruk', command: process.execPath, args: [entry, 'uci'], cwd: undefined, options: [] };
}

/**
 * Splits a command line into words as a POSIX shell does (shlex): whitespace separates, quotes group, backslashes
 * escape; nothing else is special (`$NAME`, `|`, `>` stay as written: the engine is started without a shell).
 * An unclosed quote is refused with ERR_ENGINE_SPEC.
 */
export function splitCommandLine(text: string): string[] {
  try {
    return shlexSplit(text);
  } catch (error) {
    throw new MatchError(
      'ERR_ENGINE_SPEC',
      `cannot split "${text}" into words: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function specFromCommand(value: string): EngineSpec {
  const words = splitCommandLine(value);
  const command = words[0];
  if (command === undefined || command === '') throw new MatchError('ERR_ENGINE_SPEC', 'cmd= needs a program');
  return { name: path.basename(command), command, args: words.slice(1), cwd: undefined, options: [] };
}

/**
 * Groups `--engine` tokens into engine specs. Throws MatchError ERR_ENGINE_SPEC on anything unclear. `ourEntry` is
 * the CLI that `ours` runs (the built one unless given), which must exist.
 */
export function parseEngineSpecs(tokens: readonly string[], ourEntry: string = ourCliEntry()): EngineSpec[] {
  const specs: EngineSpec[] = [];
  const named = new Set<EngineSpec>();
  for (const token of tokens) {
    if (token === 'ours' || token === 'cmd=ours') {
      const spec = ourEngineSpec(ourEntry);
      if (!existsSync(spec.args[0] ?? '')) {
        throw new MatchError(
          'ERR_ENGINE_SPEC',
          `"ours" needs the built CLI at ${spec.args[0] ?? '?'}: build it first (pnpm build)`,
        );
      }
      specs.push(spec);
      continue;
    }
    const eq = token.indexOf('=');
    if (eq <= 0) {
      throw new MatchError(
        'ERR_ENGINE_SPEC',
        `engine setting "${token}" is not key=value (e.g. cmd=/usr/games/fairy-stockfish)`,
      );
    }
    const key = token.slice(0, eq);
    const value = token.slice(eq + 1);
    if (key === 'cmd') {
      specs.push(specFromCommand(value));
      continue;
    }
    const spec = specs[specs.length - 1];
    if (spec === undefined) {
      throw new MatchError(
        'ERR_ENGINE_SPEC',
        `"${token}" comes before any cmd=…: each --engine starts with cmd=PROGRAM or ours`,
      );
    }
    if (key === 'name') {
      if (value === '') throw new MatchError('ERR_ENGINE_SPEC', 'name= needs a value');
      if (named.has(spec)) throw new MatchError('ERR_ENGINE_SPEC', `engine "${spec.name}" is named twice`);
      spec.name = value;
      named.add(spec);
    } else if (key === 'arg') {
      spec.args.push(value);
    } else if (key === 'dir') {
      if (!existsSync(value)) throw new MatchError('ERR_ENGINE_SPEC', `dir=${value}: no such directory`);
      spec.cwd = value;
    } else if (key.startsWith('option.') && key.length > 'option.'.length) {
      spec.options.push({ name: key.slice('option.'.length), value });
    } else {
      throw new MatchError(
        'ERR_ENGINE_SPEC',
        `unknown engine setting "${key}" (known: cmd, name, arg, dir, option.NAME)`,
      );
    }
  }
  return specs;
}

/** Gives engines with equal names distinct ones (`FS`, `FS#2`) so that PGN and reports can tell them apart. */
export function distinctNames(specs: readonly EngineSpec[]): EngineSpec[] {
  const seen = new Map<string, number>();
  return specs.map((spec) => {
    const count = (seen.get(spec.name) ?? 0) + 1;
    seen.set(spec.name, count);
    return count === 1 ? spec : { ...spec, name: `${spec.name}#${count}` };
  });
}
