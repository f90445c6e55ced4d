// The element's shadow styles. Every colour is a documented custom property (README "Theming"); the
// `--_*` properties are private shorthands resolved from them.
import { css } from 'lit';

export const boardStyles = css`
  :host {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
    aspect-ratio: 1;
    min-width: 96px;
    min-height: 96px;
    box-sizing: border-box;
    user-select: none;
    -webkit-user-select: none;
    -webkit-tap-highlight-color: transparent;
    --_board: var(--makruk-board-color, #efd783);
    --_grid: var(--makruk-grid-color, #4a2f12);
    --_light: var(--makruk-light-square-color, #f1dcae);
    --_dark: var(--makruk-dark-square-color, #8b5a2b);
    --_coord: var(--makruk-coord-color, #3d2610);
    --_wf: var(--makruk-white-fill, #f6ecd2);
    --_wl: var(--makruk-white-line, #2b1d0e);
    --_wd: var(--makruk-white-detail, #2b1d0e);
    --_bf: var(--makruk-black-fill, #262220);
    --_bl: var(--makruk-black-line, #0b0908);
    --_bd: var(--makruk-black-detail, #e9dcc0);
  }
  :host([palette='red']) {
    --_bf: var(--makruk-red-fill, #b3322a);
    --_bl: var(--makruk-red-line, #2a0c08);
    --_bd: var(--makruk-red-detail, #f3dca6);
  }
  :host([hidden]) {
    display: none;
  }
  .wrap {
    position: absolute;
    box-sizing: border-box;
  }
  .grid {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    background: var(--_board);
    outline: var(--_line) solid var(--_grid);
    touch-action: none;
  }
  .outside .grid {
    inset: 5%;
  }
  .row {
    display: flex;
    flex: 1;
  }
  .sq {
    position: relative;
    flex: 1;
    box-sizing: border-box;
    box-shadow: inset 0 0 0 calc(var(--_line) / 2) var(--_grid);
    outline: none;
  }
  .checkered .sq {
    box-shadow: none;
    background: var(--_light);
  }
  .checkered .sq.dark {
    background: var(--_dark);
  }
  .sq.last {
    background: var(--makruk-last-move-color, rgb(155 199 0 / 0.45));
  }
  .checkered .sq.last {
    background-image: linear-gradient(var(--makruk-last-move-color, rgb(155 199 0 / 0.45)) 0 0);
  }
  .sq.premove {
    background: var(--makruk-premove-color, rgb(20 30 85 / 0.45));
  }
  .checkered .sq.premove {
    background-image: linear-gradient(var(--makruk-premove-color, rgb(20 30 85 / 0.45)) 0 0);
  }
  .sq.sel {
    background: var(--makruk-selected-color, rgb(20 85 30 / 0.5));
  }
  .checkered .sq.sel {
    background-image: linear-gradient(var(--makruk-selected-color, rgb(20 85 30 / 0.5)) 0 0);
  }
  /* its own layer, so no board style's square background can hide it (a background shorthand once did) */
  .sq.check::before {
    content: '';
    position: absolute;
    inset: 0;
    pointer-events: none;
    z-index: 1;
    background: radial-gradient(circle closest-side, var(--makruk-check-color, rgb(255 0 0 / 0.9)) 0 35%,
      rgb(230 0 0 / 0.6) 75%, rgb(200 0 0 / 0.4) 100%);
  }
  .sq:focus-visible {
    box-shadow: inset 0 0 0 calc(var(--_sq) * 0.06) var(--makruk-focus-color, #1565c0);
    z-index: 1;
  }
  .sq.over {
    box-shadow: inset 0 0 0 calc(var(--_sq) * 0.06) var(--makruk-drag-over-color, rgb(20 85 30 / 0.6));
  }
  .dest::after {
    content: '';
    position: absolute;
    inset: 37%;
    border-radius: 50%;
    background: var(--makruk-dest-color, rgb(20 85 30 / 0.5));
    pointer-events: none;
  }
  .dest.occupied::after {
    inset: 0;
    background: radial-gradient(transparent 0 64%, var(--makruk-dest-color, rgb(20 85 30 / 0.5)) 66%);
  }
  .pc {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    stroke-width: 1.5;
    stroke-linejoin: round;
    pointer-events: none;
    z-index: 2;
  }
  .pc.white {
    fill: var(--_wf);
    stroke: var(--_wl);
    color: var(--_wd);
  }
  .pc.black {
    fill: var(--_bf);
    stroke: var(--_bl);
    color: var(--_bd);
  }
  .pc.lifted {
    opacity: 0.3;
  }
  .ghost {
    position: absolute;
    left: 0;
    top: 0;
    width: var(--_sq);
    height: var(--_sq);
    pointer-events: none;
    z-index: 10;
    will-change: transform;
  }
  .ghost .pc {
    filter: drop-shadow(0 calc(var(--_sq) * 0.05) calc(var(--_sq) * 0.04) rgb(0 0 0 / 0.35));
  }
  .coords {
    position: absolute;
    inset: 0;
    pointer-events: none;
    z-index: 3;
    font: 600 calc(var(--_sq) * 0.16) / 1 system-ui, sans-serif;
  }
  .coords.outside {
    inset: 5%;
    font-size: calc(var(--_sq) * 0.24);
  }
  .coord {
    position: absolute;
    display: flex;
    align-items: center;
    justify-content: center;
    color: var(--_coord);
  }
  /* inside: small, in the corners of the edge squares (rank top-left, file bottom-right), clear of the pieces */
  .inside .coord.rank {
    left: 0;
    margin: calc(var(--_sq) * 0.03) 0 0 calc(var(--_sq) * 0.03);
  }
  .inside .coord.file {
    bottom: 0;
    margin: 0 calc(var(--_sq) * 0.03) calc(var(--_sq) * 0.01) 0;
  }
  .checkered .inside .on-dark {
    color: var(--makruk-coord-on-dark-color, #fbf1dc);
  }
  /* outside: centred in the margin beside each row and column */
  .outside .coord {
    color: var(--makruk-coord-outside-color, var(--_coord));
  }
  .outside .coord.file {
    top: 100%;
    width: 12.5%;
    height: calc(100% / 18);
  }
  .outside .coord.rank {
    right: 100%;
    width: calc(100% / 18);
    height: 12.5%;
  }
  .coord .glyph {
    display: block;
    height: 0.85em;
    max-width: 0.85em;
    width: auto;
    fill: currentColor;
    overflow: visible;
  }
  .shapes {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
    z-index: 5;
    overflow: visible;
  }
  .outside .shapes {
    inset: 5%;
    width: 90%;
    height: 90%;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (forced-colors: active) {
    /* keep the drawings and highlights legible in Windows high-contrast modes */
    .pc,
    .shapes,
    .sq {
      forced-color-adjust: none;
    }
    .sq:focus-visible {
      outline: calc(var(--_sq) * 0.06) solid Highlight;
      outline-offset: calc(var(--_sq) * -0.06);
    }
  }
  .defs {
    position: absolute;
    width: 0;
    height: 0;
  }
`;
