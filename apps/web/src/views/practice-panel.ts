// Counting practice: pick an ending, get a random start the tables say White wins within the count (and how many moves
// the mate needs, against the moves the count allows), mate the tables' defence before Black's count runs out.
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import type { Opponent } from '../engine/opponent.js';
import { getLocale } from '../i18n/localization.js';
import { ENDINGS, type Ending, type Practice, type PracticeReview, type PracticeSlip } from '../model/practice.js';
import { LightView } from './base.js';
import { lineSan } from './format.js';
import { roleName } from './piece-names.js';

const ENDING_NAMES: Record<string, string> = {
  KRRK: 'K+R+R v K',
  KRK: 'K+R v K',
  KSSK: 'K+S+S v K',
  KSMK: 'K+S+M v K',
  KNMK: 'K+N+M v K',
};

/** An ending as players name it: letters in English (K+R v K), the pieces' names in Thai (ขุน เรือ ต่อ ขุน). */
function endingName(id: string): string {
  const ending: Ending | undefined = ENDINGS.find((candidate) => candidate.id === id);
  if (!ending || getLocale() === 'en') return ENDING_NAMES[id] ?? id;
  const attackers = (['king', ...ending.pieces] as const).map(roleName).join(' ');
  return msg(str`${attackers} v ${roleName('king')}`, { id: 'practice-ending-name' });
}

// counts with their plural (1 try, 2 tries); Thai has one form
const tries = (n: number): string =>
  n === 1 ? msg('1 try', { id: 'count-try-one' }) : msg(str`${n} tries`, { id: 'count-try' });
const wins = (n: number): string =>
  n === 1 ? msg('1 win', { id: 'count-win-one' }) : msg(str`${n} wins`, { id: 'count-win' });
const countOuts = (n: number): string =>
  n === 1 ? msg('1 count-out', { id: 'count-count-out-one' }) : msg(str`${n} count-outs`, { id: 'count-count-out' });

/** The start's verdict from the tables: how many moves White's mate needs and how many the count allows. */
function mateText(mateIn: number | undefined, left: number | undefined) {
  if (mateIn === undefined || left === undefined) return nothing;
  const text =
    mateIn === 1
      ? msg(str`White mates in 1 move; the count allows ${left}`, { id: 'practice-mate-one' })
      : msg(str`White mates in ${mateIn} moves; the count allows ${left}`, { id: 'practice-mate-in' });
  return html`<p class="practice-mate">${text}</p>`;
}

/** A slip's move as the page writes moves: "3. Rd5", in Thai notation when that is chosen (format.ts's lineSan). */
function slipMove(slip: PracticeSlip, thai: boolean): string {
  const [san] = lineSan(slip.fenBefore, [slip.uci], thai ? 'thai' : 'algebraic', [slip.san]);
  return `${slip.moveNumber}. ${san ?? slip.san}`;
}

function slipText(slip: PracticeSlip, thai: boolean): string {
  const move = slipMove(slip, thai);
  if (slip.winLost) return msg(str`${move}: the win was lost here`, { id: 'practice-review-win-lost' });
  return slip.movesLost === 1
    ? msg(str`${move}: 1 move slower`, { id: 'practice-review-slower-one' })
    : msg(str`${move}: ${slip.movesLost} moves slower`, { id: 'practice-review-slower' });
}

/** After the game: White's moves against the fastest mate, and each move that lost time or the win (issue 18). */
function reviewView(review: PracticeReview | undefined, thai: boolean) {
  if (!review) return nothing;
  const { played, fastest, slips } = review;
  return html`<div class="practice-review">
    <p class="practice-review-summary">
      ${msg(str`You played ${played} moves; the fastest mate needed ${fastest}.`, { id: 'practice-review-summary' })}
    </p>
    ${
      slips.length === 0
        ? html`<p class="practice-review-perfect">
            ${msg('Every move was on the fastest mate.', { id: 'practice-review-perfect' })}
          </p>`
        : html`<p class="practice-review-heading">${msg('Where moves were lost:', { id: 'practice-review-heading' })}</p>
            <ul class="practice-slips">
              ${slips.map((slip) => html`<li class=${slip.winLost ? 'practice-slip win-lost' : 'practice-slip'}>${slipText(slip, thai)}</li>`)}
            </ul>`
    }
  </div>`;
}

export class PracticePanel extends LightView {
  static override properties = {
    ...LightView.properties,
    practice: { attribute: false },
    opponent: { attribute: false },
  };
  declare practice: Practice | undefined;
  declare opponent: Opponent | undefined;
  #update = (): void => this.requestUpdate();

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('practice')) {
      (changed.get('practice') as Practice | undefined)?.removeEventListener('change', this.#update);
      this.practice?.addEventListener('change', this.#update);
    }
  }

  override render() {
    const { practice, opponent } = this;
    if (!this.ctx || !practice || !opponent) return nothing;
    const selected = practice.ending?.id ?? 'KRK';
    const record = practice.records[selected];
    const resultText =
      practice.result === 'win'
        ? msg('Mate in time: you win!', { id: 'practice-win' })
        : practice.result === 'count-out'
          ? msg('The count ran out: a draw.', { id: 'practice-count-out' })
          : practice.result === 'draw'
            ? msg('A draw: try again.', { id: 'practice-draw' })
            : undefined;
    return html`<section class="panel practice" aria-labelledby="practice-heading">
      <div class="panel-head"><h2 id="practice-heading">${msg('Counting practice', { id: 'practice-heading' })}</h2></div>
      <div class="row">
        <label
          >${msg('Ending', { id: 'practice-ending' })}
          <select class="practice-ending">
            ${ENDINGS.map((e) => html`<option value=${e.id} ?selected=${e.id === selected}>${endingName(e.id)}</option>`)}
          </select></label
        >
        <button
          type="button"
          class="practice-start"
          ?disabled=${practice.preparing}
          @click=${async () => {
            try {
              await practice.start((this.querySelector('.practice-ending') as HTMLSelectElement).value);
            } catch {
              return; // practice.error says why
            }
            opponent.start('black', 'full', { remember: false });
          }}
        >
          ${msg('New position', { id: 'practice-start' })}
        </button>
      </div>
      ${
        practice.preparing
          ? html`<p class="practice-preparing" role="status">
              ${msg('Preparing the tables: looking for a start White can win…', { id: 'practice-preparing' })}
            </p>`
          : nothing
      }
      ${
        practice.error && !practice.preparing
          ? html`<p class="practice-error error" role="alert">
              ${msg('No practice position could be made:', { id: 'practice-error' })} ${practice.error}
            </p>`
          : nothing
      }
      ${
        practice.active
          ? html`<p class="practice-goal">${msg('You have White: mate before Black’s count runs out.', { id: 'practice-goal' })}</p>
            ${mateText(practice.mateIn, practice.countMoves)}`
          : nothing
      }
      ${resultText ? html`<p class="practice-result" role="status">${resultText}</p>` : nothing}
      ${resultText ? reviewView(practice.review, this.ctx.model.notation === 'thai') : nothing}
      ${
        record && record.tries > 0
          ? html`<p class="practice-record">
            ${msg(
              str`${endingName(selected)}: ${tries(record.tries)}, ${wins(record.wins)}, ${countOuts(record.countOuts)}`,
              { id: 'practice-record-counts' },
            )}
          </p>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('practice-panel', PracticePanel);
