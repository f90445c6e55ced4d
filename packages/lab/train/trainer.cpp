// The network trainer (issue 17): a (768 -> N) x 2 -> 1 perspective network with SCReLU, trained on our own
// self-play game records (gamefile.mjs) with AdamW, on the CPU, in as many threads as asked. Deterministic: the
// same data, options and seed give the same network bytes on any x86-64 (no fused multiply-add, fixed summation
// order across threads). Quantises to the integer weights the engine reads (network.mjs documents the file).
//
//   trainer train --data FILE [--data FILE…] --out NET [options]   (trainer --help lists them)
//   trainer eval NET FEN…                                           integer evaluations, exactly as the engine
//
// Inputs: for each perspective, 768 = (own / their) x 6 roles x 64 squares; Black's view is rotated 180 degrees
// (square ^ 63), which makes both sides' start positions the same (the Makruk setup is point-symmetric).
// Loss: (sigmoid(y) - t)^2 with t = (1 - wdl) * sigmoid(score / scale) + wdl * result, y the output in units of
// `scale` centipawns; result 1 / 0.5 / 0 from the side to move.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

// --- constants shared with the engine (assembly/nnue/network.ts) and network.mjs --------------------------------
constexpr int INPUTS = 768;
constexpr int QA = 255;
constexpr int QB = 64;
constexpr uint32_t NET_VERSION = 1;
constexpr float WEIGHT_CLIP = 1.98f;  // keeps |output weight| * QB <= 127: v * w fits an i16 in the engine

// --- game file (gamefile.mjs) ------------------------------------------------------------------------------------
constexpr uint16_t MOVE_MASK = 0x1fff;
constexpr uint16_t FLAG_NOISY = 1 << 13;
constexpr uint16_t FLAG_UNSCORED = 1 << 14;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "trainer: %s\n", message.c_str());
  std::exit(1);
}

// A position as the trainer keeps it: occupancy, one nibble (colour << 3 | role) per occupied square in square
// order, the score and result from the side to move, the side to move.
struct Sample {
  uint64_t occupied;
  uint8_t pieces[16];
  int16_t score;
  uint8_t result;  // 0 lost, 1 draw, 2 won (side to move)
  uint8_t black;   // side to move is Black
  uint32_t pad;
};
static_assert(sizeof(Sample) == 32, "Sample is 32 bytes");

int roleOfLetter(char c) {
  switch (c | 0x20) {
    case 'p': return 1;
    case 'm': case 'q': case 'f': return 2;
    case 's': case 'b': return 3;
    case 'n': return 4;
    case 'r': return 5;
    case 'k': return 6;
    default: return 0;
  }
}

// The placement and side to move of a FEN; false when it cannot be read.
bool parseFen(const std::string& fen, uint8_t board[64], bool& black) {
  std::memset(board, 0, 64);
  int rank = 7, file = 0;
  size_t i = 0;
  for (; i < fen.size() && fen[i] != ' '; i++) {
    char c = fen[i];
    if (c == '/') { rank--; file = 0; continue; }
    if (c == '~') continue;
    if (c >= '1' && c <= '8') { file += c - '0'; continue; }
    int role = roleOfLetter(c);
    if (role == 0 || rank < 0 || file > 7) return false;
    board[rank * 8 + file] = static_cast<uint8_t>(((c >= 'a') ? 8 : 0) | role);
    file++;
  }
  if (i + 1 >= fen.size()) return false;
  black = fen[i + 1] == 'b';
  return true;
}

Sample makeSample(const uint8_t board[64], bool black, int score, int result) {
  Sample s{};
  int n = 0;
  for (int sq = 0; sq < 64; sq++) {
    if (!board[sq]) continue;
    s.occupied |= 1ull << sq;
    if (n < 32) s.pieces[n >> 1] |= static_cast<uint8_t>(board[sq] << ((n & 1) * 4));
    n++;
  }
  s.score = static_cast<int16_t>(score);
  s.result = static_cast<uint8_t>(result);
  s.black = black ? 1 : 0;
  return s;
}

struct LoadOptions {
  int maxScore = 3000;  // |score| above this (mates, lost causes) is left out
  int minPly = 0;       // plies of the record (after the opening) to skip
  int validationPercent = 5;
  uint64_t seed = 1;
};

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Reads every game of a file and keeps its quiet, scored positions; a game goes wholly to training or validation
// (positions of one game are alike), chosen by a hash of (seed, file number, game index).
void loadGames(const char* path, int fileNumber, const LoadOptions& options, std::vector<Sample>& train,
               std::vector<Sample>& validation, uint64_t& games) {
  FILE* f = std::fopen(path, "rb");
  if (!f) die(std::string("cannot open ") + path);
  std::vector<uint8_t> bytes;
  uint8_t chunk[1 << 16];
  size_t got;
  while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) bytes.insert(bytes.end(), chunk, chunk + got);
  std::fclose(f);
  auto u16 = [&](size_t at) { return static_cast<uint16_t>(bytes[at] | (bytes[at + 1] << 8)); };
  auto u32 = [&](size_t at) { return static_cast<uint32_t>(u16(at) | (static_cast<uint32_t>(u16(at + 2)) << 16)); };
  if (bytes.size() < 12 || std::memcmp(bytes.data(), "MKGAMES1", 8) != 0) die(std::string(path) + " is not a game file");
  size_t at = 12 + u32(8);
  while (at + 10 <= bytes.size()) {
    if (bytes[at] != 0xa7) die(std::string(path) + ": no record at byte " + std::to_string(at));
    uint32_t index = u32(at + 1);
    int result = bytes[at + 5];
    int fenLength = bytes[at + 7];
    if (at + 10 + fenLength > bytes.size()) break;
    std::string fen(reinterpret_cast<const char*>(&bytes[at + 8]), fenLength);
    int plies = u16(at + 8 + fenLength);
    size_t body = at + 10 + fenLength;
    if (body + 4ull * plies > bytes.size()) break;  // a record cut short (a run still writing, or killed)
    uint8_t board[64];
    bool black;
    if (!parseFen(fen, board, black)) die(std::string(path) + ": bad FEN " + fen);
    uint64_t h = options.seed * 0x100000001b3ull + (static_cast<uint64_t>(fileNumber) << 40) + index;
    bool toValidation = static_cast<int>(splitmix64(h) % 100) < options.validationPercent;
    for (int i = 0; i < plies; i++) {
      uint16_t word = u16(body + 4 * i);
      int score = static_cast<int16_t>(u16(body + 4 * i + 2));
      if (!(word & (FLAG_NOISY | FLAG_UNSCORED)) && i >= options.minPly && std::abs(score) <= options.maxScore) {
        int stmResult = black ? 2 - result : result;
        (toValidation ? validation : train).push_back(makeSample(board, black, score, stmResult));
      }
      int from = word & 63, to = (word >> 6) & 63;
      uint8_t piece = board[from];
      board[to] = (word & (1 << 12)) ? static_cast<uint8_t>((piece & 8) | 2) : piece;
      board[from] = 0;
      black = !black;
    }
    (void)MOVE_MASK;
    games++;
    at = body + 4ull * plies;
  }
}

// Active features of both perspectives: [0] the side to move's, [1] the other's. Returns the count.
int features(const Sample& s, uint16_t own[32], uint16_t other[32]) {
  uint64_t b = s.occupied;
  int n = 0;
  while (b) {
    int sq = __builtin_ctzll(b);
    b &= b - 1;
    int piece = (s.pieces[n >> 1] >> ((n & 1) * 4)) & 15;
    int colour = piece >> 3, role = (piece & 7) - 1;
    // White's view: squares as they are; Black's: rotated. "own" = the viewer's pieces.
    int white = ((colour == 0 ? 0 : 1) * 6 + role) * 64 + sq;
    int blackView = ((colour == 1 ? 0 : 1) * 6 + role) * 64 + (sq ^ 63);
    own[n] = static_cast<uint16_t>(s.black ? blackView : white);
    other[n] = static_cast<uint16_t>(s.black ? white : blackView);
    n++;
  }
  return n;
}

// --- the network ----------------------------------------------------------------------------------------------------
struct Network {
  int hidden = 0;
  std::vector<float> w0;  // [INPUTS][hidden]
  std::vector<float> b0;  // [hidden]
  std::vector<float> w1;  // [2 * hidden]: side to move's half first
  float b1 = 0;

  explicit Network(int n = 0) : hidden(n), w0(static_cast<size_t>(INPUTS) * n), b0(n), w1(2 * n) {}
  size_t size() const { return w0.size() + b0.size() + w1.size() + 1; }
  // All parameters as one flat array view (for the optimiser): w0, b0, w1, b1.
  float* at(size_t i) {
    if (i < w0.size()) return &w0[i];
    i -= w0.size();
    if (i < b0.size()) return &b0[i];
    i -= b0.size();
    if (i < w1.size()) return &w1[i];
    return &b1;
  }
};

inline float screlu(float x) {
  float c = x < 0 ? 0 : (x > 1 ? 1 : x);
  return c * c;
}

struct Targets {
  float scale = 400;
  float wdl = 0.3f;
};

// exp and cos from basic arithmetic only: libm picks CPU-specific code paths (FMA or not) whose last bits differ,
// and the network must be the same bytes on every machine.
double exp2Fraction(double r) {  // 2^r for |r| <= 0.5, Taylor series of e^(r ln 2) to 1e-15
  double x = r * 0.6931471805599453, term = 1, sum = 1;
  for (int k = 1; k < 16; k++) {
    term = term * x / k;
    sum += term;
  }
  return sum;
}
double deterministicExp(double x) {
  if (x > 80) x = 80;
  if (x < -80) x = -80;
  double d = x * 1.4426950408889634;
  double k = std::floor(d + 0.5);
  return std::ldexp(exp2Fraction(d - k), static_cast<int>(k));
}
double deterministicCos(double x) {  // |x| <= pi
  double term = 1, sum = 1, x2 = x * x;
  for (int k = 1; k < 24; k++) {
    term = -term * x2 / ((2 * k - 1) * (2 * k));
    sum += term;
  }
  return sum;
}

inline float sigmoid(float x) { return static_cast<float>(1.0 / (1.0 + deterministicExp(-static_cast<double>(x)))); }

float target(const Sample& s, const Targets& t) {
  return (1 - t.wdl) * sigmoid(s.score / t.scale) + t.wdl * (s.result * 0.5f);
}

// Forward (and, with `grad`, backward) pass over samples [begin, end); returns the summed loss.
double pass(const Network& net, const Sample* samples, size_t begin, size_t end, const Targets& targets,
            Network* grad) {
  const int n = net.hidden;
  std::vector<float> acc(2 * n), dacc(2 * n);
  double loss = 0;
  uint16_t feats[2][32];
  for (size_t i = begin; i < end; i++) {
    const Sample& s = samples[i];
    int count = features(s, feats[0], feats[1]);
    for (int side = 0; side < 2; side++) {
      float* a = &acc[side * n];
      std::memcpy(a, net.b0.data(), n * sizeof(float));
      for (int k = 0; k < count; k++) {
        const float* w = &net.w0[static_cast<size_t>(feats[side][k]) * n];
        for (int j = 0; j < n; j++) a[j] += w[j];
      }
    }
    // eight partial sums in a fixed order: vectorisable without reassociating anything
    float lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int j = 0; j < 2 * n; j += 8)
      for (int l = 0; l < 8; l++) lanes[l] += net.w1[j + l] * screlu(acc[j + l]);
    float y = net.b1;
    for (int l = 0; l < 8; l++) y += lanes[l];
    float p = sigmoid(y);
    float t = target(s, targets);
    loss += static_cast<double>((p - t) * (p - t));
    if (!grad) continue;
    float dy = 2 * (p - t) * p * (1 - p);
    grad->b1 += dy;
    for (int j = 0; j < 2 * n; j++) {
      float a = acc[j];
      grad->w1[j] += dy * screlu(a);
      dacc[j] = (a > 0 && a < 1) ? dy * net.w1[j] * 2 * a : 0;
    }
    for (int side = 0; side < 2; side++) {
      const float* d = &dacc[side * n];
      for (int j = 0; j < n; j++) grad->b0[j] += d[j];
      for (int k = 0; k < count; k++) {
        float* g = &grad->w0[static_cast<size_t>(feats[side][k]) * n];
        for (int j = 0; j < n; j++) g[j] += d[j];
      }
    }
  }
  return loss;
}

// Loss over a set, split over threads (each sums its own fixed range; the partial sums are added in order).
double meanLoss(const Network& net, const std::vector<Sample>& set, const Targets& targets, int threads) {
  if (set.empty()) return 0;
  std::vector<double> part(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; t++) {
    size_t begin = set.size() * t / threads, end = set.size() * (t + 1) / threads;
    pool.emplace_back([&, t, begin, end] { part[t] = pass(net, set.data(), begin, end, targets, nullptr); });
  }
  for (auto& th : pool) th.join();
  double sum = 0;
  for (double p : part) sum += p;
  return sum / static_cast<double>(set.size());
}

// --- quantised network: the engine's file (network.mjs) -------------------------------------------------------------
struct Quantised {
  int hidden;
  int scale;
  std::vector<int16_t> w0, b0, w1;
  int32_t b1;
};

int16_t clampI16(float x) { return static_cast<int16_t>(std::max(-32767.0f, std::min(32767.0f, std::nearbyint(x)))); }

Quantised quantise(const Network& net, int scale) {
  Quantised q{net.hidden, scale, {}, {}, {}, 0};
  for (float w : net.w0) q.w0.push_back(clampI16(w * QA));
  for (float b : net.b0) q.b0.push_back(clampI16(b * QA));
  for (float w : net.w1) q.w1.push_back(static_cast<int16_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(w * QB)))));
  q.b1 = static_cast<int32_t>(std::nearbyint(net.b1 * QA * QB));
  return q;
}

// The engine's arithmetic, step for step: centipawns from the side to move.
int quantisedEval(const Quantised& q, const Sample& s) {
  const int n = q.hidden;
  uint16_t feats[2][32];
  int count = features(s, feats[0], feats[1]);
  int64_t sum = 0;
  for (int side = 0; side < 2; side++) {
    for (int j = 0; j < n; j++) {
      int32_t a = q.b0[j];
      for (int k = 0; k < count; k++) a += q.w0[static_cast<size_t>(feats[side][k]) * n + j];
      int16_t acc = static_cast<int16_t>(a);  // the engine keeps i16 accumulators (wrapping adds)
      int32_t v = std::max<int32_t>(0, std::min<int32_t>(QA, acc));
      int32_t vw = static_cast<int16_t>(v * q.w1[side * n + j]);
      sum += static_cast<int64_t>(vw) * v;
    }
  }
  int32_t out = static_cast<int32_t>(sum / QA) + q.b1;  // truncating division, as i32.div_s
  return static_cast<int32_t>(static_cast<int64_t>(out) * q.scale / (QA * QB));
}

uint32_t fnv1a(const std::vector<uint8_t>& bytes, size_t from) {
  uint32_t h = 2166136261u;
  for (size_t i = from; i < bytes.size(); i++) h = (h ^ bytes[i]) * 16777619u;
  return h;
}

void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; i++) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put16(std::vector<uint8_t>& out, int16_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(static_cast<uint16_t>(v) >> 8));
}

// "MKNNUE01" · u32 version · u32 inputs · u32 hidden · u32 QA · u32 QB · u32 scale · u32 checksum (FNV-1a of the
// weights) · zeros to 64 bytes · i16 w0[768][N] · i16 b0[N] · i16 w1[2N] · i32 b1 (engine: assembly/nnue/network.ts).
constexpr size_t NET_HEADER_BYTES = 64;
std::vector<uint8_t> encodeNetwork(const Quantised& q) {
  std::vector<uint8_t> body;
  for (int16_t v : q.w0) put16(body, v);
  for (int16_t v : q.b0) put16(body, v);
  for (int16_t v : q.w1) put16(body, v);
  put32(body, static_cast<uint32_t>(q.b1));
  std::vector<uint8_t> out = {'M', 'K', 'N', 'N', 'U', 'E', '0', '1'};
  put32(out, NET_VERSION);
  put32(out, INPUTS);
  put32(out, static_cast<uint32_t>(q.hidden));
  put32(out, QA);
  put32(out, QB);
  put32(out, static_cast<uint32_t>(q.scale));
  put32(out, fnv1a(body, 0));
  out.resize(NET_HEADER_BYTES, 0);
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

Quantised decodeNetwork(const std::vector<uint8_t>& b) {
  auto u32 = [&](size_t at) { return static_cast<uint32_t>(b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<uint32_t>(b[at + 3]) << 24); };
  if (b.size() < NET_HEADER_BYTES || std::memcmp(b.data(), "MKNNUE01", 8) != 0) die("not a network file");
  Quantised q{static_cast<int>(u32(16)), static_cast<int>(u32(28)), {}, {}, {}, 0};
  size_t n = static_cast<size_t>(q.hidden);
  if (u32(12) != INPUTS || u32(20) != QA || u32(24) != QB || b.size() != NET_HEADER_BYTES + 2 * (INPUTS * n + 3 * n) + 4) die("network file of another shape");
  size_t at = NET_HEADER_BYTES;
  auto i16 = [&]() { int16_t v = static_cast<int16_t>(b[at] | b[at + 1] << 8); at += 2; return v; };
  for (size_t i = 0; i < INPUTS * n; i++) q.w0.push_back(i16());
  for (size_t i = 0; i < n; i++) q.b0.push_back(i16());
  for (size_t i = 0; i < 2 * n; i++) q.w1.push_back(i16());
  q.b1 = static_cast<int32_t>(u32(at));
  return q;
}

void writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) die("cannot write " + path);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) die("cannot write " + path);
}

std::vector<uint8_t> readFile(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) die("cannot open " + path);
  std::vector<uint8_t> bytes;
  uint8_t chunk[1 << 16];
  size_t got;
  while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) bytes.insert(bytes.end(), chunk, chunk + got);
  std::fclose(f);
  return bytes;
}

// Checkpoint: "MKCKPT01" · u32 hidden · u32 epoch · u64 step · f32 params, Adam m, Adam v.
void saveCheckpoint(const std::string& path, Network& net, const std::vector<float>& m, const std::vector<float>& v,
                    uint32_t epoch, uint64_t step) {
  std::vector<uint8_t> out = {'M', 'K', 'C', 'K', 'P', 'T', '0', '1'};
  put32(out, static_cast<uint32_t>(net.hidden));
  put32(out, epoch);
  put32(out, static_cast<uint32_t>(step));
  put32(out, static_cast<uint32_t>(step >> 32));
  auto floats = [&](auto get, size_t count) {
    for (size_t i = 0; i < count; i++) {
      float x = get(i);
      uint32_t bits;
      std::memcpy(&bits, &x, 4);
      put32(out, bits);
    }
  };
  floats([&](size_t i) { return *net.at(i); }, net.size());
  floats([&](size_t i) { return m[i]; }, m.size());
  floats([&](size_t i) { return v[i]; }, v.size());
  writeFile(path, out);
}

bool loadCheckpoint(const std::string& path, Network& net, std::vector<float>& m, std::vector<float>& v,
                    uint32_t& epoch, uint64_t& step) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  std::fclose(f);
  std::vector<uint8_t> b = readFile(path);
  auto u32 = [&](size_t at) { return static_cast<uint32_t>(b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<uint32_t>(b[at + 3]) << 24); };
  if (b.size() < 24 || std::memcmp(b.data(), "MKCKPT01", 8) != 0) die(path + " is not a checkpoint");
  if (static_cast<int>(u32(8)) != net.hidden || b.size() != 24 + 12 * net.size()) die(path + " is a checkpoint of another shape");
  epoch = u32(12);
  step = u32(16) | static_cast<uint64_t>(u32(20)) << 32;
  size_t at = 24;
  auto next = [&]() { uint32_t bits = u32(at); at += 4; float x; std::memcpy(&x, &bits, 4); return x; };
  for (size_t i = 0; i < net.size(); i++) *net.at(i) = next();
  for (size_t i = 0; i < m.size(); i++) m[i] = next();
  for (size_t i = 0; i < v.size(); i++) v[i] = next();
  return true;
}

double power(double base, uint64_t exponent) {  // by squaring: exact operations only
  double result = 1;
  for (; exponent; exponent >>= 1, base *= base)
    if (exponent & 1) result *= base;
  return result;
}

const char* USAGE =
    "trainer train --data FILE [--data FILE...] --out NET [--hidden 128] [--epochs 10] [--batch 16384]\n"
    "   [--lr 0.001] [--final-lr 0.00001] [--weight-decay 0.01] [--wdl 0.3] [--scale 400] [--max-score 3000]\n"
    "   [--min-ply 0] [--validation 5] [--threads 2] [--seed 1] [--checkpoint FILE] [--max-positions N]\n"
    "--checkpoint FILE: saved after every epoch; a run with the same options and FILE carries on from it.\n"
    "trainer eval NET FEN...\n";

int train(int argc, char** argv) {
  std::vector<std::string> data;
  std::string out, checkpoint;
  int hidden = 128, epochs = 10, batch = 16384, threads = 2;
  double lr = 0.001, finalLr = 0.00001, weightDecay = 0.01;
  uint64_t maxPositions = 0;
  int stopAfter = 0;  // stop after this epoch, as a run killed there would (tests of --checkpoint)
  Targets targets;
  LoadOptions load;
  for (int i = 0; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(a + " needs a value");
      return argv[++i];
    };
    auto number = [&]() {
      std::string v = value();
      char* end;
      double x = std::strtod(v.c_str(), &end);
      if (*end || v.empty() || !std::isfinite(x)) die(a + " needs a number, not " + v);
      return x;
    };
    if (a == "--data") data.push_back(value());
    else if (a == "--out") out = value();
    else if (a == "--checkpoint") checkpoint = value();
    else if (a == "--hidden") hidden = static_cast<int>(number());
    else if (a == "--epochs") epochs = static_cast<int>(number());
    else if (a == "--batch") batch = static_cast<int>(number());
    else if (a == "--threads") threads = static_cast<int>(number());
    else if (a == "--lr") lr = number();
    else if (a == "--final-lr") finalLr = number();
    else if (a == "--weight-decay") weightDecay = number();
    else if (a == "--wdl") targets.wdl = static_cast<float>(number());
    else if (a == "--scale") targets.scale = static_cast<float>(number());
    else if (a == "--max-score") load.maxScore = static_cast<int>(number());
    else if (a == "--min-ply") load.minPly = static_cast<int>(number());
    else if (a == "--validation") load.validationPercent = static_cast<int>(number());
    else if (a == "--seed") load.seed = static_cast<uint64_t>(number());
    else if (a == "--max-positions") maxPositions = static_cast<uint64_t>(number());
    else if (a == "--stop-after") stopAfter = static_cast<int>(number());
    else die("unknown option " + a + "\n" + USAGE);
  }
  if (data.empty() || out.empty()) die(std::string("--data and --out are required\n") + USAGE);
  if (hidden < 8 || hidden > 1024 || hidden % 16 != 0) die("--hidden must be a multiple of 16 from 16 to 1024");
  if (threads < 1 || threads > 64 || batch < 1 || epochs < 1) die("--threads, --batch and --epochs must be positive");
  if (targets.wdl < 0 || targets.wdl > 1) die("--wdl must be from 0 to 1");

  std::vector<Sample> trainSet, validation;
  uint64_t games = 0;
  for (size_t f = 0; f < data.size(); f++) loadGames(data[f].c_str(), static_cast<int>(f), load, trainSet, validation, games);
  if (maxPositions && trainSet.size() > maxPositions) trainSet.resize(maxPositions);
  if (trainSet.empty()) die("no training positions in the data");
  std::fprintf(stderr, "trainer: %llu games, %zu training positions, %zu validation positions\n",
               static_cast<unsigned long long>(games), trainSet.size(), validation.size());

  Network net(hidden);
  uint64_t rng = load.seed ^ 0x5eedull;
  auto uniform = [&](float bound) { return (static_cast<float>(splitmix64(rng) >> 40) / 16777216.0f * 2 - 1) * bound; };
  for (float& w : net.w0) w = uniform(0.1f);
  for (float& w : net.w1) w = uniform(1.0f / std::sqrt(static_cast<float>(2 * hidden)));
  std::vector<float> m(net.size()), v(net.size());
  uint32_t startEpoch = 0;
  uint64_t step = 0;
  if (!checkpoint.empty() && loadCheckpoint(checkpoint, net, m, v, startEpoch, step)) {
    std::fprintf(stderr, "trainer: resumed from %s after epoch %u\n", checkpoint.c_str(), startEpoch);
  }

  std::vector<Network> grads(threads, Network(hidden));
  const size_t batches = (trainSet.size() + batch - 1) / batch;
  const uint64_t totalSteps = static_cast<uint64_t>(batches) * epochs;
  std::vector<uint32_t> order(trainSet.size());
  std::vector<Sample> shuffled(trainSet.size());
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  for (uint32_t epoch = startEpoch; epoch < static_cast<uint32_t>(epochs); epoch++) {
    // The order of an epoch depends only on (seed, epoch): a resumed run shuffles as the first one did.
    uint64_t shuffleState = load.seed * 0x9e3779b97f4a7c15ull + epoch;
    for (size_t i = 0; i < order.size(); i++) order[i] = static_cast<uint32_t>(i);
    for (size_t i = order.size() - 1; i > 0; i--) std::swap(order[i], order[splitmix64(shuffleState) % (i + 1)]);
    for (size_t i = 0; i < order.size(); i++) shuffled[i] = trainSet[order[i]];
    auto started = std::chrono::steady_clock::now();
    double trainLoss = 0;
    for (size_t b = 0; b < batches; b++, step++) {
      size_t begin = b * batch, end = std::min(trainSet.size(), begin + batch);
      std::vector<double> part(threads);
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; t++) {
        size_t from = begin + (end - begin) * t / threads, to = begin + (end - begin) * (t + 1) / threads;
        pool.emplace_back([&, t, from, to] {
          Network& g = grads[t];
          std::fill(g.w0.begin(), g.w0.end(), 0.0f);
          std::fill(g.b0.begin(), g.b0.end(), 0.0f);
          std::fill(g.w1.begin(), g.w1.end(), 0.0f);
          g.b1 = 0;
          part[t] = pass(net, shuffled.data(), from, to, targets, &g);
        });
      }
      for (auto& th : pool) th.join();
      for (double p : part) trainLoss += p;
      // AdamW, cosine decay from lr to finalLr over the whole run; weights clipped for the quantisation.
      double progress = static_cast<double>(step) / static_cast<double>(std::max<uint64_t>(1, totalSteps - 1));
      double rate = finalLr + 0.5 * (lr - finalLr) * (1 + deterministicCos(3.141592653589793 * progress));
      double c1 = 1 - power(beta1, step + 1), c2 = 1 - power(beta2, step + 1);
      const float inv = 1.0f / static_cast<float>(end - begin);
      const size_t count = net.size();
      for (size_t i = 0; i < count; i++) {
        float g = 0;
        for (int t = 0; t < threads; t++) g += *grads[t].at(i);
        g *= inv;
        m[i] = static_cast<float>(beta1 * m[i] + (1 - beta1) * g);
        v[i] = static_cast<float>(beta2 * v[i] + (1 - beta2) * g * g);
        float* p = net.at(i);
        double update = (m[i] / c1) / (std::sqrt(v[i] / c2) + eps) + weightDecay * *p;
        float next = static_cast<float>(*p - rate * update);
        *p = std::max(-WEIGHT_CLIP, std::min(WEIGHT_CLIP, next));
      }
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double validationLoss = meanLoss(net, validation, targets, threads);
    Quantised q = quantise(net, static_cast<int>(targets.scale));
    // The quantised network's loss on the validation set: what the engine will see.
    double quantisedLoss = 0;
    for (const Sample& s : validation) {
      float p = sigmoid(static_cast<float>(quantisedEval(q, s)) / targets.scale);
      float t = target(s, targets);
      quantisedLoss += (p - t) * (p - t);
    }
    if (!validation.empty()) quantisedLoss /= static_cast<double>(validation.size());
    std::printf("epoch %u: train loss %.6f, validation loss %.6f (quantised %.6f), %.0f positions/s\n", epoch + 1,
                trainLoss / static_cast<double>(trainSet.size()), validationLoss, quantisedLoss,
                static_cast<double>(trainSet.size()) / seconds);
    std::fflush(stdout);
    writeFile(out, encodeNetwork(q));
    if (!checkpoint.empty()) saveCheckpoint(checkpoint, net, m, v, epoch + 1, step);
    if (stopAfter > 0 && epoch + 1 >= static_cast<uint32_t>(stopAfter)) break;
  }
  return 0;
}

int evalCommand(int argc, char** argv) {
  if (argc < 2) die(USAGE);
  Quantised q = decodeNetwork(readFile(argv[0]));
  for (int i = 1; i < argc; i++) {
    uint8_t board[64];
    bool black;
    if (!parseFen(argv[i], board, black)) die(std::string("bad FEN ") + argv[i]);
    std::printf("%d\n", quantisedEval(q, makeSample(board, black, 0, 1)));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "train") return train(argc - 2, argv + 2);
  if (argc >= 2 && std::string(argv[1]) == "eval") return evalCommand(argc - 2, argv + 2);
  std::fputs(USAGE, argc >= 2 && std::string(argv[1]) == "--help" ? stdout : stderr);
  return argc >= 2 && std::string(argv[1]) == "--help" ? 0 : 1;
}
