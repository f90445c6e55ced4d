// A PNG of the position on screen: the board drawn as one SVG (squares, grid and the board package's Thai piece art,
// in its default colours), rasterised on a canvas. Only the placement is drawn (no arrows, no highlights).
import { thaiPieceSet } from '@makruk/board';
import { type Color, type Position, SQUARES, fileOf, rankOf, squareIndex } from '@makruk/makruk';

const SIZE = 60;
/** The board's default piece colours (as `<makruk-board>` draws them), one inline style per side. */
export const PIECE_COLORS: Record<Color, string> = {
  white: 'fill:#f6ecd2;stroke:#2b1d0e;color:#2b1d0e',
  black: 'fill:#262220;stroke:#0b0908;color:#e9dcc0',
};

/** The board as an SVG document, `orientation` at the bottom. */
export function positionSvg(position: Position, orientation: Color): string {
  let pieces = '';
  for (const square of SQUARES) {
    const piece = position.pieceAt(square);
    if (!piece) continue;
    const file = fileOf(squareIndex(square));
    const rank = rankOf(squareIndex(square));
    const x = (orientation === 'white' ? file : 7 - file) * SIZE;
    const y = (orientation === 'white' ? 7 - rank : rank) * SIZE;
    const kind = piece.promoted ? 'promoted' : piece.role;
    pieces += `<svg x="${x}" y="${y}" width="${SIZE}" height="${SIZE}" viewBox="0 0 50 50" style="${PIECE_COLORS[piece.color]};stroke-width:1.5;stroke-linejoin:round">${thaiPieceSet.art[kind]}</svg>`;
  }
  let grid = '';
  for (let i = 1; i < 8; i++) {
    grid += `<line x1="${i * SIZE}" y1="0" x2="${i * SIZE}" y2="${8 * SIZE}"/><line x1="0" y1="${i * SIZE}" x2="${8 * SIZE}" y2="${i * SIZE}"/>`;
  }
  const side = 8 * SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="#efd783"/><g stroke="#4a2f12" stroke-width="2">${grid}</g><rect width="${side}" height="${side}" fill="none" stroke="#4a2f12" stroke-width="4"/>${pieces}</svg>`;
}

/** The position as a PNG file. */
export async function positionPng(position: Position, orientation: Color): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([positionSvg(position, orientation)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')?.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
