// HtmlReport: the report's HTML. No script; one <style> whose SHA-256 the
// Content-Security-Policy names; every string from the input is escaped.
#include "render/HtmlReport.h"

#include <fmt/format.h>
#include <map>
#include <sstream>

#include "render/BarrierRender.h"
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

/// The swim-lane chart: one lane per partition, boxes in program order.
void swimLanes(std::ostream &os, const ReportKernel &k) {
  constexpr int kLabel = 120, kBoxW = 170, kBoxH = 34, kGap = 12, kLaneH = 50, kTop = 8;
  size_t widest = 1;
  for (const SwimLane &l : k.lanes)
    widest = std::max(widest, l.items.size());
  int width = kLabel + static_cast<int>(widest) * (kBoxW + kGap) + kGap;
  int height = kTop + static_cast<int>(k.lanes.size()) * kLaneH + 8;
  os << fmt::format("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
                    "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"timeline of {}\">",
                    width, height, width, height, esc(k.focus));
  int y = kTop;
  size_t lane = 0;
  for (const SwimLane &l : k.lanes) {
    os << fmt::format("<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", y, width, kLaneH,
                      lane++ % 2 ? "#f4f6f8" : "#ffffff");
    os << fmt::format("<text x=\"6\" y=\"{}\" font-family=\"monospace\" font-size=\"13\" font-weight=\"bold\">{}</text>",
                      y + kLaneH / 2 + 4, esc(l.partition));
    int x = kLabel;
    for (const LaneItem &it : l.items) {
      const char *fill = it.kind == "wait" ? "#f8d7da" : it.kind == "arrive" ? "#d4edda" : "#dbe9f7";
      const char *stroke = it.kind == "wait" ? "#b02a37" : it.kind == "arrive" ? "#2d7a3e" : "#2f5d8a";
      std::string label = it.label.size() > 22 ? it.label.substr(0, 21) + "…" : it.label;
      std::string detail = it.detail.size() > 26 ? it.detail.substr(0, 25) + "…" : it.detail;
      os << "<g><title>" << esc(it.label) << " — " << esc(it.detail) << "</title>";
      os << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{}\" stroke=\"{}\"/>", x,
                        y + (kLaneH - kBoxH) / 2, kBoxW, kBoxH, fill, stroke);
      os << fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"11\">{}</text>", x + 5,
                        y + (kLaneH - kBoxH) / 2 + 14, esc(label));
      os << fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"monospace\" font-size=\"9\" fill=\"#555\">{}</text>",
                        x + 5, y + (kLaneH - kBoxH) / 2 + 27, esc(detail));
      os << "</g>";
      x += kBoxW + kGap;
    }
    y += kLaneH;
  }
  os << "</svg>";
}

void findingBlock(std::ostream &os, const FindingView &rf, size_t id) {
  const Finding &f = rf.finding;
  const char *sev = support::severityName(f.severity);
  os << "<article class=\"finding sev-" << sev << "\" id=\"finding-" << id << "\">";
  os << "<h4><span class=\"badge " << sev << "\">" << sev << "</span> <code>[" << esc(f.check) << "]</code> "
     << esc(f.message) << "</h4>";
  os << "<p class=\"where\">" << esc(place(f.where)) << "</p>";
  os << "<div class=\"side\">";
  excerpt(os, "IR", rf.ir);
  excerpt(os, "Python", rf.python);
  os << "</div>";
  if (!f.related.empty()) {
    os << "<ul class=\"related\">";
    for (const auto &r : f.related)
      os << "<li>" << esc(r.message) << " <span class=\"at\">" << esc(place(r.where)) << "</span></li>";
    os << "</ul>";
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
      os << "<li><b>" << esc(t.actor) << "</b> " << esc(t.action) << " <span class=\"at\">IR " << t.where.line
         << "</span></li>";
    os << "</ol></details>";
  }
  os << "</article>";
}

void kernelBlock(std::ostream &os, const ReportKernel &k, const std::string &anchor) {
  const checks::KernelBarrierReport &r = k.barriers;
  os << "<section class=\"kernel\" id=\"" << anchor << "\"><h3>kernel <code>" << esc(r.kernel) << "</code></h3>";
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
    for (const std::string &m : k.mechanisms)
      os << "<span class=\"legend\"><svg width=\"28\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"28\" y2=\"5\" "
            "stroke=\""
         << mechanismColor(m) << "\" stroke-width=\"2\"/></svg> " << esc(m) << "</span>";
    os << "<span class=\"legend\"><svg width=\"28\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"28\" y2=\"5\" "
          "stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/></svg> backward (releases a slot for the "
          "next iteration)</span></figcaption></figure>";
  } else {
    os << "<p class=\"missing\">" << esc(k.graphNote) << "</p>";
  }
  if (!r.edges.empty()) {
    os << "<table><thead><tr><th>from</th><th>to</th><th>barrier</th><th>direction</th><th>mechanism</th>"
          "<th>data</th></tr></thead><tbody>";
    for (const checks::BarrierEdge &e : r.edges) {
      std::string data;
      for (const std::string &d : e.data)
        data += (data.empty() ? "" : ", ") + d;
      os << "<tr><td>" << esc(e.from) << "</td><td>" << esc(e.to) << "</td><td>" << esc(e.barrier) << "</td><td>"
         << (e.backward ? "backward" : "forward") << "</td><td>" << esc(e.mechanism) << "</td><td>" << esc(data)
         << "</td></tr>";
    }
    os << "</tbody></table>";
  }
  os << "<h4>Timeline";
  if (!k.focus.empty())
    os << " of <code>" << esc(k.focus) << "</code>";
  os << "</h4>";
  if (k.lanes.empty())
    os << "<p class=\"missing\">no shared buffer with barriers to follow</p>";
  else {
    os << "<div class=\"scroll\">";
    swimLanes(os, k);
    os << "</div><p class=\"legend-line\"><span class=\"key wait\">wait</span> <span class=\"key arrive\">arrive / "
          "expect / completion</span> <span class=\"key access\">access of the buffer</span></p>";
  }
  os << "</section>";
}

void passesBlock(std::ostream &os, const ReportPasses &p) {
  os << "<section class=\"passes\" id=\"passes\"><h2>Passes of <code>" << esc(p.log) << "</code></h2>";
  os << "<pre class=\"table\">" << esc(p.table) << "</pre>";
  for (const PassDiff &d : p.diffs) {
    os << "<details" << (d.failed ? " open" : "") << "><summary>" << esc(d.title) << "</summary><pre class=\"diff\">";
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
      os << "<a href=\"#kernel-" << kid++ << "\">" << esc(k.barriers.kernel) << "</a> ";
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
