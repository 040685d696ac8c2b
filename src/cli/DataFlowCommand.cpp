// `tscope dataflow FILE`: the data-flow protocol of ring buffers (stale-read,
// lost-write) over every interleaving of the barrier model. The findings
// print through render/FindingRender, as `tscope check` prints them; this
// command adds the runs of each kernel and its findings' schedules.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/model/Schedule.h"
#include "checks/stale/StaleFindings.h"
#include "cli/Command.h"
#include "cli/FindingsOutput.h"
#include "cli/ModelOptions.h"
#include "render/FindingRender.h"

namespace tscope::cli {
namespace {

using checks::locationOf;

nlohmann::json findingJson(const support::SourceBuffer &buf, const std::optional<checks::stale::FlowFinding> &f) {
  if (!f)
    return nullptr;
  auto where = [&](const std::optional<checks::SourcePoint> &p) -> nlohmann::json {
    if (!p)
      return nullptr;
    auto at = locationOf(buf, *p);
    return {{"location", render::locationJson(at)}, {"source", render::sourceJson(at)}};
  };
  return {{"slot", f->hit.slot},       {"schedule", checks::model::strengthName(f->strength)},
          {"bindings", f->bindings},   {"reader", f->hit.reader.empty() ? nlohmann::json(nullptr) : nlohmann::json(f->hit.reader)},
          {"writer", f->hit.writer},   {"consumers", f->hit.consumers},
          {"access", where(f->accessAt)}, {"write", where(f->writeAt)},
          {"wait", where(f->waitAt)},  {"reason", f->hit.reason},
          {"trace_steps", f->hit.trace.size()}};
}

nlohmann::json kernelJson(const support::SourceBuffer &buf, const checks::stale::KernelFlowResult &r) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto &run : r.runs)
    runs.push_back({{"bindings", run.bindings}, {"verdict", run.verdict}, {"reason", run.reason},
                    {"states", run.states}});
  return {{"name", r.kernel},          {"verdict", r.verdict},          {"reason", r.reason},
          {"ring_buffers", r.rings},   {"unbound_args", r.unboundArgs}, {"runs", runs},
          {"stale_read", findingJson(buf, r.stale)}, {"lost_write", findingJson(buf, r.lost)}};
}

void kernelText(std::ostream &os, const checks::stale::KernelFlowResult &r) {
  kernelHeader(os, r.kernel, r.verdict,
               r.verdict == "clean" && r.rings ? "every ring slot's write is read once, in every interleaving of "
                                                 "every run below"
                                               : "",
               r.reason, r.unboundArgs);
  for (const auto &run : r.runs)
    os << fmt::format("  run {}: {} ({} states){}\n", run.bindings, run.verdict, run.states,
                      run.reason.empty() ? "" : ": " + run.reason);
  if (r.stale)
    os << "  stale read of " << r.stale->hit.slot << ": " << checks::model::strengthName(r.stale->strength) << "\n";
  if (r.lost)
    os << "  lost write into " << r.lost->hit.slot << ": " << checks::model::strengthName(r.lost->strength) << "\n";
}

int runDataFlow(const ir::Module &m, FindingsOutput &out, const checks::DeadlockOptions &opts) {
  const support::SourceBuffer &buf = m.buffer();
  bool found = false;
  for (const auto &r : checks::stale::checkDataFlow(m, kernel::Kernel::build(m), opts)) {
    if (!out.wants(r.kernel))
      continue;
    checks::AnalysisResult res = checks::stale::flowFindings(buf, r);
    found |= (r.stale.has_value() && !out.disabled("stale-read")) || (r.lost.has_value() && !out.disabled("lost-write"));
    out.add([&] { return kernelJson(buf, r); }, [&](std::ostream &os) { kernelText(os, r); },
            std::move(res.findings));
  }
  out.finish();
  return found ? kExitFindings : kExitClean;
}

} // namespace

Command makeDataFlowCommand() {
  return modelCommand("dataflow",
                      "Check ring buffers' data flow: stale reads and lost writes (barrier model, all interleavings)",
                      "tscope.dataflow/1", runDataFlow);
}

} // namespace tscope::cli
