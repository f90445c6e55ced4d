// The tablebase module (issue 18, first layer): its own wasm build (build/tablebase.wasm), with its own memory, so
// that its tables, tens of megabytes grown on demand, never meet the engine's transposition table or the thread
// builds' fixed regions. Squares as everywhere (a1 = 0 … h8 = 63); roles as assembly/types.ts (met 2, khon 3,
// knight 4, rook 5). The strong side is White here: the host mirrors the ranks of a position where Black is strong.
import { initBitboards, kingAttacks, khonAttacks, knightAttacks, metAttacks, rookAttacks } from '../bitboard';
import { initIndexing } from './indexing';
import { DRAW, LONGEST, S_TABLE, TABLE_SIZE, generateTable, probeStrong, probeWeak } from './generate';
import {
  NO_PIECE_ROLE,
  TB_ERR_MATERIAL,
  TB_ERR_NOT_GENERATED,
  TB_ERR_SQUARES,
  TB_OK,
  deadRoles,
  isTableRole,
  tableKey,
} from './material';
import { KHON, MET, ROOK, KNIGHT, WHITE } from '../types';

export { tbBytesProblem, tbExport, tbLoad, tbLoadBuffer, tbLoadPointer, tbTablePointer } from './file';

initBitboards();
initIndexing();

/** The tables K+first (+second) v K needs, smaller ones first; 0 ok, else a TB_ERR_* code. Idempotent. */
export function tbGenerate(first: i32, second: i32): i32 {
  if (!isTableRole(first) || (second != NO_PIECE_ROLE && !isTableRole(second))) return TB_ERR_MATERIAL;
  const key = tableKey(first, second);
  if (deadRoles(key >> 3, key & 7)) return TB_OK; // K+N v K, K+M v K: always a draw, no table
  if (unchecked(S_TABLE[key]) != 0) return TB_OK;
  if ((key & 7) != NO_PIECE_ROLE) {
    const a = tbGenerate(key >> 3, NO_PIECE_ROLE);
    if (a != TB_OK) return a;
    const b = tbGenerate(key & 7, NO_PIECE_ROLE);
    if (b != TB_OK) return b;
  }
  return generateTable(key);
}

/** 1 when the table for this material is there, generated or loaded (or none is needed: dead material), 0 when not, -1 bad material. */
export function tbReady(first: i32, second: i32): i32 {
  if (!isTableRole(first) || (second != NO_PIECE_ROLE && !isTableRole(second))) return -1;
  const key = tableKey(first, second);
  if (deadRoles(key >> 3, key & 7)) return 1;
  return unchecked(S_TABLE[key]) != 0 ? 1 : 0;
}

/** The longest mate of a generated table in plies (-1: never a win, or not generated). */
export function tbLongest(first: i32, second: i32): i32 {
  if (tbReady(first, second) != 1) return -1;
  const key = tableKey(first, second);
  if (unchecked(S_TABLE[key]) == 0) return -1;
  return unchecked(LONGEST[key]);
}

/** Entries (positions per side to move) of a generated table, 0 when there is none. */
export function tbEntries(first: i32, second: i32): i32 {
  if (tbReady(first, second) != 1) return 0;
  return unchecked(TABLE_SIZE[tableKey(first, second)]);
}

/** Bytes of memory the module holds now (it grows while generating and never shrinks). */
export function tbMemoryBytes(): i32 {
  return memory.size() << 16;
}

function attackedBy(role: i32, from: i32, target: i32, occupied: u64): bool {
  let a: u64 = 0;
  if (role == ROOK) a = rookAttacks(from, occupied);
  else if (role == KNIGHT) a = knightAttacks(from);
  else if (role == KHON) a = khonAttacks(WHITE, from);
  else if (role == MET) a = metAttacks(from);
  return (a & ((<u64>1) << (<u64>target))) != 0;
}

/**
 * Plies to mate (≥ 0) with the strong side (White) to move (strongToMove = 1) or the bare king to move (0); -1 when
 * the strong side cannot force mate (a draw); -1 - TB_ERR_* for bad input: -2 bad material, -3 bad squares (off
 * the board, shared, kings side by side, or the bare king in check with the strong side to move), -4 table not
 * generated. second = -1 when there is no second piece (secondRole then NO_PIECE_ROLE).
 */
export function tbProbe(
  firstRole: i32,
  secondRole: i32,
  king: i32,
  bare: i32,
  first: i32,
  second: i32,
  strongToMove: i32,
): i32 {
  if (!isTableRole(firstRole) || (secondRole != NO_PIECE_ROLE && !isTableRole(secondRole))) return -1 - TB_ERR_MATERIAL;
  const two = secondRole != NO_PIECE_ROLE;
  if (<u32>king > 63 || <u32>bare > 63 || <u32>first > 63) return -1 - TB_ERR_SQUARES;
  if (two && <u32>second > 63) return -1 - TB_ERR_SQUARES;
  if (!two) second = -1;
  if (king == bare || first == king || first == bare) return -1 - TB_ERR_SQUARES;
  if (two && (second == king || second == bare || second == first)) return -1 - TB_ERR_SQUARES;
  if ((kingAttacks(king) & ((<u64>1) << (<u64>bare))) != 0) return -1 - TB_ERR_SQUARES;
  let occupied = ((<u64>1) << (<u64>king)) | ((<u64>1) << (<u64>bare)) | ((<u64>1) << (<u64>first));
  if (two) occupied |= (<u64>1) << (<u64>second);
  const checked =
    attackedBy(firstRole, first, bare, occupied) || (two && attackedBy(secondRole, second, bare, occupied));
  if (strongToMove != 0 && checked) return -1 - TB_ERR_SQUARES;
  const key = tableKey(firstRole, secondRole);
  if (deadRoles(key >> 3, key & 7)) return -1;
  if (unchecked(S_TABLE[key]) == 0) return -1 - TB_ERR_NOT_GENERATED;
  // The table keeps the larger role first.
  let a = first;
  let b = second;
  if (two && firstRole < secondRole) {
    a = second;
    b = first;
  }
  if (strongToMove != 0) {
    const v = probeStrong(key, king, bare, a, b);
    return v == 0 ? -1 : v - 1;
  }
  const w = probeWeak(key, king, bare, a, b);
  return w == 0 || w == DRAW ? -1 : w - 1;
}
