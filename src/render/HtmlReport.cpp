// HtmlReport: the report's HTML. No script; one <style> whose SHA-256 the
// Content-Security-Policy names; every string from the input is escaped.
#include "render/HtmlReport.h"

#include <fmt/format.h>
#include <map>
#include <set>
#include <sstream>

#include "render/BarrierRender.h"
#include "render/FindingRender.h"
#include "support/Diagnostics.h"
#include "support/Sha256.h"

namespace tscope::render {
namespace {

using checks::Finding;

std::string esc(std::string_view s) { return htmlEscape(s); }

std::string place(const checks::FindingLocation &l) {
  std::string s = l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
  if (l.pyLine)
    s += " (" + l.pyFile + ":" + std::to_string(l.pyLine) + ")";
  return s;
}

void excerpt(std::ostream &os, const char *what, const Excerpt &e) {
  os << "<div class=\"excerpt\"><div class=\"excerpt-head\">" << what << " ";
  if (!e.file.empty())
    os << esc(e.file) << ":" << e.mark;
  os << "</div>";
  if (e.lines.empty()) {
    os << "<p class=\"missing\">" << esc(e.missing.empty() ? "no source location" : e.missing) << "</p></div>";
    return;
  }
  os << "<pre>";
  for (size_t i = 0; i < e.lines.size(); ++i) {
    uint32_t n = e.first + static_cast<uint32_t>(i);
    os << "<span class=\"" << (n == e.mark ? "ln mark" : "ln") << "\">" << fmt::format("{:>5}", n) << "  "
       << esc(e.lines[i]) << "</span>";
  }
  os << "</pre></div>";
}

// Box geometry of both charts (monospace: a character is 0.6 em wide; the
// widths keep a margin so the browser's font fits too).
constexpr int kBoxW = 158, kBoxH = 58, kColW = 172, kLaneH = 70, kLabelW = 128, kAxisH = 26;
constexpr size_t kLabelChars = 22, kDetailChars = 25, kLaneChars = 15;

const char *fillOf(const std::string &kind) {
  return kind == "wait" ? "#f8d7da" : kind == "arrive" ? "#d4edda" : kind == "async" ? "#fff3cd" : "#dbe9f7";
}
const char *strokeOf(const std::string &kind) {
  return kind == "wait" ? "#b02a37" : kind == "arrive" ? "#2d7a3e" : kind == "async" ? "#b8860b" : "#2f5d8a";
}

/// One box: a <g class="box"> with the full text as its <title>, the label
/// wrapped on two lines at 11 px and the detail on one at 9 px.
void box(std::ostream &os, int x, int y, const std::string &kind, const std::string &label, const std::string &detail,
         const std::string &extraClass = {}) {
  bool cut1 = false, cut2 = false;
  std::vector<std::string> l = wrapLabel(label, kLabelChars, 2, cut1);
  std::vector<std::string> d = wrapLabel(detail, kDetailChars, 1, cut2);
  os << "<g class=\"box " << kind << (extraClass.empty() ? "" : " " + extraClass) << "\"><title>" << esc(label)
     << (detail.empty() ? "" : "\n" + esc(detail)) << "</title>";
  os << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{}\" stroke=\"{}\"{}/>", x, y,
                    kBoxW, kBoxH, fillOf(kind), strokeOf(kind),
                    extraClass == "stuck-marker" ? " stroke-width=\"2.5\"" : "");
  int ty = y + 15;
  for (const std::string &line : l) {
    os << fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"11\">{}</text>", x + 5, ty,
                      esc(line));
    ty += 14;
  }
  for (const std::string &line : d)
    os << fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"9\" fill=\"#555\">{}</text>",
                      x + 5, y + kBoxH - 7, esc(line));
  os << "</g>";
}

/// The lane's name in the left column (wrapped on two lines).
void laneLabel(std::ostream &os, int y, const std::string &name, bool stuck) {
  bool cut = false;
  std::vector<std::string> l = wrapLabel(name, kLaneChars, 2, cut);
  os << "<g class=\"lane-label\"><title>" << esc(name) << "</title>";
  os << fmt::format("<rect x=\"2\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\"/>", y + 6, kLabelW - 8,
                    kLaneH - 12);
  int ty = y + kLaneH / 2 + (l.size() > 1 ? -3 : 4);
  for (const std::string &line : l) {
    os << fmt::format("<text x=\"6\" y=\"{}\" font-family=\"monospace\" font-size=\"12\" font-weight=\"bold\"{}>{}</text>",
                      ty, stuck ? " fill=\"#b02a37\"" : "", esc(line));
    ty += 14;
  }
  os << "</g>";
}

void laneBackground(std::ostream &os, int y, int width, size_t lane) {
  os << fmt::format("<rect class=\"lane\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", y, width, kLaneH,
                    lane % 2 ? "#f4f6f8" : "#ffffff");
}

void axis(std::ostream &os, size_t columns, int width, const char *what) {
  os << fmt::format("<g class=\"axis\"><text x=\"6\" y=\"17\" font-family=\"system-ui,sans-serif\" font-size=\"11\" "
                    "fill=\"#57606a\">{}</text>",
                    what);
  for (size_t c = 0; c < columns; ++c) {
    int x = kLabelW + static_cast<int>(c) * kColW;
    os << fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#d0d7de\"/>", x, kAxisH - 4, x, kAxisH);
    os << fmt::format("<text x=\"{}\" y=\"17\" font-family=\"system-ui,sans-serif\" font-size=\"11\" "
                      "fill=\"#57606a\">{}</text>",
                      x + 4, c + 1);
  }
  os << fmt::format("<line x1=\"0\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#8c959f\"/></g>", kAxisH, width, kAxisH);
}

/// The counterexample as a swim-lane chart: one lane per actor, one column
/// per step (the axis), thin arrows in playing order, and a red STUCK box
/// after the last step on each lane that ends stuck.
void traceSvg(std::ostream &os, const TraceChart &c, const std::string &arrowId) {
  size_t columns = c.steps.size() + (c.stuck.empty() ? 0 : 1);
  int width = kLabelW + static_cast<int>(columns) * kColW + 8;
  int height = kAxisH + static_cast<int>(c.lanes.size()) * kLaneH + 6;
  os << fmt::format("<svg class=\"timeline trace\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
                    "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"counterexample trace, {} steps\">",
                    width, height, width, height, c.steps.size());
  os << "<defs><marker id=\"" << arrowId << "\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"6\" markerHeight=\"6\" "
        "orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#8c959f\"/></marker></defs>";
  axis(os, columns, width, "step");
  std::set<size_t> stuckLanes;
  for (const auto &[lane, what] : c.stuck)
    stuckLanes.insert(lane);
  for (size_t l = 0; l < c.lanes.size(); ++l) {
    int y = kAxisH + static_cast<int>(l) * kLaneH;
    laneBackground(os, y, width, l);
    laneLabel(os, y, c.lanes[l], stuckLanes.count(l) > 0);
  }
  auto at = [&](size_t step, size_t lane) {
    return std::pair<int, int>{kLabelW + static_cast<int>(step) * kColW,
                               kAxisH + static_cast<int>(lane) * kLaneH + (kLaneH - kBoxH) / 2};
  };
  for (size_t i = 0; i + 1 < c.steps.size(); ++i) {
    auto [x1, y1] = at(i, c.steps[i].lane);
    auto [x2, y2] = at(i + 1, c.steps[i + 1].lane);
    os << fmt::format("<path class=\"order\" d=\"M{},{} C{},{} {},{} {},{}\" fill=\"none\" stroke=\"#8c959f\" "
                      "stroke-dasharray=\"3 2\" marker-end=\"url(#{})\"/>",
                      x1 + kBoxW, y1 + kBoxH / 2, x1 + kBoxW + 10, y1 + kBoxH / 2, x2 - 10, y2 + kBoxH / 2, x2,
                      y2 + kBoxH / 2, arrowId);
  }
  for (size_t i = 0; i < c.steps.size(); ++i) {
    const TraceStep &s = c.steps[i];
    auto [x, y] = at(i, s.lane);
    box(os, x, y, s.kind, s.label, s.iteration + " · " + s.detail);
  }
  for (const auto &[lane, what] : c.stuck) {
    auto [x, y] = at(c.steps.size(), lane);
    box(os, x, y, "wait", "STUCK: " + what, "never completes", "stuck-marker");
  }
  os << "</svg>";
}

/// The focused buffer's protocol: one lane per partition, its waits, arrives
/// and accesses of the buffer in program order (the axis numbers them).
void swimLanes(std::ostream &os, const ReportKernel &k) {
  size_t widest = 1;
  for (const SwimLane &l : k.lanes)
    widest = std::max(widest, l.items.size());
  int width = kLabelW + static_cast<int>(widest) * kColW + 8;
  int height = kAxisH + static_cast<int>(k.lanes.size()) * kLaneH + 6;
  os << fmt::format("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
                    "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"timeline of {}\">",
                    width, height, width, height, esc(k.focus));
  axis(os, widest, width, "op");
  size_t lane = 0;
  for (const SwimLane &l : k.lanes) {
    int y = kAxisH + static_cast<int>(lane) * kLaneH;
    laneBackground(os, y, width, lane++);
    laneLabel(os, y, l.partition, false);
    int x = kLabelW;
    for (const LaneItem &it : l.items) {
      box(os, x, y + (kLaneH - kBoxH) / 2, it.kind, it.stuck ? "STUCK " + it.label : it.label, it.detail,
          it.stuck ? "stuck-marker" : "");
      x += kColW;
    }
  }
  os << "</svg>";
}

void excerptPair(std::ostream &os, const Excerpt &ir, const Excerpt &py) {
  os << "<div class=\"side\">";
  excerpt(os, "IR", ir);
  excerpt(os, "Python", py);
  os << "</div>";
}

/// A finding's schedule strength and what the GPU will do (Finding::schedule, onGpu).
void scheduleLine(std::ostream &os, const Finding &f) {
  if (!f.schedule.empty()) {
    const std::string &words = f.scheduleWords;
    os << "<p class=\"schedule\"><span class=\"chip s-" << esc(f.schedule) << "\">schedule: " << esc(f.schedule)
       << "</span> " << esc(words.size() > f.schedule.size() + 2 ? words.substr(f.schedule.size() + 2) : "")
       << "</p>";
  }
  if (!f.onGpu.empty())
    os << "<p class=\"schedule\"><span class=\"chip gpu\">on the GPU</span> " << esc(f.onGpu) << "</p>";
}

void findingBlock(std::ostream &os, const FindingView &rf, size_t id) {
  const Finding &f = rf.finding;
  const char *sev = support::severityName(f.severity);
  os << "<article class=\"finding sev-" << sev << "\" id=\"finding-" << id << "\">";
  os << "<h4><span class=\"badge " << sev << "\">" << sev << "</span> <code>[" << esc(f.check) << "]</code> "
     << esc(f.message) << "</h4>";
  os << "<p class=\"where\">" << esc(place(f.where)) << (rf.kernel.empty() ? "" : " in kernel " + esc(rf.kernel))
     << "</p>";
  scheduleLine(os, f);
  excerptPair(os, rf.ir, rf.python);
  if (!rf.related.empty()) {
    os << "<div class=\"related\"><h5>Related locations (" << rf.related.size() << ")</h5>";
    for (size_t i = 0; i < rf.related.size() && i < f.related.size(); ++i) {
      os << "<div class=\"related-loc\"><p><b>" << esc(rf.related[i].message) << "</b> <span class=\"at\">"
         << esc(place(f.related[i].where)) << "</span></p>";
      excerptPair(os, rf.related[i].ir, rf.related[i].python);
      os << "</div>";
    }
    os << "</div>";
  }
  if (!f.notes.empty()) {
    os << "<ul class=\"notes\">";
    for (const std::string &n : f.notes)
      os << "<li>" << esc(n) << "</li>";
    os << "</ul>";
  }
  if (!f.trace.empty()) {
    os << "<details><summary>trace (" << f.trace.size() << " steps)</summary><ol class=\"trace\">";
    for (const auto &t : f.trace)
      os << "<li><b>" << esc(t.actor) << "</b> " << esc(t.action) << " <span class=\"at\">" << esc(shortPlace(t.where))
         << "</span></li>";
    os << "</ol></details>";
  }
  os << "</article>";
}

const char *verdictWords(const std::string &v) {
  return v == "error" ? "error" : v == "not-verified" ? "not verified" : "clean";
}

void kernelBlock(std::ostream &os, const ReportKernel &k, const std::string &anchor) {
  const checks::KernelBarrierReport &r = k.barriers;
  os << "<section class=\"kernel v-" << k.verdict << "\" id=\"" << anchor << "\"><h3><span class=\"vbadge v-"
     << k.verdict << "\">" << verdictWords(k.verdict) << "</span> kernel <code>" << esc(r.kernel) << "</code></h3>";
  if (!k.notVerified.empty()) {
    os << "<div class=\"banner not-verified\" role=\"alert\"><strong>NOT VERIFIED</strong>: a check could not decide "
          "this kernel, so \"no finding\" here does not mean correct.<ul>";
    for (const std::string &n : k.notVerified)
      os << "<li>" << esc(n) << "</li>";
    os << "</ul></div>";
  }
  if (!k.expectedGpu.empty())
    os << "<p class=\"expected\">Expected on the GPU: <strong>" << esc(k.expectedGpu) << "</strong></p>";
  if (!k.verdictLines.empty()) {
    os << "<ul class=\"verdicts\">";
    for (const std::string &l : k.verdictLines)
      os << "<li>" << esc(l) << "</li>";
    os << "</ul>";
  }
  os << "<p class=\"summary\">target " << esc(r.target.empty() ? "?" : r.target) << ", " << r.numWarps
     << " warps, " << (r.warpSpecialized ? "warp-specialized" : "not warp-specialized") << ", "
     << r.barriers.size() << " barrier groups, " << r.edges.size() << " dependency edges</p>";
  os << "<table class=\"partitions\"><thead><tr><th>partition</th><th>role</th><th>warps</th>"
        "<th>registers req/actual</th><th>key ops</th></tr></thead><tbody>";
  for (const checks::PartitionRow &p : r.partitions) {
    std::string ops;
    for (const auto &[name, n] : p.keyOps)
      ops += (ops.empty() ? "" : ", ") + name + " x" + std::to_string(n);
    os << "<tr><td>" << esc(p.name) << "</td><td>" << esc(p.role) << "</td><td>" << p.warps << "</td><td>"
       << (p.requestedRegisters ? std::to_string(*p.requestedRegisters) : "-") << "/"
       << (p.actualRegisters ? std::to_string(*p.actualRegisters) : "-") << "</td><td>" << esc(ops)
       << "</td></tr>";
  }
  os << "</tbody></table>";
  os << "<h4>Barrier dependency graph</h4>";
  if (!k.graphSvg.empty()) {
    // The SVG is Graphviz's output for labels we escaped for dot; Graphviz
    // writes them as XML text, and the builder removed comments and prolog.
    os << "<figure class=\"graph\">" << k.graphSvg << "<figcaption>";
    for (const std::string &m : k.graphMarks)
      os << "<p class=\"mark " << (m.rfind("orange", 0) == 0 ? "unfenced" : "stuck") << "\">" << esc(m) << "</p>";
    for (const std::string &m : k.mechanisms)
      os << "<span class=\"legend\"><svg width=\"28\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"28\" y2=\"5\" "
            "stroke=\""
         << mechanismColor(m) << "\" stroke-width=\"2\"/></svg> " << esc(m) << "</span>";
    os << "<span class=\"legend\"><svg width=\"28\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"28\" y2=\"5\" "
          "stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/></svg> backward (releases a slot for the "
          "next iteration)</span><span class=\"legend\">parallel edges between two partitions are drawn once, one "
          "label line per barrier</span></figcaption></figure>";
  } else {
    os << "<p class=\"missing\">" << esc(k.graphNote) << "</p>";
  }
  if (!r.edges.empty()) {
    os << "<details><summary>edges (" << r.edges.size() << ")</summary><table><thead><tr><th>from</th><th>to</th>"
          "<th>barrier</th><th>direction</th><th>mechanism</th><th>data</th></tr></thead><tbody>";
    for (const checks::BarrierEdge &e : r.edges) {
      std::string data;
      for (const std::string &d : e.data)
        data += (data.empty() ? "" : ", ") + d;
      os << "<tr><td>" << esc(e.from) << "</td><td>" << esc(e.to) << "</td><td>" << esc(e.barrier) << "</td><td>"
         << (e.backward ? "backward" : "forward") << "</td><td>" << esc(e.mechanism) << "</td><td>" << esc(data)
         << "</td></tr>";
    }
    os << "</tbody></table></details>";
  }
  if (k.trace) {
    const TraceChart &c = *k.trace;
    os << "<h4>Counterexample of <a href=\"#finding-" << c.finding << "\">[" << esc(c.check) << "]</a>: "
       << c.steps.size() << " steps</h4><p class=\"at\">" << esc(c.title) << "</p><div class=\"scroll\">";
    traceSvg(os, c, "arrow-" + anchor);
    os << "</div><p class=\"legend-line\"><span class=\"key wait\">wait</span> <span class=\"key arrive\">arrive / "
          "expect / completion</span> <span class=\"key async\">asynchronous copy or MMA</span> <span class=\"key "
          "access\">access</span>; columns are the steps in the order the model played them, arrows join them; "
          "\"iter N\": the Nth time that actor runs the op; hover a box for its full text</p>";
  }
  os << "<h4>Timeline";
  if (!k.focus.empty())
    os << " of <code>" << esc(k.focus) << "</code>";
  os << "</h4>";
  if (!k.focusWhy.empty() && !k.focus.empty())
    os << "<p class=\"at\">focus: " << esc(k.focusWhy) << "; program order per partition</p>";
  if (k.lanes.empty())
    os << "<p class=\"missing\">no shared buffer with barriers to follow</p>";
  else {
    os << "<div class=\"scroll\">";
    swimLanes(os, k);
    os << "</div><p class=\"legend-line\"><span class=\"key wait\">wait</span> <span class=\"key arrive\">arrive / "
          "expect / completion</span> <span class=\"key access\">access of the buffer</span>; hover a box for its "
          "full text</p>";
  }
  os << "</section>";
}

/// The anchor of a pass diff: its pass id (the strip of `passes --check`
/// links to it), else its place in the list.
std::string diffAnchor(const PassDiff &d, size_t n) { return d.id.empty() ? "diff-" + std::to_string(n) : d.id; }

void passesBlock(std::ostream &os, const ReportPasses &p) {
  os << "<section class=\"passes\" id=\"passes\"><h2>Passes of <code>" << esc(p.log) << "</code></h2>";
  if (p.check)
    passCheckStrip(os, *p.check);
  os << "<table class=\"pass-table\"><thead><tr><th>compile</th><th>#</th><th>pass</th><th>result</th>"
        "<th>lines</th><th>ops</th><th>largest op deltas</th><th>diff</th></tr></thead><tbody>";
  for (const PassTableRow &r : p.rows) {
    os << "<tr class=\"" << (r.failed ? "failed" : r.changed ? "changed" : "same") << "\"><td>" << r.compile << " "
       << esc(r.kernel) << "</td><td>" << r.row << "</td><td>" << esc(r.pass)
       << (r.arg.empty() ? "" : " <span class=\"at\">(" + esc(r.arg) + ")</span>") << "</td><td>"
       << (r.failed ? "FAILED" : r.changed ? "changed" : "no change") << "</td><td>";
    if (r.changed || r.failed)
      os << "+" << r.added << " -" << r.removed;
    os << "</td><td>" << r.opsBefore << " → " << r.opsAfter << "</td><td>" << esc(r.deltas) << "</td><td>";
    if (r.diff && *r.diff < p.diffs.size())
      os << "<a href=\"#" << esc(diffAnchor(p.diffs[*r.diff], *r.diff)) << "\">diff</a>";
    os << "</td></tr>";
  }
  os << "</tbody></table>";
  size_t n = 0;
  for (const PassDiff &d : p.diffs) {
    os << "<details id=\"" << esc(diffAnchor(d, n++)) << "\"" << (d.failed ? " open" : "") << "><summary>" << esc(d.title)
       << "</summary><pre class=\"diff\">";
    std::istringstream in(d.diff);
    std::string line;
    while (std::getline(in, line)) {
      const char *cls = line.rfind("+++", 0) == 0 || line.rfind("---", 0) == 0 ? "hdr"
                        : line.rfind("@@", 0) == 0                             ? "hunk"
                        : !line.empty() && line[0] == '+'                      ? "add"
                        : !line.empty() && line[0] == '-'                      ? "del"
                                                                               : "ctx";
      os << "<span class=\"" << cls << "\">" << esc(line) << "</span>";
    }
    os << "</pre></details>";
  }
  if (!p.note.empty())
    os << "<p class=\"missing\">" << esc(p.note) << "</p>";
  os << "</section>";
}

} // namespace

/// `text` cut into at most `maxLines` lines of at most `width` characters,
/// broken after a space, comma, bracket or dot when one is near; the last
/// line ends in "…" when the text did not fit.
std::vector<std::string> wrapLabel(std::string_view text, size_t width, size_t maxLines, bool &cut) {
  std::vector<std::string> lines;
  cut = false;
  // Counts characters, not bytes (UTF-8 continuation bytes do not count).
  auto chars = [](std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s)
      n += (c & 0xC0) != 0x80;
    return n;
  };
  while (!text.empty()) {
    if (lines.size() + 1 == maxLines || chars(text) <= width) {
      if (chars(text) <= width) {
        lines.emplace_back(text);
      } else {
        size_t take = 0, n = 0;
        while (take < text.size() && n < width - 1) {
          ++take;
          while (take < text.size() && (static_cast<unsigned char>(text[take]) & 0xC0) == 0x80)
            ++take;
          ++n;
        }
        lines.push_back(std::string(text.substr(0, take)) + "…");
        cut = true;
      }
      break;
    }
    size_t limit = 0, n = 0;
    while (limit < text.size() && n < width) {
      ++limit;
      while (limit < text.size() && (static_cast<unsigned char>(text[limit]) & 0xC0) == 0x80)
        ++limit;
      ++n;
    }
    size_t brk = std::string_view::npos;
    for (size_t i = limit; i > limit / 2; --i)
      if (text[i - 1] == ' ' || text[i - 1] == ',' || text[i - 1] == '[' || text[i - 1] == '.' ||
          text[i - 1] == '(' || text[i - 1] == '_') {
        brk = i;
        break;
      }
    if (brk == std::string_view::npos)
      brk = limit;
    std::string_view line = text.substr(0, brk);
    while (!line.empty() && line.back() == ' ')
      line.remove_suffix(1);
    lines.emplace_back(line);
    text.remove_prefix(brk);
    while (!text.empty() && text.front() == ' ')
      text.remove_prefix(1);
  }
  return lines;
}

std::string htmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out.push_back(c);
    }
  }
  return out;
}

const std::string &reportStyle() {
  static const std::string css = R"(
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 24px 48px;color:#1d2329}
header{border-bottom:2px solid #2f5d8a;margin-bottom:16px}
h1{font-size:24px;margin:16px 0 4px}h2{font-size:20px;margin-top:32px;border-bottom:1px solid #ccd}
h3{font-size:17px;margin-top:24px}h4{font-size:15px;margin:16px 0 6px}
code,pre{font-family:ui-monospace,monospace;font-size:12px}h2 code,h3 code{font-size:inherit}
table{border-collapse:collapse;margin:6px 0 12px;font-size:13px}
th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f0f3f6}
.counts span{margin-right:14px}.badge{border-radius:3px;padding:1px 6px;color:#fff;font-size:12px}
.badge.error{background:#b02a37}.badge.warning{background:#b8860b}.badge.note,.badge.info{background:#2f5d8a}
.finding{border:1px solid #d0d7de;border-left:5px solid #2f5d8a;border-radius:4px;padding:8px 12px;margin:12px 0}
.finding.sev-error{border-left-color:#b02a37}.finding.sev-warning{border-left-color:#b8860b}
.finding h4{margin:2px 0}.where,.at{color:#57606a;font-size:12px}
.side{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.excerpt{min-width:0}.excerpt-head{font-size:12px;font-weight:bold;color:#57606a;margin-bottom:2px}
.excerpt pre{background:#f6f8fa;border:1px solid #d0d7de;padding:6px;overflow-x:auto;margin:0}
.ln{display:block}.ln.mark{background:#fff3b0;font-weight:bold}
.missing{color:#8a6d3b;font-style:italic;font-size:13px}
.graph svg{max-width:100%;height:auto}figure{margin:8px 0}figcaption{font-size:12px}
.legend{margin-right:14px;white-space:nowrap}.scroll{overflow-x:auto}
.key{padding:1px 6px;border-radius:3px;font-size:12px}.key.wait{background:#f8d7da}.key.arrive{background:#d4edda}
.key.access{background:#dbe9f7}
pre.diff .add{color:#116329;background:#e6ffec;display:block}pre.diff .del{color:#82071e;background:#ffebe9;display:block}
pre.diff .hunk{color:#6639ba;display:block}pre.diff .hdr{font-weight:bold;display:block}pre.diff .ctx{display:block}
pre.table{background:#f6f8fa;padding:6px;overflow-x:auto}
.pc-strip{display:flex;flex-wrap:wrap;gap:2px;margin:4px 0}.pc-strip a,.pc-strip span{min-width:22px;text-align:center;font-size:11px;padding:2px}
.pc-clean{background:#d4edda}.pc-find{background:#f8d7da}.pc-nv{background:#fff3b0}.pc-break{outline:2px solid #82071e;font-weight:bold}
.vbadge{border-radius:4px;padding:2px 9px;color:#fff;font-size:13px;vertical-align:2px;font-weight:600}
.vbadge.v-error{background:#cf222e}.vbadge.v-clean{background:#1a7f37}.vbadge.v-not-verified{background:#9a6700}
.kernel.v-error{border-left:4px solid #cf222e;padding-left:12px}.kernel.v-clean{border-left:4px solid #1a7f37;padding-left:12px}
.kernel.v-not-verified{border-left:4px solid #9a6700;padding-left:12px}
.banner.not-verified{background:#fff8c5;border:2px solid #9a6700;border-radius:6px;padding:10px 14px;margin:8px 0;font-size:14px}
.banner.not-verified strong{color:#7d4e00;font-size:16px}.banner ul{margin:6px 0 0;font-size:13px}
.expected{font-size:15px;margin:6px 0}.verdicts{font-size:13px;color:#424a53;margin:4px 0}
.schedule{margin:4px 0;font-size:13px}.chip{border-radius:10px;padding:1px 8px;font-size:12px;background:#ddf4ff;color:#0550ae}
.chip.s-every,.chip.s-in-order{background:#ffebe9;color:#a40e26}.chip.s-reordered,.chip.s-drift{background:#fff8c5;color:#7d4e00}
.chip.gpu{background:#eaeef2;color:#24292f}
.related h5{margin:10px 0 4px;font-size:13px}.related-loc{border-top:1px dashed #d0d7de;padding-top:4px;margin-top:6px}
.related-loc p{margin:2px 0;font-size:13px}
figcaption .mark{margin:2px 0;font-weight:600}.mark.stuck{color:#cf222e}.mark.unfenced{color:#b54708}
.key.async{background:#fff3cd}
.pass-table td{font-size:12px}.pass-table tr.same td{color:#8c959f}.pass-table tr.failed td{background:#ffebe9}
.pass-table td:nth-child(3){word-break:break-word;max-width:420px}
)";
  return css;
}

void writeHtmlReport(std::ostream &os, const ReportModel &model) {
  auto digest = support::sha256(reportStyle());
  std::string hash = support::base64(std::string_view(reinterpret_cast<const char *>(digest.data()), digest.size()));
  std::string title = "tscope report";
  if (!model.inputs.empty())
    title += ": " + model.inputs.front() + (model.inputs.size() > 1 ? " and more" : "");
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-" << hash
     << "'; img-src data:; base-uri 'none'; form-action 'none'\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
     << "<title>" << esc(title) << "</title>\n<style>" << reportStyle() << "</style>\n</head>\n<body>\n";
  os << "<header><h1>tscope report</h1><p>";
  for (const std::string &in : model.inputs)
    os << "<code>" << esc(in) << "</code> ";
  os << "</p><p class=\"counts\"><span>" << model.files.size() << " IR files</span><span>" << model.errors
     << " errors</span><span>" << model.warnings << " warnings</span><span>" << model.notesCount
     << " notes</span></p></header>\n";
  for (const std::string &n : model.notes)
    os << "<p class=\"missing\">" << esc(n) << "</p>\n";
  // Contents.
  os << "<nav><h2>Contents</h2><ul>";
  size_t kid = 0, fid = 0;
  for (const ReportFile &f : model.files) {
    os << "<li><code>" << esc(f.path) << "</code>: ";
    for (const ReportKernel &k : f.kernels)
      os << "<span class=\"vbadge v-" << k.verdict << "\">" << verdictWords(k.verdict) << "</span> <a href=\"#kernel-"
         << kid++ << "\">" << esc(k.barriers.kernel) << "</a> ";
    if (!f.findings.empty())
      os << "<a href=\"#finding-" << fid << "\">" << f.findings.size() << (f.findings.size() == 1 ? " finding" : " findings") << "</a>";
    fid += f.findings.size();
    os << "</li>";
  }
  if (model.passes)
    os << "<li><a href=\"#passes\">passes</a></li>";
  if (model.diff)
    os << "<li><a href=\"#diff\">diff</a></li>";
  os << "</ul></nav>\n";
  kid = 0;
  fid = 0;
  for (const ReportFile &f : model.files) {
    os << "<section class=\"file\"><h2><code>" << esc(f.path) << "</code></h2>";
    os << "<table class=\"analyses\"><thead><tr><th>check</th><th>result</th></tr></thead><tbody>";
    for (const ReportAnalysis &a : f.analyses)
      for (const std::string &l : a.lines)
        os << "<tr><td>" << esc(a.name) << "</td><td>" << esc(l) << "</td></tr>";
    os << "</tbody></table>";
    for (const ReportKernel &k : f.kernels)
      kernelBlock(os, k, "kernel-" + std::to_string(kid++));
    os << "<h3>Findings (" << f.findings.size() << ")</h3>";
    if (f.findings.empty())
      os << "<p>none</p>";
    for (const FindingView &rf : f.findings)
      findingBlock(os, rf, fid++);
    os << "</section>\n";
  }
  if (model.passes)
    passesBlock(os, *model.passes);
  if (model.diff)
    diffHtmlSection(os, *model.diff, 3);
  os << "\n</body>\n</html>\n";
}

} // namespace tscope::render
