// The game's PGN tags as lichess shows them: the players (name and rating) by the board, the side on top above it and
// the other below (following a flip), and the event, date and result in the game panel. Tag values are shown as text
// (Lit escapes them); an absent tag, an empty one or PGN's "unknown" ("?", "????.??.??") shows nothing.
import type { Color, GameTree } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { getLocale } from '../i18n/localization.js';
import { colorName } from './counting-panel.js';

/** A tag's value, or undefined where the PGN leaves it unknown. */
export function knownTag(tags: ReadonlyMap<string, string>, name: string): string | undefined {
  const value = tags.get(name)?.trim();
  if (!value || /^[?-]+$/.test(value)) return undefined;
  return value;
}

/** A PGN date ("2024.05.01", "2024.05.??", "2024.??.??") in the page's language; undefined where unknown. */
export function gameDate(value: string | undefined): { text: string; datetime: string } | undefined {
  const match = value?.match(/^(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})$/);
  if (!match) return value && !value.startsWith('?') ? { text: value, datetime: '' } : undefined;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  if (y.startsWith('?')) return undefined;
  const month = m.startsWith('?') ? undefined : Number(m);
  const day = month === undefined || d.startsWith('?') ? undefined : Number(d);
  if ((month !== undefined && (month < 1 || month > 12)) || (day !== undefined && (day < 1 || day > 31)))
    return { text: value as string, datetime: '' };
  const date = new Date(Date.UTC(Number(y), (month ?? 1) - 1, day ?? 1));
  // a day the month does not have (2024.02.30) would roll over into the next month: show the tag as written
  if (day !== undefined && date.getUTCDate() !== day) return { text: value as string, datetime: '' };
  const options: Intl.DateTimeFormatOptions = {
    timeZone: 'UTC',
    year: 'numeric',
    ...(month !== undefined ? { month: 'long' } : {}),
    ...(day !== undefined ? { day: 'numeric' } : {}),
  };
  const text = new Intl.DateTimeFormat(getLocale() === 'th' ? 'th-TH' : 'en-GB', options).format(date);
  return { text, datetime: [y, month === undefined ? '' : m, day === undefined ? '' : d].filter(Boolean).join('-') };
}

/** The Result tag in words ("White wins"), or undefined for "*" or none. */
export function resultWords(value: string | undefined): string | undefined {
  if (value === '1-0') return msg(str`${colorName('white')} wins`, { id: 'result-wins' });
  if (value === '0-1') return msg(str`${colorName('black')} wins`, { id: 'result-wins' });
  if (value === '1/2-1/2') return msg('Draw', { id: 'result-draw' });
  return undefined;
}

/** The player of `color` with a rating, or undefined where the PGN names no player. */
export function player(tree: GameTree, color: Color): { name: string; elo: string | undefined } | undefined {
  const side = color === 'white' ? 'White' : 'Black';
  const name = knownTag(tree.tags, side);
  if (!name) return undefined;
  const elo = knownTag(tree.tags, `${side}Elo`);
  return { name, elo };
}

/** The player at the board's top or bottom (the bottom is the board's orientation), or nothing. */
export function playerLine(tree: GameTree, orientation: Color, place: 'top' | 'bottom') {
  const color: Color = place === 'bottom' ? orientation : orientation === 'white' ? 'black' : 'white';
  const shown = player(tree, color);
  if (!shown) return nothing;
  return html`<p class="player player-${place}" data-color=${color}>
    <span class="player-mark" aria-hidden="true"></span>
    <span class="sr-only">${msg(str`${colorName(color)}:`, { id: 'player-side' })}</span>
    <span class="player-name">${shown.name}</span>
    ${
      shown.elo
        ? html`<span class="player-elo"
            ><span class="sr-only">${msg('rating', { id: 'player-rating' })}</span> ${shown.elo}</span
          >`
        : nothing
    }
  </p>`;
}

/** The event, date and result of the game (the game panel's first line), or nothing where the PGN gives none. */
export function eventLine(tree: GameTree) {
  const event = knownTag(tree.tags, 'Event');
  const date = gameDate(knownTag(tree.tags, 'Date'));
  const named = player(tree, 'white') || player(tree, 'black');
  const result = event || date || named ? resultWords(knownTag(tree.tags, 'Result')) : undefined;
  if (!event && !date && !result) return nothing;
  const parts = [
    event ? html`<span class="game-event-name">${event}</span>` : undefined,
    date ? html`<time class="game-date" datetime=${date.datetime || nothing}>${date.text}</time>` : undefined,
    result ? html`<span class="game-result">${result}</span>` : undefined,
  ].filter((part) => part !== undefined);
  return html`<p class="game-event">
    ${parts.map((part, index) => html`${index > 0 ? html`<span aria-hidden="true"> · </span>` : nothing}${part}`)}
  </p>`;
}
