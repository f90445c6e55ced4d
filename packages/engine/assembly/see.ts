// Static exchange evaluation: the material balance of the capture sequence on one square, each side recapturing
// with its least valuable attacker. Only rooks slide in Makruk, so the only x-rays are rooks behind rooks/pieces
// on a rank or file. Pins are ignored (as usual).
import {
  BLACK, KING, MET, Move, NO_PIECE, PAWN, ROOK, WHITE, isPromotion, moveFrom, moveTo, pieceRole,
} from './types';
import { lsb, rookAttacks, squareBB } from './bitboard';
import { attackersTo, byColor, byRole, occupied, pieceOn, sideToMove } from './position';
import { valueMg } from './material';

// Exchanges are valued with the evaluation's middlegame piece values (material.ts). The king's value never counts: it only
// captures when nothing can take back (a legal move), and it never recaptures into an attack.

const gain = new StaticArray<i32>(40);

// @ts-ignore: decorator
@inline export function isCapture(move: Move): bool {
  return pieceOn(moveTo(move)) != NO_PIECE;
}

export function see(move: Move): i32 {
  const from = moveFrom(move);
  const to = moveTo(move);
  const captured = pieceOn(to);
  let victim = valueMg(pieceRole(pieceOn(from)));
  let first = captured != NO_PIECE ? valueMg(pieceRole(captured)) : 0;
  if (isPromotion(move)) {
    first += valueMg(MET) - valueMg(PAWN);
    victim = valueMg(MET);
  }
  unchecked(gain[0] = first);
  let occ = occupied ^ squareBB(from);
  const rooks = unchecked(byRole[ROOK]);
  let attackers = (attackersTo(to, WHITE, occ) | attackersTo(to, BLACK, occ)) & occ;
  let side = sideToMove ^ 1;
  let d = 0;
  while (d < 38) {
    const mine = attackers & unchecked(byColor[side]);
    if (mine == 0) break;
    let role = PAWN;
    let set: u64 = 0;
    for (; role <= KING; role++) {
      set = mine & unchecked(byRole[role]);
      if (set != 0) break;
    }
    if (role == KING && (attackers & unchecked(byColor[side ^ 1])) != 0) break; // the king may not walk into it
    d++;
    unchecked(gain[d] = victim - unchecked(gain[d - 1]));
    if (max(-unchecked(gain[d - 1]), unchecked(gain[d])) < 0) break;
    victim = valueMg(role);
    occ ^= squareBB(lsb(set));
    attackers &= occ;
    attackers |= rookAttacks(to, occ) & rooks & occ; // rooks uncovered behind the piece that just left
    side ^= 1;
  }
  while (d > 0) {
    unchecked(gain[d - 1] = -max(-unchecked(gain[d - 1]), unchecked(gain[d])));
    d--;
  }
  return unchecked(gain[0]);
}
