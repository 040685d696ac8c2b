// interp_sweep: the scalar interpreter evaluating every TMA coordinate of a
// real kernel for 100,000 program ids and every loop iteration, timed against
// two peers measured in the same run: the same loop nest written in C++
// (calling the same kind of callback per TMA op) and parsing the file.
// Prints times and ratios; with --check (a test) only ratios, and exits 1 when
// the interpreter's coordinates differ from the C++ loop's or the sweep is
// slower than --max-ratio times it.
//
//   interp_sweep [--fixture DIR] [--programs N] [--k K] [--reps R] [--check]
//                [--max-ratio X]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "interp/Sweep.h"
#include "ir/Parser.h"

using namespace tscope;
using Clock = std::chrono::steady_clock;

namespace {

struct Acc {
  uint64_t events = 0;
  int64_t sum = 0, minC = INT64_MAX, maxC = INT64_MIN;
  void add(int64_t a, int64_t b) {
    ++events;
    sum += a * 3 + b;
    minC = std::min({minC, a, b});
    maxC = std::max({maxC, a, b});
  }
  bool operator==(const Acc &o) const {
    return events == o.events && sum == o.sum && minC == o.minC && maxC == o.maxC;
  }
};

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

template <class F> double best(int reps, F &&f) {
  double t = 1e30;
  for (int i = 0; i < reps; ++i) {
    auto a = Clock::now();
    f();
    t = std::min(t, seconds(a, Clock::now()));
  }
  return t;
}

/// The partition0 loop nest of tools/corpus/gluon_ws_tma.py, by hand: for
/// each program, k_tiles = (K + 63) / 64 iterations, each loading A at
/// [pid_x * 128, kt * 64] and B at [kt * 64, pid_y * 64].
using Visit = std::function<void(int64_t, int64_t)>;
void nativeLoopNest(int64_t gx, int64_t gy, int64_t K, const Visit &visit) {
  for (int64_t y = 0; y < gy; ++y)
    for (int64_t x = 0; x < gx; ++x) {
      int32_t offM = static_cast<int32_t>(x) * 128, offN = static_cast<int32_t>(y) * 64;
      int32_t kTiles = (static_cast<int32_t>(K) + 63) / 64;
      for (int32_t kt = 0; kt < kTiles; ++kt) {
        visit(offM, kt * 64);
        visit(kt * 64, offN);
      }
    }
}

const ir::Operation *findWarpSpecialize(const ir::Module &m) {
  std::vector<const ir::Operation *> work;
  for (const ir::Chunk &c : m.chunks())
    for (const ir::Operation *op = c.body->first->first; op; op = op->next)
      work.push_back(op);
  while (!work.empty()) {
    const ir::Operation *op = work.back();
    work.pop_back();
    if (op->is("ttg.warp_specialize"))
      return op;
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (const ir::Operation *x = b->first; x; x = x->next)
          work.push_back(x);
  }
  return nullptr;
}

const ir::Operation *findFunction(const ir::Module &m) {
  for (const ir::Operation *op = m.chunks()[0].body->first->first; op; op = op->next) {
    if (op->name->opName() == "func")
      return op;
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Operation *x = r->first ? r->first->first : nullptr; x; x = x->next)
        if (x->name->opName() == "func")
          return x;
  }
  return nullptr;
}

} // namespace

int main(int argc, char **argv) {
  std::string fixture = std::string(TSCOPE_FIXTURES) + "/gluon_ws_tma";
  int64_t programs = 100000, K = 4096;
  int reps = 3;
  bool check = false;
  double maxRatio = 0;
  for (int i = 1; i < argc; ++i) {
    auto next = [&]() -> const char * { return i + 1 < argc ? argv[++i] : ""; };
    if (!std::strcmp(argv[i], "--fixture"))
      fixture = next();
    else if (!std::strcmp(argv[i], "--programs"))
      programs = std::atoll(next());
    else if (!std::strcmp(argv[i], "--k"))
      K = std::atoll(next());
    else if (!std::strcmp(argv[i], "--reps"))
      reps = std::max(1, std::atoi(next()));
    else if (!std::strcmp(argv[i], "--check"))
      check = true;
    else if (!std::strcmp(argv[i], "--max-ratio"))
      maxRatio = std::atof(next());
    else {
      std::fprintf(stderr, "usage: %s [--fixture DIR] [--programs N] [--k K] [--reps R] "
                           "[--check] [--max-ratio X]\n", argv[0]);
      return 2;
    }
  }
  // A grid of `programs` ids: 400 columns of 128-row tiles, as many rows as
  // needed (100,000 = 400 x 250).
  int64_t gx = std::min<int64_t>(programs, 400), gy = (programs + gx - 1) / gx;
  std::string path = fixture + "/kernel.ttgir", err;

  std::unique_ptr<ir::Module> m;
  double tParse = best(reps * 5, [&] {
    std::string e;
    auto buf = support::SourceBuffer::open(path, e);
    if (!buf)
      return;
    support::Diagnostics diags;
    m = ir::parseModule(std::move(buf), diags);
  });
  if (!m) {
    std::fprintf(stderr, "%s: cannot read\n", path.c_str());
    return 2;
  }
  const ir::Operation *func = findFunction(*m);
  const ir::Operation *ws = findWarpSpecialize(*m);
  if (!func || !ws || ws->numRegions < 2) {
    std::fprintf(stderr, "%s: expected a function with a ttg.warp_specialize\n", path.c_str());
    return 2;
  }
  std::unique_ptr<interp::Program> prog;
  double tCompile = best(reps * 5, [&] { prog = std::make_unique<interp::Program>(*m, *func); });

  interp::Bindings b;
  b.set("K", K);
  b.numPrograms = {{gx, gy, 1}};
  interp::EventSet loads = prog->select(
      [](const ir::Operation &op) { return op.is("ttng.async_tma_copy_global_to_local"); });
  Acc interp, native;
  interp::SweepSummary summary;
  double tInterp = best(reps, [&] {
    interp = {};
    summary = interp::sweepGrid(*prog, b, ws->region(1), loads,
                                [&](const interp::Process &p, const ir::Operation &,
                                    const interp::Dim3 &) {
                                  interp.add(p.operand(1).sext(), p.operand(2).sext());
                                  return true;
                                });
  });
  double tNative = best(reps, [&] {
    native = {};
    nativeLoopNest(gx, gy, K, [&](int64_t a, int64_t c) { native.add(a, c); });
  });

  bool same = interp == native && summary.unknownPrograms == 0;
  uint64_t iterations = summary.events / 2;
  std::printf("fixture: %s (partition0, ttng.async_tma_copy_global_to_local)\n",
              fixture.c_str());
  std::printf("programs: %lld (grid %lldx%lld), K=%lld: %llu loop iterations, %llu TMA "
              "coordinates pairs\n",
              static_cast<long long>(gx * gy), static_cast<long long>(gx),
              static_cast<long long>(gy), static_cast<long long>(K),
              static_cast<unsigned long long>(iterations),
              static_cast<unsigned long long>(summary.events));
  std::printf("program: %u instructions, %u computed values in %u environment slots "
              "(%zu bytes of state per process)\n",
              prog->size(), prog->numDynamicValues(), prog->numSlots(),
              prog->numSlots() * (sizeof(interp::Scalar) + 8));
  // A test (--check) reports ratios only: bare times depend on the machine.
  if (!check)
    std::printf("interpreter sweep: %.3f s (%.1f ns per program, %.1f ns per TMA op)\n",
                tInterp, tInterp * 1e9 / static_cast<double>(gx * gy),
                tInterp * 1e9 / static_cast<double>(std::max<uint64_t>(summary.events, 1)));
  std::printf("ratio to the same loop nest in C++ (same callback): %.1fx\n", tInterp / tNative);
  std::printf("ratio to parsing the file once:                      %.1fx\n", tInterp / tParse);
  std::printf("compiling the program / parsing the file:            %.2fx\n", tCompile / tParse);
  std::printf("coordinates match the C++ loop nest: %s\n", same ? "yes" : "NO");
  if (check) {
    if (!same)
      return 1;
    if (maxRatio > 0 && tInterp / tNative > maxRatio) {
      std::printf("FAIL: ratio %.1f above --max-ratio %.1f\n", tInterp / tNative, maxRatio);
      return 1;
    }
  }
  return 0;
}
