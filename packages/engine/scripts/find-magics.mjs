// One-off tool: finds rook magic multipliers for assembly/bitboard.ts (fancy magic bitboards).
// Run `node scripts/find-magics.mjs` and paste the printed array into ROOK_MAGICS. Deterministic (fixed seed).
const M64 = (1n << 64n) - 1n;
let state = 0x9e3779b97f4a7c15n;
function rand64() {
  // xorshift64*
  state ^= state >> 12n;
  state ^= (state << 25n) & M64;
  state ^= state >> 27n;
  return (state * 0x2545f4914f6cdd1dn) & M64;
}
const sparse = () => rand64() & rand64() & rand64();
const bit = (sq) => 1n << BigInt(sq);

function rookMask(sq) {
  const r = sq >> 3,
    f = sq & 7;
  let m = 0n;
  for (let rr = r + 1; rr < 7; rr++) m |= bit(rr * 8 + f);
  for (let rr = r - 1; rr > 0; rr--) m |= bit(rr * 8 + f);
  for (let ff = f + 1; ff < 7; ff++) m |= bit(r * 8 + ff);
  for (let ff = f - 1; ff > 0; ff--) m |= bit(r * 8 + ff);
  return m;
}
function rookAttacks(sq, occ) {
  const r = sq >> 3,
    f = sq & 7;
  let a = 0n;
  for (const [dr, df] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ]) {
    let rr = r + dr,
      ff = f + df;
    while (rr >= 0 && rr < 8 && ff >= 0 && ff < 8) {
      a |= bit(rr * 8 + ff);
      if (occ & bit(rr * 8 + ff)) break;
      rr += dr;
      ff += df;
    }
  }
  return a;
}
const popcount = (b) => {
  let n = 0;
  while (b) {
    b &= b - 1n;
    n++;
  }
  return n;
};

const magics = [];
for (let sq = 0; sq < 64; sq++) {
  const mask = rookMask(sq);
  const bits = popcount(mask);
  const shift = BigInt(64 - bits);
  const occs = [],
    atts = [];
  let sub = 0n;
  do {
    occs.push(sub);
    atts.push(rookAttacks(sq, sub));
    sub = (sub - mask) & mask;
  } while (sub);
  const size = 1 << bits;
  const table = new Array(size);
  const epoch = new Int32Array(size);
  for (let attempt = 1; ; attempt++) {
    const magic = sparse();
    if (popcount(((mask * magic) & M64) >> 56n) < 6) continue;
    let ok = true;
    for (let i = 0; i < occs.length && ok; i++) {
      const idx = Number(((occs[i] * magic) & M64) >> shift);
      if (epoch[idx] !== attempt) {
        epoch[idx] = attempt;
        table[idx] = atts[i];
      } else if (table[idx] !== atts[i]) ok = false;
    }
    if (ok) {
      magics.push(magic);
      break;
    }
  }
}
console.log(magics.map((m) => `0x${m.toString(16).padStart(16, '0')}`).join(',\n'));
