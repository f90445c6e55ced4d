// Cross-check with Fairy-Stockfish: random games played in wasm, and at random plies our perft divide is compared
// with `go perft N` on the FEN our engine writes. Positions with promoted pawns, checks and few pieces are counted
// so the test fails if the games stop reaching them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateEngine } from '../dist/index.js';
import { FairyStockfish, fairyStockfishAvailable } from './fairy-stockfish.js';
import { START_FEN, divide, getFen, legalMoves, moveToUci, seededRandom, setFen } from './engine-helpers.js';

// The oracle is part of the test setup (scripts/setup.sh installs it): without it the cross-check fails, never skips.
if (!fairyStockfishAvailable()) {
  throw new Error('fairy-stockfish not found at /usr/games/fairy-stockfish: run scripts/setup.sh (it installs it)');
}

function withoutPromotionLetter(uci: string): string {
  return uci.slice(0, 4);
}

describe('cross-check with fairy-stockfish', () => {
  let fairy: FairyStockfish;
  beforeAll(async () => {
    fairy = new FairyStockfish();
    await fairy.startMakruk();
  });
  afterAll(() => fairy?.quit());

  it('perft divide agrees on positions from 200 random games', async () => {
    const engine = instantiateEngine('release');
    const random = seededRandom(20261130);
    const seen = { positions: 0, promoted: 0, inCheck: 0, fewPieces: 0, noMoves: 0 };
    for (let game = 0; game < 200; game++) {
      expect(setFen(engine, START_FEN)).toBe(0);
      const checkAt = new Set([
        Math.floor(random() * 60),
        60 + Math.floor(random() * 100),
        160 + Math.floor(random() * 140),
      ]);
      for (let ply = 0; ply < 300; ply++) {
        const moves = legalMoves(engine);
        const fen = getFen(engine);
        const board = fen.split(' ')[0] ?? '';
        const pieceCount = board.replace(/[^a-zA-Z]/g, '').length;
        const interesting = (engine.inCheck() === 1 && random() < 0.3) || (pieceCount <= 6 && random() < 0.01);
        if (checkAt.has(ply) || moves.length === 0 || interesting) {
          const depth = moves.length < 12 ? 3 : 2;
          const ours = divide(engine, depth);
          const theirs = await fairy.divide(`fen ${fen}`, depth);
          const oursPlain = new Map([...ours].map(([uci, n]) => [withoutPromotionLetter(uci), n]));
          expect(oursPlain, `${fen} perft ${depth} divide`).toEqual(theirs.moves);
          expect([...ours.values()].reduce((a, b) => a + b, 0)).toBe(theirs.total);
          seen.positions++;
          if (promotedMetOnBoard(fen)) seen.promoted++;
          if (engine.inCheck() === 1) seen.inCheck++;
          if (pieceCount <= 6) seen.fewPieces++;
          if (moves.length === 0) seen.noMoves++;
        }
        if (moves.length === 0) break;
        // Captures are preferred so that games reach endgames with few pieces and promoted pawns.
        const captures = moves.filter((move) => isCapture(fen, move));
        const pool = captures.length > 0 && random() < 0.6 ? captures : moves;
        const move = pool[Math.floor(random() * pool.length)] ?? 0;
        expect(engine.makeMove(move), moveToUci(move)).toBe(1);
      }
    }
    console.info('cross-checked positions', seen);
    expect(seen.positions).toBeGreaterThanOrEqual(600);
    expect(seen.promoted).toBeGreaterThan(20);
    expect(seen.inCheck).toBeGreaterThan(20);
    expect(seen.fewPieces).toBeGreaterThan(20);
  });

  it('writes the same FEN as fairy-stockfish after the same moves, counting fields included', async () => {
    const engine = instantiateEngine('release');
    const random = seededRandom(7);
    let compared = 0;
    let countStarts = 0;
    for (let game = 0; game < 40; game++) {
      expect(setFen(engine, START_FEN)).toBe(0);
      const played: string[] = [];
      for (let ply = 0; ply < 400; ply++) {
        const moves = legalMoves(engine);
        if (moves.length === 0) break;
        const fen = getFen(engine);
        const captures = moves.filter((move) => isCapture(fen, move));
        const pool = captures.length > 0 && random() < 0.7 ? captures : moves;
        const move = pool[Math.floor(random() * pool.length)] ?? 0;
        // Debian's 11.1 starts the bare king's count one move late when the bare king takes the last pawn
        // (docs/rules.md); games where that happens are compared only up to that move.
        const bareKingTakesLastPawn = isCapture(fen, move) && lastPawnTakenByBareKing(fen, move);
        if (bareKingTakesLastPawn) break;
        expect(engine.makeMove(move)).toBe(1);
        played.push(moveToUci(move));
        const after = getFen(engine);
        // Compared wherever the counting fields start or restart, every 25 plies, and at the end.
        const countingChanged = countingFields(after) !== nextCountingFields(fen);
        if (countingChanged || ply % 25 === 0) {
          expect(after, played.join(' ')).toBe(await fairy.fen(`startpos moves ${played.join(' ')}`));
          compared++;
          if (countingChanged) countStarts++;
        }
      }
      const ours = getFen(engine);
      expect(ours, played.join(' ')).toBe(await fairy.fen(`startpos moves ${played.join(' ')}`));
      compared++;
    }
    console.info('FENs compared', { compared, countStarts });
    expect(compared).toBeGreaterThan(200);
    expect(countStarts).toBeGreaterThan(20);
  });
});

// Counting fields (limit, ply) of a FEN, and what they become after one more move if nothing starts a count.
function countingFields(fen: string): string {
  const [, , , limit = '-', ply = '0'] = fen.split(' ');
  return limit === '-' ? '-' : `${limit} ${ply}`;
}
function nextCountingFields(fen: string): string {
  const [, , , limit = '-', ply = '0'] = fen.split(' ');
  return limit === '-' ? '-' : `${limit} ${Number(ply) + 1}`;
}

// Helpers reading the FEN board (independent of the engine's own bitboards).
function boardArray(fen: string): string[] {
  const squares: string[] = new Array<string>(64).fill('');
  const ranks = (fen.split(' ')[0] ?? '').split('/');
  ranks.forEach((rankText, index) => {
    const rank = 7 - index;
    let file = 0;
    for (let i = 0; i < rankText.length; i++) {
      const c = rankText[i] ?? '';
      if (c === '~') continue;
      if (/\d/.test(c)) file += Number(c);
      else squares[rank * 8 + file++] = rankText[i + 1] === '~' ? `${c}~` : c;
    }
  });
  return squares;
}

function isCapture(fen: string, move: number): boolean {
  return boardArray(fen)[(move >> 6) & 63] !== '';
}

function promotedMetOnBoard(fen: string): boolean {
  // getFen writes plain letters, so promoted mets are recognised as mets beyond the two originals.
  const board = boardArray(fen);
  return board.filter((piece) => piece === 'M').length > 1 || board.filter((piece) => piece === 'm').length > 1;
}

function lastPawnTakenByBareKing(fen: string, move: number): boolean {
  const board = boardArray(fen);
  const mover = board[move & 63] ?? '';
  const target = board[(move >> 6) & 63] ?? '';
  if (mover.toLowerCase() !== 'k' || target.toLowerCase() !== 'p') return false;
  const white = mover === 'K';
  const ownPieces = board.filter((piece) => piece !== '' && (piece === piece.toUpperCase()) === white);
  const pawns = board.filter((piece) => piece.toLowerCase() === 'p');
  return ownPieces.length === 1 && pawns.length === 1;
}
