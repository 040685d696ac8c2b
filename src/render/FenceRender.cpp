// FenceRender: the verdict line, pairs table and fence list of `tscope
// fences`, in text and JSON; the findings themselves are FindingRender's.
#include "render/FenceRender.h"

#include <fmt/format.h>

#include "render/FindingRender.h"

namespace tscope::render {

using checks::FindingLocation;
using checks::fences::FenceUse;
using checks::fences::KernelFenceReport;
using checks::fences::PairVerdict;
using checks::fences::ProxyPair;

namespace {

nlohmann::json location(const FindingLocation &l) { return {{"file", l.file}, {"line", l.line}, {"col", l.col}}; }

nlohmann::json source(const FindingLocation &l) {
  if (!l.pyLine)
    return nullptr;
  return {{"file", l.pyFile}, {"line", l.pyLine}};
}

void verdictLine(std::ostream &os, const KernelFenceReport &r) {
  os << "== kernel " << r.kernel << (r.target.empty() ? "" : " (" + r.target + ")") << ": "
     << checks::fences::fenceVerdictName(r.verdict);
  if (!r.checked) {
    os << " (" << r.skipped << ")\n";
    return;
  }
  size_t missing = 0, fenced = 0, lowering = 0, spurious = 0, undecided = 0;
  for (const ProxyPair &p : r.pairs)
    (p.verdict == PairVerdict::Missing             ? missing
     : p.verdict == PairVerdict::Fenced            ? fenced
     : p.verdict == PairVerdict::BeforeTmaLowering ? undecided
                                                   : lowering)++;
  for (const FenceUse &f : r.fences)
    spurious += f.spurious;
  os << fmt::format(" ({} generic and {} async-proxy shared-memory accesses; {} pairs: {} fenced, {} missing, "
                    "{} left to lowering; {} fences, {} ordering nothing)\n",
                    r.genericAccesses, r.asyncAccesses, r.pairs.size(), fenced, missing, lowering, r.fences.size(),
                    spurious);
  if (undecided)
    os << fmt::format("  not verified: {} pair{} before TMA lowering; {}\n", undecided, undecided == 1 ? "" : "s",
                      r.notVerified);
  os << "  lowering: " << checks::fences::loweringName(r.lowering.lowering) << " (" << r.lowering.why << ")\n";
}

void pairsText(std::ostream &os, const std::vector<ProxyPair> &pairs) {
  if (pairs.empty())
    return;
  os << "  pairs (generic access -> async-proxy access of the same bytes):\n";
  for (const ProxyPair &p : pairs) {
    std::string fences;
    for (const FindingLocation &f : p.fences)
      fences += (fences.empty() ? "" : ", ") + std::string("IR ") + std::to_string(f.line);
    os << fmt::format("    {:<17} {} {} IR {} -> {} {} IR {}  [{}; {}]{}\n", pairVerdictName(p.verdict),
                      p.genericPartition, p.genericWhat, p.generic.line, p.asyncPartition, p.asyncWhat, p.async.line,
                      p.buffer, p.orderedBy, fences.empty() ? "" : "  fence at " + fences);
  }
}

void fencesText(std::ostream &os, const std::vector<FenceUse> &fences) {
  if (fences.empty())
    return;
  os << "  fences:\n";
  for (const FenceUse &f : fences) {
    os << "    " << checks::fences::placeText(f.where) << " (" << f.partition << "): ";
    if (!f.insertedBy.empty()) {
      os << f.insertedBy << "; ";
      if (f.orders.empty()) {
        os << "orders nothing tscope sees (" << f.reason << "), not reported\n";
        continue;
      }
    }
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

nlohmann::json pairJson(const ProxyPair &p) {
  nlohmann::json fl = nlohmann::json::array();
  for (const FindingLocation &f : p.fences)
    fl.push_back(location(f));
  return {{"generic",
           {{"op", p.genericWhat},
            {"partition", p.genericPartition},
            {"location", location(p.generic)},
            {"source", source(p.generic)}}},
          {"async",
           {{"op", p.asyncWhat},
            {"partition", p.asyncPartition},
            {"location", location(p.async)},
            {"source", source(p.async)}}},
          {"buffer", p.buffer},
          {"scope", p.crossPartition ? "cross-partition" : "partition"},
          {"ordered_by", p.orderedBy},
          {"verdict", pairVerdictName(p.verdict)},
          {"fences", fl}};
}

} // namespace

void fenceText(std::ostream &os, const std::vector<KernelFenceReport> &reps, const support::SourceBuffer &buf) {
  for (const KernelFenceReport &r : reps) {
    verdictLine(os, r);
    if (!r.checked)
      continue;
    for (const checks::Finding &f : r.findings)
      findingText(os, &buf, f);
    pairsText(os, r.pairs);
    fencesText(os, r.fences);
  }
}

nlohmann::json fenceJson(const std::vector<KernelFenceReport> &reps, const std::string &file) {
  nlohmann::json findings = nlohmann::json::array(), kernels = nlohmann::json::array();
  for (const KernelFenceReport &r : reps) {
    for (const checks::Finding &f : r.findings)
      findings.push_back(findingJson(f));
    nlohmann::json pairs = nlohmann::json::array(), fences = nlohmann::json::array();
    for (const ProxyPair &p : r.pairs)
      pairs.push_back(pairJson(p));
    for (const FenceUse &f : r.fences)
      fences.push_back({{"location", location(f.where)},
                        {"source", source(f.where)},
                        {"partition", f.partition},
                        {"spurious", f.spurious},
                        {"reason", f.reason},
                        {"inserted_by", f.insertedBy.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.insertedBy)},
                        {"orders", f.orders}});
    kernels.push_back({{"name", r.kernel},
                       {"target", r.target},
                       {"checked", r.checked},
                       {"skipped", r.skipped},
                       {"lowering",
                        {{"assumed", checks::fences::loweringName(r.lowering.lowering)}, {"why", r.lowering.why}}},
                       {"verdict", checks::fences::fenceVerdictName(r.verdict)},
                       {"not_verified", r.notVerified},
                       {"threads", r.threads},
                       {"generic_accesses", r.genericAccesses},
                       {"async_accesses", r.asyncAccesses},
                       {"pairs", pairs},
                       {"fences", fences}});
  }
  return {{"schema", "tscope.fences/1"}, {"file", file}, {"kernels", kernels}, {"findings", findings}};
}

} // namespace tscope::render
