// Makruk evaluation, tapered between a middlegame and an endgame score: material (promoted pawns are mets),
// piece-square tables built from Makruk ideas (pawns meet on the 4th/5th rank and promote on the 6th; khons and
// mets guard the king; knights and khons want the centre), mobility of khon/knight/rook/met, pawn structure and
// the race of advanced pawns to the 6th rank, king safety against rooks and knights, and endgame knowledge
// (endgame.ts). Returns centipawns from the side to move's point of view.
import { BLACK, Color, KHON, KING, KNIGHT, MET, PAWN, ROOK, WHITE } from './types';
import {
  FILE_A,
  khonAttacks,
  kingAttacks,
  knightAttacks,
  lsb,
  metAttacks,
  moreThanOne,
  pawnCaptures,
  popcount,
  rookAttacks,
  squareBB,
} from './bitboard';
import { byColor, byRole, kingOf, occupied, pieces, sideToMove } from './position';
import { canMate, endgameScale, mopUp } from './endgame';
import { updatePieceValues, valueEg, valueMg } from './material';
import { networkEvaluate, networkInUse } from './nnue/evaluate';
import {
  copyDefaultWeights,
  W,
  W_HANGING,
  W_KING_ATTACK_UNITS,
  W_KING_DANGER,
  W_KING_DANGER_TABLE,
  W_KING_GUARD,
  W_KING_SHELTER,
  W_MOBILITY_KHON,
  W_MOBILITY_KNIGHT,
  W_MOBILITY_MET,
  W_MOBILITY_ROOK,
  W_OUTPOST,
  W_PAWN_ABOUT_TO_PROMOTE,
  W_PAWN_ABOUT_TO_PROMOTE_EG,
  W_PAWN_DOUBLED,
  W_PAWN_ISOLATED,
  W_PAWN_PASSED,
  W_PAWN_PASSED_BONUS,
  W_PAWN_PROTECTED,
  W_PST_EG_PAWN,
  W_PST_MG_PAWN,
  W_ROOK_OPEN_FILE,
  W_TEMPO,
  W_IMBALANCE_KNIGHT_PAWNS,
  W_THREAT_PAWN,
  W_THREAT_ROOK,
} from './weights';

const PHASE_MAX: i32 = 18;

// Piece-square tables with material folded in: [colour * 512 + role * 64 + square], built from the weights
// (weights.ts) by applyWeights().
const PST_MG = new StaticArray<i32>(1024);
const PST_EG = new StaticArray<i32>(1024);
// Passed-pawn masks (squares in front on the same and adjacent files) and file masks.
const PASSED_MASK = new StaticArray<u64>(128);
const FRONT_MASK = new StaticArray<u64>(128);
const ADJACENT_FILES = new StaticArray<u64>(8);

/** Rebuilds the tables derived from the weights (call after the host wrote into the weights buffer). */
export function applyWeights(): void {
  updatePieceValues();
  for (let color = 0; color < 2; color++) {
    for (let role = PAWN; role <= KING; role++) {
      for (let sq = 0; sq < 64; sq++) {
        const whiteSq = color == WHITE ? sq : sq ^ 56;
        const i = (color << 9) | (role << 6) | sq;
        PST_MG[i] = valueMg(role) + unchecked(W[W_PST_MG_PAWN + ((role - 1) << 6) + whiteSq]);
        PST_EG[i] = valueEg(role) + unchecked(W[W_PST_EG_PAWN + ((role - 1) << 6) + whiteSq]);
      }
    }
  }
}

/** Restores the compiled-in weights (weights.json) and rebuilds the derived tables. */
export function resetWeights(): void {
  copyDefaultWeights();
  applyWeights();
}

export function initEvaluation(): void {
  resetWeights();
  for (let f = 0; f < 8; f++) {
    let adjacent: u64 = 0;
    if (f > 0) adjacent |= FILE_A << (<u64>(f - 1));
    if (f < 7) adjacent |= FILE_A << (<u64>(f + 1));
    ADJACENT_FILES[f] = adjacent;
  }
  for (let sq = 0; sq < 64; sq++) {
    const f = sq & 7;
    const r = sq >> 3;
    let whiteFront: u64 = 0;
    let blackFront: u64 = 0;
    for (let rr = r + 1; rr < 8; rr++) whiteFront |= squareBB(rr * 8 + f);
    for (let rr = r - 1; rr >= 0; rr--) blackFront |= squareBB(rr * 8 + f);
    FRONT_MASK[sq] = whiteFront;
    FRONT_MASK[64 + sq] = blackFront;
    const spread = f > 0 ? 1 : 0;
    let whitePassed = whiteFront | (spread ? whiteFront >> 1 : 0) | (f < 7 ? whiteFront << 1 : 0);
    let blackPassed = blackFront | (spread ? blackFront >> 1 : 0) | (f < 7 ? blackFront << 1 : 0);
    // the shifts above stay on the neighbouring files because f > 0 / f < 7 was checked
    PASSED_MASK[sq] = whitePassed;
    PASSED_MASK[64 + sq] = blackPassed;
  }
}

// A square in the enemy half, guarded by an own pawn, that no enemy pawn can ever attack.
// @ts-ignore: decorator
@inline function isOutpost(us: Color, sq: i32, ownPawns: u64, theirPawns: u64): bool {
  const relRank = us == WHITE ? sq >> 3 : 7 - (sq >> 3);
  if (relRank < 3 || relRank > 5) return false;
  if ((pawnCaptures(us ^ 1, squareBB(sq)) & ownPawns) == 0) return false;
  return (unchecked(PASSED_MASK[(us << 6) | sq]) & unchecked(ADJACENT_FILES[sq & 7]) & theirPawns) == 0;
}

// King-attack units → penalty (quadratic, capped).
// @ts-ignore: decorator
@inline function kingDanger(units: i32, attackers: i32): i32 {
  if (attackers == 0) return 0;
  let penalty =
    attackers >= 2 ? units * units * unchecked(W[W_KING_DANGER_TABLE]) : units * unchecked(W[W_KING_DANGER_TABLE + 1]);
  const cap = unchecked(W[W_KING_DANGER_TABLE + 2]);
  if (penalty > cap) penalty = cap;
  return (penalty * unchecked(W[W_KING_DANGER])) / 100;
}

// Results of the side pass (white-positive is done by the caller).
let sideMg: i32 = 0;
let sideEg: i32 = 0;
let sideMaterial: i32 = 0;
let sidePhase: i32 = 0;
const attacksBy = new StaticArray<u64>(2); // every square each side attacks (for hanging pieces)

// Everything about `us` that needs one pass over its pieces; adds to sideMg/sideEg.
function evaluateSide(us: Color): void {
  const them = us ^ 1;
  const ours = unchecked(byColor[us]);
  const theirs = unchecked(byColor[them]);
  const occ = occupied;
  const ownPawns = ours & unchecked(byRole[PAWN]);
  const theirPawns = theirs & unchecked(byRole[PAWN]);
  const theirPawnAttacks = pawnCaptures(them, theirPawns);
  const safe = ~ours & ~theirPawnAttacks;
  const theirKing = kingOf(them);
  const kingZone = kingAttacks(theirKing) | squareBB(theirKing);
  const base = us << 9;
  let mg = 0;
  let eg = 0;
  let material = 0;
  let phase = 0;
  let units = 0;
  let attackers = 0;
  let attacks = pawnCaptures(us, ownPawns) | kingAttacks(kingOf(us));
  let minorAttacks: u64 = 0;

  let b = ownPawns;
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (PAWN << 6) | sq]);
    eg += unchecked(PST_EG[base | (PAWN << 6) | sq]);
    material += valueEg(PAWN);
    const f = sq & 7;
    const relRank = us == WHITE ? sq >> 3 : 7 - (sq >> 3);
    const front = unchecked(FRONT_MASK[(us << 6) | sq]);
    if ((front & ownPawns) != 0) {
      mg -= unchecked(W[W_PAWN_DOUBLED]);
      eg -= unchecked(W[W_PAWN_DOUBLED]);
    }
    if ((ownPawns & unchecked(ADJACENT_FILES[f])) == 0) {
      mg -= unchecked(W[W_PAWN_ISOLATED]);
      eg -= unchecked(W[W_PAWN_ISOLATED]);
    }
    if ((pawnCaptures(them, squareBB(sq)) & ownPawns) != 0) {
      mg += unchecked(W[W_PAWN_PROTECTED]);
      eg += unchecked(W[W_PAWN_PROTECTED]);
    }
    if ((unchecked(PASSED_MASK[(us << 6) | sq]) & theirPawns) == 0) {
      const bonus = unchecked(W[W_PAWN_PASSED_BONUS + (relRank >= 4 ? 2 : relRank == 3 ? 1 : 0)]);
      mg += (bonus * unchecked(W[W_PAWN_PASSED])) / 200;
      eg += (bonus * unchecked(W[W_PAWN_PASSED])) / 100;
    }
    if (relRank == 4) {
      // one step from promotion: the promotion square free and not covered by an enemy pawn
      const push = us == WHITE ? sq + 8 : sq - 8;
      const pushBB = squareBB(push);
      if ((occ & pushBB) == 0 && (theirPawnAttacks & pushBB) == 0) {
        mg += unchecked(W[W_PAWN_ABOUT_TO_PROMOTE]);
        eg += unchecked(W[W_PAWN_ABOUT_TO_PROMOTE]) + unchecked(W[W_PAWN_ABOUT_TO_PROMOTE_EG]);
      }
    }
  }

  b = ours & unchecked(byRole[KNIGHT]);
  const knightPawns = popcount(b) * popcount(ownPawns);
  mg += knightPawns * unchecked(W[W_IMBALANCE_KNIGHT_PAWNS]);
  eg += knightPawns * unchecked(W[W_IMBALANCE_KNIGHT_PAWNS + 1]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (KNIGHT << 6) | sq]);
    eg += unchecked(PST_EG[base | (KNIGHT << 6) | sq]);
    material += valueEg(KNIGHT);
    phase += 1;
    const att = knightAttacks(sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 4;
    mg += mob * unchecked(W[W_MOBILITY_KNIGHT]);
    eg += mob * unchecked(W[W_MOBILITY_KNIGHT + 1]);
    if ((att & kingZone) != 0) {
      units += unchecked(W[W_KING_ATTACK_UNITS]);
      attackers++;
    }
    if (isOutpost(us, sq, ownPawns, theirPawns)) {
      mg += unchecked(W[W_OUTPOST]);
      eg += unchecked(W[W_OUTPOST]) >> 1;
    }
  }

  b = ours & unchecked(byRole[KHON]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (KHON << 6) | sq]);
    eg += unchecked(PST_EG[base | (KHON << 6) | sq]);
    material += valueEg(KHON);
    phase += 1;
    const att = khonAttacks(us, sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 2;
    mg += mob * unchecked(W[W_MOBILITY_KHON]);
    eg += mob * unchecked(W[W_MOBILITY_KHON + 1]);
    if ((att & kingZone) != 0) {
      units += unchecked(W[W_KING_ATTACK_UNITS + 1]);
      attackers++;
    }
    if (isOutpost(us, sq, ownPawns, theirPawns)) {
      mg += unchecked(W[W_OUTPOST]) >> 1;
      eg += unchecked(W[W_OUTPOST]) >> 2;
    }
  }

  b = ours & unchecked(byRole[MET]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (MET << 6) | sq]);
    eg += unchecked(PST_EG[base | (MET << 6) | sq]);
    material += valueEg(MET);
    phase += 1;
    const att = metAttacks(sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 2;
    mg += mob * unchecked(W[W_MOBILITY_MET]);
    eg += mob * unchecked(W[W_MOBILITY_MET]);
    if ((att & kingZone) != 0) {
      units += unchecked(W[W_KING_ATTACK_UNITS + 2]);
      attackers++;
    }
  }

  b = ours & unchecked(byRole[ROOK]);
  const allPawns = unchecked(byRole[PAWN]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (ROOK << 6) | sq]);
    eg += unchecked(PST_EG[base | (ROOK << 6) | sq]);
    material += valueEg(ROOK);
    phase += 2;
    const att = rookAttacks(sq, occ);
    attacks |= att;
    const mob = popcount(att & safe) - 6;
    mg += mob * unchecked(W[W_MOBILITY_ROOK]);
    eg += mob * unchecked(W[W_MOBILITY_ROOK + 1]);
    const file = FILE_A << (<u64>(sq & 7));
    if ((file & ownPawns) == 0) {
      const open = (file & allPawns) == 0;
      mg += open ? unchecked(W[W_ROOK_OPEN_FILE]) : unchecked(W[W_ROOK_OPEN_FILE]) >> 1;
      eg += unchecked(W[W_ROOK_OPEN_FILE]) >> 1;
    }
    if ((att & kingZone) != 0) {
      units += unchecked(W[W_KING_ATTACK_UNITS + 3]);
      attackers++;
    }
  }

  // Our king: table, guards (mets/khons next to it), pawn shelter.
  const ksq = kingOf(us);
  mg += unchecked(PST_MG[base | (KING << 6) | ksq]);
  eg += unchecked(PST_EG[base | (KING << 6) | ksq]);
  const around = kingAttacks(ksq);
  const guards = around & ours & (unchecked(byRole[MET]) | unchecked(byRole[KHON]));
  mg += min(popcount(guards), 2) * unchecked(W[W_KING_GUARD]);
  const shelter = around & ownPawns;
  mg += min(popcount(shelter), 3) * unchecked(W[W_KING_SHELTER]);

  // Our attack on their king (the penalty is theirs; added here with our sign).
  const danger = kingDanger(units, attackers);
  mg += danger;
  eg += danger >> 2;

  // Threats: their pieces hit by our pawns, their rooks hit by our minor pieces.
  const theirPieces = theirs & ~unchecked(byRole[PAWN]) & ~unchecked(byRole[KING]);
  const pawnThreats = popcount(pawnCaptures(us, ownPawns) & theirPieces);
  mg += pawnThreats * unchecked(W[W_THREAT_PAWN]);
  eg += pawnThreats * unchecked(W[W_THREAT_PAWN]);
  const rookThreats = popcount(minorAttacks & theirs & unchecked(byRole[ROOK]));
  mg += rookThreats * unchecked(W[W_THREAT_ROOK]);
  eg += rookThreats * unchecked(W[W_THREAT_ROOK]);
  unchecked((attacksBy[us] = attacks));

  sideMg = mg;
  sideEg = eg;
  sideMaterial = material;
  sidePhase = phase;
}

export function evaluate(): i32 {
  const whiteCanMate = canMate(WHITE);
  const blackCanMate = canMate(BLACK);
  if (!whiteCanMate && !blackCanMate) return 0;
  if (networkInUse()) {
    // The network (nnue/) inside the same count-aware endgame rules; it has its own sense of the move (no tempo).
    const own = networkEvaluate();
    const white = sideToMove == WHITE ? own : -own;
    return countAware(white, materialOf(WHITE), materialOf(BLACK), whiteCanMate, blackCanMate, 0);
  }

  evaluateSide(WHITE);
  let mg = sideMg;
  let eg = sideEg;
  const whiteMaterial = sideMaterial;
  let phase = sidePhase;
  evaluateSide(BLACK);
  mg -= sideMg;
  eg -= sideEg;
  const blackMaterial = sideMaterial;
  phase += sidePhase;
  // Hanging pieces: attacked and not defended.
  const nonPawnPieces = occupied & ~unchecked(byRole[PAWN]) & ~unchecked(byRole[KING]);
  const whiteAttacks = unchecked(attacksBy[WHITE]);
  const blackAttacks = unchecked(attacksBy[BLACK]);
  const hangingBlack = popcount(nonPawnPieces & unchecked(byColor[BLACK]) & whiteAttacks & ~blackAttacks);
  const hangingWhite = popcount(nonPawnPieces & unchecked(byColor[WHITE]) & blackAttacks & ~whiteAttacks);
  mg += (hangingBlack - hangingWhite) * unchecked(W[W_HANGING]);
  eg += (hangingBlack - hangingWhite) * unchecked(W[W_HANGING]);
  if (phase > PHASE_MAX) phase = PHASE_MAX;
  const score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
  return countAware(score, whiteMaterial, blackMaterial, whiteCanMate, blackCanMate, unchecked(W[W_TEMPO]));
}

// The endgame rules every evaluation passes through (white-positive `score` in, side to move's view out): mop-up
// against a bare king, then the scale toward a draw that the material and the count allow (endgame.ts).
function countAware(
  score: i32,
  whiteMaterial: i32,
  blackMaterial: i32,
  whiteCanMate: bool,
  blackCanMate: bool,
  tempo: i32,
): i32 {
  const whiteBare = !moreThanOne(unchecked(byColor[WHITE]));
  const blackBare = !moreThanOne(unchecked(byColor[BLACK]));
  if (blackBare && !whiteBare && whiteCanMate) score += mopUp(WHITE);
  else if (whiteBare && !blackBare && blackCanMate) score -= mopUp(BLACK);

  const strong = score >= 0 ? WHITE : BLACK;
  const scale =
    strong == WHITE
      ? endgameScale(WHITE, whiteMaterial, blackMaterial)
      : endgameScale(BLACK, blackMaterial, whiteMaterial);
  score = (score * scale) / 64;

  return (sideToMove == WHITE ? score : -score) + (tempo * scale) / 64;
}

// The material evaluateSide counts (endgame piece values), from popcounts.
function materialOf(color: Color): i32 {
  return (
    valueEg(PAWN) * popcount(pieces(color, PAWN)) +
    valueEg(MET) * popcount(pieces(color, MET)) +
    valueEg(KHON) * popcount(pieces(color, KHON)) +
    valueEg(KNIGHT) * popcount(pieces(color, KNIGHT)) +
    valueEg(ROOK) * popcount(pieces(color, ROOK))
  );
}

// Non-pawn material of a side in pieces that make null-move safe (rooks and knights: zugzwang is real in
// met/khon/pawn endings).
export function hasNullMoveMaterial(color: Color): bool {
  return (pieces(color, ROOK) | pieces(color, KNIGHT)) != 0;
}
