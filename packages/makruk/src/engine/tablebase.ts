// The tablebases for a Position (issue 18, first layer): a king and one or two pieces against a bare king, no pawns.
// @makruk/engine's tablebase module (its own wasm, instantiateTablebase) holds the plies to mate; this adds the
// count: under pieces' honour the limit is fixed when the count starts and the bare king's captures change nothing,
// so the strong side wins iff count ply + plies to mate ≤ the limit in plies (docs/rules.md "Counting in FEN").
// With no count running (a FEN without one), the count that the next moves start decides
// (docs/rules.md "Automatic mode, precisely"): the moves are played and their positions asked. A table can be
// exported as bytes and imported into another Tablebase (exportTable, importTable), to be kept instead of made again.
import {
  TABLEBASE_ERRORS,
  TABLEBASE_ROLES,
  type TablebaseExports,
  type TablebaseFailure,
  exportTablebase,
  instantiateTablebase,
  loadTablebase,
} from '@makruk/engine/release';
import { MakrukError, argumentError, err, ok, quoteInput } from '../rules/errors.js';
import { Position } from '../rules/position.js';
import { squareIndex } from '../rules/squares.js';
import type { Color, Move, Result } from '../rules/types.js';

/** What the tables say about a position, for the side to move. */
export interface TablebaseProbe {
  /** Under the count: 'win' the side to move mates in time, 'loss' it is mated in time, 'draw' otherwise. */
  result: 'win' | 'loss' | 'draw';
  /** The strong side (the one with pieces). */
  strong: Color;
  /** Moves to mate under best play, signed as UCI (5: the side to move mates in 5; -5: it is mated in 5), whatever
   * the count; absent when no mate can be forced. */
  mate?: number;
  /** Plies to mate (absent when none). */
  matePlies?: number;
  /** The mate fits the count (the running one, or the one the next moves start); false when there is no mate. */
  fitsCount: boolean;
  /** A best move: the fastest mate (one that fits the count when one does), the longest resistance, or any move
   * that keeps a draw; absent when there is no legal move. */
  bestMove?: Move;
  /** Every legal move with its own result, from the side to move's view, as if it were the only move. */
  moves: TablebaseMove[];
}

/** One legal move's result for the side that plays it (win: it mates within the count after this move). */
export interface TablebaseMove {
  move: Move;
  result: 'win' | 'loss' | 'draw';
  /** Moves to mate after this move, signed as UCI from the mover's view and counting this move (absent: no mate). */
  mate?: number;
  /** Plies to mate, this move included (absent: no mate). */
  matePlies?: number;
}

interface Child {
  move: Move;
  plies: number; // the child's plies to mate, -1 none
  fits: boolean;
}

type Role = 'rook' | 'knight' | 'khon' | 'met';
const ROLES: Record<string, number> = TABLEBASE_ROLES;

interface Material {
  strong: Color;
  first: number;
  second: number;
  /** Strong king, bare king, first piece, second piece (-1: none), mirrored so that the strong side is White. */
  squares: [number, number, number, number];
}

interface Probed {
  strong: Color;
  plies: number; // -1: no forced mate
}

function tablebaseError(code: string, message: string): MakrukError {
  return new MakrukError(code as 'ERR_TABLEBASE_POSITION', message);
}

/** Piece letters of a material's name (as in SAN), the larger role first: rook, knight, khon, met. */
const LETTERS = [
  ['R', TABLEBASE_ROLES.rook],
  ['N', TABLEBASE_ROLES.knight],
  ['S', TABLEBASE_ROLES.khon],
  ['M', TABLEBASE_ROLES.met],
] as const;
const ROLE_OF: ReadonlyMap<string, number> = new Map(LETTERS);
const LETTER_OF: ReadonlyMap<number, string> = new Map(LETTERS.map(([letter, role]) => [role, letter]));
/** One piece that can never mate alone: its table is never made (docs/rules.md "Dead position"). */
const DEAD_ALONE: ReadonlySet<number> = new Set([TABLEBASE_ROLES.knight, TABLEBASE_ROLES.met]);

/** The name of K+first(+second) v K: 'KRK', 'KRNK' (the larger role first). */
function materialName(first: number, second: number): string {
  const [a, b] = first >= second ? [first, second] : [second, first];
  return `K${LETTER_OF.get(a) ?? '?'}${b ? (LETTER_OF.get(b) ?? '?') : ''}K`;
}

/** A material's name read: its roles, larger first (second 0 for one piece), or why it names no table. */
function parseMaterial(material: unknown, what: string): Result<{ first: number; second: number }, MakrukError> {
  if (typeof material !== 'string') return err(argumentError(what, "a material such as 'KRK' or 'KRNK'", material));
  const match = /^K([RNSM])([RNSM])?K$/.exec(material);
  if (!match)
    return err(
      tablebaseError(
        'ERR_TABLEBASE_MATERIAL',
        `not a material the tables hold: ${quoteInput(material)} (e.g. KRK, KRNK)`,
      ),
    );
  const a = ROLE_OF.get(match[1] as string) ?? 0;
  const b = match[2] ? (ROLE_OF.get(match[2]) ?? 0) : 0;
  const [first, second] = a >= b ? [a, b] : [b, a];
  if (second === 0 && DEAD_ALONE.has(first))
    return err(tablebaseError('ERR_TABLEBASE_MATERIAL', `no table for ${material}: it can never mate (always a draw)`));
  return ok({ first, second });
}

function engineError(error: TablebaseFailure, what: string): MakrukError {
  return tablebaseError(error.code, `${what}: ${error.message}`);
}

const MATERIALS: Readonly<Record<3 | 4, readonly string[]>> = Object.freeze({
  3: Object.freeze(['KRK', 'KSK']),
  4: Object.freeze(LETTERS.flatMap(([a], i) => LETTERS.slice(i).map(([b]) => `K${a}${b}K`))),
});

/**
 * A tablebase instance: tables are generated the first time a position needs them (up to about 2 s each), or
 * imported from bytes an instance exported (exportTable, importTable).
 */
export class Tablebase {
  private constructor(private readonly wasm: TablebaseExports) {}

  static async create(): Promise<Tablebase> {
    return new Tablebase(await instantiateTablebase());
  }

  /**
   * Every material with a table, of `men` men (kings included): 3 → KRK, KSK (K+N v K and K+M v K can never mate:
   * no table); 4 → KRRK, KRNK, KRSK, KRMK, KNNK, KNSK, KNMK, KSSK, KSMK, KMMK.
   */
  static materials(men: 3 | 4): readonly string[] {
    return MATERIALS[men] ?? [];
  }

  /**
   * The name of the table `position` needs ('KRK', 'KRNK': the strong side's king and pieces, the larger first, then
   * the bare king), or why it has none (ERR_TABLEBASE_POSITION; ERR_TABLEBASE_MATERIAL for K+N v K, K+M v K).
   */
  materialOf(position: Position): Result<string, MakrukError> {
    if (!(position instanceof Position)) return err(argumentError("Tablebase's materialOf", 'a Position', position));
    const material = this.material(position);
    if (!material.ok) return material;
    const name = materialName(material.value.first, material.value.second);
    const parsed = parseMaterial(name, "Tablebase's materialOf");
    return parsed.ok ? ok(name) : parsed;
  }

  /**
   * The bytes of the table of `material` ('KRK', 'KRNK', … either order of the pieces), generated first when it is
   * not there yet (up to about 2 s): a file for importTable, 128 KB for K+R v K, 8 MB for a four-man table, 16 MB
   * with a khon. ERR_TABLEBASE_MATERIAL for a name that is no table.
   */
  exportTable(material: string): Result<Uint8Array, MakrukError> {
    const parsed = parseMaterial(material, "Tablebase's exportTable");
    if (!parsed.ok) return parsed;
    const { first, second } = parsed.value;
    const generated = this.wasm.tbGenerate(first, second);
    if (generated !== 0)
      return err(tablebaseError(TABLEBASE_ERRORS[generated] ?? 'ERR_TABLEBASE_MEMORY', `cannot make ${material}`));
    const exported = exportTablebase(this.wasm, first, second);
    return exported.ok ? ok(exported.value) : err(engineError(exported.error, `cannot export ${material}`));
  }

  /**
   * Takes a table from bytes exportTable gave (in any Tablebase of the same format version): the name of its material.
   * With `material`, the bytes must be that table. Bad bytes are ERR_TABLEBASE_BYTES, the message saying why (cut
   * short, not a table file, another format version, another material, damaged: checksum). A table already there
   * is kept.
   */
  importTable(bytes: Uint8Array, material?: string): Result<string, MakrukError> {
    if (!(bytes instanceof Uint8Array)) return err(argumentError("Tablebase's importTable", 'a Uint8Array', bytes));
    let expected: { first: number; second: number } | undefined;
    if (material !== undefined) {
      const parsed = parseMaterial(material, "Tablebase's importTable");
      if (!parsed.ok) return parsed;
      expected = parsed.value;
    }
    const loaded = loadTablebase(this.wasm, bytes, expected);
    if (!loaded.ok) return err(engineError(loaded.error, material ? `not the table ${material}` : 'not a table'));
    return ok(materialName(loaded.value.first, loaded.value.second));
  }

  /** The table a position needs (roles and squares, the strong side mirrored to White), or why it has none. */
  private material(position: Position): Result<Material, MakrukError> {
    const men = position.pieces();
    const white = men.filter(([, piece]) => piece.color === 'white' && piece.role !== 'king');
    const black = men.filter(([, piece]) => piece.color === 'black' && piece.role !== 'king');
    if (men.some(([, piece]) => piece.role === 'pawn'))
      return err(tablebaseError('ERR_TABLEBASE_POSITION', 'no table: a pawn is on the board'));
    if (men.length > 4) return err(tablebaseError('ERR_TABLEBASE_POSITION', `no table: ${men.length} men`));
    if (white.length > 0 && black.length > 0)
      return err(tablebaseError('ERR_TABLEBASE_POSITION', 'no table: both sides have pieces'));
    if (white.length === 0 && black.length === 0)
      return err(tablebaseError('ERR_TABLEBASE_POSITION', 'no table: kings only (a dead position)'));
    const strong: Color = white.length > 0 ? 'white' : 'black';
    const pieces = strong === 'white' ? white : black;
    const flip = strong === 'white' ? 0 : 56; // Black strong: ranks mirrored, so it plays up the board
    const at = (sq: Parameters<typeof squareIndex>[0]): number => squareIndex(sq) ^ flip;
    const king = men.find(([, p]) => p.role === 'king' && p.color === strong);
    const bare = men.find(([, p]) => p.role === 'king' && p.color !== strong);
    if (!king || !bare) return err(tablebaseError('ERR_TABLEBASE_POSITION', 'no table: a king is missing'));
    const [first, second] = pieces;
    return ok({
      strong,
      first: ROLES[(first?.[1].role ?? '') as Role] ?? 0,
      second: second ? (ROLES[second[1].role as Role] ?? 0) : 0,
      squares: [at(king[0]), at(bare[0]), first ? at(first[0]) : -1, second ? at(second[0]) : -1],
    });
  }

  /**
   * Whether `position` has a table and it is generated already (probing it then takes microseconds, not the up to
   * about 2 s of a first generation).
   */
  isReady(position: Position): boolean {
    if (!(position instanceof Position)) return false;
    const material = this.material(position);
    return material.ok && this.wasm.tbReady(material.value.first, material.value.second) === 1;
  }

  /** The plies to mate of a position (strong side and -1 for no mate), or why it has no table. */
  private raw(position: Position): Result<Probed, MakrukError> {
    const material = this.material(position);
    if (!material.ok) return material;
    const { strong, first, second, squares } = material.value;
    const generated = this.wasm.tbGenerate(first, second);
    if (generated !== 0)
      return err(tablebaseError(TABLEBASE_ERRORS[generated] ?? 'ERR_TABLEBASE_MATERIAL', 'no table for this material'));
    const [king, bare, a, b] = squares;
    const plies = this.wasm.tbProbe(first, second, king, bare, a, b, position.turn === strong ? 1 : 0);
    if (plies < -1)
      return err(
        tablebaseError(TABLEBASE_ERRORS[-1 - plies] ?? 'ERR_TABLEBASE_SQUARES', 'not a position the tables hold'),
      );
    return ok({ strong, plies });
  }

  /** The mate of `plies` fits the count from this position on (with no count running, `children` decide). */
  private fits(position: Position, plies: number, strong: Color, children?: readonly Child[]): boolean {
    if (plies < 0) return false;
    // Checkmated: it stands whatever the count (docs/rules.md "Counting in FEN": the count draws only a side to move
    // that is not checkmated), as Position.outcome() and Fairy-Stockfish have it.
    if (plies === 0) return true;
    const count = position.counting;
    // Every position before the mate must be within the limit; the mate itself may land one ply past it.
    if (count) return count.plies + plies <= count.limitPlies + 1;
    // No count yet: the next moves start one (a strong move starts pieces' honour for the bare side).
    const fitting = (children ?? this.children(position, strong)).map((child) => child.fits);
    return position.turn === strong ? fitting.some(Boolean) : fitting.length > 0 && fitting.every(Boolean);
  }

  /** Every legal move with its child's plies to mate (-1: none, kings only included) and whether that mate fits. */
  private children(position: Position, strong: Color): Child[] {
    return position.legalMoves().map((move) => {
      const next = position.play(move);
      const probed = next.pieces().length === 2 ? undefined : this.raw(next);
      const plies = probed?.ok ? probed.value.plies : -1;
      return { move, plies, fits: this.fits(next, plies, strong) };
    });
  }

  /** What the tables say about `position`: an error value (`ERR_TABLEBASE_POSITION`, …) when it has no table. */
  probe(position: Position): Result<TablebaseProbe, MakrukError> {
    if (!(position instanceof Position)) return err(argumentError("Tablebase's probe", 'a Position', position));
    const probed = this.raw(position);
    if (!probed.ok) return probed;
    const { strong, plies } = probed.value;
    const strongToMove = position.turn === strong;
    const children = this.children(position, strong);
    const fitsCount = this.fits(position, plies, strong, children);
    // The best move (each child's value is from the other side). Strong: a mate that fits first, then the fastest
    // mate. Bare king: a draw first, then the longest mate.
    const key = ({ plies: p, fits }: Child): number =>
      strongToMove ? (p < 0 ? -1000 : (fits ? 1000 : 0) - p) : p < 0 ? 2000 : (fits ? 0 : 1000) + p;
    let best: Child | undefined;
    for (const child of children) if (!best || key(child) > key(best)) best = child;
    const moves = children.map(({ move, plies: p, fits }): TablebaseMove => {
      // The mover's view of the child: the child's side to move is the other side.
      const mover = position.turn;
      const moverWins = mover === strong;
      const entry: TablebaseMove = { move, result: fits ? (moverWins ? 'win' : 'loss') : 'draw' };
      if (p >= 0) {
        entry.matePlies = p + 1;
        entry.mate = moverWins ? (p + 2) / 2 : -(p + 1) / 2;
      }
      return entry;
    });
    const result: TablebaseProbe = {
      result: fitsCount ? (strongToMove ? 'win' : 'loss') : 'draw',
      strong,
      fitsCount,
      moves,
      ...(best ? { bestMove: best.move } : {}),
    };
    if (plies >= 0) {
      result.matePlies = plies;
      result.mate = strongToMove ? (plies + 1) / 2 : plies === 0 ? 0 : -plies / 2; // checkmated: 0, not -0
    }
    return ok(result);
  }
}

let shared: Promise<Tablebase> | undefined;

/** Probes `position` with one shared Tablebase (created on first use). Errors are values, never thrown. */
export async function probeTablebase(position: Position): Promise<Result<TablebaseProbe, MakrukError>> {
  if (!(position instanceof Position)) return err(argumentError('probeTablebase', 'a Position', position));
  shared ??= Tablebase.create();
  return (await shared).probe(position);
}
