// DiffRender: `tscope diff` as text, JSON and an HTML section; every number
// comes from the report model, the renderers only lay it out.
#include "render/DiffRender.h"

#include <fmt/format.h>
#include <set>

#include "render/BarrierRender.h"
#include "render/FindingRender.h"
#include "render/HtmlReport.h"

namespace tscope::render {
namespace {

using dumps::AlignKind;

/// One resource figure on both sides (-1: unknown).
struct ResourceLine {
  std::string label;
  double a = -1, b = -1;
  bool percent = false;
  std::string textA, textB; ///< for non-numeric rows (the limiter)
};

std::vector<ResourceLine> resourceLines(const KernelDiff &k) {
  std::vector<ResourceLine> out;
  const dumps::KernelResourcesRow *a = k.resA ? &*k.resA : nullptr, *b = k.resB ? &*k.resB : nullptr;
  if (!a && !b)
    return out;
  auto num = [&](const char *label, auto get) {
    ResourceLine l;
    l.label = label;
    l.a = a ? get(*a) : -1;
    l.b = b ? get(*b) : -1;
    if (l.a >= 0 || l.b >= 0)
      out.push_back(l);
  };
  num("registers/thread", [](const dumps::KernelResourcesRow &r) { return r.ptxas ? r.ptxas->registers : -1.0; });
  num("spill stores (B)", [](const dumps::KernelResourcesRow &r) {
    return r.ptxas ? static_cast<double>(r.ptxas->spillStores) : -1.0;
  });
  num("spill loads (B)", [](const dumps::KernelResourcesRow &r) {
    return r.ptxas ? static_cast<double>(r.ptxas->spillLoads) : -1.0;
  });
  num("stack frame (B)", [](const dumps::KernelResourcesRow &r) {
    return r.ptxas ? static_cast<double>(r.ptxas->stackFrame) : -1.0;
  });
  num("shared memory (B)", [](const dumps::KernelResourcesRow &r) {
    return r.meta ? static_cast<double>(r.meta->shared) : -1.0;
  });
  num("num_warps", [](const dumps::KernelResourcesRow &r) { return r.meta ? r.meta->numWarps : -1.0; });
  num("num_stages", [](const dumps::KernelResourcesRow &r) { return r.meta ? r.meta->numStages : -1.0; });
  num("CTAs/SM", [](const dumps::KernelResourcesRow &r) { return r.occupancy ? r.occupancy->ctasPerSm : -1.0; });
  num("warps/SM", [](const dumps::KernelResourcesRow &r) { return r.occupancy ? r.occupancy->warpsPerSm : -1.0; });
  {
    ResourceLine l;
    l.label = "occupancy";
    l.percent = true;
    l.a = a && a->occupancy ? a->occupancy->fraction * 100 : -1;
    l.b = b && b->occupancy ? b->occupancy->fraction * 100 : -1;
    if (l.a >= 0 || l.b >= 0)
      out.push_back(l);
  }
  if ((a && a->occupancy) || (b && b->occupancy)) {
    ResourceLine l;
    l.label = "limited by";
    l.textA = a && a->occupancy ? a->occupancy->limiter : "?";
    l.textB = b && b->occupancy ? b->occupancy->limiter : "?";
    out.push_back(l);
  }
  return out;
}

std::string fmtNum(double v, bool percent) {
  if (v < 0)
    return "?";
  return percent ? fmt::format("{:.1f}%", v) : fmt::format("{}", static_cast<int64_t>(v));
}

std::string fmtDelta(const ResourceLine &l) {
  if (!l.textA.empty() || !l.textB.empty())
    return l.textA == l.textB ? "same" : "CHANGED";
  if (l.a < 0 || l.b < 0)
    return "";
  double d = l.b - l.a;
  if (d == 0)
    return "same";
  return l.percent ? fmt::format("{:+.1f} pt", d) : fmt::format("{:+d}", static_cast<int64_t>(d));
}

std::string valueText(const ResourceLine &l, bool sideB) {
  if (!l.textA.empty() || !l.textB.empty())
    return sideB ? l.textB : l.textA;
  return fmtNum(sideB ? l.b : l.a, l.percent);
}

std::string pyPlace(const dumps::DiffOp &o) {
  if (!o.pyLine)
    return "";
  std::string f = o.pyFile;
  if (size_t s = f.find_last_of('/'); s != std::string::npos)
    f = f.substr(s + 1);
  return fmt::format("{}:{}", f, o.pyLine);
}

struct AlignStats {
  size_t same = 0, changed = 0, removed = 0, added = 0;
};

AlignStats statsOf(const KernelDiff &k) {
  AlignStats s;
  for (const dumps::AlignedOp &r : k.rows)
    switch (r.kind) {
    case AlignKind::Same: ++s.same; break;
    case AlignKind::Changed: ++s.changed; break;
    case AlignKind::Removed: ++s.removed; break;
    case AlignKind::Added: ++s.added; break;
    }
  return s;
}

/// Row index ranges [begin, end) of the hunks: changes with `context` same rows around.
std::vector<std::pair<size_t, size_t>> hunks(const KernelDiff &k, int context) {
  std::vector<std::pair<size_t, size_t>> out;
  const size_t n = k.rows.size(), c = static_cast<size_t>(std::max(context, 0));
  for (size_t i = 0; i < n; ++i) {
    if (k.rows[i].kind == AlignKind::Same)
      continue;
    size_t b = i > c ? i - c : 0;
    size_t e = i + 1;
    while (e < n) {
      size_t nextChange = e;
      while (nextChange < n && k.rows[nextChange].kind == AlignKind::Same)
        ++nextChange;
      if (nextChange < n && nextChange - e <= 2 * c) {
        e = nextChange + 1;
        continue;
      }
      e = std::min(n, e + c);
      break;
    }
    out.emplace_back(b, e);
    i = e - 1;
  }
  return out;
}

std::string indentOf(const dumps::DiffOp &o) { return std::string(2 * o.depth, ' '); }

/// Lines of one aligned row: marker and text.
std::vector<std::pair<char, std::string>> rowLines(const KernelDiff &k, const dumps::AlignedOp &r) {
  std::vector<std::pair<char, std::string>> out;
  auto line = [&](char mark, const dumps::DiffOp &o, bool withPy) {
    std::string s = indentOf(o) + o.text;
    if (withPy) {
      std::string py = pyPlace(o);
      if (!py.empty())
        s += "  // " + py;
    }
    out.emplace_back(mark, s);
  };
  switch (r.kind) {
  case AlignKind::Same: line(' ', k.opsB[r.b], false); break;
  case AlignKind::Changed:
    line('-', k.opsA[r.a], true);
    line('+', k.opsB[r.b], true);
    break;
  case AlignKind::Removed: line('-', k.opsA[r.a], true); break;
  case AlignKind::Added: line('+', k.opsB[r.b], true); break;
  }
  return out;
}

std::string hunkHeader(const KernelDiff &k, std::pair<size_t, size_t> h) {
  uint32_t la = 0, lb = 0;
  std::string part;
  for (size_t i = h.first; i < h.second; ++i) {
    const dumps::AlignedOp &r = k.rows[i];
    if (!la && r.a >= 0)
      la = k.opsA[r.a].irLine;
    if (!lb && r.b >= 0)
      lb = k.opsB[r.b].irLine;
    if (part.empty() && r.kind != AlignKind::Same)
      part = r.b >= 0 ? k.opsB[r.b].partition : k.opsA[r.a].partition;
  }
  std::string s = fmt::format("@@ A:{} B:{} @@", la, lb);
  if (!part.empty())
    s += " in " + part;
  return s;
}

std::string verdictText(const std::optional<checks::KernelVerdict> &v) {
  return v ? checks::verdictName(v->verdict) : "-";
}

std::string findingLine(const checks::Finding &f) {
  std::string s = fmt::format("[{}] {}", f.check, f.message);
  if (f.where.pyLine) {
    std::string file = f.where.pyFile;
    if (size_t p = file.find_last_of('/'); p != std::string::npos)
      file = file.substr(p + 1);
    s += fmt::format(" ({}:{})", file, f.where.pyLine);
  }
  return s;
}

} // namespace

bool diffHasRegressions(const DiffReport &r) {
  for (const KernelDiff &k : r.kernels)
    for (const checks::Finding &f : k.onlyB)
      if (f.severity == support::Severity::Error)
        return true;
  return false;
}

void diffText(std::ostream &os, const DiffReport &r, int context) {
  os << "diff: " << r.a << " (A) vs " << r.b << " (B)\n";
  for (const std::string &n : r.notes)
    os << "note: " << n << "\n";
  for (const std::string &u : r.unpairedA)
    os << "only in A: " << u << "\n";
  for (const std::string &u : r.unpairedB)
    os << "only in B: " << u << "\n";
  for (const KernelDiff &k : r.kernels) {
    os << "\n== kernel " << k.kernel;
    if (!k.kernelA.empty() && k.kernelA != k.kernel)
      os << " (A: " << k.kernelA << ")";
    os << " (paired by " << k.pairedBy << ")\n";
    os << "  A: " << k.fileA << "\n  B: " << k.fileB << "\n";

    os << "\nverdicts:\n";
    if (!r.checksRun)
      os << "  (not compared: --no-checks)\n";
    else if (k.verdicts.empty())
      os << "  (no analysis gave a verdict)\n";
    for (const VerdictPair &v : k.verdicts)
      os << fmt::format("  {:<10} {} -> {}{}\n", v.analysis, verdictText(v.a), verdictText(v.b),
                        v.changed() ? "   CHANGED" : "");
    for (const checks::Finding &f : k.onlyA)
      os << "  gone in B: " << findingLine(f) << "\n";
    for (const checks::Finding &f : k.onlyB)
      os << "  new in B:  " << findingLine(f) << "\n";
    if (k.sameFindings)
      os << "  " << k.sameFindings << " finding(s) on both sides\n";

    os << "\nresources:\n";
    std::vector<ResourceLine> res = resourceLines(k);
    if (res.empty())
      os << "  (no ptxas log, cubin or kernel .json metadata beside either side)\n";
    for (const ResourceLine &l : res)
      os << fmt::format("  {:<18} {:>8} -> {:<8} {}\n", l.label, valueText(l, false), valueText(l, true),
                        fmtDelta(l));
    if (!k.resNoteA.empty())
      os << "  A: " << k.resNoteA << "\n";
    if (!k.resNoteB.empty())
      os << "  B: " << k.resNoteB << "\n";

    std::vector<checks::CompareRow> changedRows;
    for (const checks::CompareRow &c : k.barriers)
      if (c.changed)
        changedRows.push_back(c);
    os << "\nbarrier protocol (waits per barrier and partition): " << changedRows.size() << " of "
       << k.barriers.size() << " rows changed\n";
    if (!changedRows.empty())
      compareText(os, changedRows, false);

    os << "\nop counts per dialect:\n";
    for (const dumps::CountDelta &d : k.dialects)
      os << fmt::format("  {:<10} {:>6} -> {:<6} {}\n", d.name, d.a, d.b,
                        d.a == d.b ? std::string("same") : fmt::format("{:+d}", int64_t(d.b) - int64_t(d.a)));
    if (!k.opCounts.empty()) {
      os << "ops whose count changed:\n";
      for (const dumps::CountDelta &d : k.opCounts)
        os << fmt::format("  {:<32} {:>4} -> {:<4} {:+d}\n", d.name, d.a, d.b, int64_t(d.b) - int64_t(d.a));
    }

    if (!k.aliases.empty()) {
      os << "\nlayout and type aliases that differ:\n";
      for (const dumps::AliasDelta &al : k.aliases) {
        os << "  " << al.name << "\n";
        os << "    A: " << (al.a.empty() ? "(not defined)" : al.a) << "\n";
        os << "    B: " << (al.b.empty() ? "(not defined)" : al.b) << "\n";
      }
    }

    AlignStats s = statsOf(k);
    os << fmt::format("\nIR ({} ops in A, {} in B): {} same, {} changed, {} only in A, {} only in B\n",
                      k.opsA.size(), k.opsB.size(), s.same, s.changed, s.removed, s.added);
    for (auto h : hunks(k, context)) {
      os << hunkHeader(k, h) << "\n";
      for (size_t i = h.first; i < h.second; ++i)
        for (const auto &[mark, text] : rowLines(k, k.rows[i]))
          os << mark << ' ' << text << "\n";
    }
  }
  os << fmt::format("\n{} kernel pair(s) compared\n", r.kernels.size());
}

nlohmann::json diffJson(const DiffReport &r) {
  nlohmann::json kernels = nlohmann::json::array();
  nlohmann::json newFindings = nlohmann::json::array();
  auto opJson = [](const dumps::DiffOp &o) {
    nlohmann::json j{{"op", o.name}, {"text", o.text}, {"line", o.irLine}, {"depth", o.depth}};
    if (!o.partition.empty())
      j["partition"] = o.partition;
    if (o.pyLine)
      j["source"] = {{"file", o.pyFile}, {"line", o.pyLine}, {"col", o.pyCol}};
    return j;
  };
  for (const KernelDiff &k : r.kernels) {
    nlohmann::json verdicts = nlohmann::json::array();
    for (const VerdictPair &v : k.verdicts)
      verdicts.push_back({{"analysis", v.analysis},
                          {"a", v.a ? nlohmann::json(checks::verdictName(v.a->verdict)) : nlohmann::json()},
                          {"b", v.b ? nlohmann::json(checks::verdictName(v.b->verdict)) : nlohmann::json()},
                          {"a_summary", v.a ? v.a->summary : ""},
                          {"b_summary", v.b ? v.b->summary : ""},
                          {"changed", v.changed()}});
    nlohmann::json res = nlohmann::json::array();
    for (const ResourceLine &l : resourceLines(k)) {
      nlohmann::json j{{"name", l.label}};
      if (!l.textA.empty() || !l.textB.empty()) {
        j["a"] = l.textA;
        j["b"] = l.textB;
      } else {
        j["a"] = l.a < 0 ? nlohmann::json() : nlohmann::json(l.a);
        j["b"] = l.b < 0 ? nlohmann::json() : nlohmann::json(l.b);
        if (l.a >= 0 && l.b >= 0)
          j["delta"] = l.b - l.a;
      }
      res.push_back(j);
    }
    nlohmann::json barriers = nlohmann::json::array();
    for (const checks::CompareRow &c : k.barriers)
      barriers.push_back({{"barrier", c.barrier}, {"partition", c.partition}, {"a", c.oldWaits},
                          {"b", c.newWaits}, {"changed", c.changed}});
    nlohmann::json counts = nlohmann::json::array();
    for (const dumps::CountDelta &d : k.dialects)
      counts.push_back({{"dialect", d.name}, {"a", d.a}, {"b", d.b}});
    nlohmann::json opCounts = nlohmann::json::array();
    for (const dumps::CountDelta &d : k.opCounts)
      opCounts.push_back({{"op", d.name}, {"a", d.a}, {"b", d.b}});
    nlohmann::json aliases = nlohmann::json::array();
    for (const dumps::AliasDelta &al : k.aliases)
      aliases.push_back({{"name", al.name},
                         {"a", al.a.empty() ? nlohmann::json() : nlohmann::json(al.a)},
                         {"b", al.b.empty() ? nlohmann::json() : nlohmann::json(al.b)}});
    nlohmann::json ir = nlohmann::json::array();
    static const char *kinds[] = {"same", "changed", "removed", "added"};
    for (const dumps::AlignedOp &row : k.rows) {
      if (row.kind == AlignKind::Same)
        continue;
      nlohmann::json j{{"kind", kinds[static_cast<int>(row.kind)]}};
      if (row.a >= 0)
        j["a"] = opJson(k.opsA[row.a]);
      if (row.b >= 0)
        j["b"] = opJson(k.opsB[row.b]);
      ir.push_back(j);
    }
    AlignStats s = statsOf(k);
    nlohmann::json gone = nlohmann::json::array(), added = nlohmann::json::array();
    for (const checks::Finding &f : k.onlyA)
      gone.push_back(findingJson(f));
    for (const checks::Finding &f : k.onlyB) {
      added.push_back(findingJson(f));
      newFindings.push_back(findingJson(f));
    }
    kernels.push_back({{"kernel", k.kernel},
                       {"kernel_a", k.kernelA},
                       {"a", k.fileA},
                       {"b", k.fileB},
                       {"paired_by", k.pairedBy},
                       {"verdicts", verdicts},
                       {"findings_gone", gone},
                       {"findings_new", added},
                       {"findings_same", k.sameFindings},
                       {"resources", res},
                       {"resources_note_a", k.resNoteA},
                       {"resources_note_b", k.resNoteB},
                       {"barriers", barriers},
                       {"dialects", counts},
                       {"op_counts_changed", opCounts},
                       {"aliases_changed", aliases},
                       {"ir_summary",
                        {{"ops_a", k.opsA.size()},
                         {"ops_b", k.opsB.size()},
                         {"same", s.same},
                         {"changed", s.changed},
                         {"removed", s.removed},
                         {"added", s.added}}},
                       {"ir", ir}});
  }
  return {{"schema", "tscope.diff/1"}, {"checks_run", r.checksRun}, {"a", r.a},          {"b", r.b},
          {"kernels", kernels},        {"only_in_a", r.unpairedA}, {"only_in_b", r.unpairedB},
          {"notes", r.notes},          {"findings", newFindings}};
}

void diffHtmlSection(std::ostream &os, const DiffReport &r, int context) {
  auto e = [](std::string_view s) { return htmlEscape(s); };
  os << "<section id=\"diff\"><h2>Diff: " << e(r.a) << " (A) vs " << e(r.b) << " (B)</h2>\n";
  for (const std::string &n : r.notes)
    os << "<p class=\"note\">" << e(n) << "</p>\n";
  for (const std::string &u : r.unpairedA)
    os << "<p class=\"note\">only in A: " << e(u) << "</p>\n";
  for (const std::string &u : r.unpairedB)
    os << "<p class=\"note\">only in B: " << e(u) << "</p>\n";
  for (const KernelDiff &k : r.kernels) {
    os << "<h3>" << e(k.kernel) << "</h3>\n<p>A: <code>" << e(k.fileA) << "</code><br>B: <code>" << e(k.fileB)
       << "</code></p>\n";
    os << "<table class=\"diff-verdicts\"><tr><th>analysis</th><th>A</th><th>B</th><th></th></tr>\n";
    for (const VerdictPair &v : k.verdicts)
      os << "<tr" << (v.changed() ? " class=\"changed\"" : "") << "><td>" << e(v.analysis) << "</td><td>"
         << e(verdictText(v.a)) << "</td><td>" << e(verdictText(v.b)) << "</td><td>"
         << (v.changed() ? "<strong>changed</strong>" : "same") << "</td></tr>\n";
    os << "</table>\n";
    if (!k.onlyA.empty() || !k.onlyB.empty()) {
      os << "<ul class=\"diff-findings\">\n";
      for (const checks::Finding &f : k.onlyA)
        os << "<li>gone in B: " << e(findingLine(f)) << "</li>\n";
      for (const checks::Finding &f : k.onlyB)
        os << "<li class=\"changed\">new in B: " << e(findingLine(f)) << "</li>\n";
      os << "</ul>\n";
    }
    std::vector<ResourceLine> res = resourceLines(k);
    if (!res.empty()) {
      os << "<table class=\"diff-resources\"><tr><th>resource</th><th>A</th><th>B</th><th>delta</th></tr>\n";
      for (const ResourceLine &l : res) {
        std::string d = fmtDelta(l);
        os << "<tr" << (d != "same" && !d.empty() ? " class=\"changed\"" : "") << "><td>" << e(l.label)
           << "</td><td>" << e(valueText(l, false)) << "</td><td>" << e(valueText(l, true)) << "</td><td>"
           << e(d) << "</td></tr>\n";
      }
      os << "</table>\n";
    }
    if (!k.barriers.empty()) {
      os << "<table class=\"diff-barriers\"><tr><th>barrier</th><th>partition</th><th>A waits</th><th>B "
            "waits</th></tr>\n";
      for (const checks::CompareRow &c : k.barriers)
        os << "<tr" << (c.changed ? " class=\"changed\"" : "") << "><td>" << e(c.barrier) << "</td><td>"
           << e(c.partition) << "</td><td>" << e(c.oldWaits) << "</td><td>" << e(c.newWaits) << "</td></tr>\n";
      os << "</table>\n";
    }
    os << "<table class=\"diff-counts\"><tr><th>dialect</th><th>A</th><th>B</th></tr>\n";
    for (const dumps::CountDelta &d : k.dialects)
      os << "<tr" << (d.a != d.b ? " class=\"changed\"" : "") << "><td>" << e(d.name) << "</td><td>" << d.a
         << "</td><td>" << d.b << "</td></tr>\n";
    os << "</table>\n";
    if (!k.aliases.empty()) {
      os << "<table class=\"diff-aliases\"><tr><th>alias</th><th>A</th><th>B</th></tr>\n";
      for (const dumps::AliasDelta &al : k.aliases)
        os << "<tr><td><code>" << e(al.name) << "</code></td><td><code>" << e(al.a) << "</code></td><td><code>"
           << e(al.b) << "</code></td></tr>\n";
      os << "</table>\n";
    }
    AlignStats s = statsOf(k);
    os << "<p>" << fmt::format("IR: {} same, {} changed, {} only in A, {} only in B", s.same, s.changed,
                               s.removed, s.added)
       << "</p>\n<pre class=\"diff\">";
    for (auto h : hunks(k, context)) {
      os << "<span class=\"hunk\">" << e(hunkHeader(k, h)) << "</span>\n";
      for (size_t i = h.first; i < h.second; ++i)
        for (const auto &[mark, text] : rowLines(k, k.rows[i])) {
          const char *cls = mark == '-' ? "del" : mark == '+' ? "add" : "ctx";
          os << "<span class=\"" << cls << "\">" << mark << ' ' << e(text) << "</span>\n";
        }
    }
    os << "</pre>\n";
  }
  os << "</section>\n";
}

} // namespace tscope::render
