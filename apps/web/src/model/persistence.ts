// Persistence reads and writes the model, never the views: the game (as PGN, with variations and comments), the
// path on screen, the orientation and the notation are saved on the device on every change (through ../stored.ts);
// a share link reproduces the game.
// Link contract: ?fen=<FEN>&moves=<space-separated UCI> opens a position and plays moves from it; ?pgn=<PGN> opens
// a game. A bad parameter leaves the start position and returns the library's error to show.
import { GameTree, type MakrukError, parsePgnTree, replay } from '@makruk/makruk';
import { json, stored, storedWord } from '../stored.js';
import type { AnalysisModel, Ending, KeptGame } from './analysis.js';

interface Saved {
  pgn: string;
  path: string[];
  orientation: 'white' | 'black';
  /** A resignation, agreed draw or claim (not in the PGN's moves). */
  ending?: Ending;
  /** The game before the last "New game". */
  previous?: KeptGame;
}

const ENDINGS: readonly string[] = ['resign', 'draw', 'claim', 'time'];
function readEnding(value: unknown): Ending | undefined {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<Ending>;
  if (typeof v.path !== 'string' || !ENDINGS.includes(v.action as string)) return undefined;
  return {
    path: v.path,
    action: v.action as Ending['action'],
    ...(v.color === 'white' || v.color === 'black' ? { color: v.color } : {}),
  };
}
function readKept(value: unknown): KeptGame | undefined {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<KeptGame>;
  if (typeof v.pgn !== 'string') return undefined;
  return { pgn: v.pgn, path: Array.isArray(v.path) ? v.path.filter((s): s is string => typeof s === 'string') : [] };
}

const savedGame = stored<Partial<Saved>>(
  'game',
  {},
  json((value) => (typeof value === 'object' && value !== null ? (value as Partial<Saved>) : undefined)),
);

const savedNotation = storedWord('notation', 'algebraic', ['algebraic', 'thai']);

/** Saves the game on the device (full or refused: the page keeps working without saving). */
export function saveGame(model: AnalysisModel): void {
  savedGame.write({
    pgn: model.pgn(),
    path: [...model.path],
    orientation: model.orientation,
    ...(model.ending ? { ending: model.ending } : {}),
    ...(model.previous ? { previous: model.previous } : {}),
  });
}

/** Saves the notation the moves are shown in (a preference of the player's, kept apart from the game). */
export function saveNotation(model: AnalysisModel): void {
  if (savedNotation.read() !== model.notation) savedNotation.write(model.notation);
}

/** Shows the moves in the notation last chosen (whatever game a link or the device opens). */
export function restoreNotation(model: AnalysisModel): void {
  model.notation = savedNotation.read();
}

/** Restores the saved game; false when there is none (or it cannot be read any more). */
export function restoreGame(model: AnalysisModel): boolean {
  const saved = savedGame.read();
  if (typeof saved.pgn !== 'string') return false;
  const tree = parsePgnTree(saved.pgn);
  if (!tree.ok) return false;
  if (saved.orientation === 'black') model.orientation = 'black';
  const path = Array.isArray(saved.path) ? saved.path.filter((s): s is string => typeof s === 'string') : [];
  model.setTree(tree.value, path, readEnding(saved.ending));
  model.previous = readKept(saved.previous);
  return true;
}

/**
 * Opens what the link's parameters name. Returns undefined when the link names no game, `{ ok: true }` when it opened
 * one, or the library's error (the model then holds the start position).
 */
export function openLink(
  model: AnalysisModel,
  search: string,
): { ok: true } | { ok: false; error: MakrukError } | undefined {
  const params = new URLSearchParams(search);
  const pgn = params.get('pgn');
  const fen = params.get('fen');
  const moves = params.get('moves');
  if (pgn === null && fen === null && moves === null) return undefined;
  if (pgn !== null) {
    const loaded = model.loadPgn(pgn);
    if (!loaded.ok) {
      model.setTree(new GameTree());
      return loaded;
    }
    return { ok: true };
  }
  const line = replay(fen ?? undefined, (moves ?? '').trim());
  if (!line.ok) {
    model.setTree(new GameTree());
    return line;
  }
  const tree = new GameTree(line.value.start);
  let path: string[] = [];
  for (const move of line.value.moves) {
    const added = tree.addMove(path, move);
    if (!added.ok) {
      model.setTree(new GameTree());
      return added;
    }
    path = added.value;
  }
  model.setTree(tree, path);
  return { ok: true };
}

/** A link that reproduces the game: ?fen=&moves= for a single line without notes, else ?pgn=. */
export function shareLink(model: AnalysisModel, base: string): string {
  const tree = model.tree;
  const nodes = tree.mainline();
  const plain =
    tree.tags.size === 0 &&
    nodes.every(
      (node) =>
        node.children.length <= 1 &&
        node.comments.length === 0 &&
        node.nags.length === 0 &&
        node.countingActions.length === 0,
    );
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  if (plain) {
    url.searchParams.set('fen', tree.root.fen);
    const moves = nodes.slice(1).map((node) => node.uci);
    if (moves.length > 0) url.searchParams.set('moves', moves.join(' '));
  } else {
    url.searchParams.set('pgn', model.pgn());
  }
  return url.href;
}
