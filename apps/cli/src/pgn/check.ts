// `makruk pgn check`: what is wrong with one game. The library's parsePgn reads the game (tags, moves, counting
// actions in `[%count …]` comments); this module adds the checks a reader does not make: the tags' values, the
// result marker against the Result tag, and the result against the final position.
import { Game, MakrukError, makePgn } from '@makruk/makruk';
import type { CliErrorCode } from '../errors.js';
import { parseChunk, type PgnProblem } from './games.js';
import type { PgnChunk } from './split.js';

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const DATE = /^(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})$/;
const RESULT_AT_END = /(1-0|0-1|1\/2-1\/2|\*)\s*$/;

/** Tag names already tried on the library's writer (a file repeats the same few names), bounded. */
const WRITABLE_NAMES = new Map<string, string | undefined>();
const WRITABLE_NAMES_KEPT = 1000;

/** Why makePgn (convert, annotate) cannot write a tag of this name, or undefined: the library's rule, asked. */
function unwritableTagName(name: string): string | undefined {
  if (WRITABLE_NAMES.has(name)) return WRITABLE_NAMES.get(name);
  let reason: string | undefined;
  const probe = new Game();
  probe.tags.set(name, '');
  try {
    makePgn(probe);
  } catch (error) {
    if (!(error instanceof MakrukError) || error.code !== 'ERR_PGN_TAG_NAME') throw error;
    reason = error.message;
  }
  if (WRITABLE_NAMES.size >= WRITABLE_NAMES_KEPT) WRITABLE_NAMES.clear();
  WRITABLE_NAMES.set(name, reason);
  return reason;
}

function resultOf(game: Game): string | undefined {
  const outcome = game.outcome();
  if (outcome === undefined) return undefined;
  return outcome.winner === undefined ? '1/2-1/2' : outcome.winner === 'white' ? '1-0' : '0-1';
}

/** The problems of one game chunk (`number` is its 1-based number in the file); an empty list when it is sound. */
export function checkGame(chunk: PgnChunk, number: number): PgnProblem[] {
  const problems: PgnProblem[] = [];
  const problem = (line: number, code: CliErrorCode, message: string): void =>
    void problems.push({ game: number, line, code, message });
  const tagLine = (name: string): number => chunk.tags.get(name)?.line ?? chunk.startLine;

  // the tags as written
  for (const name of SEVEN_TAG_ROSTER) {
    if (!chunk.tags.has(name))
      problem(chunk.startLine, 'ERR_PGN_TAG', `The ${name} tag is missing (PGN's seven-tag roster).`);
  }
  const date = chunk.tags.get('Date');
  if (date && !DATE.test(date.value))
    problem(date.line, 'ERR_PGN_TAG', `Date "${date.value}" is not YYYY.MM.DD (with ? for unknown parts).`);
  if (chunk.tags.has('FEN') && chunk.tags.get('SetUp')?.value !== '1') {
    problem(tagLine('FEN'), 'ERR_PGN_TAG', 'A game with a FEN tag needs [SetUp "1"].');
  }

  for (const [name, { line }] of chunk.tags) {
    const reason = unwritableTagName(name);
    if (reason !== undefined)
      problem(line, 'ERR_PGN_TAG_NAME', `${reason} (so pgn convert and annotate cannot write this game)`);
  }

  const tagResult = chunk.tags.get('Result');
  if (tagResult && !RESULTS.has(tagResult.value)) {
    problem(tagResult.line, 'ERR_PGN_TAG', `Result "${tagResult.value}" is not one of 1-0, 0-1, 1/2-1/2, *.`);
  }
  const lastLine = chunk.startLine + chunk.text.trimEnd().split('\n').length - 1;
  const marker = RESULT_AT_END.exec(chunk.text)?.[1];
  if (marker === undefined) {
    problem(lastLine, 'ERR_PGN_RESULT', 'The movetext does not end with a result (1-0, 0-1, 1/2-1/2 or *).');
  } else if (tagResult && RESULTS.has(tagResult.value) && tagResult.value !== marker) {
    problem(tagResult.line, 'ERR_PGN_RESULT', `Result tag "${tagResult.value}" but the movetext ends with ${marker}.`);
  }

  // the game as the library reads it: moves, counting actions, FEN and Variant tags
  const parsed = parseChunk(chunk, number);
  if (!parsed.ok) {
    problems.push(parsed.error);
    return sortByLine(problems);
  }
  const game = parsed.value;
  const plyCount = chunk.tags.get('PlyCount');
  if (plyCount && plyCount.value !== String(game.ply)) {
    problem(plyCount.line, 'ERR_PGN_TAG', `PlyCount "${plyCount.value}" but the game has ${game.ply} plies.`);
  }
  const claimed = marker ?? tagResult?.value;
  const decided = resultOf(game);
  if (decided !== undefined && claimed !== undefined && claimed !== decided) {
    const outcome = game.outcome();
    problem(
      lastLine,
      'ERR_PGN_RESULT',
      `The result is ${claimed}, but the final position is ${decided} (${outcome?.reason ?? ''}).`,
    );
  }
  return sortByLine(problems);
}

function sortByLine(problems: PgnProblem[]): PgnProblem[] {
  return problems.sort((a, b) => a.line - b.line);
}
