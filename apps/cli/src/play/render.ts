// The board of `makruk play`: the CLI's diagram (diagram.ts) with Unicode pieces or letters, colours when the
// terminal has them, the last move and a king in check marked, and the count as a player says it.
import { styleText } from 'node:util';
import { makeFen, makeSan, type Color, type Game, type Move, type Piece, type Role, type Square } from '@makruk/makruk';
import { countAsSaid, describeCount } from '../counting-text.js';
import { drawDiagram, pieceLetter } from '../diagram.js';

export interface RenderOptions {
  /** Unicode chess pieces (else the FEN letters). */
  unicode: boolean;
  /** ANSI colours (only for a terminal, and never with NO_COLOR). */
  color: boolean;
  flipped: boolean;
  thai: boolean;
}

/** Colours for a stream: a terminal that has them, and NO_COLOR (any non-empty value) unset. */
export function useColor(stream: { isTTY?: boolean; hasColors?: () => boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && (stream.hasColors?.() ?? false);
}

// White pieces drawn hollow, Black's filled: met as the queen slot, khon as the bishop slot.
const UNICODE: Record<Color, Record<Role, string>> = {
  white: { king: '♔', met: '♕', khon: '♗', knight: '♘', rook: '♖', pawn: '♙' },
  black: { king: '♚', met: '♛', khon: '♝', knight: '♞', rook: '♜', pawn: '♟' },
};

type Format = Parameters<typeof styleText>[0];
function paint(color: boolean, format: Format, text: string): string {
  return color ? styleText(format, text, { validateStream: false }) : text;
}

/** The board with the last move and a check marked (`[x]` and `!K!` without colours). */
export function renderBoard(game: Game, options: RenderOptions): string {
  const position = game.position;
  const last = game.moves.at(-1);
  const marked = new Set<Square>(last ? [last.from, last.to] : []);
  const checked = position.isCheck()
    ? position.pieces().find(([, piece]) => piece.role === 'king' && piece.color === position.turn)?.[0]
    : undefined;
  const glyph = (piece: Piece): string => (options.unicode ? UNICODE[piece.color][piece.role] : pieceLetter(piece));
  const cell = (square: Square, text: string, piece: Piece | undefined): string => {
    if (!options.color) {
      if (square === checked) return `!${text.slice(1, 2)}!`;
      if (marked.has(square)) return `[${text.slice(1, 2)}]`;
      return text;
    }
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square[1]) - 1;
    const dark = (file + rank) % 2 === 0;
    const background: Format =
      square === checked ? 'bgRed' : marked.has(square) ? 'bgCyan' : dark ? 'bgGreen' : 'bgYellow';
    const ink: Format = piece?.color === 'white' ? ['bold', 'whiteBright'] : ['bold', 'black'];
    const body = piece ? text.replace(/\S/, (char) => paint(true, ink, char)) : text.replace('.', ' ');
    return paint(true, background, body);
  };
  return drawDiagram(position, { flipped: options.flipped, glyph, cell });
}

/** The game's FEN with the count as the game runs it (board's honour only when a player started it). */
export function gameFen(game: Game): string {
  return makeFen({ ...game.position.setup(), counting: game.counting });
}

/** The lines under the board: last move, side to move, check, count. */
export function renderStatus(game: Game, human: Color, thai: boolean): string[] {
  const lines: string[] = [];
  const history = game.history();
  const last = history.at(-1);
  if (last) {
    const number = last.fenBefore.split(' ')[5] ?? '';
    const san = thai ? thaiSanOf(game) : last.san;
    lines.push(`Last move: ${number}${game.turn === 'black' ? '.' : '...'} ${san} (${last.uci})`);
  }
  const side = game.turn === 'white' ? 'White' : 'Black';
  const who = game.turn === human ? 'you' : 'engine';
  lines.push(`${side} to move (${who})${game.position.isCheck() ? ' — check!' : ''}`);
  const count = countAsSaid(game);
  if (count) lines.push(`Count: ${describeCount(count)}`);
  else if (game.canStartCounting() && game.turn === human)
    lines.push("Count: none (you may start counting board's honour: type count)");
  return lines;
}

/** The last move in Thai SAN. */
export function thaiSanOf(game: Game): string {
  const history = game.history();
  const last = history.at(-1);
  if (!last) return '';
  const before = game.clone();
  before.undo();
  return sanOf(before, last.move, true);
}

/** A move of the current position in SAN or Thai SAN. */
export function sanOf(game: Game, move: Move, thai: boolean): string {
  return makeSan(game.position, move, thai ? { notation: 'thai' } : {});
}
