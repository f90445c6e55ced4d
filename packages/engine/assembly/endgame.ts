// Endgame knowledge: which material can mate at all (mets are bound to one square colour), whether it can mate
// within the count that is running, and how a won-looking score is scaled toward a draw as a count runs out.
// Scales are in 1/64ths of the evaluation of the stronger side.
import { Color, KHON, KNIGHT, MET, PAWN, ROOK, Square } from './types';
import { popcount } from './bitboard';
import { byColor, byRole, countLimit, countPly, kingOf, pieces } from './position';

export const SCALE_FULL: i32 = 64;
const DARK_SQUARES: u64 = 0xaa55aa55aa55aa55;

// RULES.md "Dead position" (exactly Fairy-Stockfish's test): neither side can still mate, so the game is drawn at
// once. A side can mate with (1) a rook or a khon; (2) a met or promoted pawn when the mets of both sides stand on
// both square colours or any rook, khon, knight or pawn is on the board; (3) a knight or an unpromoted pawn when
// at least two pieces other than the kings are on the board. The TypeScript library's isDeadPosition is the other
// copy of this rule; a test cross-checks the two.
export function isDeadPosition(): bool {
  if ((unchecked(byRole[ROOK]) | unchecked(byRole[KHON])) != 0) return false; // (1)
  const mets = unchecked(byRole[MET]);
  const minors = unchecked(byRole[KNIGHT]) | unchecked(byRole[PAWN]);
  if (mets != 0 && (minors != 0 || ((mets & DARK_SQUARES) != 0 && (mets & ~DARK_SQUARES) != 0))) return false; // (2)
  if (minors != 0 && popcount(mets | minors) >= 2) return false; // (3)
  return true;
}

// True when `color` has material that can ever deliver mate against a lone king: any pawn (it promotes), rook,
// khon, two knights, knight + met, or mets on both square colours.
export function canMate(color: Color): bool {
  if (pieces(color, PAWN) != 0 || pieces(color, ROOK) != 0 || pieces(color, KHON) != 0) return true;
  const knights = popcount(pieces(color, KNIGHT));
  const mets = pieces(color, MET);
  if (knights >= 2 || (knights == 1 && mets != 0)) return true;
  return (mets & DARK_SQUARES) != 0 && (mets & ~DARK_SQUARES) != 0;
}

// Moves the stronger side typically needs to mate a bare king with this material (an estimate used to scale the
// evaluation against the pieces'-honour count; the search finds the real mates).
function movesToMate(strong: Color): i32 {
  const rooks = popcount(pieces(strong, ROOK));
  if (rooks >= 2) return 5;
  if (rooks == 1) return 12;
  const khons = popcount(pieces(strong, KHON));
  const knights = popcount(pieces(strong, KNIGHT));
  const mets = popcount(pieces(strong, MET));
  if (khons >= 2) return 18;
  if (khons == 1 && (mets + knights) > 0) return 22;
  if (knights >= 2) return 30;
  if (khons == 1) return 34;
  if (knights == 1 && mets > 0) return 36;
  return 40; // mets of both colours
}

// @ts-ignore: decorator
@inline function isBare(color: Color): bool {
  return popcount(unchecked(byColor[color])) == 1;
}

// Scale (0..64) for the side `strong` that the evaluation favours.
export function endgameScale(strong: Color, strongMaterial: i32, weakMaterial: i32): i32 {
  const weak = strong ^ 1;
  if (!canMate(strong)) return isBare(weak) ? 0 : 4; // can never win (at best the opponent blunders into mate)
  const strongPawns = pieces(strong, PAWN) != 0;
  const anyPawns = strongPawns || pieces(weak, PAWN) != 0;
  let scale = SCALE_FULL;
  if (isBare(weak)) {
    if (countLimit != 0) {
      const movesLeft = (countLimit - countPly) >> 1;
      const needed = movesToMate(strong);
      if (movesLeft < needed + 6) {
        scale = movesLeft <= 0 ? 2 : max(2, (SCALE_FULL * movesLeft) / (needed + 6));
      }
    }
    return scale;
  }
  if (!strongPawns) {
    // Without pawns a small material edge does not win: the count runs out first.
    const edge = strongMaterial - weakMaterial;
    if (edge < 150) scale = 8;
    else if (edge < 400) scale = 24;
    else if (!anyPawns) scale = 48;
  }
  if (countLimit != 0 && !anyPawns) {
    // Board's honour running: fade the advantage over the last 20 moves of the count.
    const movesLeft = (countLimit - countPly) >> 1;
    if (movesLeft < 20) scale = (scale * max(movesLeft, 0)) / 20;
  }
  return scale;
}

// @ts-ignore: decorator
@inline function fileOf(sq: Square): i32 { return sq & 7; }
// @ts-ignore: decorator
@inline function rankOf(sq: Square): i32 { return sq >> 3; }

// Mop-up against a bare king (white-positive when `strong` is white): drive the king to the edge and the corner,
// bring the own king close.
export function mopUp(strong: Color): i32 {
  const weakKing = kingOf(strong ^ 1);
  const strongKing = kingOf(strong);
  const f = fileOf(weakKing);
  const r = rankOf(weakKing);
  const cf = min(f, 7 - f);
  const cr = min(r, 7 - r);
  let bonus = 24 * ((3 - cf) + (3 - cr));
  if (cf == 0 && cr == 0) bonus += 30;
  const distance = max(abs(f - fileOf(strongKing)), abs(r - rankOf(strongKing)));
  bonus += 12 * (7 - distance);
  return bonus + 150;
}
