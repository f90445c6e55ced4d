import type { CountingResult, Material, SideMaterial } from './types.js';
import { CountingError } from './types.js';

type MutableSide = { -readonly [K in keyof SideMaterial]: SideMaterial[K] };

/**
 * The material of a FEN piece placement (field 1), for callers that have no board of their own. Accepts the
 * canonical letters K M S N R P, the aliases Q (met), B (khon), F (promoted pawn) and the `~` promoted mark.
 * Only counts pieces; the facade validates the board.
 */
export function materialFromPlacement(placement: string): CountingResult<Material> {
  const white: MutableSide = { pawns: 0, mets: 0, khons: 0, knights: 0, rooks: 0 };
  const black: MutableSide = { pawns: 0, mets: 0, khons: 0, knights: 0, rooks: 0 };
  for (const char of placement) {
    if (char === '/' || char === '~' || (char >= '1' && char <= '8')) continue;
    const side = char === char.toUpperCase() ? white : black;
    switch (char.toLowerCase()) {
      case 'k':
        break;
      case 'p':
        side.pawns++;
        break;
      case 'm':
      case 'q':
      case 'f':
        side.mets++;
        break;
      case 's':
      case 'b':
        side.khons++;
        break;
      case 'n':
        side.knights++;
        break;
      case 'r':
        side.rooks++;
        break;
      default:
        return {
          ok: false,
          error: new CountingError('ERR_FEN_BOARD', `Unknown piece letter '${char}' in the piece placement.`),
        };
    }
  }
  return { ok: true, value: { white, black } };
}
