// FenceRender: text and JSON for `tscope fences`. Findings use the shape every
// command shares: check, severity, message, location, source, related, notes,
// trace.
#include "render/FenceRender.h"

#include <fmt/format.h>

#include "support/Diagnostics.h"

namespace tscope::render {

using checks::fences::Finding;
using checks::fences::KernelFenceReport;
using checks::fences::Place;

namespace {

support::Severity severityOf(const std::string &s) {
  if (s == "error")
    return support::Severity::Error;
  if (s == "warning")
    return support::Severity::Warning;
  if (s == "info")
    return support::Severity::Info;
  return support::Severity::Note;
}

nlohmann::json location(const std::string &file, const Place &p) {
  return {{"file", file}, {"line", p.line}, {"col", p.col}};
}

nlohmann::json source(const Place &p) {
  if (!p.pyLine)
    return nullptr;
  return {{"file", p.pyFile}, {"line", p.pyLine}};
}

nlohmann::json findingJson(const Finding &f, const std::string &file) {
  nlohmann::json related = nlohmann::json::array(), trace = nlohmann::json::array();
  for (const auto &r : f.related)
    related.push_back({{"location", location(file, r.where)}, {"source", source(r.where)}, {"message", r.message}});
  for (const auto &t : f.trace)
    trace.push_back({{"actor", t.actor}, {"action", t.action}, {"location", location(file, t.where)},
                     {"source", source(t.where)}});
  return {{"check", f.check},
          {"severity", f.severity},
          {"message", f.message},
          {"location", location(file, f.where)},
          {"source", source(f.where)},
          {"related", related},
          {"notes", f.notes},
          {"trace", trace}};
}

} // namespace

void fenceText(std::ostream &os, const std::vector<KernelFenceReport> &reps, const ir::Module &m) {
  for (const KernelFenceReport &r : reps) {
    os << "== kernel " << r.kernel << (r.target.empty() ? "" : " (" + r.target + ")") << ": " << r.verdict;
    if (!r.checked) {
      os << " (" << r.skipped << ")\n";
      continue;
    }
    size_t missing = 0, fenced = 0, lowering = 0, spurious = 0;
    for (const auto &p : r.pairs)
      (p.verdict == "missing" ? missing : p.verdict == "fenced" ? fenced : lowering)++;
    for (const auto &f : r.fences)
      spurious += f.spurious;
    os << fmt::format(" ({} generic and {} async-proxy shared-memory accesses; {} pairs: {} fenced, {} missing, "
                      "{} left to lowering; {} fences, {} ordering nothing)\n",
                      r.genericAccesses, r.asyncAccesses, r.pairs.size(), fenced, missing, lowering,
                      r.fences.size(), spurious);
    for (const Finding &f : r.findings) {
      support::Diagnostic d;
      d.severity = severityOf(f.severity);
      d.buffer = &m.buffer();
      d.offset = f.where.offset;
      d.message = f.message;
      d.checkId = f.check;
      support::Diagnostics::print(os, d);
      for (const auto &rel : f.related)
        os << "  related: " << rel.where.text() << " (" << rel.where.partition << "): " << rel.message << "\n";
      for (const auto &n : f.notes)
        os << "  note: " << n << "\n";
      if (!f.trace.empty()) {
        os << "  path:\n";
        size_t i = 0;
        for (const auto &t : f.trace)
          os << fmt::format("    {:>2}. {:<11} {}  [{}]\n", ++i, t.actor, t.action, t.where.text());
      }
    }
    if (!r.pairs.empty()) {
      os << "  pairs (generic access -> async-proxy access of the same bytes):\n";
      for (const auto &p : r.pairs) {
        std::string fences;
        for (const auto &f : p.fences)
          fences += (fences.empty() ? "" : ", ") + std::string("IR ") + std::to_string(f.line);
        os << fmt::format("    {:<17} {} {} IR {} -> {} {} IR {}  [{}; {}]{}\n", p.verdict, p.generic.partition,
                          p.genericWhat, p.generic.line, p.async.partition, p.asyncWhat, p.async.line, p.buffer,
                          p.orderedBy, fences.empty() ? "" : "  fence at " + fences);
      }
    }
    if (!r.fences.empty()) {
      os << "  fences:\n";
      for (const auto &f : r.fences) {
        os << "    " << f.where.text() << " (" << f.where.partition << "): ";
        if (f.spurious) {
          os << "orders nothing: " << f.reason << "\n";
          continue;
        }
        os << "orders " << f.orders.front();
        for (size_t i = 1; i < f.orders.size(); ++i)
          os << "; " << f.orders[i];
        os << "\n";
      }
    }
  }
}

nlohmann::json fenceJson(const std::vector<KernelFenceReport> &reps, const std::string &file) {
  nlohmann::json findings = nlohmann::json::array(), kernels = nlohmann::json::array();
  for (const KernelFenceReport &r : reps) {
    for (const Finding &f : r.findings)
      findings.push_back(findingJson(f, file));
    nlohmann::json pairs = nlohmann::json::array(), fences = nlohmann::json::array();
    for (const auto &p : r.pairs) {
      nlohmann::json fl = nlohmann::json::array();
      for (const auto &f : p.fences)
        fl.push_back(location(file, f));
      pairs.push_back({{"generic", {{"op", p.genericWhat}, {"partition", p.generic.partition},
                                    {"location", location(file, p.generic)}, {"source", source(p.generic)}}},
                       {"async", {{"op", p.asyncWhat}, {"partition", p.async.partition},
                                  {"location", location(file, p.async)}, {"source", source(p.async)}}},
                       {"buffer", p.buffer},
                       {"scope", p.crossPartition ? "cross-partition" : "partition"},
                       {"ordered_by", p.orderedBy},
                       {"verdict", p.verdict},
                       {"fences", fl}});
    }
    for (const auto &f : r.fences)
      fences.push_back({{"location", location(file, f.where)}, {"source", source(f.where)},
                        {"partition", f.where.partition}, {"spurious", f.spurious}, {"reason", f.reason},
                        {"orders", f.orders}});
    kernels.push_back({{"name", r.kernel},
                       {"target", r.target},
                       {"checked", r.checked},
                       {"skipped", r.skipped},
                       {"verdict", r.verdict},
                       {"threads", r.threads},
                       {"generic_accesses", r.genericAccesses},
                       {"async_accesses", r.asyncAccesses},
                       {"pairs", pairs},
                       {"fences", fences}});
  }
  return {{"schema", "tscope.fences/1"}, {"file", file}, {"kernels", kernels}, {"findings", findings}};
}

} // namespace tscope::render
