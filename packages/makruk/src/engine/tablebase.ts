// The tablebases for a Position (issue 18, first layer): a king and one or two pieces against a bare king, no pawns.
// @makruk/engine's tablebase module (its own wasm, instantiateTablebase) holds the plies to mate; this adds the
// count: under pieces' honour the limit is fixed when the count starts and the bare king's captures change nothing,
// so the strong side wins iff count ply + plies to mate ≤ the limit in plies (docs/rules.md "Counting in FEN").
// With no count running (a FEN without one), the count that the next moves start decides
// (docs/rules.md "Automatic mode, precisely"): the moves are played and their positions asked.
import { TABLEBASE_ERRORS, TABLEBASE_ROLES, type TablebaseExports, instantiateTablebase } from '@makruk/engine';
import { MakrukError, argumentError, err, ok } from '../rules/errors.js';
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
}

type Role = 'rook' | 'knight' | 'khon' | 'met';
const ROLES: Record<string, number> = TABLEBASE_ROLES;

interface Probed {
  strong: Color;
  plies: number; // -1: no forced mate
}

function tablebaseError(code: string, message: string): MakrukError {
  return new MakrukError(code as 'ERR_TABLEBASE_POSITION', message);
}

/** A tablebase instance: tables are generated the first time a position needs them (up to about 2 s each). */
export class Tablebase {
  private constructor(private readonly wasm: TablebaseExports) {}

  static async create(): Promise<Tablebase> {
    return new Tablebase(await instantiateTablebase());
  }

  /** The plies to mate of a position (strong side and -1 for no mate), or why it has no table. */
  private raw(position: Position): Result<Probed, MakrukError> {
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
    const a = ROLES[(first?.[1].role ?? '') as Role] ?? 0;
    const b = second ? (ROLES[second[1].role as Role] ?? 0) : 0;
    const generated = this.wasm.tbGenerate(a, b);
    if (generated !== 0)
      return err(tablebaseError(TABLEBASE_ERRORS[generated] ?? 'ERR_TABLEBASE_MATERIAL', 'no table for this material'));
    const plies = this.wasm.tbProbe(
      a,
      b,
      at(king[0]),
      at(bare[0]),
      first ? at(first[0]) : -1,
      second ? at(second[0]) : -1,
      position.turn === strong ? 1 : 0,
    );
    if (plies < -1)
      return err(
        tablebaseError(TABLEBASE_ERRORS[-1 - plies] ?? 'ERR_TABLEBASE_SQUARES', 'not a position the tables hold'),
      );
    return ok({ strong, plies });
  }

  /** The mate of `plies` fits the count from this position on. */
  private fits(position: Position, plies: number, strong: Color): boolean {
    if (plies < 0) return false;
    if (plies === 0) return true; // mated already
    const count = position.counting;
    if (count) return count.plies + plies <= count.limitPlies;
    // No count yet: the next moves start one (a strong move starts pieces' honour for the bare side).
    const children = position.legalMoves().map((move) => {
      const next = position.play(move);
      const probed = next.pieces().length === 2 ? undefined : this.raw(next);
      return probed?.ok ? this.fits(next, probed.value.plies, strong) : false;
    });
    return position.turn === strong ? children.some(Boolean) : children.length > 0 && children.every(Boolean);
  }

  /** What the tables say about `position`: an error value (`ERR_TABLEBASE_POSITION`, …) when it has no table. */
  probe(position: Position): Result<TablebaseProbe, MakrukError> {
    if (!(position instanceof Position)) return err(argumentError("Tablebase's probe", 'a Position', position));
    const probed = this.raw(position);
    if (!probed.ok) return probed;
    const { strong, plies } = probed.value;
    const strongToMove = position.turn === strong;
    const fitsCount = this.fits(position, plies, strong);
    // The best move: each move's child asked (its value from the other side).
    let bestMove: Move | undefined;
    let bestKey = -Infinity;
    for (const move of position.legalMoves()) {
      const next = position.play(move);
      const child = next.pieces().length === 2 ? undefined : this.raw(next);
      const childPlies = child?.ok ? child.value.plies : -1;
      const childFits = this.fits(next, childPlies, strong);
      // Strong: a mate that fits first, then the fastest mate. Bare king: a draw first, then the longest mate.
      const key = strongToMove
        ? childPlies < 0
          ? -1000
          : (childFits ? 1000 : 0) - childPlies
        : childPlies < 0
          ? 2000
          : (childFits ? 0 : 1000) + childPlies;
      if (key > bestKey) {
        bestKey = key;
        bestMove = move;
      }
    }
    const result: TablebaseProbe = {
      result: fitsCount ? (strongToMove ? 'win' : 'loss') : 'draw',
      strong,
      fitsCount,
      ...(bestMove ? { bestMove } : {}),
    };
    if (plies >= 0) {
      result.matePlies = plies;
      result.mate = strongToMove ? (plies + 1) / 2 : -plies / 2;
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
