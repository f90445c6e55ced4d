// The counting panel: which count runs (board's or pieces' honour), who counts, the count as a player says it, the
// moves left; buttons for the side to move to start or stop board's honour; the result and its reason. All of it
// is the game's (game mode of @makruk/counting, through the tree's gameAt).
import { limitMoves } from '@makruk/counting';
import { type Color, type Game, type GameOutcomeReason, spokenCount } from '@makruk/makruk';
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
    case 'time-forfeit':
      return msg('time ran out', { id: 'reason-time' });
  }
}

/**
 * The count as players say it (the library's spokenCount, the one owner of the arithmetic): who counts and the number
 * just announced (never past the limit: once the count has run out, that it has), how long the other side has to
 * mate, and why a count-out drew (whose count, which honour, who did not mate). `mark` is the move list's short form
 * ("6/8", or that the count ran out) when the move that led here was a counted one (the counting side's, with a
 * number said). Undefined when no count runs. Takes a game or a tree node (both have the game-mode countingState).
 */
export function countWords(
  game: Pick<Game, 'countingState'>,
): { say: string; mate: string | undefined; out: string; mark: string | undefined } | undefined {
  const spoken = spokenCount(game.countingState);
  if (!spoken) return undefined;
  const side = colorName(spoken.side);
  const mating = colorName(spoken.mating);
  const say = spoken.expired
    ? msg(str`${side} has counted to ${spoken.limit}: the count ran out`, { id: 'count-say-ran-out' })
    : spoken.said === null
      ? msg(str`${side} counts: starts at ${spoken.next} of ${spoken.limit}`, { id: 'count-say-starts' })
      : msg(str`${side} counts: ${spoken.said} of ${spoken.limit}`, { id: 'count-say-said' });
  const out =
    spoken.kind === 'board'
      ? msg(str`${side} counted board's honour to ${spoken.limit} and ${mating} did not mate`, {
          id: 'count-out-board',
        })
      : msg(str`${side} counted pieces' honour to ${spoken.limit} and ${mating} did not mate`, {
          id: 'count-out-pieces',
        });
  const mate = spoken.expired
    ? undefined
    : spoken.movesToMate === 1
      ? msg(str`${mating} must mate within 1 move`, { id: 'count-mate-one' })
      : spoken.movesToMate > 1
        ? msg(str`${mating} must mate within ${spoken.movesToMate} moves`, { id: 'count-mate' })
        : msg(str`${mating} has no move left to mate: ${side}’s next count, ${spoken.next}, ends the game in a draw`, {
            id: 'count-mate-none',
          });
  const counted = spoken.said !== null && spoken.turn !== spoken.side;
  const mark = !counted
    ? undefined
    : spoken.expired
      ? msg('count out', { id: 'count-mark-out' })
      : `${spoken.said}/${spoken.limit}`;
  return { say, mate, out, mark };
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
    const words = countWords(game);
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
            <p class="count-say">${words?.say ?? ''}</p>
            ${words?.mate ? html`<p class="count-left">${words.mate}</p>` : nothing}`
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
            ${reasonText(outcome.reason)}${outcome.reason === 'counting-limit' && words ? ` — ${words.out}` : ''}
          </p>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('counting-panel', CountingPanel);
