// Whole-game analysis: one button searches every position of the main line (progress bar; cancel and resume),
// marks inaccuracies, mistakes and blunders in the move tree and draws a clickable evaluation graph.
import { moveNumberAt, moveNumberText } from '@makruk/makruk';
import { msg, str } from '@lit/localize';
import { html, nothing, svg } from 'lit';
import { LightView } from './base.js';
import { colorName } from './counting-panel.js';
import { formatScore, nodeSan } from './format.js';
import { eventLine } from './game-tags.js';

const WIDTH = 600;

// counts with their plural (1 inaccuracy, 2 inaccuracies); Thai has one form
const inaccuracies = (n: number): string =>
  n === 1
    ? msg('1 inaccuracy', { id: 'count-inaccuracy-one' })
    : msg(str`${n} inaccuracies`, { id: 'count-inaccuracy' });
const mistakes = (n: number): string =>
  n === 1 ? msg('1 mistake', { id: 'count-mistake-one' }) : msg(str`${n} mistakes`, { id: 'count-mistake' });
const blunders = (n: number): string =>
  n === 1 ? msg('1 blunder', { id: 'count-blunder-one' }) : msg(str`${n} blunders`, { id: 'count-blunder' });
const HEIGHT = 120;

/**
 * The graph's filled areas as SVG paths: White's advantage between the line and the axis above it, Black's below (as
 * lichess). Where the line crosses the axis between two positions the crossing is added, so each area ends there.
 */
export function filledAreas(plotted: ReadonlyArray<{ x: number; y: number }>): { white: string; black: string } {
  const mid = HEIGHT / 2;
  const first = plotted[0];
  const last = plotted[plotted.length - 1];
  if (!first || !last) return { white: '', black: '' };
  const crossed: Array<{ x: number; y: number }> = [];
  for (const [index, point] of plotted.entries()) {
    const before = plotted[index - 1];
    if (before && (before.y - mid) * (point.y - mid) < 0) {
      const t = (mid - before.y) / (point.y - before.y);
      crossed.push({ x: before.x + t * (point.x - before.x), y: mid });
    }
    crossed.push(point);
  }
  const area = (side: (y: number) => number): string =>
    `M${first.x.toFixed(1)},${mid} ${crossed.map((p) => `L${p.x.toFixed(1)},${side(p.y).toFixed(1)}`).join(' ')} L${last.x.toFixed(1)},${mid} Z`;
  return { white: area((py) => Math.min(py, mid)), black: area((py) => Math.max(py, mid)) };
}

export class GamePanel extends LightView {
  override render() {
    if (!this.ctx) return nothing;
    const { analysis, model } = this.ctx;
    const points = analysis.points();
    const known = points.filter((point) => point.white !== undefined).length;
    const step = points.length > 1 ? WIDTH / (points.length - 1) : WIDTH;
    const y = (white: number) => (HEIGHT / 2) * (1 - white);
    const plotted = points
      .map((point, ply) => (point.white === undefined ? undefined : { x: ply * step, y: y(point.white) }))
      .filter((p) => p !== undefined);
    const line = plotted.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    const areas = filledAreas(plotted);
    const current = model.path.join(' ');
    const currentPly = points.findIndex((point) => point.path.join(' ') === current);
    const marks = analysis.judgments();
    // a dot on each judged move, at the position it led to, coloured as the move list's mark
    const dots = points.flatMap((point, ply) => {
      const mark = marks.get(point.path.join(' '));
      return mark && point.white !== undefined ? [{ x: ply * step, y: y(point.white), mark, ply }] : [];
    });
    const counts = {
      white: { inaccuracy: 0, mistake: 0, blunder: 0 },
      black: { inaccuracy: 0, mistake: 0, blunder: 0 },
    };
    for (const [path, mark] of marks) {
      const steps = path.split(' ');
      const mover = model.tree.nodeAt(steps.slice(0, -1))?.position.turn ?? 'white';
      counts[mover][mark]++;
    }
    const goToPly = (event: MouseEvent): void => {
      const box = (event.currentTarget as SVGElement).getBoundingClientRect();
      const ply = Math.round(((event.clientX - box.left) / box.width) * (points.length - 1));
      const point = points[Math.max(0, Math.min(points.length - 1, ply))];
      if (point) model.goTo(point.path);
    };
    // keyboard: ← → one ply, Home/End the first and last position; the board follows (the page's own keys are not run)
    const onGraphKey = (event: KeyboardEvent): void => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const from = Math.max(currentPly, 0);
      const target = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: points.length - 1 }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      const point = points[Math.max(0, Math.min(points.length - 1, target))];
      if (point) model.goTo(point.path);
    };
    const shown = points[currentPly];
    const shownNode = shown ? model.tree.nodeAt(shown.path) : undefined;
    // the position after ply N is named by its move as players write it (ply 38: "Move 19... Rxg3"), the start as such
    const where = (): string => {
      if (!shown || shown.path.length === 0 || !shownNode) return '';
      const number = moveNumberText(moveNumberAt(model.tree.root.position, shown.path.length));
      return `${number} ${nodeSan(shownNode, model.tree.nodeAt(shown.path.slice(0, -1)), model.notation)}`;
    };
    const valueText =
      currentPly < 0 || !shown
        ? msg('Not a main-line position', { id: 'game-graph-off' })
        : shown.path.length === 0
          ? shown.score
            ? msg(str`Start, ${colorName('white')} ${formatScore(shown.score, shownNode?.position.turn ?? 'white')}`, {
                id: 'game-graph-start-value',
              })
            : msg('Start, not analysed', { id: 'game-graph-start-unknown' })
          : shown.score
            ? msg(
                str`Move ${where()}, ${colorName('white')} ${formatScore(shown.score, shownNode?.position.turn ?? 'white')}`,
                { id: 'game-graph-move-value' },
              )
            : msg(str`Move ${where()}, not analysed`, { id: 'game-graph-move-unknown' });
    return html`<section class="panel game-analysis" aria-labelledby="game-heading">
      <div class="panel-head">
        <h2 id="game-heading">${msg('Game analysis', { id: 'game-heading' })}</h2>
        <label
          >${msg('Depth', { id: 'game-depth' })}
          <select
            class="game-depth"
            ?disabled=${analysis.running}
            @change=${(event: Event) => {
              analysis.depth = Number((event.target as HTMLSelectElement).value);
              analysis.save();
              this.requestUpdate();
            }}
          >
            ${[4, 6, 8, 10, 12].map((d) => html`<option value=${d} ?selected=${d === analysis.depth}>${d}</option>`)}
          </select></label
        >
        ${
          analysis.running
            ? html`<button type="button" class="game-cancel" @click=${() => analysis.cancel()}>${msg('Cancel', { id: 'game-cancel' })}</button>`
            : html`<button type="button" class="game-run" @click=${() => void analysis.run()}>
              ${
                known > 0 && known < points.length
                  ? msg('Resume', { id: 'game-resume' })
                  : msg('Analyse the game', { id: 'game-run' })
              }
            </button>`
        }
      </div>
      ${eventLine(model.tree)}
      ${
        analysis.running || known > 0
          ? html`<progress class="game-progress" max=${points.length} .value=${known} aria-label=${msg('Progress', { id: 'game-progress' })}></progress>
            <span class="game-count">${known} / ${points.length}</span>`
          : nothing
      }
      ${
        known > 0
          ? html`<svg
              class="eval-graph"
              viewBox="0 0 ${WIDTH} ${HEIGHT}"
              preserveAspectRatio="none"
              role="slider"
              tabindex="0"
              aria-label=${msg('Evaluation graph: click a point or use the arrow keys to go to that move', { id: 'game-graph' })}
              aria-valuemin="0"
              aria-valuemax=${points.length - 1}
              aria-valuenow=${Math.max(0, currentPly)}
              aria-valuetext=${valueText}
              @click=${goToPly}
              @keydown=${onGraphKey}
            >
              <rect x="0" y="0" width=${WIDTH} height=${HEIGHT} class="graph-bg"></rect>
              ${svg`<path d=${areas.white} class="graph-area graph-area-white"></path>
                <path d=${areas.black} class="graph-area graph-area-black"></path>`}
              <line x1="0" x2=${WIDTH} y1=${HEIGHT / 2} y2=${HEIGHT / 2} class="graph-mid"></line>
              ${svg`<polyline points=${line} class="graph-line" fill="none"></polyline>`}
              ${currentPly >= 0 ? svg`<line x1=${currentPly * step} x2=${currentPly * step} y1="0" y2=${HEIGHT} class="graph-cursor"></line>` : nothing}
              ${dots.map(
                // a zero-length line with round caps in a stroke that does not scale: a round dot however the graph is
                // stretched (a circle would turn into an ellipse)
                (dot) =>
                  svg`<g class="graph-dot ${dot.mark}" data-ply=${dot.ply}>
                    <line class="graph-dot-ring" x1=${dot.x} x2=${dot.x + 0.01} y1=${dot.y} y2=${dot.y}></line>
                    <line class="graph-dot-fill" x1=${dot.x} x2=${dot.x + 0.01} y1=${dot.y} y2=${dot.y}></line>
                  </g>`,
              )}
            </svg>
            <ul class="game-summary">
              ${(['white', 'black'] as const).map(
                (color) =>
                  html`<li>
                    ${msg(
                      str`${colorName(color)}: ${inaccuracies(counts[color].inaccuracy)}, ${mistakes(counts[color].mistake)}, ${blunders(counts[color].blunder)}`,
                      { id: 'game-summary-counts' },
                    )}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('game-panel', GamePanel);
