// The repository's PGN texts (from the library's and the CLI's tests and the README), gathered so that
// pgn-fixtures.test.ts can pin in full what the readers and writers make of them.
const ROSTER = '[Event "t"]\n[Site "?"]\n[Date "2026.11.30"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n';

export const PGN_FIXTURES: readonly string[] = [
  // pgn.test.ts SAMPLE
  `[Event "Club night"]
[Site "Bangkok"]
[Date "2026.11.30"]
[Round "1"]
[White "Somchai"]
[Black "Malee"]
[Result "*"]
[Variant "Makruk"]

{Opening with the e-pawn} 1. e4 {the usual} e5 2. Nd2 $1 Nd7 3. c4!? (3. f4 f5 {a sideline (with brackets)}
(3... c5 4. c4)) 3... c5 *
`,
  `[Event "A"]\n[Variant "Makruk"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n[Variant "makruk"]\n\n1. d4 0-1\n\n[Event "C"]\n\n1. c4 *\n`,
  '[Event "A"]\n1. e4\n[Event "B"]\n1. d4',
  `[Variant "Makruk"]\n[SetUp "1"]\n[FEN "8/8/8/4k3/5P2/8/8/R3K3 b - - 0 50"]\n\n50... Kxf4 51. Ra2 *`,
  '% exported by a tool\n1.e4 e5 2.Nd2 ; rest of line\n2...Nd7 *',
  '[FEN "4k3/8/2n5/8/5s2/8/8/RR2K3 w - - 0 40"]\n\n40. Rb4 Kd8 41. Rf4 Kd7??',
  '[FEN "4k3/8/2n5/8/8/8/8/RR2K3 w - - 0 40"]\n\n{[%count start]} 40. Ra2 Kd8 {[%count stop] White stops} 41. Raa1 Ke8 *',
  '[FEN "k6n/8/8/8/8/8/7R/1R2K3 w - - 0 40"]\n\n{[%count start]} 40. Ra2# 1/2-1/2',
  // tree.test.ts
  [
    '[Event "Study"]',
    '[White "A"]',
    '',
    '{Start} 1. e4 {centre} e5 (1... Nd7 $5 {solid} 2. Nd2 (2. a4 {edge}) 2... a5) 2. Nd2 $1 ({or} 2. Ne2 Nd7) 2... Nd7 *',
  ].join('\n'),
  '[White "<script>alert(1)</script>"]\n\n1. e4 {x) 2. Kxe8 (} *',
  // README
  '[White "Somchai \\"the rook\\""]\n\n1. e4 e5 2. Nd2 {develops} *',
  // apps/cli annotate.test.ts and check.test.ts
  `${ROSTER}[WhiteACPL "999"]\n\n{before} 1. e4 {a comment [%eval 9.99]} f5 $2 $1 2. Nd2 *`,
  `${ROSTER}\n1. e4 f5 2. Nd2 {a comment\n[not a tag] still the comment} Nf6 *\n`,
  `${ROSTER.replace('*', '1-0')}[FEN "4k3/R7/8/8/8/8/8/1R2K3 w - - 0 1"]\n[SetUp "1"]\n\n1. Rb8# 1-0\n`,
  // Thai and UCI movetext, as makePgn writes them
  '[FEN "4k3/8/8/2P5/8/8/8/4K2R w - - 0 30"]\n\n30. ค๖=M ข-ง๘ 31. ร-ญ๘+ ข-ค๗ 32. ร-ญ๗+ ข-ค๖ $2 {note} *',
  '[FEN "4k3/8/8/2P5/8/8/8/4K2R w - - 0 30"]\n\n30. c5c6m e8d8 31. h1h8 d8c7 32. h8h7 c7c6 $2 {note} *',
  // a CRLF file with a BOM, nested variations, and a variation's start comment
  '\uFEFF[Event "crlf"]\r\n\r\n1. e4 e5 (1... d5 (1... c5 {deep}) 2. Nd2) ({start} 1... a5 2. a4) 2. Nd2 *\r\n',
];
