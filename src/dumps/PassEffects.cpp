// PassEffects: three parallel phases — hash each snapshot and find the first
// with the same IR, count ops of the distinct ones, diff each distinct changed pair once.
#include "dumps/PassEffects.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "dumps/ContentHash.h"
#include "support/Parallel.h"

namespace tscope::dumps {

using support::parallelFor;
using support::prefault;
using support::workerCount;
namespace {

std::string_view stageOf(const Snapshot &s, const OpCounts &ops) {
  switch (s.language) {
  case IrLanguage::LlvmIr: return "llir";
  case IrLanguage::MachineIr: return "mir";
  case IrLanguage::Ptx: return "ptx";
  case IrLanguage::Mlir: break;
  }
  for (const OpCount &o : ops)
    if (o.name.size() > 5 && o.name.compare(0, 5, "llvm.") == 0)
      return "llvm-mlir";
  // TTGIR carries ttg layouts and module attributes; TTIR has none.
  size_t mod = s.ir.find("module");
  std::string_view head = s.ir.substr(0, mod == std::string_view::npos ? 0 : s.ir.find('\n', mod));
  if (head.find("ttg.") != std::string_view::npos)
    return "ttgir";
  for (const OpCount &o : ops)
    if (o.name.compare(0, 4, "ttg.") == 0 || o.name.compare(0, 5, "ttng.") == 0)
      return "ttgir";
  return "ttir";
}

bool isPassDump(HeaderKind k) {
  return k == HeaderKind::MlirBefore || k == HeaderKind::MlirAfterFailed ||
         k == HeaderKind::MlirAfter;
}

/// True when two LLVM dump scopes name the same IR: equal, or a function `f`
/// and the CGSCC `(f)` of that one function (both print the function).
bool sameFunctionScope(std::string_view a, std::string_view b) {
  auto bare = [](std::string_view x) {
    return x.size() > 2 && x.front() == '(' && x.back() == ')' && x.find(' ') == std::string_view::npos
               ? x.substr(1, x.size() - 2)
               : x;
  };
  return a == b || bare(a) == bare(b);
}

/// The rows of one compile. MLIR dumps come before each pass, so a `Before`
/// row's result is the next pass dump; LLVM and MIR dumps come after each
/// pass, so a row compares with the previous dump of the same scope.
std::vector<PassRow> rowsOf(const PassLog &log, const Compile &c) {
  std::vector<PassRow> rows;
  rows.reserve(c.endSnapshot - c.firstSnapshot);
  for (uint32_t i = c.firstSnapshot; i < c.endSnapshot; ++i) {
    const Snapshot &s = log.snapshots[i];
    PassRow r;
    r.snapshot = i;
    switch (s.kind) {
    case HeaderKind::MlirBefore: {
      r.before = i;
      for (uint32_t j = i + 1; j < c.endSnapshot; ++j)
        if (isPassDump(log.snapshots[j].kind)) {
          r.after = j;
          break;
        }
      if (c.failed && c.failingSnapshot && *c.failingSnapshot == i)
        r.failed = true;
      break;
    }
    case HeaderKind::MlirAfterFailed:
      continue; // the `after` of the failing row
    case HeaderKind::MlirAfter:
    case HeaderKind::MlirInternal:
      r.after = i;
      if (i > c.firstSnapshot)
        r.before = i - 1;
      break;
    case HeaderKind::LlvmBefore:
    case HeaderKind::LlvmAfter:
    case HeaderKind::MachineAfter:
      r.after = i;
      for (uint32_t j = i; j > c.firstSnapshot; --j) {
        const Snapshot &p = log.snapshots[j - 1];
        if (p.language == s.language && sameFunctionScope(p.scope, s.scope)) {
          r.before = j - 1;
          break;
        }
      }
      break;
    case HeaderKind::Nvptx:
      r.after = i;
      break;
    }
    rows.push_back(r);
  }
  return rows;
}

/// Phase 1: which dumps hold IR seen before? Most passes change nothing, and
/// a log of many compiles (autotune configs, recompiles) repeats whole dumps,
/// so each distinct text is counted and diffed once. The split already knows
/// most of them (Snapshot::sameIrAs, an earlier dump of the same chunk with the
/// same IR lines): only the others are hashed.
void findRepeatedDumps(const PassLog &log, PassAnalysis &a, unsigned threads) {
  size_t n = log.snapshots.size();
  enum : uint8_t { kOmitted, kKnown, kHash };
  std::vector<uint8_t> how(n);
  parallelFor(n, threads, [&](size_t i) {
    const Snapshot &s = log.snapshots[i];
    if (s.omitted && i > 0)
      how[i] = kOmitted;
    else if (s.sameIrAs != UINT32_MAX && !log.snapshots[s.sameIrAs].omitted)
      how[i] = kKnown;
    else
      how[i] = kHash;
  }, 4096);
  std::vector<uint32_t> toHash;
  for (size_t i = 0; i < n; ++i)
    if (how[i] == kHash)
      toHash.push_back(static_cast<uint32_t>(i));
  std::vector<ContentHash> hashes(toHash.size());
  parallelFor(toHash.size(), threads, [&](size_t k) { hashes[k] = hashContent(log.snapshots[toHash[k]].ir); }, 16);
  {
    std::unordered_map<ContentHash, uint32_t, ContentHashKey> firstSeen[4];
    for (size_t k = 0; k < toHash.size(); ++k) {
      uint32_t i = toHash[k];
      auto [it, fresh] = firstSeen[static_cast<size_t>(log.snapshots[i].language) & 3].try_emplace(hashes[k], i);
      if (!fresh)
        a.facts[i].sameAs = it->second;
    }
  }
  // The others follow: an omitted LLVM dump stands for the one before it; a
  // dump with known same IR gets the answer of that (hashed) dump.
  parallelFor(n, threads, [&](size_t i) {
    if (how[i] == kOmitted) {
      a.facts[i].sameAs = static_cast<uint32_t>(i - 1);
    } else if (how[i] == kKnown) {
      uint32_t j = log.snapshots[i].sameIrAs;
      a.facts[i].sameAs = a.facts[j].sameAs == UINT32_MAX ? j : a.facts[j].sameAs;
    }
  }, 4096);
}

/// Phase 2: op counts of the distinct dumps (op names of parsed counts are
/// interned in the analysis's name pool).
void countDistinctDumps(const PassLog &log, PassAnalysis &a, CountMode mode, unsigned threads) {
  std::mutex poolMutex;
  parallelFor(log.snapshots.size(), threads, [&](size_t i) {
    SnapshotFacts &f = a.facts[i];
    if (f.sameAs != UINT32_MAX)
      return;
    const Snapshot &s = log.snapshots[i];
    if (mode == CountMode::Parsed && s.language == IrLanguage::Mlir) {
      std::deque<std::string> local;
      OpCounts c = countOpsParsed(s.ir, local, f.parseErrors);
      std::lock_guard<std::mutex> g(poolMutex);
      for (OpCount &o : c) {
        auto it = std::find(a.namePool.begin(), a.namePool.end(), o.name);
        if (it == a.namePool.end()) {
          a.namePool.emplace_back(o.name);
          it = std::prev(a.namePool.end());
        }
        o.name = *it;
      }
      f.ops = std::move(c);
    } else {
      f.ops = countOpsFast(s.ir, s.language);
    }
  }, 4);
}

/// The canonical dump of every snapshot (`canon`) and its op total, with the
/// stage of each canonical dump copied to its repeats.
void canonicalTotals(const PassLog &log, PassAnalysis &a, unsigned threads, std::vector<uint32_t> &canon,
                     std::vector<uint64_t> &total) {
  size_t n = log.snapshots.size();
  canon.resize(n);
  total.resize(n);
  parallelFor(n, threads, [&](size_t i) {
    uint32_t k = canonical(a, static_cast<uint32_t>(i));
    canon[i] = k;
    if (k == i) {
      a.facts[i].stage = stageOf(log.snapshots[i], a.facts[i].ops);
      total[i] = totalOps(a.facts[i].ops);
    }
  }, 4096);
  parallelFor(n, threads, [&](size_t i) {
    // Identical IR of the same language is of the same stage.
    if (canon[i] != i) {
      a.facts[i].stage = a.facts[canon[i]].stage;
      total[i] = total[canon[i]];
    }
  }, 4096);
}

/// What a pass did to the IR between two distinct texts.
struct PairEffect {
  uint32_t before = 0, after = 0; ///< the first row's snapshots (an omitted LLVM dump has no IR of its own)
  bool changed = false;
  LineChanges lines;
  std::vector<OpDelta> deltas;
};

/// Op count deltas between two sorted op count lists, largest change first.
std::vector<OpDelta> opDeltas(const OpCounts &ob, const OpCounts &oa) {
  std::vector<OpDelta> deltas;
  size_t i = 0, j = 0;
  while (i < ob.size() || j < oa.size()) {
    if (j == oa.size() || (i < ob.size() && ob[i].name < oa[j].name)) {
      deltas.push_back({ob[i].name, ob[i].count, 0});
      ++i;
    } else if (i == ob.size() || oa[j].name < ob[i].name) {
      deltas.push_back({oa[j].name, 0, oa[j].count});
      ++j;
    } else {
      if (ob[i].count != oa[j].count)
        deltas.push_back({ob[i].name, ob[i].count, oa[j].count});
      ++i;
      ++j;
    }
  }
  std::sort(deltas.begin(), deltas.end(), [](const OpDelta &x, const OpDelta &y) {
    int64_t ax = std::abs(x.delta()), ay = std::abs(y.delta());
    return ax != ay ? ax > ay : x.name < y.name;
  });
  return deltas;
}

/// Phase 3: rows, deltas, line changes. What a row shows of its pass's effect
/// depends only on the IR on both sides, so it is computed once per distinct
/// (before, after) pair of texts: the same pass of another autotune config or
/// recompile costs a lookup.
void passEffects(const PassLog &log, PassAnalysis &a, unsigned threads, const std::vector<uint32_t> &canon,
                 const std::vector<uint64_t> &total) {
  a.rows.resize(log.compiles.size());
  parallelFor(log.compiles.size(), threads, [&](size_t c) {
    a.rows[c] = rowsOf(log, log.compiles[c]);
    for (PassRow &r : a.rows[c]) {
      if (r.before)
        r.opsBefore = total[*r.before];
      if (r.after)
        r.opsAfter = total[*r.after];
      // The row whose IR ends in the cut dump: the one after it, or the last
      // row when nothing follows it.
      r.cut = log.cutSnapshot && (r.after ? *r.after == *log.cutSnapshot : r.before == log.cutSnapshot);
    }
  }, 8);
  std::vector<PairEffect> pairs;
  std::vector<std::vector<uint32_t>> pairOf(log.compiles.size()); // per row; UINT32_MAX: nothing to copy
  {
    std::unordered_map<uint64_t, uint32_t> seen;
    for (size_t c = 0; c < a.rows.size(); ++c) {
      pairOf[c].assign(a.rows[c].size(), UINT32_MAX);
      for (size_t i = 0; i < a.rows[c].size(); ++i) {
        const PassRow &r = a.rows[c][i];
        if (!r.before || !r.after || canon[*r.before] == canon[*r.after])
          continue;
        uint64_t key = (uint64_t(canon[*r.before]) << 32) | canon[*r.after];
        auto [it, fresh] = seen.try_emplace(key, static_cast<uint32_t>(pairs.size()));
        if (fresh)
          pairs.push_back({*r.before, *r.after, false, {}, {}});
        pairOf[c][i] = it->second;
      }
    }
  }
  // Most passes change a few lines: comparing bytes strips the common head
  // and tail, and only the middle is split into lines. A pass that rewrites
  // most of the IR diffs whole dumps; a dump is the after of one pass and the
  // before of the next, so its hashed lines are made once, on first need.
  std::vector<uint32_t> slotOf(log.snapshots.size(), UINT32_MAX);
  std::vector<uint32_t> used;
  for (const PairEffect &e : pairs)
    for (uint32_t i : {e.before, e.after})
      if (slotOf[i] == UINT32_MAX) {
        slotOf[i] = static_cast<uint32_t>(used.size());
        used.push_back(i);
      }
  std::vector<std::vector<HashedLine>> lines(used.size());
  std::unique_ptr<std::once_flag[]> hashed(new std::once_flag[used.size()]);
  auto linesOf = [&](uint32_t i) -> const std::vector<HashedLine> & {
    uint32_t k = slotOf[i];
    std::call_once(hashed[k], [&] { lines[k] = hashLines(log.snapshots[i].ir); });
    return lines[k];
  };
  parallelFor(pairs.size(), threads, [&](size_t p) {
    PairEffect &e = pairs[p];
    const Snapshot &sb = log.snapshots[e.before], &sa = log.snapshots[e.after];
    if (sb.ir == sa.ir)
      return;
    e.changed = true;
    auto [mb, ma] = trimCommonLines(sb.ir, sa.ir);
    if ((mb.size() + ma.size()) * 2 < sb.ir.size() + sa.ir.size())
      e.lines = countLineChanges(mb, ma);
    else
      e.lines = countLineChanges(linesOf(e.before), linesOf(e.after));
    e.deltas = opDeltas(a.facts[canon[e.before]].ops, a.facts[canon[e.after]].ops);
  }, 4);
  parallelFor(log.compiles.size(), threads, [&](size_t c) {
    for (size_t i = 0; i < a.rows[c].size(); ++i) {
      if (pairOf[c][i] == UINT32_MAX)
        continue;
      const PairEffect &e = pairs[pairOf[c][i]];
      PassRow &r = a.rows[c][i];
      r.changed = e.changed;
      r.lines = e.lines;
      r.deltas = e.deltas;
    }
  }, 8);
}

} // namespace

PassAnalysis analysePasses(const PassLog &log, CountMode mode, unsigned threads) {
  threads = workerCount(threads);
  PassAnalysis a;
  size_t n = log.snapshots.size();
  a.facts.reserve(n);
  prefault(a.facts.data(), n * sizeof(SnapshotFacts), threads);
  a.facts.resize(n);
  findRepeatedDumps(log, a, threads);
  countDistinctDumps(log, a, mode, threads);
  std::vector<uint32_t> canon;
  std::vector<uint64_t> total;
  canonicalTotals(log, a, threads, canon, total);
  passEffects(log, a, threads, canon, total);
  return a;
}

OpTimeline traceOp(const PassLog &log, const PassAnalysis &a, size_t c, std::string_view opName) {
  OpTimeline t;
  const Compile &comp = log.compiles[c];
  for (uint32_t i = comp.firstSnapshot; i < comp.endSnapshot; ++i) {
    uint32_t n = countOf(opsOf(a, i), opName);
    t.peak = std::max(t.peak, n);
    if (n && !t.presentFrom)
      t.presentFrom = i;
  }
  const std::vector<PassRow> &rows = a.rows[c];
  bool seen = false;
  for (size_t r = 0; r < rows.size(); ++r) {
    const PassRow &row = rows[r];
    if (!row.before || !row.after) {
      if (row.after && countOf(opsOf(a, *row.after), opName) && r == 0)
        t.presentAtStart = true;
      continue;
    }
    uint32_t nb = countOf(opsOf(a, *row.before), opName);
    uint32_t na = countOf(opsOf(a, *row.after), opName);
    if (!seen && nb > 0) {
      seen = true;
      t.presentAtStart = !t.appearsInRow;
    }
    if (!t.appearsInRow && !seen && nb == 0 && na > 0) {
      t.appearsInRow = r;
      seen = true;
    }
    if (seen && nb > 0 && na == 0 && !t.disappearsInRow)
      t.disappearsInRow = r;
  }
  return t;
}

} // namespace tscope::dumps
