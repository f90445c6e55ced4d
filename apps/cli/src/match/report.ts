/** Text and JSON reports of a match, cutechess-like wording so that people used to it read it at a glance. */
import { estimateEloPentanomial, type Wdl } from './elo.js';
import type { GameRecord } from './game-runner.js';
import type { MatchStanding, MatchSummary } from './runner.js';

function fixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return value.toFixed(digits);
}

function scoreLine(label: string, wdl: Wdl): string {
  const n = wdl.wins + wdl.draws + wdl.losses;
  const score = n === 0 ? NaN : (wdl.wins + wdl.draws / 2) / n;
  return `${label}: ${wdl.wins} - ${wdl.losses} - ${wdl.draws}  [${fixed(score, 3)}] ${n}`;
}

/** Two lines after each game: what happened, and the running score (W - L - D, in cutechess's order). */
export function formatGameProgress(game: GameRecord, standing: MatchStanding): string {
  const [first, second] = standing.engines;
  const lines = [
    `Finished game ${game.round}/${standing.gamesPlanned} (${game.white} vs ${game.black}, opening ${game.openingIndex + 1}): ${game.result} {${game.reason}}`,
    scoreLine(`Score of ${first} vs ${second}`, standing.wdl),
  ];
  const sprt = standing.sprt;
  if (sprt !== undefined) {
    lines[1] += `  LLR ${fixed(sprt.llr, 2)} [${fixed(sprt.lowerBound, 2)}, ${fixed(sprt.upperBound, 2)}]`;
  }
  return lines.join('\n');
}

export function formatSummary(summary: MatchSummary, pgnFile?: string): string {
  const [first, second] = summary.engines;
  const elo = summary.elo;
  const lines = [
    scoreLine(`Score of ${first} vs ${second}`, summary.wdl),
    `...      ${first}: ${summary.wdl.wins} wins, ${summary.wdl.draws} draws, ${summary.wdl.losses} losses`,
    scoreLine(`...      ${first} playing White`, summary.firstAsWhite),
    scoreLine(`...      ${first} playing Black`, summary.firstAsBlack),
    scoreLine('...      White vs Black', { wins: summary.whiteWins, draws: summary.draws, losses: summary.blackWins }),
    `Elo difference: ${fixed(elo.elo, 1)} +/- ${fixed(elo.margin, 1)}, LOS: ${fixed(elo.los * 100, 1)} %, DrawRatio: ${fixed(elo.drawRatio * 100, 1)} %`,
    `${Math.round(elo.confidence * 100)}% interval: [${fixed(elo.eloLow, 1)}, ${fixed(elo.eloHigh, 1)}] Elo`,
    `Pentanomial (pairs by ${first}'s points 0, 0.5, 1, 1.5, 2): ${summary.pentanomial.join(', ')}`,
  ];
  const pairs = summary.pentanomial.reduce((a, b) => a + b, 0);
  if (pairs > 0) {
    const penta = estimateEloPentanomial(summary.pentanomial);
    lines.push(
      `Elo from ${pairs} pair(s): ${fixed(penta.elo, 1)} +/- ${fixed(penta.margin, 1)}, interval [${fixed(penta.eloLow, 1)}, ${fixed(penta.eloHigh, 1)}]`,
    );
  }
  const sprt = summary.sprt;
  if (sprt !== undefined) {
    const verdict =
      sprt.decision === 'H1' ? 'H1 was accepted' : sprt.decision === 'H0' ? 'H0 was accepted' : 'no decision yet';
    const share = sprt.llr >= 0 ? sprt.llr / sprt.upperBound : sprt.llr / -sprt.lowerBound;
    lines.push(
      `SPRT (elo0=${sprt.elo0}, elo1=${sprt.elo1}, alpha=${sprt.alpha}, beta=${sprt.beta}): llr ${fixed(sprt.llr, 3)} (${fixed(share * 100, 1)}%), lbound ${fixed(sprt.lowerBound, 2)}, ubound ${fixed(sprt.upperBound, 2)} - ${verdict}`,
    );
  }
  const terminations = Object.entries(summary.terminations)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([reason, count]) => `${reason} ${count}`);
  lines.push(`Terminations: ${terminations.length > 0 ? terminations.join(', ') : 'none'}`);
  const plies = summary.games.map((g) => g.moves.length);
  if (plies.length > 0) {
    const mean = plies.reduce((a, b) => a + b, 0) / plies.length;
    lines.push(`Game length: ${fixed(mean, 1)} plies on average (${Math.min(...plies)}–${Math.max(...plies)})`);
  }
  const stopped =
    summary.stoppedBy === 'sprt' ? 'stopped by SPRT' : summary.stoppedBy === 'aborted' ? 'interrupted' : 'finished';
  lines.push(
    `${summary.gamesPlayed} of ${summary.gamesPlanned} games, ${stopped}, ${fixed(summary.durationMs / 1000, 1)} s`,
  );
  if (pgnFile !== undefined) lines.push(`Games written to ${pgnFile}`);
  return lines.join('\n');
}

/** JSON-safe numbers: infinities and NaN become null. */
function num(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

export interface MatchJson {
  engines: [string, string];
  gamesPlanned: number;
  gamesPlayed: number;
  stoppedBy: MatchSummary['stoppedBy'];
  wins: number;
  draws: number;
  losses: number;
  score: number | null;
  elo: number | null;
  eloLow: number | null;
  eloHigh: number | null;
  eloMargin: number | null;
  los: number;
  drawRatio: number | null;
  firstAsWhite: Wdl;
  firstAsBlack: Wdl;
  whiteWins: number;
  blackWins: number;
  pentanomial: number[];
  pentanomialElo: {
    elo: number | null;
    eloLow: number | null;
    eloHigh: number | null;
    eloMargin: number | null;
  } | null;
  sprt: {
    elo0: number;
    elo1: number;
    alpha: number;
    beta: number;
    llr: number;
    lowerBound: number;
    upperBound: number;
    decision: 'H0' | 'H1' | null;
  } | null;
  terminations: Record<string, number>;
  durationMs: number;
  pgn: string | null;
  games: Array<{
    round: number;
    opening: number;
    white: string;
    black: string;
    result: string;
    termination: string;
    reason: string;
    plies: number;
  }>;
}

function pentanomialJson(summary: MatchSummary): MatchJson['pentanomialElo'] {
  if (summary.pentanomial.reduce((a, b) => a + b, 0) === 0) return null;
  const e = estimateEloPentanomial(summary.pentanomial);
  return { elo: num(e.elo), eloLow: num(e.eloLow), eloHigh: num(e.eloHigh), eloMargin: num(e.margin) };
}

export function summaryToJson(summary: MatchSummary, pgnFile?: string): MatchJson {
  const sprt = summary.sprt;
  return {
    engines: summary.engines,
    gamesPlanned: summary.gamesPlanned,
    gamesPlayed: summary.gamesPlayed,
    stoppedBy: summary.stoppedBy,
    wins: summary.wdl.wins,
    draws: summary.wdl.draws,
    losses: summary.wdl.losses,
    score: num(summary.elo.score),
    elo: num(summary.elo.elo),
    eloLow: num(summary.elo.eloLow),
    eloHigh: num(summary.elo.eloHigh),
    eloMargin: num(summary.elo.margin),
    los: summary.elo.los,
    drawRatio: num(summary.elo.drawRatio),
    firstAsWhite: summary.firstAsWhite,
    firstAsBlack: summary.firstAsBlack,
    whiteWins: summary.whiteWins,
    blackWins: summary.blackWins,
    pentanomial: [...summary.pentanomial],
    pentanomialElo: pentanomialJson(summary),
    sprt:
      sprt === undefined
        ? null
        : {
            elo0: sprt.elo0,
            elo1: sprt.elo1,
            alpha: sprt.alpha,
            beta: sprt.beta,
            llr: sprt.llr,
            lowerBound: sprt.lowerBound,
            upperBound: sprt.upperBound,
            decision: sprt.decision ?? null,
          },
    terminations: { ...summary.terminations } as Record<string, number>,
    durationMs: Math.round(summary.durationMs),
    pgn: pgnFile ?? null,
    games: summary.games.map((g) => ({
      round: g.round,
      opening: g.openingIndex + 1,
      white: g.white,
      black: g.black,
      result: g.result,
      termination: g.termination,
      reason: g.reason,
      plies: g.moves.length,
    })),
  };
}
