import type { Command } from 'commander';
import { parseUci, type Position } from '@makruk/makruk';
import { drawDiagram } from '../diagram.js';
import { CliError } from '../errors.js';
import { positionFromFen } from '../options/position.js';
import { printJson } from '../output.js';

type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface FenReport {
  fen: string;
  result: GameResult;
  reason: string | null;
  turn: 'white' | 'black';
  check: boolean;
  legalMoves: number;
  counting: { kind: string; limitPlies: number; plies: number; side: string } | null;
}

/** Plays UCI moves from a FEN in automatic counting mode; a threefold repetition is claimed as a draw. */
export function playLine(
  startFen: string | undefined,
  moveText: string | undefined,
): { position: Position; report: FenReport } {
  let position = positionFromFen(startFen);
  const seen = new Map<string, number>([[position.repetitionKey(), 1]]);
  let repetition = false;
  const moves = (moveText ?? '').trim().split(/\s+/).filter((token) => token !== '');
  moves.forEach((token, index) => {
    const where = `move ${index + 1} (${token})`;
    if (position.outcome() || repetition) {
      throw new CliError('ERR_GAME_OVER', `${where}: the game is already over (${describeEnd(position, repetition)})`);
    }
    const move = parseUci(token);
    if (!move) throw new CliError('ERR_UCI_SYNTAX', `${where}: not a UCI move; expected e.g. "e3e4" or "c5c6m"`);
    if (!position.isLegal(move)) {
      throw new CliError('ERR_ILLEGAL_MOVE', `${where}: illegal in ${position.fen()}`);
    }
    position = position.play(move);
    const key = position.repetitionKey();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count >= 3) repetition = true;
  });
  return { position, report: report(position, repetition) };
}

function describeEnd(position: Position, repetition: boolean): string {
  const outcome = position.outcome();
  if (outcome) return outcome.reason;
  return repetition ? 'threefold repetition' : 'not over';
}

function report(position: Position, repetition: boolean): FenReport {
  const outcome = position.outcome();
  let result: GameResult = '*';
  let reason: string | null = null;
  if (outcome) {
    result = outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2';
    reason = outcome.reason;
  } else if (repetition) {
    result = '1/2-1/2';
    reason = 'repetition';
  }
  const counting = position.counting;
  return {
    fen: position.fen(),
    result,
    reason,
    turn: position.turn,
    check: position.isCheck(),
    legalMoves: position.legalMoves().length,
    counting: counting
      ? { kind: counting.kind, limitPlies: counting.limitPlies, plies: counting.plies, side: counting.side }
      : null,
  };
}

export function registerFen(program: Command): void {
  program
    .command('fen')
    .description('validate a FEN, optionally play UCI moves from it, and print the board, FEN and outcome')
    .argument('[fen]', 'the position ("startpos" or omitted: the start position)')
    .option('--moves <moves>', 'UCI moves to play, separated by spaces, e.g. "c3c4 f6f5"')
    .option('--json', 'print one JSON object: fen, result, reason, turn, check, legalMoves, counting')
    .addHelpText(
      'after',
      '\nCounting runs in the automatic mode of the rules (as engines and Fairy-Stockfish count).\n' +
        'Exit code 2 and "makruk: CODE: message" on stderr for a bad FEN or an illegal move.\n\n' +
        'Example:\n  makruk fen "8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50" --moves e5f4 --json',
    )
    .action((fen: string | undefined, options: { moves?: string; json?: boolean }) => {
      const { position, report: result } = playLine(fen, options.moves);
      if (options.json) {
        printJson(result);
        return;
      }
      process.stdout.write(`${drawDiagram(position)}\n\n`);
      process.stdout.write(`fen:      ${result.fen}\n`);
      process.stdout.write(`turn:     ${result.turn}${result.check ? ' (in check)' : ''}\n`);
      process.stdout.write(`moves:    ${result.legalMoves} legal\n`);
      const c = result.counting;
      process.stdout.write(
        `counting: ${c ? `${c.kind === 'pieces' ? "pieces' honour" : "board's honour"} counted by ${c.side}, ply ${c.plies} of ${c.limitPlies}` : 'none'}\n`,
      );
      process.stdout.write(`result:   ${result.result}${result.reason ? ` (${result.reason})` : ''}\n`);
    });
}
