// IrDiff: an op's key and text come from the ir Lexer over the op's own
// bytes (regions skipped, `loc(...)` groups dropped), so no layer re-reads op
// syntax with patterns; alignment is Myers' diff over interned keys.
#include "dumps/IrDiff.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "ir/Lexer.h"
#include "ir/Location.h"
#include "ir/Module.h"

namespace tscope::dumps {

std::string normalizeValueName(std::string_view name) {
  std::string_view suffix;
  if (size_t h = name.find('#'); h != std::string_view::npos) {
    suffix = name.substr(h);
    name = name.substr(0, h);
  }
  auto allDigits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  std::string base;
  if (allDigits(name))
    base = "";
  else if (name.size() > 3 && name.substr(0, 3) == "arg" && allDigits(name.substr(3)))
    base = "arg";
  else if (size_t u = name.rfind('_'); u != std::string_view::npos && u > 0 && allDigits(name.substr(u + 1)))
    base = std::string(name.substr(0, u)); // the printer's `_N` that keeps a name hint unique
  else
    base = std::string(name);
  return base + std::string(suffix);
}

namespace {

/// Appends `s` to `out` with every run of whitespace made one space.
void appendCollapsed(std::string &out, std::string_view s) {
  for (char c : s) {
    bool ws = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (ws) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
    } else {
      out += c;
    }
  }
}

/// Lexes the bytes [from, to) of `m`'s buffer into `key` (normalized tokens
/// joined by spaces) and `text` (the bytes with `loc(...)` groups removed).
/// The op that defines each SSA name of a function ("" when two ops define
/// one name, as partitions isolated from above may).
using Definers = std::unordered_map<std::string_view, std::string_view>;

void scanSegment(const ir::Module &m, const Definers &defs, uint32_t from, uint32_t to, uint32_t line,
                 std::string &key, std::string &text) {
  if (from >= to)
    return;
  const char *base = m.buffer().data();
  ir::Lexer lex(m.buffer());
  lex.resetTo(base + from, line);
  const char *copyFrom = base + from;
  const char *end = base + to;
  while (true) {
    ir::Token t = lex.lex();
    if (t.is(ir::Token::eof) || t.is(ir::Token::error) || t.spelling.data() >= end)
      break;
    if (t.isKeyword("loc")) {
      ir::Lexer::State s = lex.save();
      ir::Token open = lex.lex();
      if (open.is(ir::Token::l_paren)) {
        const char *errorAt = nullptr;
        const char *after = lex.skipBracketed(open.spelling.data(), errorAt);
        if (!after)
          break;
        appendCollapsed(text, std::string_view(copyFrom, t.spelling.data() - copyFrom));
        while (!text.empty() && text.back() == ' ')
          text.pop_back();
        copyFrom = std::min(after, end);
        lex.resetTo(after);
        continue;
      }
      lex.restore(s);
    }
    if (!key.empty())
      key += ' ';
    if (t.is(ir::Token::percent_identifier)) {
      // The name without numbering, and the op that defines it: a use that
      // moves to another value of the same name hint (%ph_11 -> %ph_12) changes.
      key += "%" + normalizeValueName(t.spelling.substr(1));
      auto d = defs.find(t.spelling.substr(0, t.spelling.find('#')));
      if (d != defs.end() && !d->second.empty())
        key.append("<").append(d->second).append(">");
    }
    else
      key += t.spelling;
  }
  if (copyFrom < end)
    appendCollapsed(text, std::string_view(copyFrom, end - copyFrom));
}

/// Key and one-line text of `op` without its regions (shown as `{…}`) and location.
void describe(const ir::Module &m, const Definers &defs, const ir::Operation *op, std::string &key,
              std::string &text) {
  uint32_t stop = op->loc.empty() ? op->range.end() : op->loc.offset;
  const ir::Region *first = op->firstRegion, *last = first;
  for (const ir::Region *r = first; r; r = r->next)
    last = r;
  if (!first || first->range.empty()) {
    scanSegment(m, defs, op->range.offset, stop, op->line, key, text);
  } else {
    scanSegment(m, defs, op->range.offset, first->range.offset, op->line, key, text);
    key += " {…}";
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    text += " {…}";
    if (last->range.end() < stop) {
      std::string tailText;
      scanSegment(m, defs, last->range.end(), stop, op->line, key, tailText);
      if (!tailText.empty() && tailText.front() != ' ')
        text += ' ';
      text += tailText;
    }
  }
  while (!text.empty() && text.back() == ' ')
    text.pop_back();
  size_t lead = text.find_first_not_of(' ');
  text.erase(0, lead == std::string::npos ? text.size() : lead);
}

DiffOp makeOp(const kernel::Kernel &k, const Definers &defs, const ir::Operation *op, uint32_t depth,
              const std::string &partition) {
  DiffOp d;
  d.name = std::string(op->opName());
  d.depth = depth;
  d.irLine = op->line;
  d.partition = partition;
  describe(*k.module, defs, op, d.key, d.text);
  ir::ResolvedLoc loc = k.sourceOf(op);
  if (loc.known()) {
    d.pyFile = loc.file;
    d.pyLine = loc.line;
    d.pyCol = loc.col;
  }
  return d;
}

} // namespace

std::vector<DiffOp> diffOps(const kernel::Kernel &k) {
  std::vector<DiffOp> out;
  if (!k.func)
    return out;
  Definers defs;
  k.walk([&](const ir::Operation *op, const kernel::Placement &) {
    for (uint32_t i = 0; i < op->numResults; ++i) {
      std::string_view name = k.module->str(op->result(i)->name);
      if (name.empty())
        continue;
      auto [it, fresh] = defs.emplace(name, op->opName());
      if (!fresh && it->second != op->opName())
        it->second = std::string_view();
    }
  });
  if (const ir::Operation *mod = k.func->parentOp())
    out.push_back(makeOp(k, defs, mod, 0, ""));
  out.push_back(makeOp(k, defs, k.func, 0, ""));
  k.walk([&](const ir::Operation *op, const kernel::Placement &p) {
    uint32_t depth = 0;
    for (const ir::Operation *up = op->parentOp(); up && up != k.func && depth < 1000; up = up->parentOp())
      ++depth;
    out.push_back(makeOp(k, defs, op, depth + 1, p.ws ? k.partitionName(p) : std::string()));
  });
  return out;
}

namespace {

/// Myers' greedy LCS: the pairs (i, j) of equal elements of `a` and `b`, in
/// order; empty (with `ok` false) when the edit distance passes `maxD`.
std::vector<std::pair<int32_t, int32_t>> myersPairs(const std::vector<int32_t> &a,
                                                    const std::vector<int32_t> &b, int32_t maxD, bool &ok) {
  const int32_t n = static_cast<int32_t>(a.size()), m = static_cast<int32_t>(b.size());
  const int32_t maxSteps = std::min(n + m, maxD);
  const int32_t off = maxSteps + 1;
  std::vector<int32_t> v(2 * static_cast<size_t>(off) + 1, 0);
  std::vector<std::vector<int32_t>> trace; // v after each d, limited to [-d, d]
  ok = false;
  int32_t dEnd = -1;
  for (int32_t d = 0; d <= maxSteps && dEnd < 0; ++d) {
    for (int32_t kk = -d; kk <= d; kk += 2) {
      int32_t x;
      if (kk == -d || (kk != d && v[off + kk - 1] < v[off + kk + 1]))
        x = v[off + kk + 1];
      else
        x = v[off + kk - 1] + 1;
      int32_t y = x - kk;
      while (x < n && y < m && a[x] == b[y]) {
        ++x;
        ++y;
      }
      v[off + kk] = x;
      if (x >= n && y >= m) {
        dEnd = d;
        break;
      }
    }
    trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
  }
  std::vector<std::pair<int32_t, int32_t>> pairs;
  if (dEnd < 0)
    return pairs;
  ok = true;
  int32_t x = n, y = m;
  for (int32_t d = dEnd; d > 0; --d) {
    const std::vector<int32_t> &prev = trace[d - 1]; // index kk + (d - 1)
    auto at = [&](int32_t kk) { return prev[kk + d - 1]; };
    int32_t kk = x - y;
    int32_t prevK = (kk == -d || (kk != d && at(kk - 1) < at(kk + 1))) ? kk + 1 : kk - 1;
    int32_t prevX = at(prevK), prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      --x;
      --y;
      pairs.emplace_back(x, y);
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    --x;
    --y;
    pairs.emplace_back(x, y);
  }
  std::reverse(pairs.begin(), pairs.end());
  return pairs;
}

/// Pairs ops of the gap a[a0,a1) × b[b0,b1) that `same` accepts, greedily in order.
template <class Same>
std::vector<std::pair<int32_t, int32_t>> pairGap(int32_t a0, int32_t a1, int32_t b0, int32_t b1, Same same) {
  std::vector<std::pair<int32_t, int32_t>> out;
  int32_t next = b0;
  for (int32_t i = a0; i < a1; ++i)
    for (int32_t j = next; j < b1; ++j)
      if (same(i, j)) {
        out.emplace_back(i, j);
        next = j + 1;
        break;
      }
  return out;
}

} // namespace

std::vector<AlignedOp> alignOps(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b) {
  std::unordered_map<std::string_view, int32_t> ids;
  auto intern = [&](const std::vector<DiffOp> &ops) {
    std::vector<int32_t> out;
    out.reserve(ops.size());
    for (const DiffOp &o : ops)
      out.push_back(ids.emplace(o.key, static_cast<int32_t>(ids.size())).first->second);
    return out;
  };
  std::vector<int32_t> ka = intern(a), kb = intern(b);
  const int32_t n = static_cast<int32_t>(a.size()), m = static_cast<int32_t>(b.size());
  // Common prefix and suffix first: most builds differ in a few places.
  int32_t pre = 0;
  while (pre < n && pre < m && ka[pre] == kb[pre])
    ++pre;
  int32_t suf = 0;
  while (suf < n - pre && suf < m - pre && ka[n - 1 - suf] == kb[m - 1 - suf])
    ++suf;
  std::vector<std::pair<int32_t, int32_t>> same;
  for (int32_t i = 0; i < pre; ++i)
    same.emplace_back(i, i);
  {
    std::vector<int32_t> ma(ka.begin() + pre, ka.end() - suf), mb(kb.begin() + pre, kb.end() - suf);
    bool ok = false;
    for (auto [i, j] : myersPairs(ma, mb, 4000, ok))
      same.emplace_back(i + pre, j + pre);
  }
  for (int32_t s = suf; s > 0; --s)
    same.emplace_back(n - s, m - s);

  std::vector<AlignedOp> rows;
  auto emitGap = [&](int32_t a0, int32_t a1, int32_t b0, int32_t b1) {
    // 1. same op name and Python line:col; 2. between those, same name and depth.
    auto byLoc = pairGap(a0, a1, b0, b1, [&](int32_t i, int32_t j) {
      return a[i].name == b[j].name && a[i].pyLine != 0 && a[i].pyLine == b[j].pyLine &&
             a[i].pyCol == b[j].pyCol && a[i].pyFile == b[j].pyFile;
    });
    std::vector<std::pair<int32_t, int32_t>> pairs;
    int32_t pa = a0, pb = b0;
    auto byName = [&](int32_t ea, int32_t eb) {
      for (auto p : pairGap(pa, ea, pb, eb, [&](int32_t i, int32_t j) {
             return a[i].name == b[j].name && a[i].depth == b[j].depth;
           }))
        pairs.push_back(p);
    };
    for (auto [i, j] : byLoc) {
      byName(i, j);
      pairs.emplace_back(i, j);
      pa = i + 1;
      pb = j + 1;
    }
    byName(a1, b1);
    int32_t i = a0, j = b0;
    for (auto [pi, pj] : pairs) {
      for (; i < pi; ++i)
        rows.push_back({AlignKind::Removed, i, -1});
      for (; j < pj; ++j)
        rows.push_back({AlignKind::Added, -1, j});
      rows.push_back({AlignKind::Changed, pi, pj});
      i = pi + 1;
      j = pj + 1;
    }
    for (; i < a1; ++i)
      rows.push_back({AlignKind::Removed, i, -1});
    for (; j < b1; ++j)
      rows.push_back({AlignKind::Added, -1, j});
  };
  int32_t i = 0, j = 0;
  for (auto [si, sj] : same) {
    if (si > i || sj > j)
      emitGap(i, si, j, sj);
    rows.push_back({AlignKind::Same, si, sj});
    i = si + 1;
    j = sj + 1;
  }
  emitGap(i, n, j, m);
  return rows;
}

std::vector<AliasDelta> changedAliases(const kernel::Kernel &a, const kernel::Kernel &b) {
  std::map<std::string, AliasDelta> all;
  auto collect = [&](const kernel::Kernel &k, bool sideB) {
    if (!k.chunk || !k.module)
      return;
    for (const ir::AliasDef &d : k.chunk->aliases) {
      std::string name(k.module->str(d.name));
      if (name.rfind("#loc", 0) == 0)
        continue;
      AliasDelta &e = all[name];
      e.name = name;
      std::string value;
      appendCollapsed(value, k.module->str(d.value));
      (sideB ? e.b : e.a) = value;
    }
  };
  collect(a, false);
  collect(b, true);
  std::vector<AliasDelta> out;
  for (auto &[name, d] : all)
    if (d.a != d.b)
      out.push_back(std::move(d));
  return out;
}

namespace {

std::vector<CountDelta> mergeCounts(const std::map<std::string, uint32_t> &ca,
                                    const std::map<std::string, uint32_t> &cb, bool onlyChanged) {
  std::map<std::string, CountDelta> all;
  for (const auto &[k, v] : ca)
    all[k] = {k, v, 0};
  for (const auto &[k, v] : cb) {
    all[k].name = k;
    all[k].b = v;
  }
  std::vector<CountDelta> out;
  for (auto &[k, d] : all)
    if (!onlyChanged || d.a != d.b)
      out.push_back(std::move(d));
  return out;
}

std::string dialectOf(const std::string &name) {
  size_t dot = name.find('.');
  return dot == std::string::npos ? std::string("builtin") : name.substr(0, dot);
}

} // namespace

std::vector<CountDelta> dialectCounts(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b) {
  std::map<std::string, uint32_t> ca, cb;
  for (const DiffOp &o : a)
    ++ca[dialectOf(o.name)];
  for (const DiffOp &o : b)
    ++cb[dialectOf(o.name)];
  return mergeCounts(ca, cb, false);
}

std::vector<CountDelta> changedOpCounts(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b) {
  std::map<std::string, uint32_t> ca, cb;
  for (const DiffOp &o : a)
    ++ca[o.name];
  for (const DiffOp &o : b)
    ++cb[o.name];
  return mergeCounts(ca, cb, true);
}

} // namespace tscope::dumps
