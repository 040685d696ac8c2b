// ReportBuilder: the checks, barrier reports, Graphviz graph, swim lanes,
// excerpts and pass diffs of `tscope report`.
#include "driver/ReportBuilder.h"
#include "driver/PassCheck.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "dumps/ChildProcess.h"
#include "dumps/CompressedLog.h"
#include "dumps/LineDiff.h"
#include "dumps/PassReport.h"
#include "render/BarrierRender.h"

namespace fs = std::filesystem;

namespace tscope::driver {
namespace {

constexpr size_t kMaxDiffs = 200;
constexpr size_t kMaxDiffBytes = 256 * 1024;

std::string point(const checks::SourcePoint &p) {
  std::string s = "IR " + std::to_string(p.irLine);
  if (p.pyLine) {
    size_t slash = p.pyFile.rfind('/');
    s += ", " + (slash == std::string::npos ? p.pyFile : p.pyFile.substr(slash + 1)) + ":" + std::to_string(p.pyLine);
  }
  return s;
}

/// A private temporary folder, removed when the object goes.
struct TempDir {
  std::string path;
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base && *base ? base : "/tmp") + "/tscope-report-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (mkdtemp(buf.data()))
      path = buf.data();
  }
  ~TempDir() {
    if (!path.empty()) {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
};

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs Graphviz on one kernel's dot text; the SVG, or empty with `note` set.
std::string renderGraph(const checks::KernelBarrierReport &r, const std::string &dotProgram, std::string &note) {
  TempDir tmp;
  if (tmp.path.empty()) {
    note = "graph not rendered: cannot create a temporary folder";
    return {};
  }
  std::string in = tmp.path + "/graph.dot", out = tmp.path + "/graph.svg";
  {
    std::ofstream f(in);
    render::barrierDot(f, {r});
  }
  dumps::ChildOptions co;
  co.argv = {dotProgram, "-Tsvg", in, "-o", out};
  co.stdoutPath = tmp.path + "/dot.out";
  co.stderrPath = tmp.path + "/dot.err";
  co.timeoutSeconds = 60;
  dumps::ChildResult res = dumps::runChild(co);
  if (!res.started) {
    note = "graph not rendered: cannot run Graphviz '" + dotProgram + "': " + res.error;
    return {};
  }
  if (res.exitCode != 0) {
    std::string e = slurp(co.stderrPath);
    note = "graph not rendered: Graphviz failed: " + e.substr(0, e.find('\n'));
    return {};
  }
  std::string svg = inlineableSvg(slurp(out));
  if (svg.empty())
    note = "graph not rendered: Graphviz's SVG held something that cannot be inlined safely";
  return svg;
}

/// The focus of a kernel when none is given: the first buffer of the data map
/// that a barrier protects.
std::string shortOp(const std::string &op) {
  size_t dot = op.find('.');
  return dot == std::string::npos ? op : op.substr(dot + 1);
}

std::vector<render::SwimLane> lanesOf(const checks::KernelBarrierReport &r) {
  std::set<std::string> barriers;
  for (const checks::DataRow &d : r.data)
    if (d.name == r.focus)
      barriers.insert(d.barriers.begin(), d.barriers.end());
  for (const checks::BarrierGroup &g : r.barriers)
    if (g.name == r.focus)
      barriers.insert(g.name);
  std::map<std::string, std::vector<std::pair<uint32_t, render::LaneItem>>> byPartition;
  for (const checks::TimelineRow &t : r.timeline)
    byPartition[t.partition].push_back(
        {t.where.irLine, {"access", shortOp(t.op), t.detail + (t.detail.empty() ? "" : " · ") + point(t.where)}});
  for (const checks::BarrierGroup &g : r.barriers) {
    if (!barriers.count(g.name))
      continue;
    for (const checks::BarrierEvent &e : g.events) {
      if (e.mechanism == "init")
        continue;
      std::string label = e.mechanism + " " + g.name + (e.slot.empty() ? "" : "[" + e.slot + "]");
      std::string detail = (e.isWait && !e.phase.empty() ? "parity " + e.phase + " · " : "") + point(e.where);
      byPartition[e.partition].push_back({e.where.irLine, {e.isWait ? "wait" : "arrive", label, detail}});
    }
  }
  std::vector<std::string> order;
  if (byPartition.count("outside"))
    order.push_back("outside");
  for (const checks::PartitionRow &p : r.partitions)
    if (p.name != "outside" && byPartition.count(p.name))
      order.push_back(p.name);
  for (const auto &[name, items] : byPartition)
    if (std::find(order.begin(), order.end(), name) == order.end())
      order.push_back(name);
  std::vector<render::SwimLane> lanes;
  for (const std::string &name : order) {
    auto &items = byPartition[name];
    std::stable_sort(items.begin(), items.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    render::SwimLane lane;
    lane.partition = name;
    for (auto &[line, item] : items)
      lane.items.push_back(std::move(item));
    lanes.push_back(std::move(lane));
  }
  return lanes;
}

render::Excerpt irExcerpt(const support::SourceBuffer &buf, uint32_t line, uint32_t context) {
  render::Excerpt e;
  e.file = buf.name();
  e.mark = line;
  if (!line) {
    e.missing = "no IR line";
    return e;
  }
  e.first = line > context ? line - context : 1;
  std::string_view text = buf.text();
  size_t pos = 0;
  for (uint32_t n = 1; pos <= text.size() && n <= line + context; ++n) {
    size_t nl = text.find('\n', pos);
    std::string_view l = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (n >= e.first)
      e.lines.emplace_back(l.substr(0, 400));
    if (nl == std::string_view::npos)
      break;
    pos = nl + 1;
  }
  return e;
}

render::Excerpt pyExcerpt(const checks::FindingLocation &l, uint32_t context) {
  render::Excerpt e;
  e.file = l.pyFile;
  e.mark = l.pyLine;
  if (l.pyFile.empty() || !l.pyLine) {
    e.missing = "the IR's loc chain names no Python file";
    return e;
  }
  e.first = l.pyLine > context ? l.pyLine - context : 1;
  e.lines = readLines(l.pyFile, e.first, l.pyLine + context);
  if (e.lines.empty())
    e.missing = "Python file not found on disk: " + l.pyFile;
  return e;
}

std::optional<render::ReportPasses> passSection(const std::string &path, const CheckOptions &copts, std::ostream &err,
                                               bool &bad) {
  std::string why;
  auto buf = dumps::openLog(path, why, support::SourceBuffer::Paging::Populate); // .gz/.xz/.zst as well
  if (!buf) {
    err << path << ": error: cannot read: " << why << "\n";
    bad = true;
    return std::nullopt;
  }
  dumps::PassLog log = dumps::splitPassLog(buf->text());
  if (log.snapshots.empty()) {
    err << path << ": error: no IR dumps found (was MLIR_ENABLE_DUMP=1 set?)\n";
    bad = true;
    return std::nullopt;
  }
  dumps::PassAnalysis a = dumps::analysePasses(log, dumps::CountMode::Fast, 1);
  dumps::PassReportOptions ro;
  ro.logName = path;
  render::ReportPasses p;
  p.log = path;
  std::ostringstream table;
  dumps::writePassTable(table, log, a, ro);
  p.table = table.str();
  // The concurrency checks per pass: the strip above the table; the diff
  // of each pass it links to is kept past the limit.
  std::vector<size_t> all(log.compiles.size());
  for (size_t c = 0; c < all.size(); ++c)
    all[c] = c;
  p.check = passCheckView(log, a, checkPassLog(log, a, all, path, copts, 0), buf->text(), path);
  std::set<std::string> linked;
  for (const render::PassCheckCompile &c : p.check->compiles)
    for (const render::PassCheckEvent &e : c.events)
      if (!e.diffId.empty())
        linked.insert(e.diffId);
  size_t left = 0;
  for (size_t c = 0; c < a.rows.size(); ++c) {
    for (size_t i = 0; i < a.rows[c].size(); ++i) {
      const dumps::PassRow &row = a.rows[c][i];
      if (!(row.changed || row.failed) || !row.before || !row.after)
        continue;
      if (p.diffs.size() >= kMaxDiffs && !linked.count(passDiffId(c, i))) {
        ++left;
        continue;
      }
      const dumps::Snapshot &s = log.snapshots[row.snapshot];
      const dumps::Snapshot &b = log.snapshots[*row.before], &f = log.snapshots[*row.after];
      std::ostringstream d;
      dumps::writeUnifiedDiff(d, b.ir, f.ir, "before " + std::string(s.pass), "after " + std::string(s.pass),
                              b.irLine, f.irLine);
      render::PassDiff pd;
      pd.failed = row.failed;
      pd.id = passDiffId(c, i);
      pd.title = "compile " + std::to_string(c + 1) + " (" + std::string(log.compiles[c].kernel) + "), row " +
                 std::to_string(i + 1) + ": " + std::string(s.pass) +
                 (s.arg.empty() ? "" : " (" + std::string(s.arg) + ")") + ": +" + std::to_string(row.lines.added) +
                 " -" + std::to_string(row.lines.removed) + " lines" + (row.failed ? ", FAILED" : "");
      pd.diff = d.str();
      if (pd.diff.size() > kMaxDiffBytes) {
        pd.diff.resize(kMaxDiffBytes);
        pd.diff += "\n... (diff cut at 256 KiB)\n";
      }
      p.diffs.push_back(std::move(pd));
    }
  }
  if (left)
    p.note = std::to_string(left) + " more changed passes not shown (first " + std::to_string(kMaxDiffs) + ")";
  return p;
}

} // namespace

std::string inlineableSvg(std::string_view svg) {
  size_t start = svg.find("<svg");
  if (start == std::string_view::npos)
    return {};
  std::string out;
  out.reserve(svg.size() - start);
  for (size_t i = start; i < svg.size();) {
    if (svg.compare(i, 4, "<!--") == 0) {
      size_t end = svg.find("-->", i + 4);
      if (end == std::string_view::npos)
        break;
      i = end + 3;
      continue;
    }
    out.push_back(svg[i++]);
  }
  // Refuse anything active; Graphviz writes none of it for our dot text.
  std::string lower(out);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char *bad : {"<script", "<foreignobject", "javascript:", "<iframe", "<!doctype", "<?"})
    if (lower.find(bad) != std::string::npos)
      return {};
  bool inTag = false;
  for (size_t i = 0; i < lower.size(); ++i) {
    char c = lower[i];
    if (c == '<')
      inTag = true;
    else if (c == '>')
      inTag = false;
    else if (inTag && (c == ' ' || c == '\t' || c == '\n') && lower.compare(i + 1, 2, "on") == 0) {
      size_t j = i + 3;
      while (j < lower.size() && std::isalpha(static_cast<unsigned char>(lower[j])))
        ++j;
      if (j < lower.size() && lower[j] == '=')
        return {};
    }
  }
  return out;
}

render::ReportModel buildReport(const std::vector<std::string> &paths, const ReportOptions &opts,
                                std::ostream &err, int &exitCode) {
  render::ReportModel model;
  model.inputs = paths;
  CheckRunResult res = runChecks(paths, opts.check, err);
  model.notes = res.notes;
  bool bad = res.badInput;
  for (FileResult &fr : res.files) {
    render::ReportFile file;
    file.path = fr.path;
    for (const AnalysisSummary &s : fr.analyses) {
      render::ReportAnalysis a;
      a.name = s.name;
      if (!s.ran)
        a.lines.push_back("skipped: " + s.skipped);
      a.lines.insert(a.lines.end(), s.verdicts.begin(), s.verdicts.end());
      file.analyses.push_back(std::move(a));
    }
    // One barrier report per kernel, over the kernels the checks used; with
    // no --focus it focuses on the first guarded buffer as it builds.
    for (const kernel::Kernel &kf : fr.kernels) {
      render::ReportKernel k;
      k.barriers = checks::buildKernelBarrierReport(*fr.module, kf, opts.focus, /*autoFocus=*/true);
      k.focus = k.barriers.focus;
      if (!k.focus.empty())
        k.lanes = lanesOf(k.barriers);
      std::set<std::string> mechs;
      for (const checks::BarrierEdge &e : k.barriers.edges)
        mechs.insert(e.mechanism);
      k.mechanisms.assign(mechs.begin(), mechs.end());
      if (k.barriers.edges.empty())
        k.graphNote = "no barrier dependency edges between partitions";
      else
        k.graphSvg = renderGraph(k.barriers, opts.dot, k.graphNote);
      file.kernels.push_back(std::move(k));
    }
    for (checks::Finding &f : fr.findings) {
      render::FindingView rf;
      rf.ir = irExcerpt(fr.module->buffer(), f.where.line, opts.context);
      rf.python = pyExcerpt(f.where, opts.context);
      model.errors += f.severity == support::Severity::Error;
      model.warnings += f.severity == support::Severity::Warning;
      model.notesCount += f.severity == support::Severity::Note || f.severity == support::Severity::Info;
      rf.finding = std::move(f);
      file.findings.push_back(std::move(rf));
    }
    model.files.push_back(std::move(file));
  }
  if (!opts.passes.empty())
    model.passes = passSection(opts.passes, opts.check, err, bad);
  exitCode = bad ? 2 : model.errors ? 1 : 0;
  return model;
}

} // namespace tscope::driver
