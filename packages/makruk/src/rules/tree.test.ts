import { describe, expect, it } from 'vitest';
import { MakrukError } from './errors.js';
import { Game } from './game.js';
import { makePgn, makePgnTree, parsePgnGame, parsePgnTree } from './pgn.js';
import { Position } from './position.js';
import { prng } from '../testing/helpers.js';
import { GameTree, type TreeNode } from './tree.js';

function must<T>(result: { ok: true; value: T } | { ok: false; error: Error }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

describe('GameTree', () => {
  it('adds moves, reuses an existing child and makes a second move a variation', () => {
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    expect(e4).toEqual(['e3e4']);
    const e5 = must(tree.addMove(e4, 'e6e5'));
    expect(must(tree.addMove(e4, 'e5'))).toEqual(e5); // the same move: the same node
    const nd7 = must(tree.addMove(e4, 'Nd7'));
    expect(tree.nodeAt(e4)?.children.map((c) => c.san)).toEqual(['e5', 'Nd7']);
    expect(tree.isMainline(e5)).toBe(true);
    expect(tree.isMainline(nd7)).toBe(false);
    expect(tree.nodeAt(nd7)?.fen).toBe(Position_after(['e4', 'Nd7']));
    expect(tree.mainlinePath()).toEqual(['e3e4', 'e6e5']);
  });

  it('refuses illegal moves and paths that are not in the tree, with the library codes', () => {
    const tree = new GameTree();
    const bad = tree.addMove([], 'e3e5');
    expect(!bad.ok && bad.error.code).toBe('ERR_ILLEGAL_MOVE');
    const nowhere = tree.addMove(['a3a4'], 'e6e5');
    expect(!nowhere.ok && nowhere.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(tree.nodeAt(['a3a4'])).toBeUndefined();
  });

  it('promotes a variation one level, makes a deep line the main line, deletes a subtree', () => {
    const tree = new GameTree();
    const main = ['e4', 'e5', 'Nd2', 'Nd7'].reduce<string[]>((path, san) => must(tree.addMove(path, san)), []);
    const side = must(tree.addMove(main.slice(0, 1), 'Nd7'));
    const deep = must(tree.addMove(side, 'a4'));
    const deeper = must(tree.addMove(deep.slice(0, 2), 'b4')); // a variation inside the variation
    expect(tree.nodeAt(side)?.children.map((c) => c.san)).toEqual(['a4', 'b4']);
    expect(tree.promote(deeper)).toBe(true); // only the deepest fork
    expect(tree.nodeAt(side)?.children.map((c) => c.san)).toEqual(['b4', 'a4']);
    expect(tree.isMainline(deeper)).toBe(false);
    expect(tree.makeMainline(deep)).toBe(true);
    expect(tree.mainlinePath()).toEqual(deep);
    expect(tree.promote(deep)).toBe(false);
    expect(tree.deleteAt(side)).toBe(true);
    expect(tree.mainlinePath()).toEqual(main);
    expect(tree.deleteAt([])).toBe(false);
  });

  it('keeps counting choices per node and gives the game at a path (game-mode counting)', () => {
    const tree = must(GameTree.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40'));
    expect(must(tree.countingAction([], 'start'))).toBe(true);
    const path = ['Ra2', 'Kd8', 'Raa1'].reduce<string[]>((p, san) => must(tree.addMove(p, san)), []);
    const game = tree.gameAt(path);
    expect(game.counting).toMatchObject({ kind: 'board', side: 'white', plies: 3 });
    expect(tree.gameAt([]).countingActions()[0]).toEqual(['start']);
    const refused = tree.countingAction(path, 'start');
    expect(!refused.ok && refused.error.code).toBe('ERR_COUNT_RUNNING');
  });

  it('comments and move marks', () => {
    const tree = new GameTree();
    const path = must(tree.addMove([], 'e4'));
    tree.setComment(path, '  centre ');
    tree.toggleNag(path, 1);
    tree.toggleNag(path, 2); // replaces ! by ?
    expect(tree.nodeAt(path)).toMatchObject({ comments: ['centre'], nags: [2] });
    tree.toggleNag(path, 2);
    expect(tree.nodeAt(path)?.nags).toEqual([]);
  });

  it('every node keeps the position and the game-mode count a replay of its path gives (random trees)', () => {
    const random = prng(20);
    for (let n = 0; n < 12; n++) {
      const start = n % 2 === 0 ? Position.initial() : must(Position.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40'));
      const tree = new GameTree(start);
      for (let step = 0; step < 120; step++) {
        // a random node: down the tree, a random child at each step
        let path: string[] = [];
        let node: TreeNode = tree.root;
        while (node.children.length > 0 && random() < 0.9) {
          node = node.children[Math.floor(random() * node.children.length)] as TreeNode;
          path = [...path, node.uci];
        }
        const game = tree.gameAt(path);
        if (game.canStartCounting() && random() < 0.3) must(tree.countingAction(path, 'start'));
        else if (game.canStopCounting() && random() < 0.3) must(tree.countingAction(path, 'stop'));
        const moves = node.position.legalMoves();
        const move = moves[Math.floor(random() * moves.length)];
        if (move && !game.isOver()) must(tree.addMove(path, move));
      }
      const walk = (node: TreeNode, path: string[]): void => {
        const replayed = new Game(start);
        for (const [index, step] of tree.nodesAlong(path).entries()) {
          if (index > 0) must(replayed.play(step.uci));
          for (const action of step.countingActions)
            must(action === 'start' ? replayed.startCounting() : replayed.stopCounting());
        }
        expect(node.fen).toBe(replayed.position.fen());
        expect(node.counting, path.join(' ')).toEqual(replayed.counting);
        for (const child of node.children) walk(child, [...path, child.uci]);
      };
      walk(tree.root, []);
    }
  });

  it('a counting choice made earlier in a line changes the count after it; a later choice it makes void is dropped', () => {
    const tree = must(GameTree.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40'));
    const ra2 = must(tree.addMove([], 'Ra2'));
    const line = must(tree.addLine(ra2, ['Kd8', 'Raa1', 'Ke8']));
    must(tree.countingAction(line.slice(0, 2), 'start')); // Black starts after 40... Kd8
    expect(tree.nodeAt(line)?.counting).toMatchObject({ kind: 'board', side: 'white', plies: 2 });
    must(tree.countingAction([], 'start')); // White started first: the count is White's, from the start
    expect(tree.nodeAt(line)?.counting).toMatchObject({ kind: 'board', side: 'white', plies: 4 });
    expect(tree.nodeAt(line.slice(0, 2))?.countingActions).toEqual([]); // Black's start no longer applies
    expect(makePgnTree(tree)).toContain('{[%count start]} 40. Ra2 Kd8 41. Raa1 Ke8 *');
    must(tree.countingAction(line.slice(0, 2), 'stop')); // White stops after 40... Kd8: no count after that
    expect(tree.nodeAt(line)?.counting).toBeNull();
    expect(tree.nodeAt(ra2)?.counting).toMatchObject({ plies: 1 });
  });

  it('gameAt gives a copy: playing, commenting or counting on it leaves the tree as it was', () => {
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    const game = tree.gameAt(e4);
    must(game.play('e5'));
    game.addComment('mine');
    expect(tree.nodeAt(e4)?.children).toEqual([]);
    expect(tree.nodeAt(e4)?.comments).toEqual([]);
    expect(tree.gameAt(e4).sans).toEqual(['e4']);
  });

  it('addLine plays a line in one step, reusing existing moves, and adds nothing when a move is illegal', () => {
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    const line = must(tree.addLine([], ['e4', 'e5', 'Nd2']));
    expect(line).toEqual(['e3e4', 'e6e5', 'b1d2']);
    expect(tree.root.children).toHaveLength(1);
    const bad = tree.addLine(e4, ['d5', 'Ke5']);
    expect(!bad.ok && bad.error.code).toBe('ERR_SAN_ILLEGAL');
    expect(!bad.ok && bad.error.message).toMatch(/^Move 2 of the line: /);
    expect(tree.nodeAt(e4)?.children.map((child) => child.san)).toEqual(['e5']);
    const nowhere = tree.addLine(['a3a4'], ['e5']);
    expect(!nowhere.ok && nowhere.error.code).toBe('ERR_ILLEGAL_MOVE');
  });

  it('wrongly typed arguments: ERR_ARGUMENT, never a TypeError; NAGs outside 0–255 are refused', () => {
    for (const bad of [null, 42, 'e4', {}]) {
      let thrown: unknown;
      try {
        new GameTree(bad as unknown as Position);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MakrukError);
      expect((thrown as MakrukError).code).toBe('ERR_ARGUMENT');
    }
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    expect(tree.toggleNag(e4, 300)).toBe(false);
    expect(tree.toggleNag(e4, 1.5)).toBe(false);
    expect(tree.nodeAt(e4)?.nags).toEqual([]);
    const line = tree.addLine([], 'e4' as unknown as string[]);
    expect(!line.ok && line.error.code).toBe('ERR_ARGUMENT');
  });

  it('a tree from a Game holds its main line, and clone copies deeply', () => {
    const game = must(parsePgnGame('1. e4 {a} e5 $1 2. Nd2 *'));
    const tree = GameTree.fromGame(game);
    expect(tree.mainline().map((n) => n.san)).toEqual(['', 'e4', 'e5', 'Nd2']);
    expect(tree.nodeAt(['e3e4'])?.comments).toEqual(['a']);
    const copy = tree.clone();
    copy.deleteAt(['e3e4', 'e6e5']);
    expect(tree.mainlinePath()).toHaveLength(3);
  });
});

function Position_after(sans: string[]): string {
  const game = new Game();
  for (const san of sans) game.play(san);
  return game.position.fen();
}

describe('PGN with variations', () => {
  const text = [
    '[Event "Study"]',
    '[White "A"]',
    '',
    '{Start} 1. e4 {centre} e5 (1... Nd7 $5 {solid} 2. Nd2 (2. a4 {edge}) 2... a5) 2. Nd2 $1 ({or} 2. Ne2 Nd7) 2... Nd7 *',
  ].join('\n');

  it('reads variations, comments and NAGs into the tree', () => {
    const tree = must(parsePgnTree(text));
    expect(tree.tags.get('Event')).toBe('Study');
    expect(tree.root.comments).toEqual(['Start']);
    expect(tree.mainline().map((n) => n.san)).toEqual(['', 'e4', 'e5', 'Nd2', 'Nd7']);
    const afterE4 = tree.nodeAt(['e3e4']);
    expect(afterE4?.comments).toEqual(['centre']);
    expect(afterE4?.children.map((c) => c.san)).toEqual(['e5', 'Nd7']);
    const nd7 = afterE4?.children[1];
    expect(nd7).toMatchObject({ nags: [5], comments: ['solid'] });
    expect(nd7?.children[0]?.children.map((c) => c.san)).toEqual(['a5']);
    expect(nd7?.children.map((c) => c.san)).toEqual(['Nd2', 'a4']);
    const ne2 = tree.nodeAt(['e3e4', 'e6e5'])?.children[1];
    expect(ne2).toMatchObject({ san: 'Ne2', startComments: ['or'] });
  });

  it('writes them back: import → export → import gives the same tree and the same text', () => {
    const tree = must(parsePgnTree(text));
    const written = makePgnTree(tree);
    expect(written.split('\n\n')[1]?.replace(/\s+/g, ' ')).toBe(
      '{Start} 1. e4 {centre} 1... e5 (1... Nd7 $5 {solid} 2. Nd2 (2. a4 {edge}) 2... a5) 2. Nd2 $1 ({or} 2. Ne2 Nd7) 2... Nd7 * ',
    );
    const again = must(parsePgnTree(written));
    expect(makePgnTree(again)).toBe(written);
    // the main line alone is what parsePgnGame reads (variations skipped)
    expect(must(parsePgnGame(written)).sans).toEqual(['e4', 'e5', 'Nd2', 'Nd7']);
  });

  it('keeps counting choices and a FEN start; the main line matches makePgn', () => {
    const game = must(Game.fromFen('4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40'));
    game.startCounting();
    game.play('Ra2');
    game.addComment('counts');
    game.play('Kd8');
    const pgn = makePgn(game);
    const tree = must(parsePgnTree(pgn));
    expect(makePgnTree(tree)).toBe(pgn);
    expect(tree.gameAt(tree.mainlinePath()).counting).toMatchObject({ kind: 'board', plies: 2 });
  });

  it('reports broken variations and illegal moves inside them with their line', () => {
    const open = parsePgnTree('1. e4 (1. d4 e5 *');
    expect(!open.ok && open.error.code).toBe('ERR_PGN_VARIATION');
    const stray = parsePgnTree('1. e4 ) e5 *');
    expect(!stray.ok && stray.error.code).toBe('ERR_PGN_VARIATION');
    const illegal = parsePgnTree('1. e4 e5\n(1... Ke5) *');
    expect(!illegal.ok && illegal.error.code).toBe('ERR_PGN_MOVE');
    expect(!illegal.ok && illegal.error.line).toBe(2);
    const tag = parsePgnTree('[Variant "chess"]\n1. e4 *');
    expect(!tag.ok && tag.error.code).toBe('ERR_PGN_VARIANT');
  });

  it("an unclosed '(' is reported as such, not as the illegal move it swallows (issue 21)", () => {
    // the ')' after 2. exd5 is missing: 2. Nd2 is read inside the variation, where it is Black's move
    const forgot = parsePgnTree('[Event "x"]\n\n1. e4 e5 (1... d5 2. exd5\n2. Nd2 Nd7 *\n');
    expect(!forgot.ok && forgot.error.code).toBe('ERR_PGN_VARIATION');
    expect(!forgot.ok && forgot.error.line).toBe(3); // where the '(' was opened
    expect(!forgot.ok && forgot.error.message).toBe(
      "Line 3: A variation opened with '(' is never closed with ')': Move 2... 'Nd2' on line 4 was read inside it.",
    );
    // the same with no result and with the next game's tags after it
    for (const text of ['1. e4 e5 ( 2. Nd2 Nd7', '1. e4 e5 ( 2. Nd2 Nd7\n\n[Event "y"]\n\n1. e4 *']) {
      const read = parsePgnTree(text);
      expect(!read.ok && read.error.code, text).toBe('ERR_PGN_VARIATION');
      expect(!read.ok && read.error.line, text).toBe(1);
    }
    // a closed variation with an illegal move in it is still that move's error, also inside a nested one
    const nested = parsePgnTree('1. e4 e5\n(1... d5 (1... Ke5) 2. exd5) *');
    expect(!nested.ok && nested.error.message).toBe(
      "Line 2: Move 1... 'Ke5': 'Ke5' is not a legal move for black here.",
    );
  });

  it("a '(' or ')' inside a comment is text: it does not stick to its neighbours as a variation's bracket does", () => {
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    const d4 = must(tree.addMove([], 'd4'));
    tree.setComment(e4, 'see ( the note ) here');
    tree.setComment(d4, '( or');
    const written = makePgnTree(tree);
    expect(written).toContain('{see ( the note ) here}');
    expect(written).toContain('(1. d4 {( or})');
    const again = must(parsePgnTree(written));
    expect(again.nodeAt(e4)?.comments).toEqual(['see ( the note ) here']);
    expect(again.nodeAt(d4)?.comments).toEqual(['( or']);
  });

  it('keeps hostile text as text: a comment cannot close itself early', () => {
    const tree = new GameTree();
    tree.tags.set('White', '<script>alert(1)</script>');
    const path = must(tree.addMove([], 'e4'));
    tree.setComment(path, 'x} 2. Kxe8 {');
    const written = makePgnTree(tree);
    const again = must(parsePgnTree(written));
    expect(again.mainlinePath()).toEqual(['e3e4']);
    expect(again.tags.get('White')).toBe('<script>alert(1)</script>');
  });
});

describe('arrows and square marks ([%cal] / [%csl])', () => {
  it('are read into their own node field, apart from the comment text, and written back on their move', () => {
    const text = '1. e4 {good [%csl Ge4,Rd5][%cal Ge3e4,Yd7d5]} e5 ({[%cal Bd7d5]} 1... d5) *';
    const tree = must(parsePgnTree(text));
    const e4 = tree.nodeAt(['e3e4']);
    expect(e4?.comments).toEqual(['good']);
    expect(e4?.shapes).toEqual([
      { color: 'green', from: 'e4' },
      { color: 'red', from: 'd5' },
      { color: 'green', from: 'e3', to: 'e4' },
      { color: 'yellow', from: 'd7', to: 'd5' },
    ]);
    // a start comment's shapes belong to the variation's first move
    expect(tree.nodeAt(['e3e4', 'd6d5'])?.shapes).toEqual([{ color: 'blue', from: 'd7', to: 'd5' }]);
    const written = makePgnTree(tree);
    expect(written.replace(/\n/g, ' ')).toContain(
      '1. e4 {good [%csl Ge4,Rd5] [%cal Ge3e4,Yd7d5]} 1... e5 (1... d5 {[%cal Bd7d5]}) *',
    );
    expect(makePgnTree(must(parsePgnTree(written)))).toBe(written);
    // a Game keeps them too (parsePgn and makePgn)
    expect(makePgn(must(parsePgnGame(written)))).toContain('{good [%csl Ge4,Rd5] [%cal Ge3e4,Yd7d5]}');
  });

  it('setShapes checks what it is given; a person’s [%cal …] text stays text; a broken list stays in the comment', () => {
    const tree = new GameTree();
    const e4 = must(tree.addMove([], 'e4'));
    expect(tree.setShapes(e4, [{ color: 'purple', from: 'e4' } as never])).toBe(false);
    expect(tree.setShapes(e4, [{ color: 'red', from: 'i9' } as never])).toBe(false);
    expect(tree.setShapes(['a3a4'], [])).toBe(false);
    expect(
      tree.setShapes(e4, [
        { color: 'red', from: 'e4', to: 'e4' },
        { color: 'green', from: 'd3', to: 'd4' },
        { color: 'green', from: 'd3', to: 'd4' },
      ]),
    ).toBe(true);
    expect(tree.nodeAt(e4)?.shapes).toEqual([
      { color: 'red', from: 'e4' },
      { color: 'green', from: 'd3', to: 'd4' },
    ]);
    tree.setComment(e4, 'see [%cal Ge3e4]');
    const again = must(parsePgnTree(makePgnTree(tree)));
    expect(again.nodeAt(e4)?.comments).toEqual(['see [% cal Ge3e4]']);
    expect(again.nodeAt(e4)?.shapes).toEqual(tree.nodeAt(e4)?.shapes);
    const broken = must(parsePgnTree('1. e4 {[%cal Zz9] x} *'));
    expect(broken.nodeAt(e4)?.comments).toEqual(['[%cal Zz9] x']);
    expect(broken.nodeAt(e4)?.shapes).toEqual([]);
  });
});
