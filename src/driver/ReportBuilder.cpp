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
#include "render/FindingRender.h"
#include "render/Sarif.h"
#include <fmt/format.h>
#include <map>
#include <tuple>

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
std::string renderGraph(const std::string &dotText, const std::string &dotProgram, std::string &note) {
  TempDir tmp;
  if (tmp.path.empty()) {
    note = "graph not rendered: cannot create a temporary folder";
    return {};
  }
  std::string in = tmp.path + "/graph.dot", out = tmp.path + "/graph.svg";
  {
    std::ofstream f(in);
    f << dotText;
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


std::string dotEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

/// What a finding marks on the graph: the stuck waits of a deadlock (red),
/// the hand-off a missing fence leaves unordered (orange), the barriers of
/// any other error (red).
struct GraphMarks {
  std::map<std::pair<std::string, std::string>, std::string> stuckWaits; ///< (partition, barrier) -> "waits on ready[0]"
  std::set<std::string> stuckBarriers;
  std::set<std::string> unfenced;   ///< barriers of an unfenced hand-off
  std::set<std::string> implicated; ///< barriers another error names
  std::string stuckNote, unfencedNote;
};

/// The IR lines a finding names: primary, related, trace.
std::set<uint32_t> linesOf(const checks::Finding &f) {
  std::set<uint32_t> out = {f.where.line};
  for (const auto &r : f.related)
    out.insert(r.where.line);
  for (const auto &t : f.trace)
    out.insert(t.where.line);
  out.erase(0);
  return out;
}

/// The barrier events at IR line `line`.
std::vector<std::pair<const checks::BarrierGroup *, const checks::BarrierEvent *>>
eventsAt(const checks::KernelBarrierReport &r, uint32_t line) {
  std::vector<std::pair<const checks::BarrierGroup *, const checks::BarrierEvent *>> out;
  for (const checks::BarrierGroup &g : r.barriers)
    for (const checks::BarrierEvent &e : g.events)
      if (e.where.irLine == line)
        out.push_back({&g, &e});
  return out;
}

/// The IR lines a finding names: its own and its related locations' (a
/// deadlock's stuck waits, with the root cause first when a fix moved it).
std::vector<uint32_t> findingLines(const checks::Finding &f) {
  std::vector<uint32_t> lines = {f.where.line};
  for (const auto &rl : f.related)
    lines.push_back(rl.where.line);
  return lines;
}

GraphMarks graphMarks(const checks::KernelBarrierReport &r, const std::vector<const render::FindingView *> &findings) {
  GraphMarks m;
  for (const render::FindingView *fv : findings) {
    const checks::Finding &f = fv->finding;
    if (f.check == "deadlock") {
      for (uint32_t line : findingLines(f))
        for (auto [g, e] : eventsAt(r, line))
          if (e->isWait) {
            m.stuckWaits[{e->partition, g->name}] =
                "waits on " + g->name + (e->slot.empty() ? "" : "[" + e->slot + "]") +
                (e->phase.empty() ? "" : " parity " + e->phase);
            m.stuckBarriers.insert(g->name);
          }
      if (m.stuckNote.empty() && !m.stuckWaits.empty())
        m.stuckNote = f.message;
    } else if (f.check == "missing-fence") {
      for (uint32_t line : linesOf(f))
        for (auto [g, e] : eventsAt(r, line))
          m.unfenced.insert(g->name);
      if (m.unfencedNote.empty())
        m.unfencedNote = f.message;
    } else if (f.severity == support::Severity::Error) {
      for (auto [g, e] : eventsAt(r, f.where.line))
        m.implicated.insert(g->name);
      for (const auto &rl : f.related)
        for (auto [g, e] : eventsAt(r, rl.where.line))
          m.implicated.insert(g->name);
    }
  }
  return m;
}

/// The report's dot text of one kernel: partitions as nodes (a stuck one red,
/// with what it waits for), parallel edges between two partitions merged into
/// one with a label line per barrier, the edges that would release a stuck
/// wait red (the cycle), an unfenced hand-off orange and dashed.
std::string reportDot(const checks::KernelBarrierReport &r, const GraphMarks &m) {
  std::ostringstream os;
  os << "digraph barriers {\n  rankdir=TB; nodesep=0.7; ranksep=0.9;\n"
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"monospace\", fontsize=11];\n"
        "  edge [fontname=\"monospace\", fontsize=10];\n";
  std::map<std::string, std::vector<std::string>> stuckOf;
  for (const auto &[key, what] : m.stuckWaits)
    stuckOf[key.first].push_back(what);
  for (const checks::PartitionRow &p : r.partitions) {
    os << "  \"" << dotEscape(p.name) << "\" [label=\"" << dotEscape(p.name) << "\\n" << dotEscape(p.role);
    if (auto it = stuckOf.find(p.name); it != stuckOf.end()) {
      for (const std::string &w : it->second)
        os << "\\nSTUCK: " << dotEscape(w);
      os << "\", class=\"stuck\", color=\"#d1242f\", fontcolor=\"#d1242f\", fillcolor=\"#fff0f0\", penwidth=2.5];\n";
    } else {
      os << "\"];\n";
    }
  }
  struct Merged {
    std::vector<const checks::BarrierEdge *> edges;
  };
  std::map<std::tuple<std::string, std::string, bool>, Merged> merged;
  std::vector<std::tuple<std::string, std::string, bool>> order;
  for (const checks::BarrierEdge &e : r.edges) {
    // A partition's edges to itself are one loop (two loops lay their labels
    // over each other); the loop is dashed only when all its edges are backward.
    auto key = std::make_tuple(e.from, e.to, e.from == e.to ? false : e.backward);
    if (!merged.count(key))
      order.push_back(key);
    merged[key].edges.push_back(&e);
  }
  for (const auto &key : order) {
    const auto &edges = merged[key].edges;
    bool stuck = false, unfenced = false, implicated = false;
    std::set<std::string> mechs;
    std::string label;
    for (const checks::BarrierEdge *e : edges) {
      bool s = m.stuckWaits.count({e->to, e->barrier}) > 0;
      bool u = m.unfenced.count(e->barrier) > 0 && !e->backward;
      bool i = m.implicated.count(e->barrier) > 0;
      stuck |= s;
      unfenced |= u;
      implicated |= i;
      mechs.insert(e->mechanism);
      label += (label.empty() ? "" : "\\n") + std::string(s ? "STUCK " : u ? "UNFENCED " : "") +
               dotEscape(e->barrier) + " (" + dotEscape(e->mechanism) + ")";
    }
    const auto &[from, to, keyBackward] = key;
    bool backward = keyBackward || std::all_of(edges.begin(), edges.end(),
                                               [](const checks::BarrierEdge *e) { return e->backward; });
    os << "  \"" << dotEscape(from) << "\" -> \"" << dotEscape(to) << "\" [label=\"" << label << "\"";
    if (stuck || implicated)
      os << ", class=\"" << (stuck ? "stuck" : "implicated") << "\", color=\"#d1242f\", fontcolor=\"#d1242f\", penwidth=3";
    else if (unfenced)
      os << ", class=\"unfenced\", color=\"#e36209\", fontcolor=\"#b54708\", penwidth=3";
    else
      os << ", color=\"" << (mechs.size() == 1 ? render::mechanismColor(*mechs.begin()) : "#444444") << "\"";
    // Backward edges keep constraint: dot then gives their labels room (with
    // constraint=false it lays them over other edges' labels).
    if (backward)
      os << ", style=dashed";
    else if (unfenced && !stuck)
      os << ", style=\"bold\"";
    os << "];\n";
  }
  os << "}\n";
  return os.str();
}

/// The buffer a finding involves: a data row its message names, else the
/// buffer a barrier it touches protects, else that barrier; "" when none.
std::string focusOf(const checks::KernelBarrierReport &r, const checks::Finding &f) {
  for (const checks::DataRow &d : r.data) {
    size_t at = f.message.find(d.name);
    while (at != std::string::npos) {
      bool startOk = at == 0 || !(std::isalnum(static_cast<unsigned char>(f.message[at - 1])) || f.message[at - 1] == '_');
      size_t end = at + d.name.size();
      bool endOk = end == f.message.size() ||
                   !(std::isalnum(static_cast<unsigned char>(f.message[end])) || f.message[end] == '_');
      if (startOk && endOk)
        return d.name;
      at = f.message.find(d.name, at + 1);
    }
  }
  std::vector<uint32_t> lines = {f.where.line};
  for (const auto &rl : f.related)
    lines.push_back(rl.where.line);
  for (const auto &t : f.trace)
    lines.push_back(t.where.line);
  for (uint32_t line : lines)
    for (auto [g, e] : eventsAt(r, line)) {
      for (const checks::DataRow &d : r.data)
        if (std::find(d.barriers.begin(), d.barriers.end(), g->name) != d.barriers.end())
          return d.name;
      return g->name;
    }
  return {};
}

std::string kindOfStep(const checks::FindingStep &t) {
  const std::string &a = t.action;
  auto has = [&](const char *w) { return a.find(w) != std::string::npos; };
  if (a.rfind("wait", 0) == 0 || has(" waits") || has("wait_barrier"))
    return "wait";
  if (has("arrive") || has("expect") || has("commit") || has("complete") || has("lands"))
    return "arrive";
  if (t.actor == "TMA" || t.actor == "tcgen05" || has("copy") || has("issue"))
    return "async";
  return "access";
}

/// The first finding's trace as a chart: lanes in order of first appearance,
/// each step's iteration the times its actor has run that IR line so far.
std::optional<render::TraceChart> traceChart(const checks::KernelBarrierReport &r, const render::FindingView &fv,
                                             size_t index, const GraphMarks &marks) {
  const checks::Finding &f = fv.finding;
  if (f.trace.empty())
    return std::nullopt;
  render::TraceChart c;
  c.title = f.message;
  c.check = f.check;
  c.finding = index;
  std::map<std::string, size_t> laneOf;
  auto lane = [&](const std::string &name) {
    auto [it, fresh] = laneOf.emplace(name, c.lanes.size());
    if (fresh)
      c.lanes.push_back(name);
    return it->second;
  };
  std::map<std::pair<std::string, uint32_t>, int> runs;
  for (const checks::FindingStep &t : f.trace) {
    render::TraceStep s;
    s.lane = lane(t.actor);
    s.kind = kindOfStep(t);
    s.label = t.action;
    s.detail = render::shortPlace(t.where);
    int n = ++runs[{t.actor, t.where.line}];
    s.iteration = "iter " + std::to_string(n);
    c.steps.push_back(std::move(s));
  }
  if (f.check == "deadlock") {
    for (uint32_t line : findingLines(f))
      for (auto [g, e] : eventsAt(r, line))
        if (e->isWait)
          if (auto it = marks.stuckWaits.find({e->partition, g->name}); it != marks.stuckWaits.end())
            c.stuck.push_back({lane(e->partition), it->second});
  }
  return c;
}

/// The focus of a kernel when none is given: the first buffer of the data map
/// that a barrier protects.
std::string shortOp(const std::string &op) {
  size_t dot = op.find('.');
  return dot == std::string::npos ? op : op.substr(dot + 1);
}

std::vector<render::SwimLane> lanesOf(const checks::KernelBarrierReport &r, const std::set<uint32_t> &stuckLines) {
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
      byPartition[e.partition].push_back(
          {e.where.irLine, {e.isWait ? "wait" : "arrive", label, detail, e.isWait && stuckLines.count(e.where.irLine) > 0}});
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
  render::ReportPasses p;
  p.log = path;
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
      const dumps::Snapshot &snap = log.snapshots[row.snapshot];
      render::PassTableRow tr;
      tr.compile = c + 1;
      tr.row = i + 1;
      tr.kernel = std::string(log.compiles[c].kernel);
      tr.pass = std::string(snap.pass);
      tr.arg = std::string(snap.arg);
      tr.changed = row.changed;
      tr.failed = row.failed;
      tr.added = row.lines.added;
      tr.removed = row.lines.removed;
      tr.opsBefore = static_cast<int64_t>(row.opsBefore);
      tr.opsAfter = static_cast<int64_t>(row.opsAfter);
      for (size_t d = 0; d < row.deltas.size() && d < 3; ++d)
        tr.deltas += (d ? ", " : "") + fmt::format("{:+} {}", row.deltas[d].delta(), row.deltas[d].name);
      if (row.deltas.size() > 3)
        tr.deltas += fmt::format(", {} more", row.deltas.size() - 3);
      bool hasDiff = (row.changed || row.failed) && row.before && row.after;
      if (hasDiff && p.diffs.size() < kMaxDiffs)
        tr.diff = p.diffs.size();
      p.rows.push_back(std::move(tr));
      if (!hasDiff)
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

namespace {

/// The kernel's badge, verdict lines, not-verified reasons and expected GPU
/// outcome, as `check` folds them (FileResult::outcomes).
void kernelVerdicts(render::ReportKernel &k, const std::vector<KernelOutcome> &outcomes) {
  for (const KernelOutcome &o : outcomes)
    if (o.kernel == k.barriers.kernel) {
      k.verdictLines = o.verdictLines;
      k.notVerified = o.notVerified;
      k.verdict = o.verdict;
      k.expectedGpu = o.expectedGpu;
    }
}

} // namespace

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
    for (checks::Finding &f : fr.findings) {
      render::FindingView rf;
      rf.ir = irExcerpt(fr.module->buffer(), f.where.line, opts.context);
      rf.python = pyExcerpt(f.where, opts.context);
      if (f.where.offset)
        rf.kernel = render::enclosingFunction(fr.module->buffer(), *f.where.offset);
      for (const checks::RelatedLocation &r : f.related)
        rf.related.push_back({r.message, irExcerpt(fr.module->buffer(), r.where.line, opts.context),
                              pyExcerpt(r.where, opts.context)});
      model.errors += f.severity == support::Severity::Error;
      model.warnings += f.severity == support::Severity::Warning;
      model.notesCount += f.severity == support::Severity::Note || f.severity == support::Severity::Info;
      rf.finding = std::move(f);
      file.findings.push_back(std::move(rf));
    }
    // One barrier report per kernel, over the kernels the checks used. The
    // timeline follows --focus, else the buffer the kernel's first finding
    // involves (errors first), else the first guarded buffer.
    for (const kernel::Kernel &kf : fr.kernels) {
      render::ReportKernel k;
      k.barriers = checks::buildKernelBarrierReport(*fr.module, kf, opts.focus, /*autoFocus=*/true);
      std::vector<const render::FindingView *> mine;
      std::vector<size_t> mineIndex;
      for (size_t i = 0; i < file.findings.size(); ++i)
        if (file.findings[i].kernel == k.barriers.kernel) {
          mine.push_back(&file.findings[i]);
          mineIndex.push_back(i);
        }
      std::stable_sort(mineIndex.begin(), mineIndex.end(), [&](size_t a, size_t b) {
        return file.findings[a].finding.severity < file.findings[b].finding.severity;
      });
      k.focusWhy = opts.focus.empty() ? "the first buffer a barrier guards" : "--focus";
      if (opts.focus.empty())
        for (size_t i : mineIndex) {
          std::string f = focusOf(k.barriers, file.findings[i].finding);
          if (f.empty())
            continue;
          if (f != k.barriers.focus)
            k.barriers = checks::buildKernelBarrierReport(*fr.module, kf, f, /*autoFocus=*/true);
          k.focusWhy = "the buffer of the first finding ([" + file.findings[i].finding.check + "])";
          break;
        }
      k.focus = k.barriers.focus;
      GraphMarks marks = graphMarks(k.barriers, mine);
      std::set<uint32_t> stuckLines;
      for (const render::FindingView *fv : mine)
        if (fv->finding.check == "deadlock") {
          stuckLines.insert(fv->finding.where.line);
          for (const auto &rl : fv->finding.related)
            stuckLines.insert(rl.where.line);
        }
      if (!k.focus.empty())
        k.lanes = lanesOf(k.barriers, stuckLines);
      if (!marks.stuckWaits.empty())
        k.graphMarks.push_back("red: the waits that never complete (STUCK) and the edges that would release "
                               "them, the cycle of the hang: " + marks.stuckNote);
      if (!marks.unfenced.empty())
        k.graphMarks.push_back("orange: the hand-off with no proxy fence (UNFENCED): " + marks.unfencedNote);
      if (!marks.implicated.empty())
        k.graphMarks.push_back("red: barriers an error finding names");
      for (size_t i : mineIndex)
        if (!file.findings[i].finding.trace.empty()) {
          k.trace = traceChart(k.barriers, file.findings[i], i, marks);
          break;
        }
      std::set<std::string> mechs;
      for (const checks::BarrierEdge &e : k.barriers.edges)
        mechs.insert(e.mechanism);
      k.mechanisms.assign(mechs.begin(), mechs.end());
      if (k.barriers.edges.empty())
        k.graphNote = "no barrier dependency edges between partitions";
      else
        k.graphSvg = renderGraph(reportDot(k.barriers, marks), opts.dot, k.graphNote);
      kernelVerdicts(k, fr.outcomes);
      file.kernels.push_back(std::move(k));
    }
    model.files.push_back(std::move(file));
  }
  if (!opts.passes.empty())
    model.passes = passSection(opts.passes, opts.check, err, bad);
  exitCode = bad ? 2 : model.errors ? 1 : 0;
  return model;
}

} // namespace tscope::driver
