// PassCheckRender: text, JSON and HTML views of a pass log's verdict timeline.
#include "render/PassCheckRender.h"

#include <algorithm>
#include <fmt/format.h>
#include <sstream>

#include "render/FindingRender.h"
#include "render/HtmlReport.h"

namespace tscope::render {
namespace {

std::string passLabel(const PassCheckStep &s) {
  if (s.pass.empty())
    return "(the first IR of the compile)";
  return s.arg.empty() ? s.pass : s.pass + " (" + s.arg + ")";
}

std::string stepCell(const PassCheckStep &s) {
  std::string v = s.verdict;
  if (!s.ids.empty()) {
    v += ":";
    for (size_t i = 0; i < s.ids.size(); ++i)
      v += (i ? "," : " ") + s.ids[i];
  }
  return v;
}

std::string eventTitle(const PassCheckCompile &c, const PassCheckEvent &e) {
  const PassCheckStep &s = c.steps[e.step];
  if (e.fromStart) {
    if (e.step == 0)
      return fmt::format("{} is present from the first snapshot checked (log line {}{}): no pass in the log "
                         "introduced it",
                         e.key, s.headerLine, s.pass.empty() ? "" : ", after " + passLabel(s));
    return fmt::format("{} is present from the first snapshot the model decides (log line {}, after {}); the "
                       "snapshots before it were not verified: no pass is named",
                       e.key, s.headerLine, passLabel(s));
  }
  return fmt::format("{} {} after pass row {}: {}, snapshot at log line {}{}", e.key,
                     e.appears ? "first appears" : "disappears", s.row, passLabel(s), s.headerLine,
                     e.uncertain ? " (a snapshot next to it was not verified: the pass is a bound, not a proof)" : "");
}

} // namespace

bool passCheckFailed(const PassCheckView &v) {
  for (const PassCheckCompile &c : v.compiles)
    for (const PassCheckStep &s : c.steps)
      if (!s.ids.empty()) // errors or warnings, decided or beside an undecided part
        return true;
  return false;
}

void passCheckCostliest(std::ostream &os, const PassCheckView &v, size_t n) {
  struct First {
    const PassCheckStep *step;
    const PassCheckCompile *compile;
  };
  std::vector<First> first; // per distinct IR, its first step
  std::vector<char> met;
  for (const PassCheckCompile &c : v.compiles)
    for (const PassCheckStep &s : c.steps) {
      if (s.result >= met.size())
        met.resize(s.result + 1, 0);
      if (!met[s.result]) {
        met[s.result] = 1;
        first.push_back({&s, &c});
      }
    }
  std::stable_sort(first.begin(), first.end(), [](const First &a, const First &b) { return a.step->ms > b.step->ms; });
  if (first.size() > n)
    first.resize(n);
  os << "costliest snapshots:\n";
  for (const First &f : first)
    os << fmt::format("  {:9.1f} ms  {}  log line {}  {}\n", f.step->ms,
                      f.step->row ? fmt::format("row {}: {} ({})", f.step->row, f.step->pass, f.step->arg)
                                  : std::string("(no pass row)"),
                      f.step->headerLine, f.compile->kernel);
}

void passCheckText(std::ostream &os, const PassCheckView &v, const support::SourceBuffer *logBuf) {
  for (const PassCheckCompile &c : v.compiles) {
    os << fmt::format("== compile {} ({}){}: {} TTGIR snapshots, {} before the first barrier/warp_specialize/NVWS op, "
                      "{} checked\n",
                      c.index, c.kernel, c.failed ? " FAILED" : "", c.ttgirSnapshots, c.before, c.steps.size());
    if (c.steps.empty()) {
      os << "  nothing to model: no mbarrier, ttg.warp_specialize or NVWS op in any TTGIR snapshot\n";
      continue;
    }
    os << fmt::format("  {:>4}  {:<58} {:>9}  {}\n", "row", "pass (the IR after it)", "log line", "verdict");
    for (size_t i = 0; i < c.steps.size(); ++i) {
      const PassCheckStep &s = c.steps[i];
      bool breaking = c.breaking >= 0 && c.events[size_t(c.breaking)].step == i;
      std::string label = passLabel(s);
      if (label.size() > 58)
        label = label.substr(0, 55) + "...";
      os << fmt::format("  {:>4}  {:<58} {:>9}  {}{}{}{}\n", s.row ? std::to_string(s.row) : "-", label,
                        s.headerLine, stepCell(s), s.shared ? " (same IR as before)" : "",
                        s.reason.empty() ? "" : " (" + s.reason + ")", breaking ? "   <== first bad pass" : "");
    }
    if (c.events.empty()) {
      bool all = true;
      for (const PassCheckStep &s : c.steps)
        all &= s.verdict == "clean";
      os << (all ? "  every snapshot checked is clean\n"
                 : "  no finding appears or disappears between the snapshots checked\n");
    }
    for (size_t i = 0; i < c.events.size(); ++i) {
      const PassCheckEvent &e = c.events[i];
      os << (long(i) == c.breaking ? "  FIRST BAD PASS: " : "  ") << eventTitle(c, e) << "\n";
      findingText(os, logBuf, e.finding);
      if (!e.excerpt.empty()) {
        os << (e.nearest ? "  diff of the pass (no hunk touches the finding's lines; the nearest):\n"
                         : "  diff of the pass, hunks touching the finding's lines:\n");
        std::istringstream in(e.excerpt);
        std::string line;
        while (std::getline(in, line))
          os << "    " << line << "\n";
      } else if (!e.fromStart) {
        os << "  the pass left the IR unchanged (the verdict changed through a snapshot in between)\n";
      }
    }
  }
  double saved = v.snapshots ? 100.0 * double(v.snapshots - v.distinct) / double(v.snapshots) : 0;
  os << fmt::format("{} snapshots on the timelines, {} distinct IR texts checked ({:.0f}% shared by content hash){}\n",
                    v.snapshots, v.distinct, saved, v.cut ? "; the log ends inside a dump: timeline up to the cut" : "");
}

nlohmann::json passCheckJson(const PassCheckView &v) {
  nlohmann::json compiles = nlohmann::json::array(), findings = nlohmann::json::array();
  for (const PassCheckCompile &c : v.compiles) {
    nlohmann::json steps = nlohmann::json::array(), events = nlohmann::json::array();
    for (const PassCheckStep &s : c.steps)
      steps.push_back({{"row", s.row ? nlohmann::json(s.row) : nlohmann::json(nullptr)},
                       {"pass", s.pass},
                       {"arg", s.arg},
                       {"line", s.headerLine},
                       {"verdict", s.verdict},
                       {"checks", s.ids},
                       {"reason", s.reason},
                       {"shared", s.shared}});
    for (size_t i = 0; i < c.events.size(); ++i) {
      const PassCheckEvent &e = c.events[i];
      const PassCheckStep &s = c.steps[e.step];
      events.push_back({{"kind", e.appears ? "appears" : "disappears"},
                        {"from_start", e.fromStart},
                        {"uncertain", e.uncertain},
                        {"breaking", long(i) == c.breaking},
                        {"key", e.key},
                        {"step", e.step},
                        {"row", s.row ? nlohmann::json(s.row) : nlohmann::json(nullptr)},
                        {"pass", e.fromStart ? nlohmann::json(nullptr) : nlohmann::json(s.pass)},
                        {"arg", s.arg},
                        {"line", s.headerLine},
                        {"finding", findings.size()},
                        {"excerpt", e.excerpt},
                        {"excerpt_nearest", e.nearest}});
      findings.push_back(findingJson(e.finding));
    }
    compiles.push_back({{"compile", c.index},
                        {"kernel", c.kernel},
                        {"failed", c.failed},
                        {"ttgir_snapshots", c.ttgirSnapshots},
                        {"before_modelled", c.before},
                        {"steps", steps},
                        {"events", events}});
  }
  return {{"schema", "tscope.passes-check/1"},
          {"log", v.log},
          {"snapshots", v.snapshots},
          {"distinct", v.distinct},
          {"cut", v.cut},
          {"compiles", compiles},
          {"findings", findings}};
}

void passCheckStrip(std::ostream &os, const PassCheckView &v) {
  os << "<div class=\"pc\"><h3>Concurrency checks per pass</h3>";
  for (const PassCheckCompile &c : v.compiles) {
    os << "<p>compile " << c.index << " (<code>" << htmlEscape(c.kernel) << "</code>): " << c.steps.size()
       << " snapshots checked</p><div class=\"pc-strip\">";
    for (size_t i = 0; i < c.steps.size(); ++i) {
      const PassCheckStep &s = c.steps[i];
      bool breaking = c.breaking >= 0 && c.events[size_t(c.breaking)].step == i;
      std::string cls = s.verdict == "clean" ? "pc-clean" : s.verdict == "findings" ? "pc-find" : "pc-nv";
      if (breaking)
        cls += " pc-break";
      std::string title = passLabel(s) + ": " + stepCell(s) + (s.reason.empty() ? "" : " (" + s.reason + ")");
      const std::string &id = breaking ? c.events[size_t(c.breaking)].diffId : std::string();
      if (!id.empty())
        os << "<a href=\"#" << htmlEscape(id) << "\" class=\"" << cls << "\" title=\"" << htmlEscape(title)
           << "\">" << (s.row ? std::to_string(s.row) : "-") << "</a>";
      else
        os << "<span class=\"" << cls << "\" title=\"" << htmlEscape(title) << "\">"
           << (s.row ? std::to_string(s.row) : "-") << "</span>";
    }
    os << "</div>";
    if (!c.events.empty()) {
      os << "<ul class=\"pc-events\">";
      for (size_t i = 0; i < c.events.size(); ++i) {
        const PassCheckEvent &e = c.events[i];
        os << "<li" << (long(i) == c.breaking ? " class=\"pc-break\"" : "") << ">";
        if (!e.diffId.empty())
          os << "<a href=\"#" << htmlEscape(e.diffId) << "\">" << htmlEscape(eventTitle(c, e)) << "</a>";
        else
          os << htmlEscape(eventTitle(c, e));
        os << ": " << htmlEscape(e.finding.message);
        if (!e.excerpt.empty())
          os << "<pre class=\"diff\">" << htmlEscape(e.excerpt) << "</pre>";
        os << "</li>";
      }
      os << "</ul>";
    }
  }
  double saved = v.snapshots ? 100.0 * double(v.snapshots - v.distinct) / double(v.snapshots) : 0;
  os << "<p class=\"legend-line\">" << v.snapshots << " snapshots, " << v.distinct << " distinct IR texts checked ("
     << fmt::format("{:.0f}", saved)
     << "% shared). <span class=\"pc-clean\">clean</span> <span class=\"pc-find\">findings</span> "
        "<span class=\"pc-nv\">not verified</span> <span class=\"pc-find pc-break\">first bad pass</span></p></div>";
}

} // namespace tscope::render
