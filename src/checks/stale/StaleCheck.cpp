// StaleCheck: tscope's data-flow check over the model's exploration with a
// FlowObserver plugged in, the in-order classification of its findings and
// the expected GPU outcome's "wrong results".
#include "checks/stale/StaleCheck.h"

#include <algorithm>

#include "checks/model/Explorer.h"
#include "checks/model/Schedule.h"

namespace tscope::checks::stale {

namespace {

/// The state cap of each run of the expected line's in-order search: it
/// adds to every `tscope deadlock`, and a search cut there finds nothing.
constexpr size_t kExpectedLineMin = 10'000, kExpectedLineMax = 100'000;

std::optional<SourcePoint> pointOfOp(const kernel::Kernel &k, const ir::Operation *op) {
  if (!op)
    return std::nullopt;
  return pointOf(k, op);
}

FlowFinding findingOf(const kernel::Kernel &k, FlowHit hit, const model::Explorer &x, const std::string &bindings) {
  FlowFinding f;
  f.accessAt = pointOfOp(k, hit.access);
  f.writeAt = pointOfOp(k, hit.write);
  f.waitAt = pointOfOp(k, hit.wait);
  hit.trace = x.stopTrace();
  f.hit = std::move(hit);
  f.bindings = bindings;
  return f;
}

/// One run of `x` (watched by `obs`) as a FlowRun.
FlowRun runOf(const DeadlockRun &d, const FlowObserver &obs) {
  FlowRun r;
  r.bindings = d.bindings;
  r.states = d.states;
  if (obs.hit) {
    r.verdict = obs.hit->kind == FlowKind::StaleRead ? "stale-read" : "lost-write";
  } else if (d.verdict == "unknown") {
    r.verdict = "unknown";
    r.reason = d.reason;
    r.stop = d.stop;
  } else {
    r.verdict = "clean"; // hangs and over-arrivals end their interleavings: tscope deadlock's findings
  }
  return r;
}

/// The strength of `f`: its run's bindings explored again in order, looking
/// for the same kind.
Strength classify(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                  const interp::Bindings &b, const FlowFinding &f) {
  bool stale = f.hit.kind == FlowKind::StaleRead;
  FlowObserver obs(stale, !stale);
  DeadlockOptions io = model::inOrderOptions(opts);
  model::Explorer x(m, k, io, &obs);
  DeadlockRun r = x.run(b, f.bindings);
  return model::inOrderStrength(obs.hit.has_value(), r);
}

} // namespace

std::vector<KernelFlowResult> checkDataFlow(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                            const DeadlockOptions &opts) {
  std::vector<KernelFlowResult> out;
  for (const kernel::Kernel &k : kernels) {
    if (!k.entry)
      continue; // a device function: its caller's tt.call is what is not verified
    KernelFlowResult res;
    res.kernel = k.name;
    res.entry = pointOf(k, k.func);
    res.rings = hasRingBuffers(k);
    if (!res.rings) {
      res.verdict = "clean";
      res.reason = "no ring buffer";
      out.push_back(std::move(res));
      continue;
    }
    std::vector<std::string> unbound;
    auto runs = model::planRuns(m, k, opts, unbound);
    res.unboundArgs = unbound;
    model::SweepGrowth growth;
    for (auto &[b, label] : runs) {
      if (std::string why = growth.skip(b, label, opts.maxStates); !why.empty()) {
        res.runs.push_back(runNotMade<FlowRun>(label, std::move(why)));
        break;
      }
      // Both kinds at once; the first hit ends the run, so the other kind
      // gets a run of its own under the same bindings.
      FlowObserver obs(true, true);
      model::Explorer x(m, k, opts, &obs);
      DeadlockRun d = x.run(b, label);
      growth.ran(b, label, d.states);
      res.runs.push_back(runOf(d, obs));
      if (obs.hit) {
        bool stale = obs.hit->kind == FlowKind::StaleRead;
        FlowFinding first = findingOf(k, std::move(*obs.hit), x, label);
        first.strength = classify(m, k, opts, b, first);
        (stale ? res.stale : res.lost) = std::move(first);
        FlowObserver other(!stale, stale);
        model::Explorer y(m, k, opts, &other);
        y.run(b, label);
        if (other.hit) {
          FlowFinding second = findingOf(k, std::move(*other.hit), y, label);
          second.strength = classify(m, k, opts, b, second);
          (stale ? res.lost : res.stale) = std::move(second);
        }
        break;
      }
      if (stateBudgetSpent(res.runs.back()))
        break; // a larger value only explores more
    }
    bool allClean = true;
    for (const FlowRun &r : res.runs)
      allClean &= r.verdict == "clean";
    if (res.stale || res.lost) {
      res.verdict = "findings";
      res.reason = std::string(res.stale ? "stale read" : "") + (res.stale && res.lost ? ", " : "") +
                   (res.lost ? "lost write" : "");
    } else if (allClean) {
      res.verdict = "clean";
    } else {
      res.verdict = "unknown";
      res.reason = firstUnknownReason(res.runs);
    }
    out.push_back(std::move(res));
  }
  return out;
}

size_t expectedLineBudget(const KernelDeadlockResult &d) {
  size_t explored = d.proof.states;
  for (const DeadlockRun &r : d.runs)
    explored += r.states;
  return std::clamp(4 * explored, kExpectedLineMin, kExpectedLineMax);
}

std::string inOrderWrongResults(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                                size_t maxStates) {
  if (!k.entry || !hasRingBuffers(k))
    return "";
  std::vector<std::string> unbound;
  auto runs = model::planRuns(m, k, opts, unbound);
  DeadlockOptions io = model::inOrderOptions(opts);
  FlowObserver obs(true, true);
  model::Explorer x(m, k, io, &obs);
  for (auto &[b, label] : runs) {
    obs.hit.reset();
    DeadlockRun d = x.run(b, label, maxStates);
    if (obs.hit) {
      const FlowHit &h = *obs.hit;
      const ir::Operation *at = h.kind == FlowKind::StaleRead ? h.access : h.write;
      return std::string(h.kind == FlowKind::StaleRead ? "a stale read of " : "a lost write into ") + h.slot +
             (at ? " (IR " + std::to_string(at->line) + ")" : "") + " in the run " + label;
    }
    if (stateBudgetSpent(d))
      break;
  }
  return "";
}

void refineExpectedGpu(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
                       std::vector<KernelDeadlockResult> &results, const std::vector<KernelFlowResult> *flow) {
  for (KernelDeadlockResult &d : results) {
    if (d.expectedGpu.empty() || d.expectedGpu.starts_with("hang") || d.expectedGpu.starts_with("fault"))
      continue; // undecided, or the in-order schedules hang or fault before results matter
    if (flow && std::any_of(flow->begin(), flow->end(), [&](const KernelFlowResult &f) {
          return f.kernel == d.kernel && f.verdict == "clean";
        }))
      continue; // every schedule of every planned run was explored without a hit: in-order ones too
    for (const kernel::Kernel &k : kernels)
      if (k.entry && k.name == d.kernel) {
        d.inOrderWrong = inOrderWrongResults(m, k, opts, expectedLineBudget(d));
        break;
      }
    d.expectedGpu = model::expectedGpuLine(d);
  }
}

} // namespace tscope::checks::stale
