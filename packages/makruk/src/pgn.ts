// PGN for Makruk (pychess-variants / cutechess compatible): tags with [Variant "Makruk"], [SetUp "1"] and [FEN] when
// the game does not start from the start position, SAN moves with numbers, comments kept on their moves, NAGs,
// the result. Several games per text. Variations are skipped safely. Board's-honour choices travel in comments as
// `[%count start]` / `[%count stop]` commands (the usual `[%…]` comment-command form).
// All PGN reading and writing lives here (Game and GameTree know nothing of PGN), through one scanner: parsePgn /
// parsePgnGame read games (variations skipped), parsePgnTree reads a GameTree (variations kept); makePgn and
// makePgnTree write them.
// Writing never lets text from tags or comments escape its place: tag names must follow the PGN grammar, tag values
// are escaped, comments cannot close early or smuggle a counting command.
import { MakrukError, PGN_ERROR_CODES, describeValue, quoteInput } from './errors.js';
import { INITIAL_FEN } from './fen.js';
import { Game } from './game.js';
import type { CountingAction } from './game.js';
import { GameTree, type TreeNode } from './tree.js';
import { Position } from './position.js';
import { makeSan } from './san.js';
import type { Result } from './types.js';

export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

/** A broken PGN: a stable `code`, the 1-based `line` where the problem is (also in the message). */
export class PgnError extends MakrukError<PgnErrorCode> {
  readonly line: number;
  constructor(code: PgnErrorCode, message: string, line: number) {
    super(code, `Line ${line}: ${message}`);
    this.line = line;
  }
}

export interface PgnOptions {
  /** Longest movetext line (default 80, as the PGN standard asks). */
  maxLineLength?: number;
  /**
   * How moves are written: 'algebraic' SAN (default), 'thai' SAN, or 'uci' (`e3e4`, `c5c6m`): not standard PGN,
   * but parsePgn reads all three back.
   */
  notation?: 'algebraic' | 'thai' | 'uci';
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const COUNT_COMMAND = /\[%count\s+(start|stop)\s*\]/g;
const TAG = /\[\s*([A-Za-z0-9_+#=:-]+)\s*"((?:[^"\\\r\n]|\\.)*)"\s*\]/y;
/**
 * A tag name makePgn writes (PGN standard 8.1.1: letters, digits and underscores, starting with a letter or digit,
 * at most 255 characters). Reading is more tolerant (any PGN symbol token), but such names are written only if they
 * fit this.
 */
const TAG_NAME = /^[A-Za-z0-9][A-Za-z0-9_]{0,254}$/;
/** Characters that end a movetext token. */
const DELIMITER_CODES = new Uint8Array(128);
for (const char of ' \t\r\n{}()[];$') DELIMITER_CODES[char.charCodeAt(0)] = 1;
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

interface PendingGame {
  tags: Array<{ name: string; value: string; line: number }>;
  game?: Game;
  sawMovetext: boolean;
}

type Failure = { ok: false; error: PgnError };

function fail(code: PgnErrorCode, message: string, line: number): Failure {
  return { ok: false, error: new PgnError(code, message, line) };
}

/** What the PGN scanner reports, in text order. Move numbers are dropped; a `!`/`?` suffix comes as the move's NAG. */
type PgnEvent =
  | { type: 'tag'; name: string; value: string }
  | { type: 'comment'; body: string }
  | { type: 'nag'; nag: number }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'move'; san: string; nag: number | undefined }
  | { type: 'result'; result: string };

/** Handles one event at its (1-based) line: a Failure stops the scan with it, 'stop' ends it quietly. */
type PgnVisitor = (event: PgnEvent, line: number) => Failure | 'stop' | undefined;

/**
 * The one PGN scanner (parsePgn and parsePgnTree both read through it): tags, `{ }` and `;` comments, `%` escape
 * lines, variation brackets, NAGs, move numbers, moves with their `!`/`?` suffixes, results. Reports what is broken
 * in the text itself (an unclosed comment, a stray bracket, a bad NAG or move number) with its line.
 */
function scanPgn(text: string, visit: PgnVisitor): Failure | undefined {
  let i = 0;
  let line = 1;
  const length = text.length;

  while (i < length) {
    const char = text[i] as string;
    if (char === '\n') {
      line++;
      i++;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r' || char === '\uFEFF') {
      i++;
      continue;
    }
    // '%' in the first column: an escape line, ignored
    if (char === '%' && (i === 0 || text[i - 1] === '\n')) {
      i = endOfLine(text, i);
      continue;
    }
    let outcome: Failure | 'stop' | undefined;
    if (char === '[') {
      TAG.lastIndex = i;
      const match = TAG.exec(text);
      if (!match) {
        return fail(
          'ERR_PGN_TAG',
          `A tag must look like [Name "value"]: ${quote(text.slice(i, endOfLine(text, i)))}.`,
          line,
        );
      }
      outcome = visit({ type: 'tag', name: match[1] as string, value: unescapeTag(match[2] as string) }, line);
      i += (match[0] as string).length;
    } else if (char === '{' || char === ';') {
      const startLine = line;
      let body: string;
      if (char === '{') {
        const close = text.indexOf('}', i + 1);
        if (close < 0) return fail('ERR_PGN_COMMENT', "A comment opened with '{' is never closed with '}'.", startLine);
        body = text.slice(i + 1, close);
        i = close + 1;
      } else {
        const end = endOfLine(text, i);
        body = text.slice(i + 1, end);
        i = end;
      }
      line += countNewlines(body);
      outcome = visit({ type: 'comment', body }, startLine);
    } else if (char === '(' || char === ')') {
      outcome = visit({ type: char === '(' ? 'open' : 'close' }, line);
      i++;
    } else if (char === '}') {
      return fail('ERR_PGN_COMMENT', "'}' closes a comment that was never opened.", line);
    } else if (char === ']') {
      return fail('ERR_PGN_TOKEN', "']' outside a tag.", line);
    } else if (char === '$') {
      let end = i + 1;
      while (end < length && isDigit(text[end] as string)) end++;
      const digits = text.slice(i + 1, end);
      if (digits === '' || digits.length > 3 || Number(digits) > 255) {
        return fail(
          'ERR_PGN_TOKEN',
          `A NAG is '$' and a number 0–255, not ${quote(text.slice(i, Math.max(end, i + 1)))}.`,
          line,
        );
      }
      outcome = visit({ type: 'nag', nag: Number(digits) }, line);
      i = end;
    } else {
      // a word: result, move number, or move (character codes, not regular expressions: this runs once a move)
      let end = i;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code < 128 && DELIMITER_CODES[code] === 1) break;
        end++;
      }
      const token = text.slice(i, end);
      i = end;
      if (RESULTS.has(token)) {
        outcome = visit({ type: 'result', result: token }, line);
      } else {
        let san = token;
        let digits = 0;
        while (digits < token.length && isDigit(token[digits] as string)) digits++;
        if (digits > 0) {
          let dots = digits;
          while (dots < token.length && token.charCodeAt(dots) === 46) dots++;
          if (dots === token.length) continue; // "12." or "12..." (or a bare number)
          if (dots === digits)
            return fail('ERR_PGN_TOKEN', `${quote(token)} is neither a move number nor a move.`, line);
          san = token.slice(dots);
          if (RESULTS.has(san))
            return fail('ERR_PGN_TOKEN', `${quote(token)}: a result cannot follow a move number.`, line);
        }
        // a '!'/'?' suffix (at most two characters) is a NAG
        let cut = san.length;
        while (cut > 0 && san.length - cut < 2 && (san[cut - 1] === '!' || san[cut - 1] === '?')) cut--;
        let nag: number | undefined;
        if (cut > 0 && cut < san.length) {
          nag = SUFFIX_NAGS[san.slice(cut)];
          san = san.slice(0, cut);
        }
        outcome = visit({ type: 'move', san, nag }, line);
      }
    }
    if (outcome === 'stop') return undefined;
    if (outcome) return outcome;
  }
  return undefined;
}

/** The error for a move that cannot be played, naming it as a player would (`Move 12... 'Kd8': …`). */
function moveFailure(position: Position, san: string, error: MakrukError, line: number): Failure {
  const dots = position.turn === 'white' ? '.' : '...';
  return fail('ERR_PGN_MOVE', `Move ${position.fullmoves}${dots} ${quote(san)}: ${error.message}`, line);
}

const UNCLOSED_VARIATION = "A variation opened with '(' is never closed with ')'.";
const STRAY_CLOSE = "')' closes a variation that was never opened.";

/**
 * Reads every game of a PGN text. Never throws: a broken PGN gives a PgnError with a stable code and the line.
 * Comments stay attached to the move before them (or to the start), NAGs and `!`/`?` suffixes are kept as NAGs,
 * variations `( … )` are skipped (parsePgnTree keeps them), `%` escape lines and `;` comments are understood.
 */
export function parsePgn(text: string): Result<Game[], PgnError> {
  if (typeof text !== 'string') return fail('ERR_PGN_INPUT', `The PGN must be text, not ${describeValue(text)}.`, 1);
  const games: Game[] = [];
  let pending: PendingGame | undefined;
  /** Variation depth (their content is skipped), and where the outermost open one began. */
  let depth = 0;
  let openedAt = 0;

  const ensureGame = (): Result<Game, PgnError> => {
    const current = pending as PendingGame;
    if (current.game) return { ok: true, value: current.game };
    const made = gameFromTags(current.tags);
    if (!made.ok) return made;
    current.game = made.value;
    return made;
  };

  const finish = (result: string | undefined): Failure | undefined => {
    if (!pending) return undefined;
    const made = ensureGame();
    if (!made.ok) return made;
    if (result !== undefined) made.value.tags.set('Result', result);
    games.push(made.value);
    pending = undefined;
    return undefined;
  };

  const failure = scanPgn(text, (event, line) => {
    if (event.type === 'tag') {
      if (depth > 0) return undefined;
      if (pending?.sawMovetext) {
        const finished = finish(undefined);
        if (finished) return finished;
      }
      pending ??= { tags: [], sawMovetext: false };
      pending.tags.push({ name: event.name, value: event.value, line });
      return undefined;
    }
    pending ??= { tags: [], sawMovetext: false };
    pending.sawMovetext = true;
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
    const game = ensureGame();
    if (!game.ok) return game;
    switch (event.type) {
      case 'comment':
        return applyComment(game.value, event.body, line);
      case 'nag':
        game.value.addNag(event.nag);
        return undefined;
      case 'move': {
        const position = game.value.position;
        const played = game.value.play(event.san);
        if (!played.ok) return moveFailure(position, event.san, played.error, line);
        if (event.nag !== undefined) game.value.addNag(event.nag);
        return undefined;
      }
    }
  });
  if (failure) return failure;
  if (depth > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, openedAt);
  const finished = finish(undefined);
  if (finished) return finished;
  return { ok: true, value: games };
}

function gameFromTags(tags: PendingGame['tags']): Result<Game, PgnError> {
  let position = Position.initial();
  const variant = tags.find((tag) => tag.name === 'Variant');
  if (variant && !/^makruk$/i.test(variant.value.trim())) {
    return fail('ERR_PGN_VARIANT', `The game is ${quote(variant.value)}, not Makruk.`, variant.line);
  }
  const fen = tags.find((tag) => tag.name === 'FEN');
  if (fen) {
    const parsed = Position.fromFen(fen.value);
    if (!parsed.ok)
      return fail('ERR_PGN_FEN', `The FEN tag is not a legal Makruk position: ${parsed.error.message}`, fen.line);
    position = parsed.value;
  }
  const game = Game.fromPosition(position);
  for (const tag of tags) {
    if (tag.name !== 'FEN' && tag.name !== 'SetUp' && tag.name !== 'Variant') game.tags.set(tag.name, tag.value);
  }
  return { ok: true, value: game };
}

/** A comment's `[%count start|stop]` commands (counting choices) and the rest of its text, spaces collapsed. */
function readComment(body: string): { text: string; actions: CountingAction[] } {
  const actions: CountingAction[] = [];
  const textPart = body.replace(COUNT_COMMAND, (_all, action: CountingAction) => {
    actions.push(action);
    return ' ';
  });
  return { text: textPart.replace(/\s+/g, ' ').trim(), actions };
}

/** Applies a comment: `[%count start|stop]` commands become counting choices, the rest is kept as text. */
function applyComment(game: Game, body: string, line: number): Failure | undefined {
  const { text: cleaned, actions } = readComment(body);
  if (cleaned !== '') game.addComment(cleaned);
  for (const action of actions) {
    const done = action === 'start' ? game.startCounting() : game.stopCounting();
    if (!done.ok)
      return fail('ERR_PGN_COUNT', `[%count ${action}] cannot be applied here: ${done.error.message}`, line);
  }
  return undefined;
}

function endOfLine(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

function countNewlines(text: string): number {
  let count = 0;
  for (const char of text) if (char === '\n') count++;
  return count;
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

const quote = quoteInput;

function unescapeTag(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

/** A tag value as PGN writes it: backslash and quote escaped, no line breaks or other control characters. */
function escapeTag(value: string): string {
  return String(value)
    .replace(/[\\"]/g, (char) => `\\${char}`)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

/**
 * Comment text that cannot end the comment early (`}` has no escape in PGN: it becomes `)`) nor be read back as a
 * counting command (`[%count …]` written by a person is kept as text: `[% count …]`).
 */
function safeComment(text: string): string {
  return String(text)
    .replace(/}/g, ')')
    .replace(/\[%(?=count)/g, '[% ')
    .replace(/\s+/g, ' ')
    .trim();
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
 * variation's start comment), NAGs and `[%count start|stop]` choices. The tags and the start position are read as
 * parsePgn reads them. Errors are PgnErrors with their line (ERR_PGN_VARIATION for an unbalanced `(`/`)` or a
 * variation before any move, ERR_PGN_MOVE for an illegal move in any line, …).
 */
export function parsePgnTree(text: string): Result<GameTree, PgnError> {
  if (typeof text !== 'string') return fail('ERR_PGN_INPUT', `The PGN must be text, not ${describeValue(text)}.`, 1);
  const tags: PendingGame['tags'] = [];
  let tree: GameTree | undefined;
  let resultTag: string | undefined;
  // the current path, the paths to return to when a variation closes, comments waiting for a variation's first move
  let path: string[] = [];
  const stack: string[][] = [];
  const openLines: number[] = [];
  let pendingStart: string[] = [];
  let openedVariation = false;

  const ensureTree = (): Result<GameTree, PgnError> => {
    if (tree) return { ok: true, value: tree };
    const made = gameFromTags(tags);
    if (!made.ok) return made;
    const created = new GameTree(made.value.initialPosition);
    for (const [name, value] of made.value.tags) {
      if (name === 'Result') resultTag = value;
      else created.tags.set(name, value);
    }
    tree = created;
    return { ok: true, value: created };
  };

  const failure = scanPgn(text, (event, line) => {
    if (event.type === 'tag') {
      if (tree) return 'stop'; // the next game's tags
      tags.push({ name: event.name, value: event.value, line });
      return undefined;
    }
    const made = ensureTree();
    if (!made.ok) return made;
    const current = made.value;
    const node = current.nodeAt(path) as TreeNode;
    switch (event.type) {
      case 'comment': {
        const { text: cleaned, actions } = readComment(event.body);
        if (cleaned !== '') {
          if (openedVariation) pendingStart.push(cleaned);
          else node.comments.push(cleaned);
        }
        for (const action of actions) {
          const done = current.countingAction(path, action);
          if (!done.ok)
            return fail('ERR_PGN_COUNT', `[%count ${action}] cannot be applied here: ${done.error.message}`, line);
        }
        return undefined;
      }
      case 'open':
        if (path.length === 0) return fail('ERR_PGN_VARIATION', "A variation '(' must follow a move.", line);
        stack.push(path);
        openLines.push(line);
        path = path.slice(0, -1);
        openedVariation = true;
        pendingStart = [];
        return undefined;
      case 'close': {
        const back = stack.pop();
        openLines.pop();
        if (!back) return fail('ERR_PGN_VARIATION', STRAY_CLOSE, line);
        path = back;
        openedVariation = false;
        return undefined;
      }
      case 'nag':
        node.nags.push(event.nag);
        return undefined;
      case 'result':
        if (stack.length > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, line);
        resultTag = event.result;
        return 'stop';
      case 'move': {
        const added = current.addMove(path, event.san);
        if (!added.ok) return moveFailure(node.position, event.san, added.error, line);
        path = added.value;
        const child = current.nodeAt(path) as TreeNode;
        if (openedVariation && pendingStart.length > 0) child.startComments.push(...pendingStart);
        pendingStart = [];
        openedVariation = false;
        if (event.nag !== undefined) child.nags.push(event.nag);
        return undefined;
      }
    }
  });
  if (failure) return failure;
  if (stack.length > 0) return fail('ERR_PGN_VARIATION', UNCLOSED_VARIATION, openLines[0] as number);
  const made = ensureTree();
  if (!made.ok) return made;
  if (resultTag !== undefined && RESULTS.has(resultTag)) made.value.tags.set('Result', resultTag);
  return made;
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
  const settings = typeof options === 'object' && options !== null ? options : {};
  return checked.map((game) => makeOnePgn(game, settings)).join('\n');
}

function makeOnePgn(game: Game, options: PgnOptions): string {
  const wanted = Number(options.maxLineLength ?? 80);
  const maxLineLength = Number.isFinite(wanted) ? Math.max(20, wanted) : 80;
  for (const name of game.tags.keys()) {
    if (typeof name !== 'string' || !TAG_NAME.test(name)) {
      throw new MakrukError(
        'ERR_PGN_TAG_NAME',
        `The tag name ${quoteInput(name)} cannot be written: a PGN tag name is letters, digits and '_', starting with a letter or digit.`,
      );
    }
  }
  const result = game.result();
  const lines: string[] = [];
  for (const [name, fallback] of SEVEN_TAG_ROSTER) lines.push(tagLine(name, game.tags.get(name) ?? fallback));
  lines.push(tagLine('Result', result));
  lines.push(tagLine('Variant', 'Makruk'));
  const startFen = game.initialPosition.fen();
  if (startFen !== INITIAL_FEN) {
    lines.push(tagLine('SetUp', '1'));
    lines.push(tagLine('FEN', startFen));
  }
  for (const [name, value] of game.tags) {
    if (!DERIVED_TAGS.has(name) && !SEVEN_TAG_ROSTER.some(([roster]) => roster === name))
      lines.push(tagLine(name, value));
  }

  const tokens: string[] = [];
  const actions = game.countingActions();
  const pushComment = (index: number): boolean => {
    const parts = game
      .commentsAt(index)
      .map(safeComment)
      .filter((part) => part !== '');
    for (const action of actions[index] ?? []) parts.push(`[%count ${action}]`);
    if (parts.length === 0) return false;
    tokens.push(`{${parts.join(' ')}}`);
    return true;
  };
  let needsNumber = true;
  pushComment(0);
  // game.sans and nagsAt, not game.history(): history() writes two FENs a move, which a long game feels.
  const sans = moveTexts(game, settingsNotation(options));
  let fullmoves = game.initialPosition.fullmoves;
  let turn = game.initialPosition.turn;
  sans.forEach((san, index) => {
    if (turn === 'white') tokens.push(`${fullmoves}. ${san}`);
    else tokens.push(needsNumber ? `${fullmoves}... ${san}` : san);
    const nags = game.nagsAt(index + 1);
    for (const nag of nags) tokens.push(`$${nag}`);
    needsNumber = pushComment(index + 1) || nags.length > 0;
    if (turn === 'black') fullmoves++;
    turn = turn === 'white' ? 'black' : 'white';
  });
  tokens.push(result);
  return `${lines.join('\n')}\n\n${wrap(tokens, maxLineLength)}\n`;
}

/**
 * Writes a tree as PGN: the tags (as makePgn writes them for the main line's game), then the main line with every
 * variation in parentheses, comments, NAGs and `[%count …]` choices.
 */
export function makePgnTree(tree: GameTree, options: { maxLineLength?: number } = {}): string {
  if (!(tree instanceof GameTree)) {
    throw new MakrukError('ERR_PGN_INPUT', `makePgnTree needs a GameTree, not ${describeValue(tree)}.`);
  }
  const game = tree.gameAt(tree.mainlinePath());
  // a stored Result tag stays when the main line itself has no end (e.g. a resignation recorded in the PGN)
  const stored = tree.tags.get('Result');
  const result = game.result() !== '*' ? game.result() : stored !== undefined && RESULTS.has(stored) ? stored : '*';
  game.tags.delete('Result');
  const tagsOnly = Game.fromPosition(tree.root.position);
  for (const [name, value] of game.tags) tagsOnly.tags.set(name, value);
  const headerText = (makePgn(tagsOnly).split('\n\n')[0] as string).replace(
    /\[Result "[^"]*"\]/,
    `[Result "${result}"]`,
  );

  const root = tree.root;
  const rootTurnWhite = root.position.turn === 'white';
  const rootFull = root.position.fullmoves;
  const numberOf = (ply: number): { white: boolean; full: number } => {
    const offset = ply - 1 + (rootTurnWhite ? 0 : 1);
    return { white: offset % 2 === 0, full: rootFull + Math.floor(offset / 2) };
  };
  const tokens: string[] = [];
  const commentToken = (node: TreeNode): boolean => {
    const parts = node.comments.map(safeComment).filter((part) => part !== '');
    for (const action of node.countingActions) parts.push(`[%count ${action}]`);
    if (parts.length === 0) return false;
    tokens.push(`{${parts.join(' ')}}`);
    return true;
  };
  const moveToken = (node: TreeNode, forceNumber: boolean): boolean => {
    const { white, full } = numberOf(node.ply);
    tokens.push(white ? `${full}. ${node.san}` : forceNumber ? `${full}... ${node.san}` : node.san);
    for (const nag of node.nags) tokens.push(`$${nag}`);
    return commentToken(node) || node.nags.length > 0;
  };
  const writeLine = (from: TreeNode, forceFirst: boolean): void => {
    let node = from;
    let force = forceFirst;
    while (node.children.length > 0) {
      const [main, ...variations] = node.children as [TreeNode, ...TreeNode[]];
      let forceNext = moveToken(main, force);
      for (const variation of variations) {
        tokens.push('(');
        const starts = variation.startComments.map(safeComment).filter((part) => part !== '');
        if (starts.length > 0) tokens.push(`{${starts.join(' ')}}`);
        const after = moveToken(variation, true);
        writeLine(variation, after);
        tokens.push(')');
        forceNext = true;
      }
      force = forceNext;
      node = main;
    }
  };
  const rootComment = commentToken(root);
  writeLine(root, rootComment || !rootTurnWhite);
  tokens.push(result);
  return `${headerText}\n\n${wrap(tokens, Math.max(20, options.maxLineLength ?? 80), true)}\n`;
}

function settingsNotation(options: PgnOptions): 'algebraic' | 'thai' | 'uci' {
  return options.notation === 'thai' || options.notation === 'uci' ? options.notation : 'algebraic';
}

/** The moves as written in the chosen notation (the game's own SAN unless Thai or UCI is asked for). */
function moveTexts(game: Game, notation: 'algebraic' | 'thai' | 'uci'): string[] {
  if (notation === 'uci') return game.ucis;
  if (notation === 'algebraic') return game.sans;
  let position = game.initialPosition;
  return game.moves.map((move) => {
    const text = makeSan(position, move, { notation: 'thai' });
    position = position.play(move);
    return text;
  });
}

function tagLine(name: string, value: string): string {
  return `[${name} "${escapeTag(value)}"]`;
}

/**
 * Joins tokens into lines no longer than `max` where possible (words of comments may wrap; moves never split).
 * With `brackets` (trees), a variation's '(' sticks to the word after it and its ')' to the word before.
 */
function wrap(tokens: readonly string[], max: number, brackets = false): string {
  const words: string[] = [];
  // only a variation's own brackets stick to their neighbours, never a '(' or ')' written inside a comment
  let opened = false;
  for (const token of tokens) {
    const comment = token.startsWith('{');
    for (const piece of comment ? token.split(' ') : [token]) {
      const last = words.length - 1;
      if (brackets && opened) words[last] += piece;
      else if (brackets && !comment && piece === ')' && last >= 0) words[last] += ')';
      else words.push(piece);
      opened = brackets && !comment && piece === '(' && !opened;
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
