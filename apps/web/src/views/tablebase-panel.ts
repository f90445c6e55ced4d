// The tablebase panel (issue 18): where the position on screen has a table (no pawns, at most four men, one side a
// bare king), what the tables say under the count, in words ("White mates in 9; the count allows 11", "Draw: mate
// needs 17 moves, the count allows 13", "Draw: no mate can be forced"), then every legal move with its own result,
// best first for the side to move; a click plays the move. Hidden while the computer is played, as the engine's lines
// are. The tables run in their own worker (engine/tablebase.ts).
import { msg, str } from '@lit/localize';
import { type Color, type Game, makeSan, spokenCount } from '@makruk/makruk';
import { html, nothing } from 'lit';
import { type TablebaseAnswer, type TablebaseMoveAnswer, probe } from '../engine/tablebase.js';
import { LightView } from './base.js';
import { colorName } from './counting-panel.js';

/**
 * Whether a FEN's board can have a table: no pawns, at most four men, one side with pieces and the other a bare king
 * (the library's Tablebase decides in the end: its ERR_TABLEBASE_POSITION hides the panel too). Checked here so that
 * most positions never start the tables' worker.
 */
export function mayHaveTable(fen: string): boolean {
  const board = fen.split(' ')[0] ?? '';
  const men = board.replace(/[^a-zA-Z]/g, '');
  if (men.length < 3 || men.length > 4 || /p/i.test(men)) return false;
  const white = men.replace(/[^A-Z]/g, '').length - 1;
  const black = men.replace(/[^a-z]/g, '').length - 1;
  return (white === 0) !== (black === 0);
}

/** Best first for the side to move: the fastest mate, then draws, then the longest resistance. */
function rank(move: TablebaseMoveAnswer): number {
  const moves = Math.abs(move.mate ?? 0);
  if (move.result === 'win') return moves;
  if (move.result === 'draw') return 1000 + (move.mate === undefined ? 0 : 1 + (move.mate > 0 ? moves : 500 - moves));
  return 3000 - moves;
}

function moveResultText(move: TablebaseMoveAnswer): string {
  const moves = Math.abs(move.mate ?? 0);
  if (move.result === 'win') return msg(str`mate in ${moves}`, { id: 'tablebase-move-win' });
  if (move.result === 'loss') return msg(str`mated in ${moves}`, { id: 'tablebase-move-loss' });
  return msg('draw', { id: 'tablebase-move-draw' });
}

/** The verdict in words: who mates in how many moves against what the count allows, or why it is a draw. */
export function verdictText(
  verdict: { result: 'win' | 'loss' | 'draw'; strong: Color; mate?: number },
  game: Pick<Game, 'countingState'>,
): string {
  const spoken = spokenCount(game.countingState);
  // the moves the count leaves the strong side (none when no count runs: the next moves start one)
  const left = spoken && !spoken.expired && spoken.mating === verdict.strong ? spoken.movesToMate : undefined;
  const strong = colorName(verdict.strong);
  if (verdict.mate === undefined) return msg('Draw: no mate can be forced', { id: 'tablebase-no-mate' });
  const moves = Math.abs(verdict.mate);
  if (verdict.result !== 'draw')
    return left === undefined
      ? msg(str`${strong} mates in ${moves}`, { id: 'tablebase-mates' })
      : msg(str`${strong} mates in ${moves}; the count allows ${left}`, { id: 'tablebase-mates-count' });
  return left === undefined
    ? msg(str`Draw: mate needs ${moves} moves, more than the count allows`, { id: 'tablebase-too-slow' })
    : msg(str`Draw: mate needs ${moves} moves, the count allows ${left}`, { id: 'tablebase-too-slow-count' });
}

export class TablebasePanel extends LightView {
  static override properties = { ...LightView.properties, playing: { attribute: false } };
  /** A game against the computer is being played (counting practice too): the tables keep quiet. */
  declare playing: boolean;
  /** The FEN last asked about and the tables' answer (undefined while they work). */
  #fen = '';
  #answer: TablebaseAnswer | undefined;

  override willUpdate(): void {
    super.willUpdate();
    const game = this.ctx?.model.game;
    // not while the computer is played (as the engine's lines), nor where the game is over
    const fen = game && !game.isOver() && !this.playing ? game.position.fen() : '';
    if (fen === this.#fen) return;
    this.#fen = fen;
    this.#answer = undefined;
    if (!fen || !mayHaveTable(fen)) return;
    void probe(fen).then((answer) => {
      if (this.#fen !== fen) return; // the position on screen changed meanwhile
      this.#answer = answer;
      this.requestUpdate();
    });
  }

  override render() {
    if (!this.ctx || !this.#fen || !mayHaveTable(this.#fen)) return nothing;
    const answer = this.#answer;
    if (answer && !answer.ok && answer.error.code === 'ERR_TABLEBASE_POSITION') return nothing;
    const { model } = this.ctx;
    const game = model.game;
    const heading = html`<div class="panel-head">
      <h2 id="tablebase-heading">${msg('Tablebase', { id: 'tablebase-heading' })}</h2>
    </div>`;
    let body: unknown;
    if (!answer)
      body = html`<p class="tablebase-preparing" role="status">
        ${msg('Preparing the table…', { id: 'tablebase-preparing' })}
      </p>`;
    else if (!answer.ok)
      body = html`<p class="tablebase-error error">
        ${msg('The tables could not answer:', { id: 'tablebase-error' })} ${answer.error.message}
      </p>`;
    else {
      const position = game.position;
      const san = (move: TablebaseMoveAnswer): string => {
        if (model.notation !== 'thai') return move.san;
        const found = position.findMove(move.uci);
        return found.ok ? makeSan(position, found.value, { notation: 'thai' }) : move.san;
      };
      const moves = [...answer.value.moves].sort((a, b) => rank(a) - rank(b));
      body = html`<p class="tablebase-verdict tablebase-${answer.value.result}">${verdictText(answer.value, game)}</p>
        <ul class="tablebase-moves">
          ${moves.map(
            (move) => html`<li>
              <button
                type="button"
                class="tablebase-move tablebase-${move.result}"
                data-uci=${move.uci}
                title=${msg('Play this move', { id: 'tablebase-play' })}
                @click=${() => model.play(move.uci)}
              >
                <span class="tablebase-san">${san(move)}</span>
                <span class="tablebase-result">${moveResultText(move)}</span>
              </button>
            </li>`,
          )}
        </ul>`;
    }
    return html`<section class="panel tablebase" aria-labelledby="tablebase-heading">${heading}${body}</section>`;
  }
}
customElements.define('tablebase-panel', TablebasePanel);

declare global {
  interface HTMLElementTagNameMap {
    'tablebase-panel': TablebasePanel;
  }
}
