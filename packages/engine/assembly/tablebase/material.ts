// Which endings the tablebases hold (issue 18, first layer): a king and one or two pieces (rook, knight, khon, met;
// a promoted pawn is a met) against a bare king, no pawns. The strong side is always White inside a table (the host
// flips a position where Black is strong: ranks mirrored, colours swapped), so a khon moves up the board.
import { KHON, KNIGHT, MET, ROOK } from '../types';

export const NO_PIECE_ROLE: i32 = 0;
export const TABLE_SLOTS: i32 = 64;

// Error codes of tbGenerate / tbProbe / tbExport / tbLoad (src/abi.ts TABLEBASE_ERRORS mirrors them).
export const TB_OK: i32 = 0;
export const TB_ERR_MATERIAL: i32 = 1; // a role that is not rook, knight, khon or met, or no piece at all
export const TB_ERR_SQUARES: i32 = 2; // a square outside 0…63, two men on one square, or kings side by side
export const TB_ERR_NOT_GENERATED: i32 = 3; // probe of a table not generated yet
export const TB_ERR_MEMORY: i32 = 4; // memory could not grow
export const TB_ERR_TOO_LONG: i32 = 5; // a mate longer than the bytes can hold (never seen)
export const TB_ERR_BYTES: i32 = 6; // tbLoad: bytes that are not a table of this format (tbBytesProblem says why)

export function isTableRole(role: i32): bool {
  return role == ROOK || role == KNIGHT || role == KHON || role == MET;
}

/** The table's slot: the larger role first (second = 0 for one piece). */
export function tableKey(first: i32, second: i32): i32 {
  return first >= second ? (first << 3) | second : (second << 3) | first;
}

/** Rank symmetry is lost when a khon is on the board (it moves forward); the file mirror always holds. */
export function hasKhon(key: i32): bool {
  return key >> 3 == KHON || (key & 7) == KHON;
}

/**
 * No mate can ever be forced, by docs/rules.md "Dead position": a lone knight or met, or two mets (the caller
 * checks their colours: only same-coloured mets are dead).
 */
export function deadRoles(first: i32, second: i32): bool {
  if (second == NO_PIECE_ROLE) return first == KNIGHT || first == MET;
  return false;
}

// A table's file (tbExport / tbLoad, file.ts): a header of TB_HEADER_BYTES, then the S bytes, then the W bytes.
// Little-endian u32 fields: magic, version, key (material.ts tableKey), entries per side, longest mate in plies
// (i32, -1 none), 0; then a u64 checksum of the file's other bytes (64-bit FNV-1a over 8-byte words).
export const TB_HEADER_BYTES: usize = 32;
export const TB_MAGIC: u32 = 0x42544b4d; // "MKTB"
export const TB_FORMAT_VERSION: u32 = 1;

// Why tbLoad refused bytes (tbBytesProblem; src/abi.ts TABLEBASE_BYTES_PROBLEMS mirrors them).
export const TB_BYTES_LENGTH: i32 = 1; // not the length of any table, or not the length its header says
export const TB_BYTES_MAGIC: i32 = 2; // not a table file
export const TB_BYTES_VERSION: i32 = 3; // a table file of another format version
export const TB_BYTES_MATERIAL: i32 = 4; // no such table, or not the material asked for
export const TB_BYTES_CHECKSUM: i32 = 5; // the bytes were changed (or the header: longest, reserved)
