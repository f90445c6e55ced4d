// The search bench positions (bench/search.mjs, bench/profile.mjs): the start, openings from
// openings/makruk-balanced.epd, and middlegames/endgames reached by depth-5 self-play from those openings
// (kept here so the set never changes).
export const POSITIONS = [
  ['start', 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1'],
  ['opening 1', 'r1smksnr/3n4/ppppp1p1/1P3p1p/4P3/P1PP1PPP/8/RNSKMSNR w - - 1 6'],
  ['opening 2', '1nsm1knr/1r2s3/pppp1pp1/4p1Pp/5P2/PPPPP2P/3NK3/R1S1MSNR b - - 1 7'],
  ['opening 3', 'rns1k1n1/1rm2s2/pp1ppppp/2p5/P7/NPPPPPPP/2S1N3/R1K1MS1R w - - 3 6'],
  ['middlegame 1', 'r1s1s3/2m1k2r/pn1p1np1/1p1P1p2/1P3P2/2N1P2P/3SNKS1/R3M2R w - - 1 16'],
  ['middlegame 2', '3m3r/1sk2s2/p2p1p2/P1p3p1/1nPpP3/1N1P1PRP/2KS1M2/5S2 w - - 6 22'],
  ['middlegame 3', '2r4r/2mk2s1/1sR3p1/1p1pPp1p/pP1P3P/P2S2M1/3K2S1/2R5 b - - 5 27'],
  ['late middlegame', '1r1r4/3km1s1/s2p1p1p/2pP1PpP/p2pP1P1/P2P1N2/1RSKS3/1R6 b - - 33 36'],
  ['endgame N+N+M+P', '4k3/4N3/4N3/4P1M1/5P2/8/6K1/8 b - - 0 47'],
  ['endgame R+R v K (count)', '8/8/8/4k3/8/8/8/RR2K3 w - 16 9 40'],
];
