// The counting panel: which count runs (board's or pieces' honour), who counts, the count as a player says it, the
// moves left; buttons for the side to move to start or stop board's honour; the result and its reason. All of it
// is the game's (game mode of @makruk/counting, through the tree's gameAt).
import { limitMoves, nextCountNumber } from '@makruk/counting';
import type { Color, GameOutcomeReason } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { LightView } from './base.js';

export function colorName(color: Color): string {
  return color === 'white' ? msg('White', { id: 'color-white' }) : msg('Black', { id: 'color-black' });
}

export function reasonText(reason: GameOutcomeReason): string {
  switch (reason) {
    case 'checkmate':
      return msg('checkmate', { id: 'reason-checkmate' });
    case 'stalemate':
      return msg('stalemate', { id: 'reason-stalemate' });
    case 'insufficient-material':
      return msg('dead position: neither side can mate', { id: 'reason-dead' });
    case 'counting-limit':
      return msg('the count ran out', { id: 'reason-count' });
    case 'counting-side-mate':
      return msg('the counting side gave mate: a draw', { id: 'reason-counting-mate' });
    case 'repetition':
      return msg('threefold repetition claimed', { id: 'reason-repetition' });
    case 'resignation':
      return msg('resignation', { id: 'reason-resignation' });
    case 'agreement':
      return msg('agreement', { id: 'reason-agreement' });
  }
}

export class CountingPanel extends LightView {
  #error: string | undefined;

  override render() {
    if (!this.ctx) return nothing;
    const { model } = this.ctx;
    const game = model.game;
    const count = game.counting;
    const outcome = game.outcome();
    const error = this.#error;
    const act = (action: 'start' | 'stop'): void => {
      const done = model.countingAction(action);
      this.#error = done.ok ? undefined : done.error.message;
      this.requestUpdate();
    };
    const claim = (): void => {
      const done = model.endGame('claim');
      this.#error = done.ok ? undefined : done.error.message;
      this.requestUpdate();
    };
    // The count as a player says it: on the counting side's turn the number it says with this move, otherwise the
    // number it said last. Counted moves left: the numbers not said yet (docs/rules.md: 6, 7, 8 of 8 = 3 moves).
    const said = count ? (game.turn === count.side ? nextCountNumber(count) - 1 : nextCountNumber(count)) : 0;
    return html`<section class="panel counting" aria-labelledby="counting-heading">
      <div class="panel-head"><h2 id="counting-heading">${msg('Counting', { id: 'counting-heading' })}</h2></div>
      ${
        count
          ? html`<p class="count-kind">
              ${
                count.kind === 'board'
                  ? msg("Board's honour (64 moves)", { id: 'count-board' })
                  : msg(str`Pieces' honour (${limitMoves(count)} moves)`, { id: 'count-pieces' })
              }
            </p>
            <p class="count-say" aria-live="polite">
              ${msg(str`${colorName(count.side)} counts ${nextCountNumber(count)} of ${limitMoves(count)}`, { id: 'count-say' })}
            </p>
            <p class="count-left">
              ${msg(str`Counted moves left: ${Math.max(0, limitMoves(count) - said)}`, { id: 'count-left' })}
            </p>`
          : html`<p class="count-none">${msg('No count runs.', { id: 'count-none' })}</p>`
      }
      <div class="count-buttons">
        ${
          game.canStartCounting()
            ? html`<button type="button" class="count-start" @click=${() => act('start')}>
              ${msg(str`${colorName(game.turn)} starts board's honour`, { id: 'count-start' })}
            </button>`
            : nothing
        }
        ${
          game.canStopCounting()
            ? html`<button type="button" class="count-stop" @click=${() => act('stop')}>
              ${msg(str`${colorName(game.turn)} stops counting`, { id: 'count-stop' })}
            </button>`
            : nothing
        }
        ${
          game.canClaimRepetition()
            ? html`<button type="button" class="claim-draw" @click=${claim}>
              ${msg('Claim a draw (threefold repetition)', { id: 'claim-repetition' })}
            </button>`
            : nothing
        }
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : nothing}
      ${
        outcome
          ? html`<p class="result" role="status">
            <strong>${game.result()}</strong> —
            ${outcome.winner ? msg(str`${colorName(outcome.winner)} wins`, { id: 'result-wins' }) : msg('Draw', { id: 'result-draw' })}:
            ${reasonText(outcome.reason)}
          </p>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('counting-panel', CountingPanel);
