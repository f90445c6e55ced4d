// The move on screen in words, for the page's screen-reader live region: who moved which piece from where to where
// (and what it took, a promotion), check or mate, the count as players say it (countWords, the one owner of the
// count's words) and how the game ended, in the page's language.
import type { Game, TreeNode } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { getLocale } from '../i18n/localization.js';
import { colorName, countWords, reasonText } from './counting-panel.js';
import { roleName } from './piece-names.js';

/** How the game ended, as beside the board: "1-0 — White wins: checkmate". Undefined while it goes on. */
export function outcomeText(game: Game): string | undefined {
  const outcome = game.outcome();
  if (!outcome) return undefined;
  const words = countWords(game);
  const who = outcome.winner
    ? msg(str`${colorName(outcome.winner)} wins`, { id: 'result-wins' })
    : msg('Draw', { id: 'result-draw' });
  const out = outcome.reason === 'counting-limit' && words ? ` — ${words.out}` : '';
  return `${game.result()} — ${who}: ${reasonText(outcome.reason)}${out}`;
}

/** The move that led to `node` in words: "White rook h1 to h2, check", "Black king b2 takes rook on b1". */
export function moveWords(node: TreeNode, parent: TreeNode): string {
  const move = node.move;
  const piece = move ? parent.position.pieceAt(move.from) : undefined;
  if (!move || !piece) return node.san;
  const color = colorName(piece.color);
  const role = roleName(piece.role);
  const taken = parent.position.pieceAt(move.to);
  const parts = [
    taken
      ? msg(str`${color} ${role} ${move.from} takes ${roleName(taken.role)} on ${move.to}`, { id: 'say-capture' })
      : msg(str`${color} ${role} ${move.from} to ${move.to}`, { id: 'say-move' }),
  ];
  if (piece.role === 'pawn' && node.position.pieceAt(move.to)?.role === 'met')
    parts.push(msg('promotes to met', { id: 'say-promotion' }));
  if (node.position.isCheckmate()) parts.push(msg('checkmate', { id: 'reason-checkmate' }));
  else if (node.position.isCheck()) parts.push(msg('check', { id: 'say-check' }));
  return parts.join(getLocale() === 'th' ? ' ' : ', ');
}

/**
 * What the live region says after a move: the move in words, the count (the number said, and how long the other side
 * has to mate) while one runs, and the result once the game is over. Empty at the start of the game.
 */
export function liveMoveText(node: TreeNode, parent: TreeNode | undefined, game: Game): string {
  if (!parent || !node.move) return '';
  const words = countWords(game);
  const result = outcomeText(game);
  const sentences = [moveWords(node, parent), words?.say, result ? undefined : words?.mate, result];
  return sentences.filter((sentence) => sentence !== undefined).join(getLocale() === 'th' ? ' ' : '. ');
}
