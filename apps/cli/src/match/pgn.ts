/**
 * PGN for match games (a minimal writer; the facade's Game/PGN API is not there yet): seven-tag roster plus
 * `[Variant "Makruk"]`, `[FEN]`/`[SetUp "1"]` when not from the start, `[Termination]`, `[PlyCount]`,
 * `[TimeControl]`; SAN moves with cutechess-style comments `{+0.54/12 0.105s}` and the reason at the end.
 */
import { INITIAL_FEN } from '@makruk/makruk';
import { formatTimeControl, type MoveLimit } from './clock.js';
import type { GameRecord, Termination } from './game-runner.js';
import { formatScore } from './uci-parse.js';

/** PGN standard Termination values for our terminations. */
export function pgnTermination(termination: Termination): string {
  switch (termination) {
    case 'checkmate':
    case 'stalemate':
    case 'insufficient-material':
    case 'counting-limit':
    case 'repetition':
      return 'normal';
    case 'max-plies':
    case 'resign-adjudication':
    case 'draw-adjudication':
      return 'adjudication';
    case 'time-forfeit':
    case 'stall':
      return 'time forfeit';
    case 'illegal-move':
      return 'rules infraction';
    case 'crash':
    case 'start-failure':
      return 'abandoned';
    case 'aborted':
      return 'unterminated';
  }
}

function tagValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

function comment(text: string): string {
  return `{${text.replace(/[{}]/g, '')}}`;
}

function pgnDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;
}

/** Wraps tokens into lines of at most `width` characters (PGN export format asks for < 80). */
function wrap(tokens: string[], width = 79): string {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > width) {
      lines.push(line);
      line = token;
    } else {
      line = line === '' ? token : `${line} ${token}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

export interface PgnContext {
  event: string;
  site?: string;
  limit?: MoveLimit;
}

export function gameToPgn(game: GameRecord, context: PgnContext): string {
  const tags: Array<[string, string]> = [
    ['Event', context.event],
    ['Site', context.site ?? '?'],
    ['Date', pgnDate(game.startedAt)],
    ['Round', String(game.round)],
    ['White', game.white],
    ['Black', game.black],
    ['Result', game.result],
    ['Variant', 'Makruk'],
  ];
  if (game.openingFen !== INITIAL_FEN) {
    tags.push(['FEN', game.openingFen], ['SetUp', '1']);
  }
  if (context.limit?.kind === 'clock') tags.push(['TimeControl', formatTimeControl(context.limit.tc)]);
  tags.push(['PlyCount', String(game.moves.length)], ['Termination', pgnTermination(game.termination)]);

  const [, turn, , , , fullmoveText] = game.openingFen.split(' ');
  let fullmove = Number(fullmoveText ?? '1') || 1;
  let whiteToMove = turn !== 'b';
  const tokens: string[] = [];
  game.moves.forEach((move, index) => {
    if (whiteToMove) tokens.push(`${fullmove}.`);
    else if (index === 0) tokens.push(`${fullmove}...`);
    tokens.push(move.san);
    const score = move.score === undefined ? '' : `${formatScore(move.score)}${move.depth === undefined ? '' : `/${move.depth}`} `;
    tokens.push(comment(`${score}${(move.timeMs / 1000).toFixed(3)}s`));
    if (!whiteToMove) fullmove += 1;
    whiteToMove = !whiteToMove;
  });
  tokens.push(comment(game.reason), game.result);
  const header = tags.map(([key, value]) => `[${key} "${tagValue(value)}"]`).join('\n');
  return `${header}\n\n${wrap(tokens)}\n\n`;
}
