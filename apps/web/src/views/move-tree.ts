// The move tree: the main line with its variations inline (in parentheses), comments and move marks. A click goes to
// a move; the tools act on the move on screen (promote, make main line, delete, comment, marks).
import { type TreeNode, makePgn, moveNumberAt } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { errorText } from '../i18n/errors.js';
import { strictSanRefusal } from '../model/strict-san.js';
import { LightView } from './base.js';
import { countWords } from './counting-panel.js';
import { JUDGMENT_GLYPHS } from '../engine/game-analysis.js';
import { NAG_GLYPHS, nodeSan, typedThaiPromotion } from './format.js';

export class MoveTree extends LightView {
  #moveError: string | undefined;
  #copied = false;
  /** The context menu of a move (right-click or the context-menu key): its path and where to show it. */
  #menu: { path: string[]; x: number; y: number } | undefined;

  #openMenu(event: MouseEvent, path: string[]): void {
    event.preventDefault();
    const target = event.currentTarget as HTMLElement;
    const box = target.getBoundingClientRect();
    const x = event.clientX || box.left;
    const y = event.clientY || box.bottom;
    this.#menu = { path, x, y };
    this.requestUpdate();
    void this.updateComplete.then(() =>
      (this.querySelector('.tree-menu [role="menuitem"]:not([disabled])') as HTMLElement | null)?.focus(),
    );
  }

  #closeMenu = (): void => {
    if (!this.#menu) return;
    this.#menu = undefined;
    this.requestUpdate();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('click', this.#closeMenu);
    document.addEventListener('keydown', this.#escape);
  }
  #escape = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') this.#closeMenu();
  };
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('click', this.#closeMenu);
    document.removeEventListener('keydown', this.#escape);
  }

  /** The menu: the tools of the move tree, for the move clicked (not only the one on screen). */
  #renderMenu() {
    const menu = this.#menu;
    const model = this.ctx?.model;
    if (!menu || !model) return nothing;
    const { path } = menu;
    const onMain = model.tree.isMainline(path);
    const act = (action: () => void) => () => {
      action();
      this.#closeMenu();
    };
    const onKey = (event: KeyboardEvent): void => {
      const items = [...this.querySelectorAll<HTMLElement>('.tree-menu [role="menuitem"]:not([disabled])')];
      const at = items.indexOf(event.target as HTMLElement);
      if (event.key === 'Escape') {
        this.#closeMenu();
        (this.querySelector(`button.move[data-path="${path.join(' ')}"]`) as HTMLElement | null)?.focus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      } else return;
      event.preventDefault();
      event.stopPropagation();
    };
    return html`<div
      class="tree-menu"
      role="menu"
      aria-label=${msg('Move menu', { id: 'tree-menu' })}
      style="left: ${menu.x}px; top: ${menu.y}px"
      @keydown=${onKey}
      @click=${(event: Event) => event.stopPropagation()}
    >
      <button type="button" role="menuitem" class="menu-promote" ?disabled=${onMain} @click=${act(() => model.promote(path))}>
        ${msg('Promote', { id: 'tree-promote' })}
      </button>
      <button type="button" role="menuitem" class="menu-mainline" ?disabled=${onMain} @click=${act(() => model.makeMainline(path))}>
        ${msg('Make main line', { id: 'tree-mainline' })}
      </button>
      <button type="button" role="menuitem" class="menu-delete" @click=${act(() => model.deleteAt(path))}>
        ${msg('Delete from here', { id: 'tree-delete' })}
      </button>
      <button type="button" role="menuitem" class="menu-copy" @click=${act(() => void this.#copyLine(path))}>
        ${msg('Copy line PGN', { id: 'tree-copy' })}
      </button>
    </div>`;
  }

  /** The PGN of the line on screen (the path and its main continuation), to the clipboard. */
  async #copyLine(path: readonly string[] = this.ctx?.model.path ?? []): Promise<void> {
    if (!this.ctx) return;
    const { model } = this.ctx;
    const text = makePgn(model.tree.gameAt(model.tree.mainlinePath(path)));
    try {
      await navigator.clipboard.writeText(text);
      this.#copied = true;
    } catch {
      this.#copied = false;
    }
    this.requestUpdate();
  }

  override willUpdate(): void {
    super.willUpdate();
    const path = this.ctx?.model.path.join(' ');
    if (path !== this.#copiedAt) this.#copied = false;
    this.#copiedAt = path;
  }
  #copiedAt: string | undefined;

  /** The path the list was last scrolled to: the list follows the current move, and is left alone otherwise. */
  #followed: string | undefined;

  override updated(): void {
    const current = this.ctx?.model.path.join(' ');
    if (current === this.#followed) return;
    this.#followed = current;
    const list = this.querySelector('.moves') as HTMLElement | null;
    if (!list) return;
    const move = list.querySelector('.move.current') as HTMLElement | null;
    if (!move) {
      list.scrollTop = 0;
      return;
    }
    // the list's own scroll only (scrollIntoView would scroll the page too), with a line of context around
    const box = list.getBoundingClientRect();
    const at = move.getBoundingClientRect();
    const margin = at.height;
    if (at.top < box.top) list.scrollTop -= box.top - at.top + margin;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom + margin;
  }

  override render() {
    if (!this.ctx) return nothing;
    const { model } = this.ctx;
    const tree = model.tree;
    const current = model.path.join(' ');
    const judgments = this.ctx.analysis.judgments();
    const rootTurnWhite = tree.root.position.turn === 'white';
    // The number from the library's moveNumberAt (the one owner: PGN and the CLI number moves with it too).
    const label = (node: TreeNode, force: boolean): string => {
      const { number, color } = moveNumberAt(tree.root.position, node.ply);
      if (color === 'white') return `${number}.`;
      return force ? `${number}…` : '';
    };
    const move = (node: TreeNode, path: string[], force: boolean, parent?: TreeNode): TemplateResult => {
      const key = path.join(' ');
      const number = label(node, force);
      // the count said with this move (the counting panel's own words): a short mark for the eye, words for the ear
      const count = countWords(node);
      const countMark = count?.mark
        ? html`<span class="count-mark" aria-hidden="true" title=${count.say}>${count.mark}</span><span class="sr-only"
              >, ${count.say}</span
            >`
        : nothing;
      return html`${node.startComments.length > 0 ? html`<span class="comment">${node.startComments.join(' ')}</span>` : nothing}
        <button
          type="button"
          class="move ${key === current ? 'current' : ''}"
          data-path=${key}
          aria-current=${key === current ? 'true' : 'false'}
          @click=${() => model.goTo(path)}
          @contextmenu=${(event: MouseEvent) => this.#openMenu(event, path)}
        >
          ${number ? html`<span class="num">${number}</span>` : nothing}${nodeSan(node, parent, model.notation)}${node.nags.map((n) => NAG_GLYPHS[n] ?? `$${n}`).join('')}${
            judgments.has(key)
              ? html`<span class="judgment ${judgments.get(key)}" title=${judgments.get(key) ?? ''}>${JUDGMENT_GLYPHS[judgments.get(key) ?? 'inaccuracy']}</span>`
              : nothing
          }${countMark}
        </button>
        ${node.comments.length > 0 ? html`<span class="comment">${node.comments.join(' ')}</span>` : nothing}`;
    };
    const line = (from: TreeNode, fromPath: string[], forceFirst: boolean): TemplateResult[] => {
      const out: TemplateResult[] = [];
      let node = from;
      let path = fromPath;
      let force = forceFirst;
      while (node.children.length > 0) {
        const [main, ...variations] = node.children as [TreeNode, ...TreeNode[]];
        const mainPath = [...path, main.uci];
        out.push(move(main, mainPath, force, node));
        force = main.comments.length > 0;
        for (const variation of variations) {
          const variationPath = [...path, variation.uci];
          out.push(
            html`<span class="variation" role="group" aria-label=${msg('variation', { id: 'tree-variation' })}
              >(${move(variation, variationPath, true, node)}${line(variation, variationPath, variation.comments.length > 0)})</span
            >`,
          );
          force = true;
        }
        node = main;
        path = mainPath;
      }
      return out;
    };
    const node = model.node;
    const onMain = tree.isMainline(model.path);
    const noMove = model.path.length === 0;
    return html`<section class="panel tree" aria-labelledby="tree-heading">
      <div class="panel-head">
        <h2 id="tree-heading">${msg('Moves', { id: 'tree-heading' })}</h2>
        <button type="button" class="new-game" @click=${() => model.newGame()}>${msg('New game', { id: 'tree-new-game' })}</button>
        ${
          model.previous
            ? html`<button type="button" class="previous-game" @click=${() => model.backToPrevious()}>
                ${msg('Back to the previous game', { id: 'tree-previous-game' })}
              </button>`
            : nothing
        }
      </div>
      <div class="move-nav" role="toolbar" aria-label=${msg('Move navigation', { id: 'tree-nav' })}>
        <button type="button" class="nav-first" @click=${() => model.first()} aria-label=${msg('First move', { id: 'nav-first' })}>«</button>
        <button type="button" class="nav-prev" @click=${() => model.prev()} aria-label=${msg('Previous move', { id: 'nav-prev' })}>◀</button>
        <button type="button" class="nav-next" @click=${() => model.next()} aria-label=${msg('Next move', { id: 'nav-next' })}>▶</button>
        <button type="button" class="nav-last" @click=${() => model.last()} aria-label=${msg('Last move', { id: 'nav-last' })}>»</button>
      </div>
      <div class="moves" role="group" aria-label=${msg('Move list', { id: 'tree-list' })}>
        ${tree.root.comments.length > 0 ? html`<span class="comment">${tree.root.comments.join(' ')}</span>` : nothing}
        ${line(tree.root, [], !rootTurnWhite)}
        ${
          tree.root.children.length === 0
            ? html`<p class="hint">${msg('Move a piece on the board (click it, then its square), type a move below, or import a game in the PGN box.', { id: 'tree-hint' })}</p>`
            : nothing
        }
      </div>
      <form
        class="move-form"
        @submit=${(event: Event) => {
          event.preventDefault();
          const input = this.querySelector('.move-input') as HTMLInputElement;
          const text = typedThaiPromotion(input.value.trim());
          const refusal = strictSanRefusal(model.node.position, text);
          if (refusal) {
            this.#moveError =
              refusal.code === 'pawn-capture-without-file'
                ? msg(
                    str`“${refusal.written}” would be the capture ${refusal.san}: a pawn capture names the pawn’s file. Write ${refusal.san}.`,
                    { id: 'strict-pawn-capture' },
                  )
                : msg(str`“${refusal.written}” takes nothing here. Write ${refusal.san}.`, {
                    id: 'strict-capture-mark',
                  });
            this.requestUpdate();
            return;
          }
          const played = model.play(text);
          this.#moveError = played.ok ? undefined : errorText(played.error, text);
          if (played.ok) input.value = '';
          this.requestUpdate();
        }}
      >
        <label
          >${msg('Type a move', { id: 'tree-type-move' })}
          <input type="text" class="move-input" autocomplete="off" spellcheck="false" placeholder="Nd2, e3e4, ง๔" aria-describedby="move-error"
        /></label>
        <button type="submit">${msg('Play', { id: 'tree-play' })}</button>
      </form>
      <p id="move-error" class="error move-error" role=${this.#moveError ? 'alert' : nothing}>${this.#moveError ?? ''}</p>
      <div class="tools" role="toolbar" aria-label=${msg('Move tools', { id: 'tree-tools' })}>
        <button type="button" class="promote" ?disabled=${onMain} @click=${() => model.promote()}>${msg('Promote', { id: 'tree-promote' })}</button>
        <button type="button" class="mainline" ?disabled=${onMain} @click=${() => model.makeMainline()}>
          ${msg('Make main line', { id: 'tree-mainline' })}
        </button>
        <button type="button" class="delete" ?disabled=${noMove} @click=${() => model.deleteAt()}>${msg('Delete from here', { id: 'tree-delete' })}</button>
        <button type="button" class="copy-line" @click=${() => void this.#copyLine()}>
          ${this.#copied ? msg('Copied', { id: 'tree-copied' }) : msg('Copy line PGN', { id: 'tree-copy' })}
        </button>
      </div>
      ${
        noMove
          ? nothing
          : html`<div class="annotate">
            <span role="group" aria-label=${msg('Move marks', { id: 'tree-marks' })}>
              ${[1, 2, 3, 4, 5, 6].map(
                (nag) => html`<button
                  type="button"
                  class="nag"
                  aria-pressed=${node.nags.includes(nag) ? 'true' : 'false'}
                  @click=${() => model.toggleNag(nag)}
                >
                  ${NAG_GLYPHS[nag]}
                </button>`,
              )}
            </span>
            <label class="comment-edit"
              >${msg('Comment', { id: 'tree-comment' })}
              <input
                type="text"
                class="comment-input"
                .value=${node.comments.join(' ')}
                @change=${(event: Event) => model.setComment((event.target as HTMLInputElement).value)}
            /></label>
          </div>`
      }
      ${this.#renderMenu()}
    </section>`;
  }
}
customElements.define('move-tree', MoveTree);
