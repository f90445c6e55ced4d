// Endgame knowledge: which material can mate at all (mets are bound to one square colour), whether it can mate
// within the count that is running, and how a won-looking score is scaled toward a draw as a count runs out.
// Scales are in 1/64ths of the evaluation of the stronger side.
import { Color, KHON, KING, KNIGHT, MET, PAWN, ROOK, Square, WHITE } from './types';
import { FILE_A, lsb, popcount } from './bitboard';
import { byColor, byRole, countLimit, countPly, kingOf, occupied, pieces, piecesHonourLimit } from './position';
import {
  W, W_COUNT_FADE_MOVES, W_COUNT_MARGIN, W_COUNT_MIN_SCALE, W_COUNT_MOVES_TO_MATE, W_MOPUP, W_SCALE_CANNOT_MATE,
  W_SCALE_PAWNLESS, W_SCALE_PAWNLESS_EDGE,
} from './weights';

export const SCALE_FULL: i32 = 64;
const DARK_SQUARES: u64 = 0xaa55aa55aa55aa55;

// docs/rules.md "Dead position" (exactly Fairy-Stockfish's test): neither side can still mate, so the game is drawn at
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
  return unchecked(W[W_COUNT_MOVES_TO_MATE + mateClass(strong)]);
}

// Index into count.moves_to_mate: rook+rook, rook, khon+khon, khon+minor, knight+knight, khon, knight+met, mets.
function mateClass(strong: Color): i32 {
  const rooks = popcount(pieces(strong, ROOK));
  if (rooks >= 2) return 0;
  if (rooks == 1) return 1;
  const khons = popcount(pieces(strong, KHON));
  const knights = popcount(pieces(strong, KNIGHT));
  const mets = popcount(pieces(strong, MET));
  if (khons >= 2) return 2;
  if (khons == 1 && (mets + knights) > 0) return 3;
  if (knights >= 2) return 4;
  if (khons == 1) return 5;
  if (knights == 1 && mets > 0) return 6;
  return 7; // mets of both colours
}

// @ts-ignore: decorator
@inline function isBare(color: Color): bool {
  return popcount(unchecked(byColor[color])) == 1;
}

// --- Endings that are won on material but not in practice (issue 11, "known gaps") ---------------------------------
// These are rules, not tuned weights: each scale below was checked against Fairy-Stockfish (go depth 16-18) and
// against games our engine and Fairy-Stockfish played out (test/drawish-endings.test.ts lists the positions).

// Colour-bound fortress against a king with nothing but pawns: every met of the stronger side stands on one square
// colour and every one of its pawns will promote on that colour too (a pawn keeps its file when it has no enemy pawn
// to capture), so no mating net ever covers the other colour around the weak king; the pawns, which do cover it,
// never get past the 5th rank while the king stays behind them. No count can start while those pawns stand, so
// without this the engine keeps its material score (+7 to +11) and shuffles to the move limit. Against a bare king
// it is the same verdict as "cannot mate" (0, Fairy-Stockfish also says 0.00); with enemy pawns left the score is
// only scaled down, so winning a pawn that lets a pawn change file (a real break-through) still shows.
const FORTRESS_SCALE: i32 = 4;
// At most two mets, promoted or not (mets and unpromoted pawns together), and nothing else: the stronger side never
// has more than K + met + met against the bare king, which is not a forced mate within the 64-move count (both
// engines fail to mate it from every start we played; Fairy-Stockfish scores K+M+M v K, K+M+P v K, K+P+P v K and
// K+M+P v K+M 0.00). Scaled toward a draw, not to 0: the opponent may still blunder into a mate.
const MET_PAIR_SCALE: i32 = 6;
// A lone khon or two knights (and no pawns) against a king without pieces: no forced mate within the count
// (44 / 32 moves; neither engine mates in our games from random starts; Fairy-Stockfish 0.13 / 0.00).
const WEAK_MATERIAL_SCALE: i32 = 6;

// Squares on which the pawns of `color` promote if they keep their files.
function promotionSquares(color: Color): u64 {
  let b = pieces(color, PAWN);
  let targets: u64 = 0;
  const rank = color == WHITE ? 5 : 2; // docs/rules.md: White promotes on the 6th rank, Black on the 3rd
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    targets |= (<u64>1) << <u64>((rank << 3) | (sq & 7));
  }
  return targets;
}

// True when no pawn of `color` can ever capture a pawn of the other side (none stands ahead of it on a
// neighbouring file), so each keeps its file. The other side must have no pieces for this to mean anything.
function pawnsKeepFiles(color: Color): bool {
  let b = pieces(color, PAWN);
  const theirPawns = pieces(color ^ 1, PAWN);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    const f = sq & 7;
    const r = sq >> 3;
    let files: u64 = 0;
    if (f > 0) files |= FILE_A << <u64>(f - 1);
    if (f < 7) files |= FILE_A << <u64>(f + 1);
    const ahead: u64 = color == WHITE ? (r >= 7 ? 0 : ~(<u64>0) << <u64>((r + 1) << 3)) : ((<u64>1) << <u64>(r << 3)) - 1;
    if ((files & ahead & theirPawns) != 0) return false;
  }
  return true;
}

// Scale (0..64) when the material cannot win in practice (above), or -1.
function practicalDrawScale(strong: Color, weak: Color): i32 {
  const weakOnlyPawns = (unchecked(byColor[weak]) & ~unchecked(byRole[PAWN]) & ~unchecked(byRole[KING])) == 0;
  const bare = isBare(weak);
  const strongMen = unchecked(byColor[strong]) & ~unchecked(byRole[KING]);
  const mets = pieces(strong, MET);
  const pawns = pieces(strong, PAWN);
  if ((strongMen & ~mets & ~pawns) == 0) {
    // only mets and pawns
    if (weakOnlyPawns && pawns != 0) {
      const targets = mets | promotionSquares(strong);
      const oneColour = (targets & DARK_SQUARES) == 0 || (targets & ~DARK_SQUARES) == 0;
      if (oneColour && pawnsKeepFiles(strong)) return bare ? 0 : FORTRESS_SCALE;
    }
    if (popcount(strongMen) <= 2) return MET_PAIR_SCALE;
    return -1;
  }
  if (weakOnlyPawns && pieces(strong, PAWN) == 0) {
    const khons = popcount(pieces(strong, KHON));
    const knights = popcount(pieces(strong, KNIGHT));
    const men = popcount(strongMen);
    if ((khons == 1 && men == 1) || (knights == 2 && men == 2)) return WEAK_MATERIAL_SCALE;
  }
  return -1;
}

// Scale (0..64) for the side `strong` that the evaluation favours.
export function endgameScale(strong: Color, strongMaterial: i32, weakMaterial: i32): i32 {
  const weak = strong ^ 1;
  if (!canMate(strong)) return isBare(weak) ? 0 : unchecked(W[W_SCALE_CANNOT_MATE]); // can never win (at best the opponent blunders into mate)
  const practical = practicalDrawScale(strong, weak);
  if (practical >= 0) return practical;
  const strongPawns = pieces(strong, PAWN) != 0;
  const anyPawns = strongPawns || pieces(weak, PAWN) != 0;
  let scale = SCALE_FULL;
  if (isBare(weak)) {
    // A FEN may show a bare king with no count yet; the next move starts pieces' honour at 2N (docs/rules.md,
    // automatic mode), so judge the material by that count rather than as if no count would ever run.
    const limit = countLimit != 0 ? countLimit : anyPawns ? 0 : 2 * piecesHonourLimit(strong);
    const plyNow = countLimit != 0 ? countPly : 2 * popcount(occupied);
    if (limit != 0) {
      const movesLeft = (limit - plyNow) >> 1;
      const needed = movesToMate(strong);
      const margin = needed + unchecked(W[W_COUNT_MARGIN]);
      const least = unchecked(W[W_COUNT_MIN_SCALE]);
      if (movesLeft < margin) {
        scale = movesLeft <= 0 ? least : max(least, (SCALE_FULL * movesLeft) / margin);
      }
    }
    return scale;
  }
  if (!strongPawns) {
    // Without pawns a small material edge does not win: the count runs out first.
    const edge = strongMaterial - weakMaterial;
    if (edge < unchecked(W[W_SCALE_PAWNLESS_EDGE])) scale = unchecked(W[W_SCALE_PAWNLESS]);
    else if (edge < unchecked(W[W_SCALE_PAWNLESS_EDGE + 1])) scale = unchecked(W[W_SCALE_PAWNLESS + 1]);
    else if (!anyPawns) scale = unchecked(W[W_SCALE_PAWNLESS + 2]);
  }
  if (countLimit != 0 && !anyPawns) {
    // Board's honour running: fade the advantage over the last 20 moves of the count.
    const movesLeft = (countLimit - countPly) >> 1;
    const fade = unchecked(W[W_COUNT_FADE_MOVES]);
    if (fade > 0 && movesLeft < fade) scale = (scale * max(movesLeft, 0)) / fade;
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
  // A khon moves one step forward or diagonally, so without a rook the mate is given on the far ranks (all of
  // Fairy-Stockfish's K+S+M v K mates in our games were on Black's last two ranks; ours drove the king into the
  // near corner and the count ran out): count the rank distance to the far edge only.
  const khonMate = pieces(strong, KHON) != 0 && pieces(strong, ROOK) == 0;
  const cr = khonMate ? (strong == WHITE ? 7 - r : r) : min(r, 7 - r);
  let bonus = unchecked(W[W_MOPUP]) * ((3 - cf) + (3 - cr));
  if (cf == 0 && cr == 0) bonus += unchecked(W[W_MOPUP + 1]);
  const distance = max(abs(f - fileOf(strongKing)), abs(r - rankOf(strongKing)));
  bonus += unchecked(W[W_MOPUP + 2]) * (7 - distance);
  return bonus + unchecked(W[W_MOPUP + 3]);
}
