// PGN for Makruk (pychess-variants / cutechess compatible): tags with [Variant "Makruk"], [SetUp "1"] and [FEN] when
// the game does not start from the start position, SAN moves with numbers, comments kept on their moves, NAGs,
// variations, the result. Several games per text. Board's-honour choices travel in comments as `[%count start]` /
// `[%count stop]` commands, arrows and square marks as `[%cal Ge2e4]` / `[%csl Ge4]` (the usual `[%…]` form).
// One reader and one writer over the one game record (node.ts): the reader builds nodes (keeping variations for a
// GameTree, skipping them for Games), the writer writes any node with its variations; a Game is a line of nodes.
// Writing never lets text from tags or comments escape its place: tag names must follow the PGN grammar, tag values
// are escaped, comments cannot close early or smuggle a command.
import { MakrukError, describeValue, quoteInput } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { Game, type GameResult, gameFromLine, gameLine, resultOf, resultTag } from './game.js';
import { type CountingAction, type Node, type Shape, type ShapeColor, nodeOutcome, rootNode } from './node.js';
import { type Failure, type PgnError, RESULTS, fail, scanPgn } from './pgn-scanner.js';
import { Position } from './position.js';
import { moveNumberAt, moveNumberText } from './move-number.js';
import { makeSan } from './san.js';
import { GameTree, addChild, countingChoice, treeFromRoot } from './tree.js';
import type { Result } from './types.js';

export { NAG_SYMBOLS, PgnError, type PgnErrorCode } from './pgn-scanner.js';

export interface PgnOptions {
  /** Longest movetext line (default 80, as the PGN standard asks). */
  maxLineLength?: number;
  /**
   * How moves are written: 'algebraic' SAN (default), 'thai' SAN, or 'uci' (`e3e4`, `c5c6m`): not standard PGN,
   * but parsePgn reads all three back.
   */
  notation?: 'algebraic' | 'thai' | 'uci';
}

const COUNT_COMMAND = /\[%count\s+(start|stop)\s*\]/g;
const SHAPE_COMMAND = /\[%(cal|csl)\s+([^\]]*)\]/g;
const SHAPE_LETTERS: Record<string, ShapeColor> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };
const SHAPE_CODES: Record<ShapeColor, string> = { green: 'G', red: 'R', yellow: 'Y', blue: 'B' };
const ARROW = /^([GRYB])([a-h][1-8])([a-h][1-8])$/;
const MARK = /^([GRYB])([a-h][1-8])$/;
/**
 * A tag name makePgn writes (PGN standard 8.1.1: letters, digits and underscores, starting with a letter or digit,
 * at most MAX_TAG_NAME_LENGTH characters). Reading is more tolerant (any PGN symbol token), but such names are
 * written only if they fit this.
 */
const MAX_TAG_NAME_LENGTH = 255;
const TAG_NAME = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_]{0,${MAX_TAG_NAME_LENGTH - 1}}$`);
/** Tags written from the game itself, not copied from `game.tags`. */
const DERIVED_TAGS = new Set(['Variant', 'FEN', 'SetUp', 'Result']);
const SEVEN_TAG_ROSTER: ReadonlyArray<[string, string]> = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['White', '?'],
  ['Black', '?'],
];

const UNCLOSED_VARIATION = "A variation opened with '(' is never closed with ')'.";
const STRAY_CLOSE = "')' closes a variation that was never opened.";

// ---- reading ----

interface PendingTag {
  name: string;
  value: string;
  line: number;
}

/** A game as read: its root node (the moves below it) and its tags. */
interface ReadGame {
  root: Node;
  tags: Map<string, string>;
}

/** A place in the line being read: a node and the place above it (a variation closes back to a saved place). */
interface Place {
  node: Node;
  up: Place | undefined;
}

/** The error for a move that cannot be played, naming it as a player would (`Move 12... 'Kd8': …`). */
function moveFailure(node: Node, san: string, error: MakrukError, line: number): Failure {
  const dots = node.position.turn === 'white' ? '.' : '...';
  return fail('ERR_PGN_MOVE', `Move ${node.position.fullmoves}${dots} ${quoteInput(san)}: ${error.message}`, line);
}

/** The start position and tags of a game from its tag section (Variant and FEN checked, SetUp and FEN not kept). */
function gameFromTags(tags: readonly PendingTag[]): Result<ReadGame, PgnError> {
  let position = Position.initial();
  const variant = tags.find((tag) => tag.name === 'Variant');
  if (variant && !/^makruk$/i.test(variant.value.trim())) {
    return fail('ERR_PGN_VARIANT', `The game is ${quoteInput(variant.value)}, not Makruk.`, variant.line);
  }
  const fen = tags.find((tag) => tag.name === 'FEN');
  if (fen) {
    const parsed = Position.fromFen(fen.value);
    if (!parsed.ok)
      return fail('ERR_PGN_FEN', `The FEN tag is not a legal Makruk position: ${parsed.error.message}`, fen.line);
    position = parsed.value;
  }
  const kept = new Map<string, string>();
  for (const tag of tags) {
    if (tag.name !== 'FEN' && tag.name !== 'SetUp' && tag.name !== 'Variant') kept.set(tag.name, tag.value);
  }
  return { ok: true, value: { root: rootNode(position), tags: kept } };
}

/** What a comment says: its text (spaces collapsed), its counting choices, its arrows and square marks. */
interface CommentParts {
  text: string;
  actions: CountingAction[];
  shapes: Shape[];
}

/** Reads `[%cal …]`/`[%csl …]` lists; a list with an entry that is no shape stays text. */
function readShapes(kind: string, list: string): Shape[] | undefined {
  const shapes: Shape[] = [];
  for (const entry of list.split(',')) {
    const item = entry.trim();
    const match = (kind === 'cal' ? ARROW : MARK).exec(item);
    if (!match) return undefined;
    const color = SHAPE_LETTERS[match[1] as string] as ShapeColor;
    if (kind === 'cal' && match[2] !== match[3]) shapes.push({ color, from: match[2], to: match[3] } as Shape);
    else shapes.push({ color, from: match[2] } as Shape);
  }
  return shapes;
}

function readComment(body: string): CommentParts {
  const actions: CountingAction[] = [];
  const shapes: Shape[] = [];
  const textPart = body
    .replace(COUNT_COMMAND, (_all, action: CountingAction) => {
      actions.push(action);
      return ' ';
    })
    .replace(SHAPE_COMMAND, (all, kind: string, list: string) => {
      const read = readShapes(kind, list);
      if (!read) return all;
      shapes.push(...read);
      return ' ';
    });
  return { text: textPart.replace(/\s+/g, ' ').trim(), actions, shapes };
}

/** Adds shapes to a node, each square or arrow once (a later one replaces an earlier one's colour). */
function addShapes(node: Node, shapes: readonly Shape[]): void {
  for (const shape of shapes) {
    const list = node.shapes;
    const at = list.findIndex((other) => other.from === shape.from && other.to === shape.to);
    if (at >= 0) list.splice(at, 1);
    list.push(shape);
  }
}

/** The counting choices of a comment, made at `node`. */
function applyActions(node: Node, actions: readonly CountingAction[], line: number): Failure | undefined {
  for (const action of actions) {
    const done = countingChoice(node, action);
    if (!done.ok)
      return fail('ERR_PGN_COUNT', `[%count ${action}] cannot be applied here: ${done.error.message}`, line);
  }
  return undefined;
}

/**
 * The one PGN reader. With `variations`, reads the first game of the text with its variations (a comment right
 * after '(' is the variation's start comment); without, reads every game, skipping what is inside variations.
 */
function readPgn(text: string, variations: boolean): Result<ReadGame[], PgnError> {
  if (typeof text !== 'string') return fail('ERR_PGN_INPUT', `The PGN must be text, not ${describeValue(text)}.`, 1);
  const games: ReadGame[] = [];
  let tags: PendingTag[] = [];
  /** The game being read (made at its first movetext), and whether movetext was seen since its tags. */
  let game: ReadGame | undefined;
  let sawMovetext = false;
  let place: Place | undefined;
  /** With variations: the places to return to and the lines where they were opened. */
  const stack: Array<{ place: Place; line: number }> = [];
  let pendingStart: CommentParts[] = [];
  let openedVariation = false;
  /** Without variations: the depth of skipped variations and where the outermost began. */
  let depth = 0;
  let openedAt = 0;
  let resultToken: string | undefined;
  /**
   * With variations: a move inside a variation that cannot be played is reported only once that variation closes;
   * if it never does, the missing ')' is the error (the moves after the '(' were read inside it).
   */
  let deferred: { failure: Failure; opened: number; line: number; moveName: string } | undefined;
  let deferredDepth = 0;
  const unclosedByDeferred = (): Failure => {
    const d = deferred as NonNullable<typeof deferred>;
    return fail(
      'ERR_PGN_VARIATION',
      `A variation opened with '(' is never closed with ')': ${d.moveName} on line ${d.line} was read inside it.`,
      d.opened,
    );
  };

  const ensureGame = (): Failure | undefined => {
    if (game) return undefined;
    const made = gameFromTags(tags);
    if (!made.ok) return made;
    game = made.value;
    place = { node: game.root, up: undefined };
    return undefined;
  };

  const finish = (result: string | undefined): Failure | undefined => {
    const failure = ensureGame();
    if (failure) return failure;
    const done = game as ReadGame;
    if (result !== undefined) done.tags.set('Result', result);
    games.push(done);
    game = undefined;
    place = undefined;
    tags = [];
    sawMovetext = false;
    return undefined;
  };

  const failure = scanPgn(text, (event, line) => {
    if (event.type === 'tag') {
      if (variations) {
        if (game) return 'stop'; // the next game's tags
      } else {
        if (depth > 0) return undefined;
        if (sawMovetext) {
          const finished = finish(undefined);
          if (finished) return finished;
        }
      }
      tags.push({ name: event.name, value: event.value, line });
      return undefined;
    }
    sawMovetext = true;
    if (!variations) {
      if (event.type === 'open') {
        if (depth === 0) openedAt = line;
        depth++;
        return undefined;
      }
      if (event.type === 'close') {
        if (depth === 0) return fail('ERR_PGN_VARIATION', STRAY_CLOSE, line);
        depth--;
        return undefined;
      }
      if (depth > 0) return undefined; // inside a variation: skipped
      if (event.type === 'result') return finish(event.result);
    } else if (deferred) {
      if (event.type === 'open') deferredDepth++;
      else if (event.type === 'close') {
        if (deferredDepth === 0) return deferred.failure; // the variation closes: the move itself is wrong
        deferredDepth--;
      } else if (event.type === 'result') return unclosedByDeferred();
      return undefined;
    }
    const made = ensureGame();
    if (made) return made;
    const here = place as Place;
    const node = here.node;
    switch (event.type) {
      case 'comment': {
        const parts = readComment(event.body);
        if (openedVariation) pendingStart.push(parts);
        else {
          if (parts.text !== '') node.comments.push(parts.text);
          addShapes(node, parts.shapes);
        }
        return applyActions(node, parts.actions, line);
      }
      case 'open':
        if (here.up === undefined) return fail('ERR_PGN_VARIATION', "A variation '(' must follow a move.", line);
        stack.push({ place: here, line });
        place = here.up;
        openedVariation = true;
        pendingStart = [];
        return undefined;
      case 'close': {
        const back = stack.pop();
        if (!back) return fail('ERR_PGN_VARIATION', STRAY_CLOSE, line);
        place = back.place;
        openedVariation = false;
        return undefined;
      }
      case 'nag':
        if (node.ply > 0) node.nags.push(event.nag);
        return undefined;
      case 'result':
        if (stack.length > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, line);
        resultToken = event.result;
        return 'stop';
      case 'move': {
        const added = addChild(node, event.san);
        if (!added.ok) {
          const failure = moveFailure(node, event.san, added.error, line);
          if (stack.length === 0) return failure;
          const dots = node.position.turn === 'white' ? '.' : '...';
          const moveName = `Move ${node.position.fullmoves}${dots} ${quoteInput(event.san)}`;
          const opened = (stack[stack.length - 1] as { line: number }).line;
          deferred = { failure, opened, line, moveName };
          return undefined;
        }
        const child = added.value;
        place = { node: child, up: here };
        if (openedVariation) {
          for (const parts of pendingStart) {
            if (parts.text !== '') child.startComments.push(parts.text);
            addShapes(child, parts.shapes);
          }
        }
        pendingStart = [];
        openedVariation = false;
        if (event.nag !== undefined) child.nags.push(event.nag);
        return undefined;
      }
    }
  });
  if (failure) return failure;
  if (!variations) {
    if (depth > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, openedAt);
    if (sawMovetext || tags.length > 0) {
      const finished = finish(undefined);
      if (finished) return finished;
    }
    return { ok: true, value: games };
  }
  if (deferred) return unclosedByDeferred();
  if (stack.length > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, (stack[0] as { line: number }).line);
  const made = ensureGame();
  if (made) return made;
  const read = game as ReadGame;
  // the Result tag goes last, and only when it is a result (the movetext's own result wins)
  const stored = read.tags.get('Result');
  read.tags.delete('Result');
  const result = resultToken ?? stored;
  if (result !== undefined && RESULTS.has(result)) read.tags.set('Result', result);
  return { ok: true, value: [read] };
}

/** The main line below a root, root first. */
function lineFrom(root: Node): Node[] {
  const line: Node[] = [root];
  for (let node = root.childList[0]; node !== undefined; node = node.childList[0]) line.push(node);
  return line;
}

/**
 * Reads every game of a PGN text. Never throws: a broken PGN gives a PgnError with a stable code and the line.
 * Comments stay attached to the move before them (or to the start), NAGs and `!`/`?` suffixes are kept as NAGs,
 * variations `( … )` are skipped (parsePgnTree keeps them), `%` escape lines and `;` comments are understood.
 */
export function parsePgn(text: string): Result<Game[], PgnError> {
  const read = readPgn(text, false);
  if (!read.ok) return read;
  return { ok: true, value: read.value.map((game) => gameFromLine(lineFrom(game.root), game.tags)) };
}

/**
 * The first game of a PGN text. Errors: those of parsePgn, and ERR_PGN_EMPTY when the text holds no game.
 */
export function parsePgnGame(text: string): Result<Game, PgnError> {
  const games = parsePgn(text);
  if (!games.ok) return games;
  const first = games.value[0];
  if (first === undefined) return fail('ERR_PGN_EMPTY', 'The PGN text holds no game.', 1);
  return { ok: true, value: first };
}

/**
 * Reads the first game of a PGN text into a GameTree, keeping variations, comments (a comment right after '(' is the
 * variation's start comment), NAGs, `[%count start|stop]` choices and `[%cal]`/`[%csl]` shapes. The tags and the
 * start position are read as parsePgn reads them. Errors are PgnErrors with their line (ERR_PGN_VARIATION for an
 * unbalanced `(`/`)` or a variation before any move, ERR_PGN_MOVE for an illegal move in any line, …).
 */
export function parsePgnTree(text: string): Result<GameTree, PgnError> {
  const read = readPgn(text, true);
  if (!read.ok) return read;
  const game = read.value[0] as ReadGame;
  return { ok: true, value: treeFromRoot(game.root, game.tags) };
}

// ---- writing ----

/** A tag value as PGN writes it: backslash and quote escaped, no line breaks or other control characters. */
function escapeTag(value: string): string {
  return String(value)
    .replace(/[\\"]/g, (char) => `\\${char}`)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

/**
 * Comment text that cannot end the comment early (`}` has no escape in PGN: it becomes `)`) nor be read back as a
 * command (`[%count …]` or `[%cal …]` written by a person is kept as text: `[% count …]`).
 */
function safeComment(text: string): string {
  return String(text)
    .replace(/}/g, ')')
    .replace(/\[%(?=count|cal|csl)/g, '[% ')
    .replace(/\s+/g, ' ')
    .trim();
}

function tagLine(name: string, value: string): string {
  return `[${name} "${escapeTag(value)}"]`;
}

/** The tag section: the seven-tag roster, the result, the variant, the start position, then the other tags. */
function writeTags(tags: ReadonlyMap<string, string>, start: Position, result: GameResult): string[] {
  for (const name of tags.keys()) {
    if (typeof name !== 'string' || !TAG_NAME.test(name)) {
      throw new MakrukError(
        'ERR_PGN_TAG_NAME',
        `The tag name ${quoteInput(name)} cannot be written: a PGN tag name is letters, digits and '_', starting with a letter or digit, at most ${MAX_TAG_NAME_LENGTH} characters.`,
      );
    }
  }
  const lines: string[] = [];
  for (const [name, fallback] of SEVEN_TAG_ROSTER) lines.push(tagLine(name, tags.get(name) ?? fallback));
  lines.push(tagLine('Result', result));
  lines.push(tagLine('Variant', 'Makruk'));
  const startFen = start.fen();
  if (startFen !== INITIAL_FEN) {
    lines.push(tagLine('SetUp', '1'));
    lines.push(tagLine('FEN', startFen));
  }
  for (const [name, value] of tags) {
    if (!DERIVED_TAGS.has(name) && !SEVEN_TAG_ROSTER.some(([roster]) => roster === name))
      lines.push(tagLine(name, value));
  }
  return lines;
}

/** `[%csl …]` and `[%cal …]` commands for a node's shapes. */
function shapeCommands(shapes: readonly Shape[]): string[] {
  const marks = shapes.filter((shape) => shape.to === undefined).map((s) => `${SHAPE_CODES[s.color]}${s.from}`);
  const arrows = shapes.filter((shape) => shape.to !== undefined).map((s) => `${SHAPE_CODES[s.color]}${s.from}${s.to}`);
  const commands: string[] = [];
  if (marks.length > 0) commands.push(`[%csl ${marks.join(',')}]`);
  if (arrows.length > 0) commands.push(`[%cal ${arrows.join(',')}]`);
  return commands;
}

type Notation = 'algebraic' | 'thai' | 'uci';

/** A movetext token: a move, NAG or comment, or a variation's bracket (which sticks to its neighbour). */
type Token = string | { bracket: '(' | ')' };

/** The movetext of the record below `root`: the main line with every variation in parentheses. */
function writeMovetext(root: Node, result: GameResult, notation: Notation): Token[] {
  const rootTurnWhite = root.position.turn === 'white';
  const tokens: Token[] = [];
  const commentToken = (node: Node): boolean => {
    const parts = node.commentList.map(safeComment).filter((part) => part !== '');
    parts.push(...shapeCommands(node.shapeList));
    for (const action of node.countingActionList) parts.push(`[%count ${action}]`);
    if (parts.length === 0) return false;
    tokens.push(`{${parts.join(' ')}}`);
    return true;
  };
  const moveText = (node: Node, parent: Node): string => {
    if (notation === 'uci') return node.uci;
    if (notation === 'thai' && node.move) return makeSan(parent.position, node.move, { notation: 'thai' });
    return node.san;
  };
  /** Writes a move with its NAGs and comment; true when the next move needs its number again. */
  const moveToken = (node: Node, parent: Node, forceNumber: boolean): boolean => {
    const number = moveNumberAt(root.position, node.ply);
    const san = moveText(node, parent);
    tokens.push(number.color === 'white' || forceNumber ? `${moveNumberText(number)} ${san}` : san);
    const nags = node.nagList.filter(isWritableNag);
    for (const nag of nags) tokens.push(`$${nag}`);
    return commentToken(node) || nags.length > 0;
  };
  const writeLine = (from: Node, forceFirst: boolean): void => {
    let node = from;
    let force = forceFirst;
    while (node.childList.length > 0) {
      const [main, ...others] = node.childList as [Node, ...Node[]];
      let forceNext = moveToken(main, node, force);
      for (const variation of others) {
        tokens.push({ bracket: '(' });
        const starts = variation.startCommentList.map(safeComment).filter((part) => part !== '');
        if (starts.length > 0) tokens.push(`{${starts.join(' ')}}`);
        const after = moveToken(variation, node, true);
        writeLine(variation, after);
        tokens.push({ bracket: ')' });
        forceNext = true;
      }
      force = forceNext;
      node = main;
    }
  };
  const rootComment = commentToken(root);
  writeLine(root, rootComment || !rootTurnWhite);
  tokens.push(result);
  return tokens;
}

function isWritableNag(nag: unknown): boolean {
  return Number.isInteger(nag) && (nag as number) >= 0 && (nag as number) <= 255;
}

/**
 * Joins tokens into lines no longer than `max` where possible (words of comments may wrap; moves never split).
 * A variation's '(' sticks to the word after it and its ')' to the word before.
 */
function wrap(tokens: readonly Token[], max: number): string {
  const words: string[] = [];
  let opened = false;
  for (const token of tokens) {
    if (typeof token !== 'string') {
      if (token.bracket === ')' && words.length > 0) words[words.length - 1] += ')';
      else words.push(token.bracket);
      opened = token.bracket === '(';
      continue;
    }
    for (const piece of token.startsWith('{') ? token.split(' ') : [token]) {
      if (opened) words[words.length - 1] += piece;
      else words.push(piece);
      opened = false;
    }
  }
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current === '') current = word;
    // a word starting with '%' must not begin a line (it would read as an escape line)
    else if (current.length + 1 + word.length <= max || word.startsWith('%')) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}

/** The one PGN writer: the tags, then the movetext of the record below `root`, with its variations. */
function writeRecord(root: Node, tags: ReadonlyMap<string, string>, result: GameResult, options: unknown): string {
  const settings = (typeof options === 'object' && options !== null ? options : {}) as PgnOptions;
  const wanted = Number(settings.maxLineLength ?? 80);
  const maxLineLength = Number.isFinite(wanted) ? Math.max(20, wanted) : 80;
  const notation = settings.notation === 'thai' || settings.notation === 'uci' ? settings.notation : 'algebraic';
  const header = writeTags(tags, root.position, result);
  return `${header.join('\n')}\n\n${wrap(writeMovetext(root, result, notation), maxLineLength)}\n`;
}

/**
 * Writes one game (or several, separated by a blank line) as PGN. Throws a MakrukError for what cannot be written:
 * ERR_PGN_INPUT (not a Game or a list of Games), ERR_PGN_TAG_NAME (a tag name outside the PGN grammar: letters,
 * digits and `_`, starting with a letter or digit).
 */
export function makePgn(games: Game | readonly Game[], options: PgnOptions = {}): string {
  const list = Array.isArray(games) ? (games as readonly unknown[]) : [games];
  const checked = list.map((game, index) => {
    if (!(game instanceof Game)) {
      const which = Array.isArray(games) ? `item ${index + 1} of the list` : 'the argument';
      throw new MakrukError(
        'ERR_PGN_INPUT',
        `makePgn needs a Game or a list of Games; ${which} is ${describeValue(game)}.`,
      );
    }
    return game;
  });
  return checked.map((game) => writeRecord(gameLine(game)[0] as Node, game.tags, game.result(), options)).join('\n');
}

/**
 * Writes a tree as PGN: the tags (as makePgn writes them for the main line's game), then the main line with every
 * variation in parentheses, comments, NAGs, `[%cal]`/`[%csl]` shapes and `[%count …]` choices. The result is the
 * main line's end, or else the tree's Result tag.
 */
export function makePgnTree(tree: GameTree, options: PgnOptions = {}): string {
  if (!(tree instanceof GameTree)) {
    throw new MakrukError('ERR_PGN_INPUT', `makePgnTree needs a GameTree, not ${describeValue(tree)}.`);
  }
  const root = tree.root as Node;
  const line = lineFrom(root);
  const outcome = nodeOutcome(line[line.length - 1] as Node);
  const result = outcome ? resultOf(outcome) : (resultTag(tree.tags.get('Result')) ?? '*');
  return writeRecord(root, tree.tags, result, options);
}
