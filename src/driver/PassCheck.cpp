// PassCheck: the registry's analyses over the TTGIR snapshots of a pass log,
// each distinct IR once, and the verdict timeline of each compile.
#include "driver/PassCheck.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fmt/format.h>
#include <mutex>
#include <set>
#include <sstream>
#include <unordered_map>

#include "dumps/LineDiff.h"
#include "support/Parallel.h"
#include "ir/Parser.h"
#include "support/Progress.h"

namespace tscope::driver {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

/// A whole-module MLIR pass dump (not an op-scoped one, not a failed pass's output).
bool isModuleDump(const dumps::Snapshot &s) {
  return s.language == dumps::IrLanguage::Mlir && !s.omitted &&
         (s.kind == dumps::HeaderKind::MlirBefore || s.kind == dumps::HeaderKind::MlirAfter) &&
         (s.scope == "builtin.module" || s.scope.empty());
}

/// Something the concurrency model has to say about: an mbarrier, a
/// warp_specialize, or an NVWS token or aref.
bool hasSomethingToModel(const dumps::OpCounts &ops) {
  for (const dumps::OpCount &o : ops)
    if (o.count && (o.name == "ttng.init_barrier" || o.name == "ttg.warp_specialize" || o.name.starts_with("nvws.")))
      return true;
  return false;
}

void shift(checks::FindingLocation &l, uint32_t lines, uint32_t bytes) {
  if (l.line)
    l.line += lines;
  if (l.offset)
    *l.offset += bytes;
}

bool blocking(const checks::Finding &f) {
  return f.check != checks::kNotVerified &&
         (f.severity == support::Severity::Error || f.severity == support::Severity::Warning);
}

/// Parses and checks one IR text.
SnapshotResult checkText(std::string_view ir, const std::string &logName, const CheckOptions &opts) {
  auto t0 = Clock::now();
  SnapshotResult r;
  support::Diagnostics diags;
  // Snapshots are checked in parallel already: one thread each.
  auto m = ir::parseModule(support::SourceBuffer::fromString(logName, ir), diags, {.threads = 1});
  if (diags.errorCount() || !m) {
    r.verdict = StepVerdict::Unparsed;
    for (const support::Diagnostic &d : diags.all())
      if (d.severity == support::Severity::Error) {
        auto [line, col] = d.buffer ? d.buffer->lineCol(d.offset) : std::pair<uint32_t, uint32_t>{0, 0};
        r.reason = "IR line " + std::to_string(line) + ":" + std::to_string(col) + ": " + d.message;
        break;
      }
    r.ms = msSince(t0);
    return r;
  }
  FileResult fr;
  static const std::vector<checks::TmaLaunch> kNoLaunches;
  checkModule(fr, *m, kNoLaunches, opts);
  // Not verified: a `not-verified` finding (its message says why) or an
  // analysis verdict left unknown.
  bool undecided = false;
  for (const AnalysisSummary &s : fr.analyses)
    for (const checks::KernelVerdict &k : s.kernels)
      if (k.verdict == checks::Verdict::Unknown && !undecided) {
        undecided = true;
        r.reason = s.name + ": " + k.summary;
      }
  std::set<std::string> keys;
  bool reasonFromFinding = false;
  for (const checks::Finding &f : fr.findings) {
    if (f.check == checks::kNotVerified) {
      undecided = true;
      if (!reasonFromFinding)
        r.reason = f.message;
      reasonFromFinding = true;
    } else if (blocking(f)) {
      keys.insert(findingKey(f));
    }
  }
  r.keys.assign(keys.begin(), keys.end());
  r.verdict = undecided ? StepVerdict::NotVerified : keys.empty() ? StepVerdict::Clean : StepVerdict::Findings;
  r.findings = std::move(fr.findings);
  // The module (and its buffer) goes: every location keeps its line and offset.
  for (checks::Finding &f : r.findings) {
    f.where.file = logName;
    for (checks::RelatedLocation &x : f.related)
      x.where.file = logName;
    for (checks::FindingStep &x : f.trace)
      x.where.file = logName;
  }
  r.ms = msSince(t0);
  return r;
}

} // namespace

const char *stepVerdictName(StepVerdict v) {
  switch (v) {
  case StepVerdict::Clean: return "clean";
  case StepVerdict::Findings: return "findings";
  case StepVerdict::NotVerified: return "not-verified";
  case StepVerdict::Unparsed: return "unparsed";
  case StepVerdict::Cut: return "cut";
  }
  return "?";
}

std::string findingKey(const checks::Finding &f) {
  if (!f.where.pyFile.empty() && f.where.pyLine) {
    std::string file = f.where.pyFile;
    size_t slash = file.find_last_of('/');
    if (slash != std::string::npos)
      file = file.substr(slash + 1);
    return f.check + " " + file + ":" + std::to_string(f.where.pyLine);
  }
  // No Python line: the message without the numbers and SSA names a pass renumbers.
  std::string m;
  for (size_t i = 0; i < f.message.size(); ++i) {
    char c = f.message[i];
    if (c >= '0' && c <= '9') {
      if (m.empty() || m.back() != '#')
        m += '#';
      continue;
    }
    m += c;
  }
  return f.check + " " + m;
}

std::vector<FindingEvent> findingEvents(const std::vector<StepKeys> &steps) {
  std::vector<FindingEvent> out;
  std::optional<size_t> last; // last informative step
  bool gap = false;           // a step since `last` told nothing
  bool decidedSeen = false;   // some informative step before this one was decided
  for (size_t i = 0; i < steps.size(); ++i) {
    const StepKeys &s = steps[i];
    if (!s.informative) {
      gap = true;
      continue;
    }
    if (!last) {
      for (const std::string &k : s.keys)
        out.push_back({true, k, i, i, true, !s.decided});
    } else {
      const StepKeys &p = steps[*last];
      bool uncertain = gap || !p.decided || !s.decided;
      std::vector<std::string> added, removed;
      std::set_difference(s.keys.begin(), s.keys.end(), p.keys.begin(), p.keys.end(), std::back_inserter(added));
      std::set_difference(p.keys.begin(), p.keys.end(), s.keys.begin(), s.keys.end(), std::back_inserter(removed));
      // Every snapshot before was undecided: the finding may have been there
      // all along; it is present from the first snapshot the model decides.
      for (const std::string &k : added)
        out.push_back({true, k, i, *last, !decidedSeen, uncertain});
      for (const std::string &k : removed)
        out.push_back({false, k, i, *last, false, uncertain});
    }
    decidedSeen |= s.decided;
    last = i;
    gap = false;
  }
  return out;
}

checks::Finding findingInLog(const checks::Finding &f, const dumps::Snapshot &s, std::string_view logText) {
  checks::Finding g = f;
  uint32_t lines = s.irLine ? s.irLine - 1 : 0;
  uint32_t bytes = static_cast<uint32_t>(s.ir.data() - logText.data());
  shift(g.where, lines, bytes);
  for (checks::RelatedLocation &x : g.related)
    shift(x.where, lines, bytes);
  for (checks::FindingStep &x : g.trace)
    shift(x.where, lines, bytes);
  return g;
}

std::vector<uint32_t> findingLines(const checks::Finding &f) {
  std::vector<uint32_t> v;
  auto add = [&](const checks::FindingLocation &l) {
    if (l.line)
      v.push_back(l.line);
  };
  add(f.where);
  for (const checks::RelatedLocation &x : f.related)
    add(x.where);
  for (const checks::FindingStep &x : f.trace)
    add(x.where);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::string diffExcerpt(const dumps::Snapshot &before, const dumps::Snapshot &after,
                        const std::vector<uint32_t> &lines, bool afterSide, bool &nearest, size_t maxHunks) {
  nearest = false;
  std::ostringstream os;
  dumps::writeUnifiedDiff(os, before.ir, after.ir, "before", "after", before.irLine, after.irLine);
  std::string diff = os.str();
  // Split into hunks: each starts at an `@@ -a,n +b,m @@` line.
  struct Hunk {
    std::string text;
    uint32_t from = 0, to = 0; // the side's log lines [from, to)
  };
  std::vector<Hunk> hunks;
  size_t pos = 0;
  while (pos < diff.size()) {
    size_t eol = diff.find('\n', pos);
    if (eol == std::string::npos)
      eol = diff.size();
    std::string_view line(diff.data() + pos, eol - pos);
    if (line.starts_with("@@ ")) {
      Hunk h;
      unsigned a = 0, an = 1, b = 0, bn = 1;
      std::string hdr(line);
      if (std::sscanf(hdr.c_str(), "@@ -%u,%u +%u,%u @@", &a, &an, &b, &bn) != 4) {
        an = bn = 1;
        if (std::sscanf(hdr.c_str(), "@@ -%u +%u @@", &a, &b) != 2)
          std::sscanf(hdr.c_str(), "@@ -%u,%u +%u @@", &a, &an, &b);
      }
      h.from = afterSide ? b : a;
      h.to = h.from + std::max(1u, afterSide ? bn : an);
      hunks.push_back(std::move(h));
    }
    if (!hunks.empty())
      hunks.back().text.append(line).push_back('\n');
    pos = eol + 1;
  }
  if (hunks.empty())
    return {};
  std::vector<const Hunk *> chosen;
  for (const Hunk &h : hunks)
    if (chosen.size() < maxHunks &&
        std::any_of(lines.begin(), lines.end(), [&](uint32_t l) { return l >= h.from && l < h.to; }))
      chosen.push_back(&h);
  if (chosen.empty()) {
    nearest = true;
    const Hunk *best = &hunks.front();
    uint64_t bestD = UINT64_MAX;
    for (const Hunk &h : hunks)
      for (uint32_t l : lines) {
        uint64_t d = l < h.from ? h.from - l : l >= h.to ? l - h.to + 1 : 0;
        if (d < bestD)
          bestD = d, best = &h;
      }
    chosen.push_back(best);
  }
  // Within a long hunk, only the lines near the finding's (their side's line
  // numbers within kNear of one), the rest elided: a pass that renumbers a
  // whole function makes one hunk of it.
  constexpr uint32_t kNear = 4, kShort = 24;
  std::string out;
  for (const Hunk *h : chosen) {
    size_t nl = std::count(h->text.begin(), h->text.end(), '\n');
    if (nl <= kShort || nearest) {
      out += h->text;
      continue;
    }
    size_t p = 0;
    uint32_t at = h->from; // the side's line number of the next line
    bool elided = false;
    bool header = true;
    while (p < h->text.size()) {
      size_t e = h->text.find('\n', p);
      std::string_view ln(h->text.data() + p, e - p);
      p = e + 1;
      if (header) {
        out.append(ln).push_back('\n');
        header = false;
        continue;
      }
      char c = ln.empty() ? ' ' : ln[0];
      bool mine = c == ' ' || (afterSide ? c == '+' : c == '-');
      bool near = std::any_of(lines.begin(), lines.end(), [&](uint32_t l) { return at + kNear >= l && at <= l + kNear; });
      if (near) {
        out.append(ln).push_back('\n');
        elided = false;
      } else if (!elided) {
        out += "   ...\n";
        elided = true;
      }
      if (mine)
        ++at;
    }
  }
  return out;
}

PassCheckResult checkPassLog(const dumps::PassLog &log, const dumps::PassAnalysis &a,
                             const std::vector<size_t> &compiles, const std::string &logName,
                             const CheckOptions &opts, unsigned threads) {
  PassCheckResult res;
  std::unordered_map<uint32_t, uint32_t> resultOf; // canonical snapshot -> result index
  std::vector<uint32_t> work;                      // canonical snapshot of each result
  for (size_t c : compiles) {
    const dumps::Compile &comp = log.compiles[c];
    CompileCheck cc;
    cc.compile = c;
    std::unordered_map<uint32_t, size_t> rowByAfter;
    if (c < a.rows.size())
      for (size_t r = 0; r < a.rows[c].size(); ++r)
        if (a.rows[c][r].after)
          rowByAfter.emplace(*a.rows[c][r].after, r);
    bool modelling = false;
    for (uint32_t i = comp.firstSnapshot; i < comp.endSnapshot; ++i) {
      const dumps::Snapshot &s = log.snapshots[i];
      if (!isModuleDump(s) || a.facts[i].stage != "ttgir")
        continue;
      ++cc.ttgirSnapshots;
      modelling |= hasSomethingToModel(dumps::opsOf(a, i));
      if (!modelling) {
        ++cc.before;
        continue;
      }
      TimelineStep st;
      st.snapshot = i;
      auto r = rowByAfter.find(i);
      if (r != rowByAfter.end())
        st.row = r->second;
      bool cut = log.cutSnapshot && *log.cutSnapshot == i;
      uint32_t k = cut ? i : dumps::canonical(a, i);
      auto [it, fresh] = resultOf.emplace(k, static_cast<uint32_t>(res.results.size()));
      if (fresh) {
        res.results.emplace_back();
        work.push_back(cut ? UINT32_MAX : k);
        if (cut)
          res.results.back().verdict = StepVerdict::Cut;
      }
      st.result = it->second;
      cc.steps.push_back(st);
    }
    res.stepsTotal += cc.steps.size();
    res.compiles.push_back(std::move(cc));
  }
  auto t0 = Clock::now();
  support::ProgressLine progress("tscope passes --check", "snapshots", work.size());
  std::atomic<size_t> done{0};
  std::mutex progressMutex;
  support::parallelFor(work.size(), support::workerCount(threads), [&](size_t j) {
    if (work[j] == UINT32_MAX) {
      res.results[j].reason = "the log ends inside this dump";
      return;
    }
    res.results[j] = checkText(log.snapshots[work[j]].ir, logName, opts);
    size_t n = ++done;
    if (progress.enabled()) {
      std::lock_guard<std::mutex> g(progressMutex);
      progress.update(n, fmt::format("{} (log line {})", logName, log.snapshots[work[j]].headerLine));
    }
  }, 1);
  progress.finish();
  res.checkMs = msSince(t0);
  for (const SnapshotResult &r : res.results)
    res.cpuMs += r.ms;
  for (CompileCheck &cc : res.compiles) {
    std::vector<StepKeys> keys;
    for (const TimelineStep &st : cc.steps) {
      const SnapshotResult &r = res.results[st.result];
      StepKeys k;
      k.informative = r.verdict != StepVerdict::Unparsed && r.verdict != StepVerdict::Cut;
      k.decided = r.verdict != StepVerdict::NotVerified;
      k.keys = r.keys;
      keys.push_back(std::move(k));
    }
    cc.events = findingEvents(keys);
  }
  return res;
}

std::string passDiffId(size_t c, size_t row) {
  return "pass-c" + std::to_string(c + 1) + "-r" + std::to_string(row + 1);
}

render::PassCheckView passCheckView(const dumps::PassLog &log, const dumps::PassAnalysis &a,
                                    const PassCheckResult &r, std::string_view logText, const std::string &logName) {
  render::PassCheckView v;
  v.log = logName;
  v.snapshots = r.stepsTotal;
  v.distinct = 0;
  for (const SnapshotResult &x : r.results)
    v.distinct += x.verdict != StepVerdict::Cut;
  v.checkMs = r.checkMs;
  v.cpuMs = r.cpuMs;
  v.cut = log.cutSnapshot.has_value();
  for (const CompileCheck &cc : r.compiles) {
    const dumps::Compile &comp = log.compiles[cc.compile];
    render::PassCheckCompile c;
    c.index = cc.compile + 1;
    c.kernel = std::string(comp.kernel);
    c.failed = comp.failed;
    c.ttgirSnapshots = cc.ttgirSnapshots;
    c.before = cc.before;
    std::set<uint32_t> seen;
    for (const TimelineStep &st : cc.steps) {
      const SnapshotResult &res = r.results[st.result];
      render::PassCheckStep s;
      if (st.row) {
        const dumps::Snapshot &h = log.snapshots[a.rows[cc.compile][*st.row].snapshot];
        s.pass = std::string(h.pass);
        s.arg = std::string(h.arg);
        s.row = *st.row + 1;
      }
      s.headerLine = log.snapshots[st.snapshot].headerLine;
      s.verdict = stepVerdictName(res.verdict);
      std::set<std::string> ids;
      for (const checks::Finding &f : res.findings)
        if (blocking(f))
          ids.insert(f.check);
      s.ids.assign(ids.begin(), ids.end());
      s.reason = res.reason;
      s.shared = !seen.insert(st.result).second;
      s.result = st.result;
      s.ms = res.ms;
      c.steps.push_back(std::move(s));
    }
    for (const FindingEvent &e : cc.events) {
      render::PassCheckEvent ev;
      ev.appears = e.appears;
      ev.fromStart = e.fromStart;
      ev.uncertain = e.uncertain;
      ev.step = e.step;
      ev.key = e.key;
      const TimelineStep &where = cc.steps[e.appears ? e.step : e.previous];
      for (const checks::Finding &f : r.results[where.result].findings)
        if (blocking(f) && findingKey(f) == e.key) {
          ev.finding = findingInLog(f, log.snapshots[where.snapshot], logText);
          break;
        }
      const TimelineStep &st = cc.steps[e.step];
      if (!e.fromStart && st.row) {
        const dumps::PassRow &row = a.rows[cc.compile][*st.row];
        if (row.before && row.after) {
          bool sideOk = e.appears || *row.before == where.snapshot;
          ev.excerpt = diffExcerpt(log.snapshots[*row.before], log.snapshots[*row.after],
                                   sideOk ? findingLines(ev.finding) : std::vector<uint32_t>{}, e.appears,
                                   ev.nearest);
          ev.nearest |= !sideOk && !ev.excerpt.empty();
          if (row.changed)
            ev.diffId = passDiffId(cc.compile, *st.row);
        }
      }
      if (c.breaking < 0 && e.appears && !e.fromStart)
        c.breaking = static_cast<long>(c.events.size());
      c.events.push_back(std::move(ev));
    }
    std::vector<checks::Finding> fs;
    for (render::PassCheckEvent &ev : c.events)
      fs.push_back(ev.finding);
    attachPythonLines(fs);
    for (size_t i = 0; i < fs.size(); ++i)
      c.events[i].finding.where.pyText = fs[i].where.pyText;
    v.compiles.push_back(std::move(c));
  }
  return v;
}

} // namespace tscope::driver
