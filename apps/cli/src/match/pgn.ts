/**
 * PGN for match games, written by the facade's `makePgn`: the seven-tag roster plus `[Variant "Makruk"]`,
 * `[FEN]`/`[SetUp "1"]` when not from the start, `[TimeControl]`, `[PlyCount]`, `[Termination]`; SAN moves with
 * cutechess-style comments `{+0.54/12 0.105s}` and the reason at the end.
 */
import { Game, Position, makePgn } from '@makruk/makruk';
import { formatTimeControl, type MoveLimit } from './clock.js';
import type { GameRecord, Termination } from './game-runner.js';
import { formatScoreForPeople } from '../uci/protocol.js';
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

function pgnDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;
}

export interface PgnContext {
  event: string;
  site?: string;
  limit?: MoveLimit;
}

export function gameToPgn(record: GameRecord, context: PgnContext): string {
  const start = Position.fromFen(record.openingFen);
  const game = start.ok ? Game.fromPosition(start.value) : new Game();
  const tags: Array<[string, string]> = [
    ['Event', context.event],
    ['Site', context.site ?? '?'],
    ['Date', pgnDate(record.startedAt)],
    ['Round', String(record.round)],
    ['White', record.white],
    ['Black', record.black],
    ['Result', record.result],
  ];
  if (context.limit?.kind === 'clock') tags.push(['TimeControl', formatTimeControl(context.limit.tc)]);
  tags.push(['PlyCount', String(record.moves.length)], ['Termination', pgnTermination(record.termination)]);
  for (const [name, value] of tags) game.tags.set(name, value);
  for (const move of record.moves) {
    // every recorded move was refereed legal by the same facade, so this cannot fail; stop rather than guess
    if (!game.play(move.uci).ok) break;
    const score =
      move.score === undefined
        ? ''
        : `${formatScoreForPeople(move.score, 'M')}${move.depth === undefined ? '' : `/${move.depth}`} `;
    game.addComment(`${score}${(move.timeMs / 1000).toFixed(3)}s`);
  }
  game.addComment(record.reason);
  return `${makePgn(game)}\n`;
}
