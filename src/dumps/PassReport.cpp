// PassReport: rows are numbered per compile from 1 in log order; `--diff N`
// uses those numbers. Paths are printed as given or as the log wrote them.
#include "dumps/PassReport.h"

#include <fmt/format.h>
#include <unordered_map>

#include "dumps/DumpIndex.h"
#include "support/Parallel.h"
#include "dumps/TextLines.h"

namespace tscope::dumps {

using support::parallelFor;
using support::workerCount;
namespace {

std::string passLabel(const Snapshot &s) {
  if (s.kind == HeaderKind::MlirInternal)
    return fmt::format("> {}", s.pass);
  // An LLVM function or CGSCC pass over a helper (`__nv_exp2f`) says so: its
  // row sits in the kernel's compile beside the same pass over the kernel.
  std::string_view fn = s.scope;
  if (fn.size() > 2 && fn.front() == '(' && fn.back() == ')')
    fn = fn.substr(1, fn.size() - 2);
  std::string on = s.language == IrLanguage::LlvmIr && !fn.empty() && fn.front() != '[' && fn != "function" &&
                           fn != "(legacy)" && fn != s.kernel
                       ? fmt::format(" on {}", s.scope)
                       : std::string();
  if (s.arg.empty())
    return fmt::format("{}{}", s.pass, on);
  return fmt::format("{} ({}){}", s.pass, s.arg, on);
}

std::string deltaText(const PassRow &r, size_t max) {
  std::string out;
  size_t shown = 0;
  for (const OpDelta &d : r.deltas) {
    if (shown == max) {
      out += fmt::format(", ... {} more", r.deltas.size() - max);
      break;
    }
    if (shown)
      out += ", ";
    out += fmt::format("{} {:+}", d.name, d.delta());
    ++shown;
  }
  return out;
}

const LogMessage *firstError(const Compile &c) {
  for (const LogMessage &m : c.messages)
    if (m.severity == "error")
      return &m;
  return nullptr;
}

/// The innermost frame of a traceback that is user code: the last frame not
/// inside the Triton package.
std::string_view userFrame(const Traceback &t) {
  std::string_view pick;
  for (std::string_view f : t.frames)
    if (f.find("/triton/") == std::string_view::npos && f.find("/site-packages/") == std::string_view::npos)
      pick = f;
  return pick;
}

using OutBuf = fmt::memory_buffer;

void writeFailure(OutBuf &out, const PassLog &log, const Compile &c) {
  auto put = [&](std::string_view t) { out.append(t.data(), t.data() + t.size()); };
  if (c.failingSnapshot) {
    const Snapshot &s = log.snapshots[*c.failingSnapshot];
    fmt::format_to(std::back_inserter(out), "  FAILED in {} (the pass dumped at log line {})\n", passLabel(s),
                   s.headerLine);
  } else if (!c.failingPass.empty()) {
    fmt::format_to(std::back_inserter(out), "  FAILED in {}\n", c.failingPass);
  } else {
    put("  FAILED\n");
  }
  for (const LogMessage &m : c.messages) {
    if (m.severity != "error" && m.severity != "warning")
      continue;
    fmt::format_to(std::back_inserter(out), "  {}: {}: {}\n", m.location, m.severity, m.message);
    if (!m.sourceLine.empty())
      fmt::format_to(std::back_inserter(out), "    {}\n    {}\n", m.sourceLine, m.caret);
  }
  for (const Traceback &t : c.tracebacks) {
    std::string_view f = userFrame(t);
    if (!f.empty())
      fmt::format_to(std::back_inserter(out), "  python: {}\n", f);
    if (!t.exception.empty())
      fmt::format_to(std::back_inserter(out), "  python: {} (traceback at log line {})\n", t.exception, t.line);
  }
}

/// What to say of a log that ends inside a dump.
std::string cutMessage(const PassLog &log) {
  return fmt::format("the log ends inside the dump of {} (an interrupted or crashed compile); "
                     "what the pass before it changed is unreliable",
                     passLabel(log.snapshots[*log.cutSnapshot]));
}

/// One row of the pass table, or nothing when `--changed` hides it.
void writeRow(OutBuf &out, const PassLog &log, const PassAnalysis &a, const PassReportOptions &opts,
              const PassRow &r, size_t number) {
  const Snapshot &s = log.snapshots[r.snapshot];
  std::string effect;
  if (r.failed)
    effect = "FAILED";
  else if (!r.before && !r.after)
    effect = "-";
  else if (!r.after)
    effect = "(no later dump)";
  else if (!r.before)
    effect = "(first dump)";
  else if (!r.changed)
    effect = "unchanged";
  else
    effect = fmt::format("+{} -{} lines{}, ops {} -> {}{}{}", r.lines.added, r.lines.removed,
                         r.lines.exact ? "" : " (at least)", r.opsBefore, r.opsAfter,
                         r.deltas.empty() ? "" : ": ", deltaText(r, opts.maxDeltas));
  if (r.failed && r.after && r.changed)
    effect += fmt::format(" (+{} -{} lines before it failed)", r.lines.added, r.lines.removed);
  if (r.cut)
    effect += " (unreliable: the log ends inside the dump after it)";
  if (!opts.showUnchanged && effect == "unchanged" && !r.cut)
    return;
  std::string_view stage = a.facts[r.before ? *r.before : *r.after].stage;
  fmt::format_to(std::back_inserter(out), "  {:>4}  {:<9}  {:<60}  {}\n", number, stage, passLabel(s), effect);
}

/// Whether row `x` of one compile prints as row `y` of another: everything a
/// row shows follows from its pass label, the IR on both sides (the
/// analysis gives rows with the same distinct pair the same counts) and
/// whether it failed.
bool sameRow(const PassLog &log, const PassAnalysis &a, const PassRow &x, const PassRow &y) {
  if (x.failed != y.failed || x.before.has_value() != y.before.has_value() ||
      x.after.has_value() != y.after.has_value())
    return false;
  if (x.before && canonical(a, *x.before) != canonical(a, *y.before))
    return false;
  if (x.after && canonical(a, *x.after) != canonical(a, *y.after))
    return false;
  const Snapshot &sx = log.snapshots[x.snapshot], &sy = log.snapshots[y.snapshot];
  return (sx.kind == HeaderKind::MlirInternal) == (sy.kind == HeaderKind::MlirInternal) && sx.pass == sy.pass &&
         sx.arg == sy.arg;
}

bool rowMatches(const Snapshot &s, size_t number, const std::string &pass) {
  if (!pass.empty() && std::all_of(pass.begin(), pass.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
    return std::to_string(number) == pass;
  return s.pass == pass || s.arg == pass;
}

} // namespace

std::vector<size_t> selectCompiles(const PassLog &log, const std::string &kernel) {
  std::vector<size_t> out;
  for (size_t c = 0; c < log.compiles.size(); ++c) {
    const Compile &comp = log.compiles[c];
    if (comp.endSnapshot == comp.firstSnapshot && comp.messages.empty() && comp.tracebacks.empty())
      continue;
    if (kernelNameMatches(kernel, std::string(comp.kernel)))
      out.push_back(c);
  }
  return out;
}

std::string errorSource(const Compile &c) {
  const LogMessage *e = firstError(c);
  if (!e)
    return {};
  std::string_view loc = e->location; // file:L:C
  size_t c2 = loc.rfind(':');
  return std::string(loc.substr(0, c2));
}

void writePassTable(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                    const PassReportOptions &opts) {
  std::vector<size_t> sel = selectCompiles(log, opts.kernel);
  // The table is built in a buffer and written in large pieces. Logs of
  // many compiles (autotune configs, recompiles) repeat whole compiles:
  // their rows are copied from the last compile that printed the same rows.
  OutBuf out;
  auto flushSome = [&] {
    if (out.size() >= (size_t(256) << 10)) {
      os.write(out.data(), static_cast<std::streamsize>(out.size()));
      out.clear();
    }
  };
  fmt::format_to(std::back_inserter(out), "{}: {} lines, {} dumps, {} compiles{}\n", opts.logName, log.lines,
                 log.snapshots.size(), log.compiles.size(),
                 opts.kernel.empty() ? std::string() : fmt::format(", {} of kernel {}", sel.size(), opts.kernel));
  if (log.cutSnapshot)
    fmt::format_to(std::back_inserter(out), "{}:{}: warning: {}\n", opts.logName,
                   log.snapshots[*log.cutSnapshot].headerLine, cutMessage(log));
  // Each compile is checked against the last earlier one with as many rows
  // and the same first dump, on all cores; then the table is written in order.
  std::vector<size_t> like(sel.size(), SIZE_MAX); // index into sel
  {
    std::unordered_map<uint64_t, size_t> last;
    for (size_t k = 0; k < sel.size(); ++k) {
      const std::vector<PassRow> &rows = a.rows[sel[k]];
      if (rows.empty())
        continue;
      auto [it, fresh] = last.try_emplace((uint64_t(rows.size()) << 32) ^ canonical(a, rows[0].snapshot), k);
      if (!fresh) {
        like[k] = it->second;
        it->second = k;
      }
    }
  }
  std::vector<size_t> changed(sel.size(), 0);
  parallelFor(sel.size(), workerCount(0), [&](size_t k) {
    const std::vector<PassRow> &rows = a.rows[sel[k]];
    for (const PassRow &r : rows)
      changed[k] += r.changed;
    if (like[k] == SIZE_MAX)
      return;
    const std::vector<PassRow> &other = a.rows[sel[like[k]]];
    for (size_t i = 0; i < rows.size(); ++i)
      if (!sameRow(log, a, rows[i], other[i])) {
        like[k] = SIZE_MAX;
        return;
      }
  }, 16);
  std::vector<std::string> printed(sel.size()); // the rows of the compiles that printed their own
  std::vector<size_t> textOf(sel.size());       // where each compile's rows are in `printed`
  for (size_t k = 0; k < sel.size(); ++k) {
    size_t c = sel[k];
    const Compile &comp = log.compiles[c];
    const std::vector<PassRow> &rows = a.rows[c];
    uint32_t firstLine = comp.endSnapshot > comp.firstSnapshot ? log.snapshots[comp.firstSnapshot].headerLine : 0;
    fmt::format_to(std::back_inserter(out), "\ncompile {}: {}, {} passes ({} changed the IR){}{}\n", c + 1,
                   comp.kernel.empty() ? std::string_view("(unknown kernel)") : comp.kernel, rows.size(), changed[k],
                   firstLine ? fmt::format(", from log line {}", firstLine) : std::string(),
                   comp.failed ? ", FAILED" : "");
    if (!rows.empty()) {
      static const std::string kColumns = fmt::format("  {:>4}  {:<9}  {:<60}  {}\n", "#", "stage", "pass", "effect");
      out.append(kColumns.data(), kColumns.data() + kColumns.size());
      if (like[k] != SIZE_MAX) {
        textOf[k] = textOf[like[k]];
        const std::string &text = printed[textOf[k]];
        out.append(text.data(), text.data() + text.size());
      } else {
        size_t begin = out.size();
        for (size_t i = 0; i < rows.size(); ++i)
          writeRow(out, log, a, opts, rows[i], i + 1);
        printed[k].assign(out.data() + begin, out.size() - begin);
        textOf[k] = k;
      }
    }
    if (comp.failed)
      writeFailure(out, log, comp);
    flushSome();
  }
  os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

bool writePassDiff(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                   const PassReportOptions &opts, const std::string &pass) {
  bool any = false;
  for (size_t c : selectCompiles(log, opts.kernel)) {
    const std::vector<PassRow> &rows = a.rows[c];
    for (size_t i = 0; i < rows.size(); ++i) {
      const PassRow &r = rows[i];
      const Snapshot &s = log.snapshots[r.snapshot];
      if (!rowMatches(s, i + 1, pass))
        continue;
      any = true;
      std::string title = fmt::format("compile {} ({}), pass #{} {}", c + 1, log.compiles[c].kernel, i + 1,
                                      passLabel(s));
      if (!r.before || !r.after) {
        os << "# " << title << ": no dump on both sides of this pass\n";
        continue;
      }
      const Snapshot &sb = log.snapshots[*r.before], &sa = log.snapshots[*r.after];
      if (sb.ir == sa.ir) {
        os << "# " << title << ": unchanged\n";
        continue;
      }
      os << "# " << title << "\n";
      writeUnifiedDiff(os, sb.ir, sa.ir,
                       fmt::format("{}:{} (IR before the pass)", opts.logName, sb.headerLine),
                       fmt::format("{}:{} ({})", opts.logName, sa.headerLine,
                                   sa.kind == HeaderKind::MlirBefore        ? "IR after the pass, dumped before the next"
                                   : sa.kind == HeaderKind::MlirAfterFailed ? "IR when the pass failed"
                                                                            : "IR after the pass"),
                       sb.irLine, sa.irLine);
    }
  }
  return any;
}

void writeOpTimeline(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                     const PassReportOptions &opts, const std::string &op) {
  for (size_t c : selectCompiles(log, opts.kernel)) {
    const Compile &comp = log.compiles[c];
    OpTimeline t = traceOp(log, a, c, op);
    const std::vector<PassRow> &rows = a.rows[c];
    os << fmt::format("compile {} ({}): {}: ", c + 1, comp.kernel, op);
    if (!t.presentFrom) {
      os << "never appears\n";
      continue;
    }
    auto rowText = [&](size_t r) {
      const Snapshot &s = log.snapshots[rows[r].snapshot];
      return fmt::format("pass #{} {} (log line {})", r + 1, passLabel(s), s.headerLine);
    };
    if (t.appearsInRow) {
      os << "appears in " << rowText(*t.appearsInRow);
    } else if (*t.presentFrom == comp.firstSnapshot) {
      os << fmt::format("present in the first dump (log line {})", log.snapshots[*t.presentFrom].headerLine);
    } else {
      // The dump it first shows up in has nothing before it to compare with
      // (e.g. the first LLVM IR dump after the MLIR pipeline).
      const Snapshot &s = log.snapshots[*t.presentFrom];
      os << fmt::format("first seen in the dump of {} (log line {}), which has no earlier dump of its kind",
                        passLabel(s), s.headerLine);
    }
    os << fmt::format(", at most {}", t.peak);
    if (t.disappearsInRow)
      os << "; disappears in " << rowText(*t.disappearsInRow);
    os << "\n";
  }
}

bool writeLastGood(std::ostream &os, const PassLog &log, const PassReportOptions &opts) {
  bool any = false;
  for (size_t c : selectCompiles(log, opts.kernel)) {
    const Compile &comp = log.compiles[c];
    if (!comp.failed || !comp.failingSnapshot)
      continue;
    any = true;
    const Snapshot &s = log.snapshots[*comp.failingSnapshot];
    os << fmt::format("// tscope: the IR {} received (compile {}, {}, {}:{}); replay with "
                      "`triton-opt FILE --{}`\n",
                      passLabel(s), c + 1, comp.kernel, opts.logName, s.headerLine,
                      s.arg.empty() ? std::string_view("PASS") : s.arg);
    os << s.ir << "\n";
  }
  return any;
}

nlohmann::json passesJson(const PassLog &log, const PassAnalysis &a, const PassReportOptions &opts) {
  nlohmann::json out;
  out["log"] = opts.logName;
  out["lines"] = log.lines;
  out["dumps"] = log.snapshots.size();
  nlohmann::json compiles = nlohmann::json::array();
  nlohmann::json findings = nlohmann::json::array();
  for (size_t c : selectCompiles(log, opts.kernel)) {
    const Compile &comp = log.compiles[c];
    nlohmann::json jc;
    jc["index"] = c + 1;
    jc["kernel"] = comp.kernel;
    jc["failed"] = comp.failed;
    if (comp.failed)
      jc["failing_pass"] = comp.failingPass;
    nlohmann::json rows = nlohmann::json::array();
    for (size_t i = 0; i < a.rows[c].size(); ++i) {
      const PassRow &r = a.rows[c][i];
      const Snapshot &s = log.snapshots[r.snapshot];
      nlohmann::json jr = {{"index", i + 1},
                           {"pass", s.pass},
                           {"arg", s.arg},
                           {"dump", headerKindName(s.kind)},
                           {"scope", s.scope},
                           {"line", s.headerLine},
                           {"stage", a.facts[r.before ? *r.before : *r.after].stage},
                           {"changed", r.changed},
                           {"failed", r.failed},
                           {"ops_before", r.opsBefore},
                           {"ops_after", r.opsAfter},
                           {"lines_added", r.lines.added},
                           {"lines_removed", r.lines.removed},
                           {"lines_exact", r.lines.exact},
                           {"known", r.before.has_value() && r.after.has_value()},
                           {"unreliable", r.cut}};
      nlohmann::json d = nlohmann::json::object();
      for (const OpDelta &od : r.deltas)
        d[std::string(od.name)] = od.delta();
      jr["op_deltas"] = d;
      rows.push_back(jr);
    }
    jc["passes"] = rows;
    nlohmann::json msgs = nlohmann::json::array();
    for (const LogMessage &m : comp.messages)
      msgs.push_back({{"line", m.line}, {"location", m.location}, {"severity", m.severity},
                      {"message", m.message}, {"source_line", m.sourceLine}});
    jc["messages"] = msgs;
    compiles.push_back(jc);
    if (comp.failed) {
      const LogMessage *e = firstError(comp);
      nlohmann::json f;
      f["check"] = "compile-failed";
      f["severity"] = "error";
      f["message"] = fmt::format("compile of {} failed in {}{}{}", comp.kernel,
                                 comp.failingPass.empty() ? std::string_view("an unknown pass") : comp.failingPass,
                                 e ? ": " : "", e ? e->message : std::string_view());
      uint32_t line = e ? e->line : (comp.failingSnapshot ? log.snapshots[*comp.failingSnapshot].headerLine : 0);
      f["location"] = {{"file", opts.logName}, {"line", line}, {"col", 1}};
      std::string src = errorSource(comp);
      size_t colon = src.rfind(':');
      if (!src.empty() && colon != std::string::npos)
        f["source"] = {{"file", src.substr(0, colon)}, {"line", std::atoi(src.c_str() + colon + 1)}};
      else
        f["source"] = nullptr;
      f["related"] = nlohmann::json::array();
      nlohmann::json notes = nlohmann::json::array();
      for (const Traceback &t : comp.tracebacks)
        if (!t.exception.empty())
          notes.push_back(std::string(t.exception));
      f["notes"] = notes;
      f["trace"] = nlohmann::json::array();
      findings.push_back(f);
    }
  }
  if (log.cutSnapshot) {
    const Snapshot &s = log.snapshots[*log.cutSnapshot];
    findings.push_back({{"check", "log-truncated"},
                        {"severity", "warning"},
                        {"message", cutMessage(log)},
                        {"location", {{"file", opts.logName}, {"line", s.headerLine}, {"col", 1}}},
                        {"source", nullptr},
                        {"related", nlohmann::json::array()},
                        {"notes", nlohmann::json::array()},
                        {"trace", nlohmann::json::array()}});
  }
  out["compiles"] = compiles;
  out["findings"] = findings;
  return out;
}

} // namespace tscope::dumps
