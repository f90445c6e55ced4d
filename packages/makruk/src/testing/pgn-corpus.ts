// The PGN corpus: seeded random games and trees (variations, comments, NAGs, counting choices, tags, every writer
// option), and what the PGN writers and readers make of them. pgn-corpus.test.ts pins a hash of every game's
// outputs, taken from the code before the game record became one model (issue 20), so the new model must write
// and read byte for byte as the old one did. Only public API is used, and only in ways both models support; moves
// are chosen from the legal moves sorted by UCI, so a change of generation order changes nothing here.
// Comments never hold `[%cal`/`[%csl` (arrows and square marks came later: their own tests pin them).
import { createHash } from 'node:crypto';
import { Game, type CountingAction } from '../rules/game.js';
import { makePgn, makePgnTree, parsePgn, parsePgnGame, parsePgnTree, type PgnOptions } from '../rules/pgn.js';
import { Position } from '../rules/position.js';
import { mulberry32 } from '../random.js';
import { GameTree, type TreePath } from '../rules/tree.js';
import { makeUci } from '../rules/uci.js';
import type { Move } from '../rules/types.js';

type Random = () => number;

function pickOf<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function chance(random: Random, p: number): boolean {
  return random() < p;
}

function sortedMoves(position: Position): Move[] {
  return position
    .legalMoves()
    .map((move) => ({ move, uci: makeUci(move) }))
    .sort((a, b) => (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0))
    .map(({ move }) => move);
}

/** A random legal move, captures preferred now and then (so games reach endings, where counting happens). */
function randomMove(random: Random, position: Position): Move | undefined {
  const moves = sortedMoves(position);
  if (moves.length === 0) return undefined;
  if (chance(random, 0.5)) {
    const captures = moves.filter((move) => position.isCapture(move));
    if (captures.length > 0) return pickOf(random, captures);
  }
  return pickOf(random, moves);
}

const COMMENT_WORDS = [
  'good',
  'idea',
  'ช้างเผือก',
  'ม้า',
  '}',
  '{',
  '[%count start]',
  '[%count stop]',
  '[%count',
  '[%clk 0:01:00]',
  '%',
  '(',
  ')',
  ';',
  '"',
  '\\',
  '1.',
  'e4',
  '$1',
  '!?',
  '😀',
  '*',
  '1-0',
  'x'.repeat(30),
  'y'.repeat(95),
];
const SEPARATORS = [' ', ' ', ' ', '', '  ', '\n', '\t', '\r\n'];

function randomComment(random: Random): string {
  const words = 1 + Math.floor(random() * 6);
  let text = chance(random, 0.1) ? pickOf(random, SEPARATORS) : '';
  for (let i = 0; i < words; i++) text += pickOf(random, COMMENT_WORDS) + pickOf(random, SEPARATORS);
  return chance(random, 0.05) ? '   ' : text;
}

const TAG_NAMES = [
  'Event',
  'Site',
  'Date',
  'Round',
  'White',
  'Black',
  'Result',
  'Annotator',
  'TimeControl',
  'Termination',
  'FEN',
  'SetUp',
  'Variant',
  'PlyCount',
  'X_1',
  '9Round',
];
const TAG_VALUES = [
  'Somchai',
  'มาลี',
  '?',
  '',
  '2026.11.30',
  '1-0',
  '0-1',
  '1/2-1/2',
  '*',
  'He said "hi"',
  'back\\slash',
  'line\nbreak',
  'tab\there',
  'nul\u0000x',
  '"]\n[Evil "x',
  'v'.repeat(120),
];
const BAD_TAG_NAMES = ['Has space', '_lead', 'a-b', 'Ünicode'];

function randomTags(random: Random, into: Map<string, string>): void {
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i++) into.set(pickOf(random, TAG_NAMES), pickOf(random, TAG_VALUES));
  if (chance(random, 0.01)) into.set(pickOf(random, BAD_TAG_NAMES), 'x');
}

const PIECE_SETS = ['R', 'RR', 'N', 'NN', 'S', 'SS', 'M', 'MS', 'RN', 'RS', 'RM', 'NS', 'NM', 'RNS', 'RRNN', 'MMSS'];

/** A random pawnless position (where the players may count): two kings and a few pieces, White to move or Black. */
function randomEnding(random: Random): Position {
  for (;;) {
    const cells: string[] = new Array(64).fill('');
    const place = (letter: string): void => {
      for (;;) {
        const square = Math.floor(random() * 64);
        if (cells[square] === '') {
          cells[square] = letter;
          return;
        }
      }
    };
    place('K');
    place('k');
    const white = chance(random, 0.15) ? '' : pickOf(random, PIECE_SETS);
    const black = chance(random, 0.4) ? '' : pickOf(random, PIECE_SETS).slice(0, 1 + Math.floor(random() * 2));
    for (const letter of white) place(letter);
    for (const letter of black) place(letter.toLowerCase());
    const ranks: string[] = [];
    for (let rank = 7; rank >= 0; rank--) {
      let text = '';
      let empty = 0;
      for (let file = 0; file < 8; file++) {
        const letter = cells[rank * 8 + file] as string;
        if (letter === '') empty++;
        else {
          if (empty > 0) text += String(empty);
          empty = 0;
          text += letter;
        }
      }
      ranks.push(empty > 0 ? text + String(empty) : text);
    }
    const turn = chance(random, 0.5) ? 'w' : 'b';
    const fullmove = 1 + Math.floor(random() * 80);
    const position = Position.fromFen(`${ranks.join('/')} ${turn} - - 0 ${fullmove}`);
    if (position.ok && !position.value.isEnd()) return position.value;
  }
}

/** A start: the initial position (half the games), a random ending, or the position after random opening moves. */
function randomStart(random: Random): Position {
  const kind = random();
  if (kind < 0.5) return Position.initial();
  if (kind < 0.8) return randomEnding(random);
  let position = Position.initial();
  const plies = 1 + Math.floor(random() * 30);
  for (let i = 0; i < plies; i++) {
    const move = randomMove(random, position);
    if (!move || position.play(move).isEnd()) break;
    position = position.play(move);
  }
  return position;
}

/** A random main line with comments, NAGs, counting choices, tags and sometimes a resignation, agreement or claim. */
function randomGame(random: Random): Game {
  const game = Game.fromPosition(randomStart(random));
  randomTags(random, game.tags);
  const plies = chance(random, 0.03) ? Math.floor(random() * 300) : Math.floor(random() * 90);
  if (chance(random, 0.2)) game.addComment(randomComment(random));
  for (let ply = 0; ply < plies && !game.isOver(); ply++) {
    if (game.canStartCounting() && chance(random, 0.3)) game.startCounting();
    else if (game.canStopCounting() && chance(random, 0.15)) game.stopCounting();
    const move = randomMove(random, game.position);
    if (!move) break;
    const played = game.play(move);
    if (!played.ok) throw played.error;
    if (chance(random, 0.12)) game.addComment(randomComment(random));
    if (chance(random, 0.08))
      game.addNag(chance(random, 0.7) ? 1 + Math.floor(random() * 6) : Math.floor(random() * 256));
    if (chance(random, 0.03)) game.addComment(randomComment(random));
  }
  if (!game.isOver()) {
    const end = random();
    if (end < 0.05) game.resign(chance(random, 0.5) ? 'white' : 'black');
    else if (end < 0.08) game.agreeDraw();
    else if (end < 0.12 && game.canClaimRepetition()) game.claimDraw();
    else if (end < 0.2) {
      if (game.canStartCounting()) game.startCounting();
      else if (game.canStopCounting()) game.stopCounting();
    }
  }
  return game;
}

/** A random path from the root: first children mostly, a variation now and then, stopping anywhere. */
function randomPath(random: Random, tree: GameTree): string[] {
  const path: string[] = [];
  let node = tree.root;
  while (node.children.length > 0 && !chance(random, 0.06)) {
    const next = chance(random, 0.8) ? (node.children[0] as typeof node) : pickOf(random, node.children);
    path.push(next.uci);
    node = next;
  }
  return path;
}

/** A tree from the game: its main line, then variations (nested ones too) with their own notes, and some edits. */
function randomTree(random: Random, game: Game): GameTree {
  const tree = GameTree.fromGame(game);
  if (chance(random, 0.2)) randomTags(random, tree.tags);
  const variations = Math.floor(random() * 8);
  for (let v = 0; v < variations; v++) {
    let path: TreePath = randomPath(random, tree);
    if (path.length === 0 && chance(random, 0.7)) continue;
    path = path.slice(0, -1);
    const length = 1 + Math.floor(random() * 10);
    for (let ply = 0; ply < length; ply++) {
      const node = tree.nodeAt(path);
      if (!node) break;
      const move = randomMove(random, node.position);
      if (!move) break;
      const added = tree.addMove(path, move);
      if (!added.ok) break; // the game is over there
      const child = tree.nodeAt(added.value);
      path = added.value;
      if (!child) break;
      if (ply === 0 && chance(random, 0.2)) child.startComments.push(randomComment(random).trim() || 'start');
      if (chance(random, 0.15)) tree.setComment(path, randomComment(random));
      if (chance(random, 0.1)) tree.toggleNag(path, 1 + Math.floor(random() * 6));
      // counting choices at the end of a line (as a player makes them while playing it)
      if (child.children.length === 0 && chance(random, 0.3)) {
        const there = tree.gameAt(path);
        const action: CountingAction | undefined = there.canStartCounting()
          ? 'start'
          : there.canStopCounting()
            ? 'stop'
            : undefined;
        if (action) tree.countingAction(path, action);
      }
    }
  }
  const edits = Math.floor(random() * 3);
  for (let e = 0; e < edits; e++) {
    const path = randomPath(random, tree);
    const kind = random();
    if (kind < 0.4) tree.promote(path);
    else if (kind < 0.6) tree.makeMainline(path);
    else if (kind < 0.7 && path.length > 3) tree.deleteAt(path);
    else if (kind < 0.85) tree.setComment(path, chance(random, 0.5) ? '' : randomComment(random));
    else tree.toggleNag(path, 1 + Math.floor(random() * 6));
  }
  return tree;
}

function randomOptions(random: Random): PgnOptions {
  const options: PgnOptions = {};
  if (chance(random, 0.3)) options.maxLineLength = 10 + Math.floor(random() * 120);
  const notation = random();
  if (notation < 0.1) options.notation = 'thai';
  else if (notation < 0.2) options.notation = 'uci';
  else if (notation < 0.25) options.notation = 'algebraic';
  return options;
}

/** A writer's output, or the code of what it threw (messages may be reworded; codes and texts may not change). */
function written(write: () => string): string {
  try {
    return write();
  } catch (error) {
    return `THROW ${(error as { code?: string }).code ?? String(error)}`;
  }
}

/** A reader's failure as its code and line (messages may be reworded). */
function failed(error: { code: string; line: number }): string {
  return `ERR ${error.code} line ${error.line}`;
}

/**
 * Every output of game number `index`: makePgn of the game (with random options), the game read back and written
 * again, makePgnTree of a tree with variations, that tree read back (as a tree and as a game) and written again,
 * and the game's PGN read as a tree.
 */
export function corpusOutputs(index: number): string[] {
  const random = mulberry32(0x5eed0000 + index);
  const game = randomGame(random);
  const options = randomOptions(random);
  const outputs: string[] = [];
  const gameText = written(() => makePgn(game, options));
  outputs.push(gameText);
  if (!gameText.startsWith('THROW')) {
    const read = parsePgn(gameText);
    outputs.push(read.ok ? written(() => makePgn(read.value, options)) : failed(read.error));
    const asTree = parsePgnTree(gameText);
    outputs.push(asTree.ok ? written(() => makePgnTree(asTree.value)) : failed(asTree.error));
  }
  const tree = randomTree(random, game);
  const lineLength = chance(random, 0.3) ? { maxLineLength: 20 + Math.floor(random() * 100) } : {};
  const treeText = written(() => makePgnTree(tree, lineLength));
  outputs.push(treeText);
  if (!treeText.startsWith('THROW')) {
    const again = parsePgnTree(treeText);
    outputs.push(again.ok ? written(() => makePgnTree(again.value, lineLength)) : failed(again.error));
    const main = parsePgnGame(treeText);
    outputs.push(main.ok ? written(() => makePgn(main.value)) : failed(main.error));
    if (again.ok) outputs.push(written(() => makePgn(again.value.gameAt(again.value.mainlinePath()))));
  }
  return outputs;
}

/** The number of games the corpus holds. */
export const CORPUS_GAMES = 10_000;

/** Games hashed together on one line of the pins. */
const GROUP = 10;

/** The pin line of games `first` … `first + 9`: their outputs hashed (SHA-256, 16 hex digits). */
export function pinLine(first: number, outputsOf: (index: number) => readonly string[]): string {
  const hash = createHash('sha256');
  for (let index = first; index < first + GROUP; index++) {
    for (const output of outputsOf(index)) hash.update(output).update('\u0000');
    hash.update('\u0001');
  }
  const range = `${String(first).padStart(4, '0')}-${String(first + GROUP - 1).padStart(4, '0')}`;
  return `${range} ${hash.digest('hex').slice(0, 16)}`;
}

/** The pins of games `from` (a multiple of ten) up to `to`, one line per ten games. */
export function corpusPins(from: number, to: number, outputsOf = corpusOutputs): string {
  const lines: string[] = [];
  for (let first = from; first < to; first += GROUP) lines.push(pinLine(first, outputsOf));
  return `${lines.join('\n')}\n`;
}
