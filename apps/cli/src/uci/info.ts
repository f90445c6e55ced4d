// Engine → GUI lines: `info …` from a SearchInfo, and `bestmove`.
import type { AnalysisResult, Score, SearchInfo } from '@makruk/makruk';

export function formatScore(score: Score): string {
  return 'mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`;
}

export function formatInfo(info: SearchInfo): string {
  const parts = [
    `info depth ${info.depth}`,
    `seldepth ${info.seldepth}`,
    `multipv ${info.multiPv}`,
    `score ${formatScore(info.score)}`,
    `nodes ${info.nodes}`,
    `nps ${info.nps}`,
    `hashfull ${info.hashfull}`,
    `time ${info.timeMs}`,
  ];
  if (info.pv.length > 0) parts.push(`pv ${info.pv.join(' ')}`);
  return parts.join(' ');
}

/** `bestmove e3e4 ponder e6e5`; `bestmove (none)` when there is no legal move (what cutechess expects). */
export function formatBestMove(result: Pick<AnalysisResult, 'bestMoveUci' | 'ponderUci'>): string {
  if (!result.bestMoveUci) return 'bestmove (none)';
  return result.ponderUci ? `bestmove ${result.bestMoveUci} ponder ${result.ponderUci}` : `bestmove ${result.bestMoveUci}`;
}

/** An `info string`: one line, whatever the message holds. */
export function infoString(message: string): string {
  return `info string ${message.replace(/[\r\n]+/g, ' ')}`;
}
