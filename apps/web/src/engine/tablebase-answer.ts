// The tablebase worker's messages and its one pure step (issue 18, issue 21): a request is a FEN, the answer is what
// the library's Tablebase says of it, made plain (UCI and SAN strings, no Move or Position objects) so that it
// crosses postMessage and can be tested in Node without a Worker. Errors are values: the library's code and message.
import { type Tablebase, Position, makeSan, makeUci } from '@makruk/makruk';

export interface TablebaseRequest {
  id: number;
  fen: string;
}

/** One legal move and its result for the side that plays it (as the library's TablebaseMove). */
export interface TablebaseMoveAnswer {
  uci: string;
  /** Algebraic SAN (the page writes Thai SAN itself from the UCI where it needs it). */
  san: string;
  result: 'win' | 'loss' | 'draw';
  /** Moves to mate after this move, signed from the mover's view and counting this move (absent: no mate). */
  mate?: number;
}

/** What the tables say of a position for the side to move (the library's TablebaseProbe, made plain). */
export interface TablebaseVerdict {
  /** Under the count: 'win' the side to move mates in time, 'loss' it is mated in time, 'draw' otherwise. */
  result: 'win' | 'loss' | 'draw';
  strong: 'white' | 'black';
  /** Moves to mate, signed as UCI (negative: the side to move is mated), whatever the count; absent: no mate. */
  mate?: number;
  matePlies?: number;
  /** The mate fits the count. */
  fitsCount: boolean;
  /** The fastest mate that fits, else the longest resistance or a move that keeps the draw (absent: no move). */
  bestMove?: string;
  moves: TablebaseMoveAnswer[];
}

export interface TablebaseFailure {
  /** The library's error code (ERR_TABLEBASE_POSITION: the position has no table), or ERR_TABLEBASE_WORKER. */
  code: string;
  message: string;
}

export type TablebaseAnswer = { ok: true; value: TablebaseVerdict } | { ok: false; error: TablebaseFailure };
export type TablebaseResponse = TablebaseAnswer & { id: number };

/** The tables' verdict on a FEN, or why there is none (a bad FEN, no table for the position): never throws. */
export function answerProbe(tablebase: Tablebase, fen: string): TablebaseAnswer {
  try {
    const position = Position.fromFen(fen);
    if (!position.ok) return { ok: false, error: { code: position.error.code, message: position.error.message } };
    const probed = tablebase.probe(position.value);
    if (!probed.ok) return { ok: false, error: { code: probed.error.code, message: probed.error.message } };
    const probe = probed.value;
    const verdict: TablebaseVerdict = {
      result: probe.result,
      strong: probe.strong,
      fitsCount: probe.fitsCount,
      moves: probe.moves.map(({ move, result, mate }) => ({
        uci: makeUci(move),
        san: makeSan(position.value, move),
        result,
        ...(mate === undefined ? {} : { mate }),
      })),
    };
    if (probe.mate !== undefined) verdict.mate = probe.mate;
    if (probe.matePlies !== undefined) verdict.matePlies = probe.matePlies;
    if (probe.bestMove) verdict.bestMove = makeUci(probe.bestMove);
    return { ok: true, value: verdict };
  } catch (error) {
    return { ok: false, error: { code: 'ERR_TABLEBASE_WORKER', message: String((error as Error)?.message ?? error) } };
  }
}

/**
 * Where the worker keeps tables between visits (issue 18): IndexedDB in the page, a Map in tests. A store that fails
 * loses nothing but time: the table is made again.
 */
export interface TableStore {
  get(material: string): Promise<Uint8Array | undefined>;
  set(material: string, bytes: Uint8Array): Promise<void>;
}

/** How the table a FEN needs came to be there: already, from the store, made now (and stored), or no table. */
export type TablePreparation = 'ready' | 'loaded' | 'made' | 'none';

/**
 * Puts the table `fen` needs into `tablebase`: from the store when it holds good bytes of it, else made (up to about
 * 2 s) and then stored for the next visit. Bytes the library refuses (damaged, another format) are made again and
 * replaced. Never throws.
 */
export async function prepareTable(tablebase: Tablebase, fen: string, store: TableStore): Promise<TablePreparation> {
  const position = Position.fromFen(fen);
  if (!position.ok) return 'none';
  if (tablebase.isReady(position.value)) return 'ready';
  const material = tablebase.materialOf(position.value);
  if (!material.ok) return 'none';
  try {
    const bytes = await store.get(material.value);
    if (bytes instanceof Uint8Array && tablebase.importTable(bytes, material.value).ok) return 'loaded';
  } catch {
    // an unreadable store: make the table
  }
  const made = tablebase.exportTable(material.value);
  if (!made.ok) return 'none'; // the probe then says why
  try {
    await store.set(material.value, made.value);
  } catch {
    // not kept (no room, private mode): made again next visit
  }
  return 'made';
}

/**
 * The worker's answer to one request, once its Tablebase is made (or failed to be: that failure, as a value). With
 * a store, the table is read from it, or kept in it once made.
 */
export async function answerRequest(
  tablebase: Promise<Tablebase>,
  request: TablebaseRequest,
  store?: TableStore,
): Promise<TablebaseResponse> {
  let made: Tablebase;
  try {
    made = await tablebase;
  } catch (error) {
    const message = `the tablebase could not be started: ${String((error as Error)?.message ?? error)}`;
    return { id: request.id, ok: false, error: { code: 'ERR_TABLEBASE_WORKER', message } };
  }
  const fen = String(request.fen);
  if (store) await prepareTable(made, fen, store);
  return { id: request.id, ...answerProbe(made, fen) };
}
