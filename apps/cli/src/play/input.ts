// What a player types at the `makruk play` prompt: a command, or a move in SAN, UCI or Thai SAN. A move that is not
// legal or names several moves is answered with the legal moves of the piece the player meant.
import { makeSan, readSanPattern, type Color, type Move, type Position, type Role, type Square } from '@makruk/makruk';

export type CommandName =
  | 'undo'
  | 'hint'
  | 'count'
  | 'stop-count'
  | 'draw'
  | 'claim'
  | 'offer-draw'
  | 'resign'
  | 'flip'
  | 'fen'
  | 'pgn'
  | 'help'
  | 'quit';

export type PlayInput = { kind: 'empty' } | { kind: 'command'; name: CommandName } | { kind: 'move'; text: string };

/** Each command with the words that name it (the first is the one shown in help). */
const COMMANDS: ReadonlyArray<{ name: CommandName; words: readonly string[]; help: string }> = [
  { name: 'undo', words: ['undo', 'takeback', 'back'], help: "take back the engine's reply and your move" },
  { name: 'hint', words: ['hint'], help: "the engine's suggestion for you" },
  { name: 'count', words: ['count', 'start count'], help: "start counting board's honour (no pawns left, your turn)" },
  { name: 'stop-count', words: ['stop count', 'stopcount', 'stop-count'], help: "stop your board's-honour count" },
  {
    name: 'draw',
    words: ['draw'],
    help: 'claim a threefold repetition when there is one, else offer a draw (as claim / offer draw)',
  },
  { name: 'claim', words: ['claim', 'claim draw'], help: 'claim a draw by threefold repetition' },
  {
    name: 'offer-draw',
    words: ['offer draw', 'offer'],
    help: 'offer a draw: the engine accepts when it stands worse, or in a level position from move 40',
  },
  { name: 'resign', words: ['resign'], help: 'give up the game' },
  { name: 'flip', words: ['flip'], help: 'turn the board around' },
  { name: 'fen', words: ['fen'], help: 'print the position as FEN (with the count as the game runs it)' },
  { name: 'pgn', words: ['pgn'], help: 'print the game as PGN' },
  { name: 'help', words: ['help', '?'], help: 'this list' },
  { name: 'quit', words: ['quit', 'exit', 'q'], help: 'leave; the game stays saved (Ctrl-C does the same)' },
];

const BY_WORD = new Map(COMMANDS.flatMap((command) => command.words.map((word) => [word, command.name] as const)));

/** Reads one line typed at the prompt: commands are matched case-insensitively, anything else is a move. */
export function parseInput(line: string): PlayInput {
  const text = line.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'empty' };
  const name = BY_WORD.get(text.toLowerCase());
  return name ? { kind: 'command', name } : { kind: 'move', text };
}

/** The help text of the prompt. */
export function helpText(): string {
  const width = Math.max(...COMMANDS.map((command) => command.words[0]?.length ?? 0));
  const lines = [
    'Type a move in SAN (Nd2, e4, dxe5, c6=M), UCI (b1d2, e3e4) or Thai SAN (ม-ง๒, ง๔), or a command:',
    ...COMMANDS.map((command) => `  ${(command.words[0] ?? '').padEnd(width)}  ${command.help}`),
    'Pieces: K king (khun), M met, S khon, N knight (ma), R rook (ruea), pawns without a letter.',
  ];
  return lines.join('\n');
}

export interface MoveProblem {
  code: string;
  message: string;
}

const ROLE_NAMES: Record<Role, string> = {
  king: 'king',
  met: 'met',
  khon: 'khon',
  knight: 'knight',
  rook: 'rook',
  pawn: 'pawn',
};
const PLURAL: Record<Role, string> = {
  king: 'king',
  met: 'mets',
  khon: 'khons',
  knight: 'knights',
  rook: 'rooks',
  pawn: 'pawns',
};

/** Which pieces the player meant: one square, or pieces of a role (optionally on one file or rank). */
interface Meant {
  from?: Square;
  role?: Role;
  file?: string;
  rank?: string;
}

function meantPieces(text: string): Meant {
  const pattern = readSanPattern(text.trim());
  if (!pattern) return {};
  const { role, fromFile: file, fromRank: rank } = pattern;
  if (file && rank) return { from: `${file}${rank}` as Square };
  return { ...(role ? { role } : {}), ...(file ? { file } : {}), ...(rank ? { rank } : {}) };
}

/** Moves as the player reads them: SAN (or Thai SAN), sorted. */
export function listMoves(position: Position, moves: readonly Move[], thai = false): string {
  return moves
    .map((move) => makeSan(position, move, thai ? { notation: 'thai' } : {}))
    .sort()
    .join(', ');
}

/**
 * What to tell a player whose move `text` the position refused with `code`/`message`: the library's message, then
 * the legal moves of the piece (or pieces) meant.
 */
export function explainMoveProblem(
  position: Position,
  text: string,
  code: string,
  message: string,
  thai = false,
): MoveProblem {
  const side: Color = position.turn;
  const meant = meantPieces(text);
  const legal = position.legalMoves();
  let hint: string;
  if (meant.from) {
    const piece = position.pieceAt(meant.from);
    if (!piece || piece.color !== side) {
      hint = `You have no piece on ${meant.from}.`;
    } else {
      const moves = legal.filter((move) => move.from === meant.from);
      hint =
        moves.length === 0
          ? `Your ${ROLE_NAMES[piece.role]} on ${meant.from} has no legal move.`
          : `Your ${ROLE_NAMES[piece.role]} on ${meant.from} can play: ${listMoves(position, moves, thai)}.`;
    }
  } else if (meant.role) {
    const role = meant.role;
    const moves = legal.filter((move) => {
      const piece = position.pieceAt(move.from);
      if (!piece || piece.role !== role) return false;
      return (!meant.file || move.from[0] === meant.file) && (!meant.rank || move.from[1] === meant.rank);
    });
    const where = meant.file || meant.rank ? ` on ${meant.file ? `the ${meant.file}-file` : `rank ${meant.rank}`}` : '';
    const owned = position.pieces().some(([, piece]) => piece.color === side && piece.role === role);
    hint = !owned
      ? `You have no ${ROLE_NAMES[role]}.`
      : moves.length === 0
        ? `Your ${PLURAL[role]}${where} have no legal move.`
        : `Your ${PLURAL[role]}${where} can play: ${listMoves(position, moves, thai)}.`;
  } else {
    hint = `Type help for the commands. Legal moves: ${listMoves(position, legal, thai)}.`;
  }
  const lead = code === 'ERR_SAN_SYNTAX' ? `"${text}" is neither a move nor a command.` : message;
  return { code, message: `${lead} ${hint}` };
}
