// The search's answer from the tablebases (issue 18): at a root the tables hold (a king and one or two pieces
// against a bare king, no pawns), the engine worker reports what the tables say instead of searching — the fastest
// mate the count allows, the longest resistance when lost, a draw-keeping move on a count draw — as UCI info lines:
// `score mate N` or `cp 0`, and the PV followed through the tables.
import type { Position } from '../rules/position.js';
import { makeUci } from '../rules/uci.js';
import type { Tablebase, TablebaseMove, TablebaseProbe } from './tablebase.js';
import type { WorkerInfo, WorkerLimits } from './worker-protocol.js';

/** A PV longer than this is cut (the longest four-man mate is 114 plies). */
const MAX_PV_PLIES = 128;
/** A drawn line is shown this far: it has no end to reach. */
const DRAW_PV_PLIES = 8;

/** Time a first generation may take (about 2.5 s on a slow core, measured), so searches with less do not wait. */
export const TABLE_GENERATION_BUDGET_MS = 10_000;

/**
 * Whether a search with these limits may wait for a table to be generated: one with no clock (depth, nodes,
 * infinite; not a depth-1 quick answer) or with plenty of time. With less, the engine searches as usual and the tables answer once generated.
 */
export function mayGenerateTable(limits: WorkerLimits, turn: 'white' | 'black'): boolean {
  if (limits.depth === 1) return false; // a quick answer (a stop before the search began)
  if (limits.movetime >= 0) return limits.movetime >= TABLE_GENERATION_BUDGET_MS;
  const clock = turn === 'white' ? limits.wtime : limits.btime;
  return clock < 0 || clock >= 3 * TABLE_GENERATION_BUDGET_MS;
}

/**
 * The tables made once and kept (`create` runs on the first call); a failure to make them is not kept: that call
 * gives undefined (the engine searches) and the next one tries again, so one failed start does not stop the engine
 * from answering from the tables for good.
 */
export function tablesLoader(create: () => Promise<Tablebase>): () => Promise<Tablebase | undefined> {
  let made: Promise<Tablebase> | undefined;
  return async () => {
    made ??= create();
    try {
      return await made;
    } catch {
      made = undefined;
      return undefined;
    }
  };
}

/** Cheap, and without the tables: a position they may hold (no pawn, four men or fewer, one side a bare king). */
export function tablebaseCandidate(position: Position): boolean {
  const men = position.pieces();
  if (men.length > 4 || men.some(([, piece]) => piece.role === 'pawn')) return false;
  const sides = new Set(men.filter(([, piece]) => piece.role !== 'king').map(([, piece]) => piece.color));
  return sides.size === 1;
}

/** Orders one side's moves best first: the fastest win that fits, then draws, then the slowest loss. */
function rank(entry: TablebaseMove): number {
  if (entry.result === 'win') return 1_000_000 - (entry.matePlies ?? 0);
  if (entry.result === 'draw') return 0;
  return -1_000_000 + (entry.matePlies ?? 0);
}

function scoreOf(result: TablebaseProbe['result'], mate: number | undefined): Pick<WorkerInfo, 'scoreKind' | 'score'> {
  return result === 'draw' || mate === undefined ? { scoreKind: 'cp', score: 0 } : { scoreKind: 'mate', score: mate };
}

/** The tables' line from `position`: best moves until mate, the count's end, or a few plies of a draw. */
function followBest(tablebase: Tablebase, position: Position, plies: number): string[] {
  const line: string[] = [];
  let current = position;
  while (line.length < plies && current.outcome() === undefined) {
    const probed = tablebase.probe(current);
    if (!probed.ok || !probed.value.bestMove) break;
    line.push(makeUci(probed.value.bestMove));
    current = current.play(probed.value.bestMove);
  }
  return line;
}

export interface TablebaseAnswer {
  infos: WorkerInfo[];
  bestMove: string;
  ponder: string | null;
}

/**
 * The tables' answer for `position` with `multiPv` lines, or undefined when they hold no table for it (the engine
 * searches then). Each line is one move with its own result; the first is the tables' best move.
 */
export function tablebaseAnswer(
  tablebase: Tablebase,
  position: Position,
  multiPv: number,
  startedAt: number,
): TablebaseAnswer | undefined {
  if (position.outcome() !== undefined) return undefined; // over already (a count run out): nothing to play for
  const probed = tablebase.probe(position);
  if (!probed.ok || probed.value.moves.length === 0) return undefined;
  const { moves, bestMove } = probed.value;
  const best = bestMove ? makeUci(bestMove) : undefined;
  // The best move first (the probe's own choice among equals), then the others best first.
  const ordered = [...moves].sort((a, b) => {
    if (best !== undefined && makeUci(a.move) === best) return -1;
    if (best !== undefined && makeUci(b.move) === best) return 1;
    return rank(b) - rank(a);
  });
  const infos = ordered.slice(0, Math.max(1, multiPv)).map((entry, index): WorkerInfo => {
    const next = position.play(entry.move);
    const rest = entry.result === 'draw' ? DRAW_PV_PLIES - 1 : Math.min(MAX_PV_PLIES, entry.matePlies ?? 0) - 1;
    const pv = [makeUci(entry.move), ...followBest(tablebase, next, Math.max(0, rest))];
    return {
      depth: Math.max(1, pv.length),
      seldepth: pv.length,
      multiPv: index + 1,
      ...scoreOf(entry.result, entry.mate),
      nodes: pv.length,
      timeMs: Math.max(0, performance.now() - startedAt),
      hashfull: 0,
      pv,
    };
  });
  const first = infos[0];
  if (!first) return undefined;
  return { infos, bestMove: first.pv[0] as string, ponder: first.pv[1] ?? null };
}
