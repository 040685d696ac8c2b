// LineDiff: lines are compared by a 64-bit hash and then by bytes. Myers'
// greedy forward search (E. Myers, "An O(ND) Difference Algorithm", 1986);
// the edit script is recovered from the per-step frontier, kept only for
// distances up to kMaxScriptD.
#include "dumps/LineDiff.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "dumps/TextLines.h"

namespace tscope::dumps {
namespace {

constexpr int64_t kMaxCountD = 20000; // beyond this, counts come from the multiset
constexpr int64_t kMaxScriptD = 4000;  // beyond this, the diff is one hunk

using Line = HashedLine;

uint64_t hashBytes(std::string_view s) {
  uint64_t h = 1469598103934665603ull; // FNV-1a, 8 bytes at a time
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 1099511628211ull;
    h ^= h >> 29;
  }
  for (; i < s.size(); ++i)
    h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ull;
  return h ^ s.size();
}

/// A set of 64-bit line hashes with two flag bits each: open addressing,
/// cleared and reused, so a diff allocates nothing once warm.
class HashFlags {
public:
  void reset(size_t n) {
    size_t cap = 64;
    while (cap < n * 2)
      cap *= 2;
    if (keys_.size() < cap || keys_.size() > cap * 8) {
      keys_.assign(cap, 0);
      flags_.assign(cap, 0);
    } else {
      std::fill(flags_.begin(), flags_.begin() + static_cast<std::ptrdiff_t>(keys_.size()), 0);
    }
    mask_ = keys_.size() - 1;
  }
  /// The flags of `h` (a slot with flags 0 is empty).
  uint8_t &at(uint64_t h) {
    for (size_t i = (h ^ (h >> 31)) & mask_;; i = (i + 1) & mask_) {
      if (flags_[i] == 0) {
        keys_[i] = h;
        return flags_[i];
      }
      if (keys_[i] == h)
        return flags_[i];
    }
  }
  uint8_t get(uint64_t h) const {
    for (size_t i = (h ^ (h >> 31)) & mask_;; i = (i + 1) & mask_) {
      if (flags_[i] == 0)
        return 0;
      if (keys_[i] == h)
        return flags_[i];
    }
  }

private:
  std::vector<uint64_t> keys_;
  std::vector<uint8_t> flags_;
  size_t mask_ = 0;
};

/// Per-thread buffers of the count path.
struct Scratch {
  HashFlags seen;
  std::vector<Line> fa, fb;
  std::vector<int64_t> v;
};
Scratch &scratch() {
  thread_local Scratch s;
  return s;
}

std::vector<Line> splitLines(std::string_view t) {
  std::vector<Line> out;
  if (t.empty())
    return out;
  out.reserve(t.size() / 48);
  forEachLine(t, [&](std::string_view l) {
    if (!l.empty() && l.back() == '\r')
      l.remove_suffix(1);
    out.push_back({l, hashBytes(l)});
  });
  return out;
}

/// Myers' search over a[0..n) and b[0..m); returns D, or -1 past maxD.
/// When `trace` is given, records the frontier V[-d..d] after each step d.
int64_t myers(const Line *a, int64_t n, const Line *b, int64_t m, int64_t maxD,
              std::vector<std::vector<int64_t>> *trace) {
  int64_t max = n + m;
  int64_t limit = std::min(max, maxD);
  std::vector<int64_t> &v = scratch().v;
  v.assign(static_cast<size_t>(2 * limit + 3), 0);
  int64_t off = limit + 1;
  for (int64_t d = 0; d <= limit; ++d) {
    for (int64_t k = -d; k <= d; k += 2) {
      int64_t x;
      if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
        x = v[off + k + 1];
      else
        x = v[off + k - 1] + 1;
      int64_t y = x - k;
      while (x < n && y < m && a[x] == b[y]) {
        ++x;
        ++y;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        if (trace)
          trace->emplace_back(v.begin() + off - d, v.begin() + off + d + 1);
        return d;
      }
    }
    if (trace)
      trace->emplace_back(v.begin() + off - d, v.begin() + off + d + 1);
  }
  return -1;
}

/// One line of the edit script: ' ' kept, '-' removed, '+' added.
struct Edit {
  char op;
  int64_t ai, bi; // indexes into a and b (the one that applies)
};

void script(int64_t n, int64_t m, int64_t d, const std::vector<std::vector<int64_t>> &trace,
            std::vector<Edit> &out) {
  std::vector<Edit> rev;
  int64_t x = n, y = m;
  for (int64_t step = d; step > 0; --step) {
    const std::vector<int64_t> &prev = trace[step - 1]; // V[-(step-1)..step-1]
    auto at = [&](int64_t kk) { return prev[kk + step - 1]; };
    int64_t k = x - y;
    bool down = k == -step || (k != step && at(k - 1) < at(k + 1)); // an insertion
    int64_t prevK = down ? k + 1 : k - 1;
    int64_t prevX = at(prevK), prevY = prevX - prevK;
    int64_t midX = down ? prevX : prevX + 1;
    while (x > midX) { // the snake after the edit
      rev.push_back({' ', x - 1, y - 1});
      --x;
      --y;
    }
    if (down)
      rev.push_back({'+', prevX, prevY});
    else
      rev.push_back({'-', prevX, prevY});
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    rev.push_back({' ', x - 1, y - 1});
    --x;
    --y;
  }
  out.insert(out.end(), rev.rbegin(), rev.rend());
}

LineChanges multisetChanges(const Line *a, int64_t n, const Line *b, int64_t m) {
  std::unordered_map<uint64_t, int64_t> bal;
  for (int64_t i = 0; i < n; ++i)
    ++bal[a[i].hash];
  for (int64_t i = 0; i < m; ++i)
    --bal[b[i].hash];
  LineChanges c;
  c.exact = false;
  for (auto &[h, v] : bal) {
    if (v > 0)
      c.removed += static_cast<uint32_t>(v);
    else
      c.added += static_cast<uint32_t>(-v);
  }
  return c;
}

} // namespace

std::vector<HashedLine> hashLines(std::string_view text) { return splitLines(text); }

std::pair<std::string_view, std::string_view> trimCommonLines(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  // Common prefix: bytes up to the first difference, cut back to just after
  // the last newline before it (a line is common only when its newline is).
  size_t d = 0;
  while (d + 8 <= n) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + d, 8);
    std::memcpy(&y, b.data() + d, 8);
    if (x != y)
      break;
    d += 8;
  }
  while (d < n && a[d] == b[d])
    ++d;
  size_t pre = 0;
  if (d == a.size() && d == b.size())
    return {a.substr(0, 0), b.substr(0, 0)}; // equal: all of it is the common tail
  for (size_t k = d; k > 0; --k)
    if (a[k - 1] == '\n') {
      pre = k;
      break;
    }
  // Common suffix, not reaching into the prefix, starting at a line start on
  // both sides.
  size_t s = 0, room = n - pre;
  while (s + 8 <= room) {
    uint64_t x, y;
    std::memcpy(&x, a.data() + a.size() - s - 8, 8);
    std::memcpy(&y, b.data() + b.size() - s - 8, 8);
    if (x != y)
      break;
    s += 8;
  }
  while (s < room && a[a.size() - 1 - s] == b[b.size() - 1 - s])
    ++s;
  size_t sa = a.size() - s, sb = b.size() - s;
  size_t t = 0;
  auto lineStart = [](std::string_view x, size_t i) { return i == 0 || x[i - 1] == '\n'; };
  if (s > 0 && !(lineStart(a, sa) && lineStart(b, sb))) {
    t = 1;
    while (t < s && a[sa + t - 1] != '\n')
      ++t;
  }
  return {a.substr(pre, sa + t - pre), b.substr(pre, sb + t - pre)};
}

LineChanges countLineChanges(std::string_view ta, std::string_view tb) {
  if (ta == tb)
    return {};
  auto [ma, mb] = trimCommonLines(ta, tb);
  return countLineChanges(splitLines(ma), splitLines(mb));
}

LineChanges countLineChanges(const std::vector<HashedLine> &a, const std::vector<HashedLine> &b) {
  int64_t pre = 0, n = static_cast<int64_t>(a.size()), m = static_cast<int64_t>(b.size());
  while (pre < n && pre < m && a[pre] == b[pre])
    ++pre;
  int64_t suf = 0;
  while (suf < n - pre && suf < m - pre && a[n - 1 - suf] == b[m - 1 - suf])
    ++suf;
  const Line *pa = a.data() + pre, *pb = b.data() + pre;
  int64_t na = n - pre - suf, nb = m - pre - suf;
  // A line found on one side only is in no common subsequence: dropping such
  // lines leaves the longest common subsequence, hence the counts, unchanged
  // and makes rewrites (every line new) cheap.
  Scratch &sc = scratch();
  HashFlags &seen = sc.seen; // bit 1: in a, bit 2: in b
  seen.reset(static_cast<size_t>(na + nb));
  for (int64_t i = 0; i < na; ++i)
    seen.at(pa[i].hash) |= 1;
  for (int64_t i = 0; i < nb; ++i)
    seen.at(pb[i].hash) |= 2;
  std::vector<Line> &fa = sc.fa, &fb = sc.fb;
  fa.clear();
  fb.clear();
  for (int64_t i = 0; i < na; ++i)
    if (seen.get(pa[i].hash) == 3)
      fa.push_back(pa[i]);
  for (int64_t i = 0; i < nb; ++i)
    if (seen.get(pb[i].hash) == 3)
      fb.push_back(pb[i]);
  int64_t fn = static_cast<int64_t>(fa.size()), fm = static_cast<int64_t>(fb.size());
  int64_t d = myers(fa.data(), fn, fb.data(), fm, kMaxCountD, nullptr);
  if (d < 0)
    return multisetChanges(pa, na, pb, nb);
  // D = added + removed and added - removed = m - n, on the filtered lines;
  // the dropped ones are all removed (from a) or added (from b).
  LineChanges c;
  c.added = static_cast<uint32_t>((d + (fm - fn)) / 2 + (nb - fm));
  c.removed = static_cast<uint32_t>((d - (fm - fn)) / 2 + (na - fn));
  return c;
}

void writeUnifiedDiff(std::ostream &os, std::string_view ta, std::string_view tb,
                      std::string_view aLabel, std::string_view bLabel, uint32_t aLine,
                      uint32_t bLine, int context) {
  if (ta == tb)
    return;
  std::vector<Line> a = splitLines(ta), b = splitLines(tb);
  int64_t n = a.size(), m = b.size();
  int64_t pre = 0;
  while (pre < n && pre < m && a[pre] == b[pre])
    ++pre;
  int64_t suf = 0;
  while (suf < n - pre && suf < m - pre && a[n - 1 - suf] == b[m - 1 - suf])
    ++suf;
  std::vector<Edit> edits;
  for (int64_t i = 0; i < pre; ++i)
    edits.push_back({' ', i, i});
  const Line *pa = a.data() + pre, *pb = b.data() + pre;
  int64_t na = n - pre - suf, nb = m - pre - suf;
  std::vector<std::vector<int64_t>> trace;
  int64_t d = myers(pa, na, pb, nb, kMaxScriptD, &trace);
  std::vector<Edit> mid;
  if (d >= 0) {
    script(na, nb, d, trace, mid);
  } else {
    // Too far apart for a minimal script: everything in the middle changed.
    for (int64_t i = 0; i < na; ++i)
      mid.push_back({'-', i, 0});
    for (int64_t i = 0; i < nb; ++i)
      mid.push_back({'+', 0, i});
  }
  for (Edit e : mid) {
    e.ai += pre;
    e.bi += pre;
    edits.push_back(e);
  }
  for (int64_t i = 0; i < suf; ++i)
    edits.push_back({' ', n - suf + i, m - suf + i});

  os << "--- " << aLabel << "\n+++ " << bLabel << "\n";
  // Group edits into hunks with `context` kept lines around each change.
  size_t i = 0, total = edits.size();
  // Position of each edit in a and b (lines consumed before it).
  std::vector<int64_t> posA(total + 1), posB(total + 1);
  for (size_t k = 0; k < total; ++k) {
    posA[k + 1] = posA[k] + (edits[k].op != '+');
    posB[k + 1] = posB[k] + (edits[k].op != '-');
  }
  while (i < total) {
    while (i < total && edits[i].op == ' ')
      ++i;
    if (i == total)
      break;
    size_t start = i >= static_cast<size_t>(context) ? i - context : 0;
    size_t end = i;
    for (;;) {
      while (end < total && edits[end].op != ' ')
        ++end;
      size_t run = end;
      while (run < total && edits[run].op == ' ')
        ++run;
      if (run < total && run - end <= static_cast<size_t>(2 * context)) {
        end = run;
        continue;
      }
      end = std::min(total, end + context);
      break;
    }
    int64_t aStart = posA[start], bStart = posB[start];
    int64_t aCount = posA[end] - aStart, bCount = posB[end] - bStart;
    // As GNU diff: an empty range names the line before it.
    os << "@@ -" << (aLine + aStart - (aCount == 0)) << "," << aCount << " +" << (bLine + bStart - (bCount == 0))
       << "," << bCount << " @@\n";
    for (size_t k = start; k < end; ++k) {
      const Edit &e = edits[k];
      os << e.op << (e.op == '+' ? b[e.bi].text : a[e.ai].text) << "\n";
    }
    i = end;
  }
}

} // namespace tscope::dumps
