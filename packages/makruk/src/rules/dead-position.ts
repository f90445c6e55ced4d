// Dead positions (docs/rules.md "Dead position", Fairy-Stockfish's test exactly): which side can still mate, and if
// neither can — then the game is drawn at once. The one owner of this rule in TypeScript; the engine keeps its own
// copy in AssemblyScript, cross-checked against this one by a test.
import { BLACK, Board, KHON, KING, KNIGHT, MET, PAWN, ROLE_MASK, ROOK } from './board.js';
import { argumentError } from './errors.js';
import { isDarkSquare } from './squares.js';
import type { Color } from './types.js';

/** What the rule looks at, gathered in one pass over the board. */
interface DeadPositionFacts {
  /** Per side (0 white, 1 black): rooks + khons, mets (promoted pawns included), knights + unpromoted pawns. */
  readonly majors: [number, number];
  readonly mets: [number, number];
  readonly minors: [number, number];
  /** Mets and promoted pawns of both sides on dark / light squares. */
  readonly darkMets: number;
  readonly lightMets: number;
}

function factsOf(cells: Int8Array): DeadPositionFacts {
  const facts = {
    majors: [0, 0] as [number, number],
    mets: [0, 0] as [number, number],
    minors: [0, 0] as [number, number],
    darkMets: 0,
    lightMets: 0,
  };
  for (let i = 0; i < 64; i++) {
    const code = cells[i] as number;
    if (!code) continue;
    const side = code & BLACK ? 1 : 0;
    switch (code & ROLE_MASK) {
      case ROOK:
      case KHON:
        facts.majors[side]++;
        break;
      case MET:
        facts.mets[side]++;
        if (isDarkSquare(i)) facts.darkMets++;
        else facts.lightMets++;
        break;
      case KNIGHT:
      case PAWN:
        facts.minors[side]++;
        break;
      case KING:
        break;
    }
  }
  return facts;
}

function canMateFacts(facts: DeadPositionFacts, side: 0 | 1): boolean {
  // 1. A rook or a khon.
  if (facts.majors[side] > 0) return true;
  // 2. A met (or promoted pawn), with mets of both sides on both colours or any rook, khon, knight or pawn about.
  if (facts.mets[side] > 0) {
    const bothColours = facts.darkMets > 0 && facts.lightMets > 0;
    const helpers = facts.majors[0] + facts.majors[1] + facts.minors[0] + facts.minors[1];
    if (bothColours || helpers > 0) return true;
  }
  // 3. A knight or an unpromoted pawn, with at least two pieces other than the kings on the board.
  if (facts.minors[side] > 0) {
    const pieces =
      facts.majors[0] + facts.majors[1] + facts.mets[0] + facts.mets[1] + facts.minors[0] + facts.minors[1];
    if (pieces >= 2) return true;
  }
  return false;
}

/** Can `color` still mate on this board (docs/rules.md "Dead position")? Whose turn it is does not matter. */
export function canMate(board: Board, color: Color): boolean {
  if (!(board instanceof Board)) throw argumentError("canMate's board", 'a Board', board);
  if (color !== 'white' && color !== 'black') throw argumentError("canMate's color", "'white' or 'black'", color);
  return canMateFacts(factsOf(board.cells), color === 'black' ? 1 : 0);
}

/** Neither side can mate: the game is drawn at once (docs/rules.md "Dead position"). */
export function isDeadPosition(board: Board): boolean {
  if (!(board instanceof Board)) throw argumentError("isDeadPosition's board", 'a Board', board);
  return isDeadCells(board.cells);
}

/** `isDeadPosition` on raw cells (the Position's own array, without a copy). */
export function isDeadCells(cells: Int8Array): boolean {
  const facts = factsOf(cells);
  return !canMateFacts(facts, 0) && !canMateFacts(facts, 1);
}
