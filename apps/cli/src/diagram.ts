import type { Position, Role } from '@makruk/makruk';

const LETTERS: Record<Role, string> = { pawn: 'p', met: 'm', khon: 's', knight: 'n', rook: 'r', king: 'k' };

/** A plain-text board, White at the bottom; a promoted pawn is marked with `~`. */
export function drawDiagram(position: Position): string {
  const lines: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = `${rank} `;
    for (const file of 'abcdefgh') {
      const piece = position.pieceAt(`${file}${rank}` as Parameters<Position['pieceAt']>[0]);
      if (!piece) {
        row += ' . ';
        continue;
      }
      const letter = LETTERS[piece.role];
      row += ` ${piece.color === 'white' ? letter.toUpperCase() : letter}${piece.promoted ? '~' : ' '}`;
    }
    lines.push(row.trimEnd());
  }
  lines.push('   a  b  c  d  e  f  g  h');
  return lines.join('\n');
}
