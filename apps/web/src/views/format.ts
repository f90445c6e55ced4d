// Small display helpers shared by the views (numbers and scores as people read them).
import { NAG_SYMBOLS, Position, type Score, type TreeNode, makeSan } from '@makruk/makruk';

/** A score from the side to move, shown from White's point of view: +1.25, -0.40, #3, #-2. */
export function formatScore(score: Score, turn: 'white' | 'black'): string {
  const sign = turn === 'white' ? 1 : -1;
  if ('mate' in score) return `#${score.mate * sign}`;
  const pawns = (score.cp * sign) / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

export function formatNps(nps: number): string {
  if (nps >= 1_000_000) return `${(nps / 1_000_000).toFixed(1)} Mn/s`;
  if (nps >= 1000) return `${Math.round(nps / 1000)} kn/s`;
  return `${Math.round(nps)} n/s`;
}

/** NAG 1–6 as glyphs: the library's NAG_SYMBOLS (the PGN reader's own table). */
export const NAG_GLYPHS: Readonly<Record<number, string>> = NAG_SYMBOLS;

/**
 * Thai SAN as the page shows it: the library writes a promotion with the Latin '=M' in Thai notation too; a Thai
 * reader sees the met's own sign, '=ม็' (ค๖=ม็).
 */
export function thaiPromotion(san: string): string {
  return san.replace('=M', '=ม็');
}

/** Typed Thai SAN back to what the library reads: '=ม็' is its '=M'. */
export function typedThaiPromotion(text: string): string {
  return text.replace('=ม็', '=M');
}

/** A node's move in the chosen notation (Thai SAN is written from the position before the move). */
export function nodeSan(node: TreeNode, parent: TreeNode | undefined, notation: 'algebraic' | 'thai'): string {
  if (notation === 'algebraic' || !node.move || !parent) return node.san;
  return thaiPromotion(makeSan(parent.position, node.move, { notation: 'thai' }));
}

/** A line of UCI moves from a FEN in the chosen notation (cut at the first move the rules refuse). */
export function lineSan(
  fen: string,
  pv: readonly string[],
  notation: 'algebraic' | 'thai',
  fallback: readonly string[],
): string[] {
  if (notation === 'algebraic') return [...fallback];
  const start = Position.fromFen(fen);
  if (!start.ok) return [...fallback];
  let position = start.value;
  const out: string[] = [];
  for (const uci of pv) {
    const move = position.findMove(uci);
    if (!move.ok) break;
    out.push(thaiPromotion(makeSan(position, move.value, { notation: 'thai' })));
    position = position.play(move.value);
  }
  return out;
}
