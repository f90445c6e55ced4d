// Makruk evaluation, tapered between a middlegame and an endgame score: material (promoted pawns are mets),
// piece-square tables built from Makruk ideas (pawns meet on the 4th/5th rank and promote on the 6th; khons and
// mets guard the king; knights and khons want the centre), mobility of khon/knight/rook/met, pawn structure and
// the race of advanced pawns to the 6th rank, king safety against rooks and knights, and endgame knowledge
// (endgame.ts). Returns centipawns from the side to move's point of view.
import { BLACK, Color, KHON, KING, KNIGHT, MET, PAWN, ROOK, VALUE_EG, VALUE_MG, WHITE } from './types';
import {
  FILE_A, khonAttacks, kingAttacks, knightAttacks, lsb, metAttacks, moreThanOne, pawnCaptures, popcount, rookAttacks,
  squareBB,
} from './bitboard';
import { byColor, byRole, kingOf, occupied, pieces, sideToMove } from './position';
import { canMate, endgameScale, mopUp } from './endgame';

const PHASE_WEIGHT: StaticArray<i32> = [0, 0, 1, 1, 1, 2, 0, 0];
const PHASE_MAX: i32 = 18;
const TEMPO: i32 = 12;

// Tunable weights (centipawns). Mobility is per reachable square beyond a typical count.
export const W = new StaticArray<i32>(32);
export const W_KNIGHT_MOB_MG = 0, W_KNIGHT_MOB_EG = 1, W_KHON_MOB_MG = 2, W_KHON_MOB_EG = 3, W_ROOK_MOB_MG = 4,
  W_ROOK_MOB_EG = 5, W_MET_MOB = 6, W_KING_DANGER = 7, W_GUARD = 8, W_ROOK_OPEN = 9, W_PASSED = 10,
  W_ABOUT_TO_PROMOTE = 11, W_DOUBLED = 12, W_ISOLATED = 13, W_PROTECTED = 14, W_SHELTER = 15, W_THREAT_PAWN = 16,
  W_THREAT_ROOK = 17, W_HANGING = 18, W_OUTPOST = 19;
W[W_OUTPOST] = 14;
W[W_THREAT_PAWN] = 35;
W[W_THREAT_ROOK] = 25;
W[W_HANGING] = 18;
W[W_KNIGHT_MOB_MG] = 5; W[W_KNIGHT_MOB_EG] = 5;
W[W_KHON_MOB_MG] = 4; W[W_KHON_MOB_EG] = 3;
W[W_ROOK_MOB_MG] = 3; W[W_ROOK_MOB_EG] = 5;
W[W_MET_MOB] = 3;
W[W_KING_DANGER] = 130; // percent on the king-attack table
W[W_GUARD] = 10;
W[W_ROOK_OPEN] = 18;
W[W_PASSED] = 100; // percent on the passed-pawn table
W[W_ABOUT_TO_PROMOTE] = 30;
W[W_DOUBLED] = 10;
W[W_ISOLATED] = 7;
W[W_PROTECTED] = 6;
W[W_SHELTER] = 5;

// Piece-square tables with material folded in: [colour * 512 + role * 64 + square].
const PST_MG = new StaticArray<i32>(1024);
const PST_EG = new StaticArray<i32>(1024);
// Passed-pawn masks (squares in front on the same and adjacent files) and file masks.
const PASSED_MASK = new StaticArray<u64>(128);
const FRONT_MASK = new StaticArray<u64>(128);
const ADJACENT_FILES = new StaticArray<u64>(8);

function pstValue(role: i32, sq: i32, endgame: bool): i32 {
  // sq from White's point of view
  const f = sq & 7;
  const r = sq >> 3;
  const cf = min(f, 7 - f);
  const cr = min(r, 7 - r);
  if (role == PAWN) {
    // r = 2 start, 3 contact, 4 one step from promotion
    if (!endgame) return (r == 3 ? 6 : r == 4 ? 18 : 0) + (cf >= 2 && r >= 3 ? 6 : 0) + (cf == 0 ? -4 : 0);
    return r == 3 ? 10 : r == 4 ? 28 : 0;
  }
  if (role == KNIGHT) {
    if (!endgame) return 6 * (cf + cr) - 18 + (r >= 3 && r <= 5 ? 6 : 0);
    return 4 * (cf + cr) - 12;
  }
  if (role == KHON) {
    if (!endgame) return 4 * (cf + cr) - 10 + (r >= 2 && r <= 4 ? 6 : 0);
    return 3 * (cf + cr) - 8;
  }
  if (role == MET) return 3 * (cf + cr) - 6 + (!endgame && r >= 1 && r <= 3 ? 4 : 0);
  if (role == ROOK) {
    if (!endgame) return (cf >= 2 ? 4 : 0) + (r == 5 || r == 6 ? 10 : 0);
    return r == 6 ? 8 : 0;
  }
  if (role == KING) {
    if (!endgame) return r == 0 ? 0 : r == 1 ? 4 : r == 2 ? -12 : -35;
    return 8 * (cf + cr) - 24;
  }
  return 0;
}

export function initEvaluation(): void {
  for (let color = 0; color < 2; color++) {
    for (let role = PAWN; role <= KING; role++) {
      for (let sq = 0; sq < 64; sq++) {
        const whiteSq = color == WHITE ? sq : sq ^ 56;
        const i = (color << 9) | (role << 6) | sq;
        PST_MG[i] = VALUE_MG[role] + pstValue(role, whiteSq, false);
        PST_EG[i] = VALUE_EG[role] + pstValue(role, whiteSq, true);
      }
    }
  }
  for (let f = 0; f < 8; f++) {
    let adjacent: u64 = 0;
    if (f > 0) adjacent |= FILE_A << <u64>(f - 1);
    if (f < 7) adjacent |= FILE_A << <u64>(f + 1);
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
    const spread = (f > 0 ? 1 : 0);
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
  let penalty = attackers >= 2 ? units * units * 3 : units * 6;
  if (penalty > 500) penalty = 500;
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
    material += 100;
    const f = sq & 7;
    const relRank = us == WHITE ? sq >> 3 : 7 - (sq >> 3);
    const front = unchecked(FRONT_MASK[(us << 6) | sq]);
    if ((front & ownPawns) != 0) { mg -= unchecked(W[W_DOUBLED]); eg -= unchecked(W[W_DOUBLED]); }
    if ((ownPawns & unchecked(ADJACENT_FILES[f])) == 0) { mg -= unchecked(W[W_ISOLATED]); eg -= unchecked(W[W_ISOLATED]); }
    if ((pawnCaptures(them, squareBB(sq)) & ownPawns) != 0) { mg += unchecked(W[W_PROTECTED]); eg += unchecked(W[W_PROTECTED]); }
    if ((unchecked(PASSED_MASK[(us << 6) | sq]) & theirPawns) == 0) {
      const bonus = relRank >= 4 ? 45 : relRank == 3 ? 22 : 8;
      mg += (bonus * unchecked(W[W_PASSED])) / 200;
      eg += (bonus * unchecked(W[W_PASSED])) / 100;
    }
    if (relRank == 4) {
      // one step from promotion: the promotion square free and not covered by an enemy pawn
      const push = us == WHITE ? sq + 8 : sq - 8;
      const pushBB = squareBB(push);
      if ((occ & pushBB) == 0 && (theirPawnAttacks & pushBB) == 0) {
        mg += unchecked(W[W_ABOUT_TO_PROMOTE]);
        eg += unchecked(W[W_ABOUT_TO_PROMOTE]) + 15;
      }
    }
  }

  b = ours & unchecked(byRole[KNIGHT]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (KNIGHT << 6) | sq]);
    eg += unchecked(PST_EG[base | (KNIGHT << 6) | sq]);
    material += 360;
    phase += 1;
    const att = knightAttacks(sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 4;
    mg += mob * unchecked(W[W_KNIGHT_MOB_MG]);
    eg += mob * unchecked(W[W_KNIGHT_MOB_EG]);
    if ((att & kingZone) != 0) { units += 2; attackers++; }
    if (isOutpost(us, sq, ownPawns, theirPawns)) { mg += unchecked(W[W_OUTPOST]); eg += unchecked(W[W_OUTPOST]) >> 1; }
  }

  b = ours & unchecked(byRole[KHON]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (KHON << 6) | sq]);
    eg += unchecked(PST_EG[base | (KHON << 6) | sq]);
    material += 340;
    phase += 1;
    const att = khonAttacks(us, sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 2;
    mg += mob * unchecked(W[W_KHON_MOB_MG]);
    eg += mob * unchecked(W[W_KHON_MOB_EG]);
    if ((att & kingZone) != 0) { units += 1; attackers++; }
    if (isOutpost(us, sq, ownPawns, theirPawns)) { mg += unchecked(W[W_OUTPOST]) >> 1; eg += unchecked(W[W_OUTPOST]) >> 2; }
  }

  b = ours & unchecked(byRole[MET]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (MET << 6) | sq]);
    eg += unchecked(PST_EG[base | (MET << 6) | sq]);
    material += 260;
    phase += 1;
    const att = metAttacks(sq);
    attacks |= att;
    minorAttacks |= att;
    const mob = popcount(att & safe) - 2;
    mg += mob * unchecked(W[W_MET_MOB]);
    eg += mob * unchecked(W[W_MET_MOB]);
    if ((att & kingZone) != 0) { units += 1; attackers++; }
  }

  b = ours & unchecked(byRole[ROOK]);
  const allPawns = unchecked(byRole[PAWN]);
  while (b != 0) {
    const sq = lsb(b);
    b &= b - 1;
    mg += unchecked(PST_MG[base | (ROOK << 6) | sq]);
    eg += unchecked(PST_EG[base | (ROOK << 6) | sq]);
    material += 600;
    phase += 2;
    const att = rookAttacks(sq, occ);
    attacks |= att;
    const mob = popcount(att & safe) - 6;
    mg += mob * unchecked(W[W_ROOK_MOB_MG]);
    eg += mob * unchecked(W[W_ROOK_MOB_EG]);
    const file = FILE_A << <u64>(sq & 7);
    if ((file & ownPawns) == 0) {
      const open = (file & allPawns) == 0;
      mg += open ? unchecked(W[W_ROOK_OPEN]) : unchecked(W[W_ROOK_OPEN]) >> 1;
      eg += unchecked(W[W_ROOK_OPEN]) >> 1;
    }
    if ((att & kingZone) != 0) { units += 3; attackers++; }
  }

  // Our king: table, guards (mets/khons next to it), pawn shelter.
  const ksq = kingOf(us);
  mg += unchecked(PST_MG[base | (KING << 6) | ksq]);
  eg += unchecked(PST_EG[base | (KING << 6) | ksq]);
  const around = kingAttacks(ksq);
  const guards = around & ours & (unchecked(byRole[MET]) | unchecked(byRole[KHON]));
  mg += min(popcount(guards), 2) * unchecked(W[W_GUARD]);
  const shelter = around & ownPawns;
  mg += min(popcount(shelter), 3) * unchecked(W[W_SHELTER]);

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
  unchecked(attacksBy[us] = attacks);

  sideMg = mg;
  sideEg = eg;
  sideMaterial = material;
  sidePhase = phase;
}

export function evaluate(): i32 {
  const whiteCanMate = canMate(WHITE);
  const blackCanMate = canMate(BLACK);
  if (!whiteCanMate && !blackCanMate) return 0;

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
  let score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;

  // Bare king: mop-up toward the mate.
  const whiteBare = !moreThanOne(unchecked(byColor[WHITE]));
  const blackBare = !moreThanOne(unchecked(byColor[BLACK]));
  if (blackBare && !whiteBare && whiteCanMate) score += mopUp(WHITE);
  else if (whiteBare && !blackBare && blackCanMate) score -= mopUp(BLACK);

  const strong = score >= 0 ? WHITE : BLACK;
  const scale = strong == WHITE
    ? endgameScale(WHITE, whiteMaterial, blackMaterial)
    : endgameScale(BLACK, blackMaterial, whiteMaterial);
  score = (score * scale) / 64;

  return (sideToMove == WHITE ? score : -score) + (TEMPO * scale) / 64;
}

// Non-pawn material of a side in pieces that make null-move safe (rooks and knights: zugzwang is real in
// met/khon/pawn endings).
export function hasNullMoveMaterial(color: Color): bool {
  return (pieces(color, ROOK) | pieces(color, KNIGHT)) != 0;
}
