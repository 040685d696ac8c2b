// CheckRegistry: the table of analyses and the thin adapters that run each
// analysis and take its findings (each check folder converts its own results).
#include "checks/CheckRegistry.h"

#include <algorithm>
#include <fmt/format.h>

#include "checks/barriers/BarrierReport.h"
#include "checks/deadlock/DeadlockFindings.h"
#include "checks/fences/FenceCheck.h"
#include "checks/fix/FixSearch.h"
#include "checks/races/RaceFindings.h"
#include "checks/stale/StaleFindings.h"
#include "checks/tlxlint/LintChecks.h"
#include "checks/tlxlint/TlxLint.h"

namespace tscope::checks {
namespace {

std::vector<CheckId> deadlockIds() {
  return {{"deadlock", "a barrier wait no interleaving of the partitions can complete (mbarrier phase model)"},
          {"mbarrier-overarrive",
           "an arrival on an mbarrier phase whose arrivals are complete (pending count 0, waiting only for "
           "transaction bytes): the GPU faults (CUDA error 719)"},
          {"redundant-wait", "a wait served by a phase its partition already waited for (note)"}};
}

std::vector<CheckId> fenceIds() {
  std::vector<CheckId> out;
  for (const auto &c : fences::fenceChecks())
    out.push_back({c.id, c.description});
  return out;
}

std::vector<CheckId> tmaIds() {
  return {{"tma-out-of-bounds",
           "a TMA tile with negative coordinates (error), entirely past the tensor (warning) or on its edge "
           "(info), replayed from a launch record"}};
}

std::vector<CheckId> lintIds() {
  std::vector<CheckId> out;
  for (const auto &c : tlxlint::lintChecks())
    out.push_back({std::string(c.id), std::string(c.description)});
  return out;
}

std::vector<CheckId> raceIds() {
  return {{"race",
           "two accesses to one SMEM/TMEM slot (one a write) from different partitions or async agents with no "
           "happens-before between them, with the interleaving"}};
}

std::vector<CheckId> dataFlowIds() {
  return {{"stale-read",
           "a read of a ring slot that sees a write its reader already consumed, let through by a wait on a phase "
           "already waited for (phase aliasing; ordered, so not a race), with the interleaving and its schedule"},
          {"lost-write",
           "a write into a ring slot overwritten, or left at the end, before any reader of that slot read it, with "
           "the interleaving and its schedule"}};
}

std::vector<CheckId> tmemIds() {
  return {{"tmem-packed-order",
           "a full-overwrite MMA clobbers column-packed TMEM before an earlier read of the overlapping columns "
           "is ordered by a back-edge barrier"},
          {"tmem-redundant-init",
           "a cross-partition zero tmem_store of an accumulator whose MMA surely overwrites it first (use_acc=false, K loop of at least one trip)"}};
}

void dropDisabled(AnalysisOutcome &o, const std::set<std::string> &disabled) {
  std::erase_if(o.findings, [&](const Finding &f) { return disabled.count(f.check) != 0; });
}

/// An analysis's result as the registry reports it: the verdict lines, and
/// the findings less the disabled ids.
AnalysisOutcome outcomeOf(AnalysisResult &&res, const std::set<std::string> &disabled) {
  AnalysisOutcome out;
  for (const KernelVerdict &k : res.kernels)
    out.verdicts.push_back(k.summary);
  out.kernels = std::move(res.kernels);
  out.findings = std::move(res.findings);
  dropDisabled(out, disabled);
  return out;
}

} // namespace

const std::vector<Analysis> &analyses() {
  static const std::vector<Analysis> table = {
      {"deadlock", "bounded model checker over every interleaving of the partitions", deadlockIds,
       runDeadlockCheck},
      {"fences", "proxy fences between generic and async-proxy shared-memory accesses", fenceIds, runFenceCheck},
      {"tma", "TMA bounds replayed from a launch record (launches.jsonl)", tmaIds, runTmaCheck},
      {"lint", "the TLX rules: named barriers, remote CTAs, MMA shapes, mbarriers", lintIds, runLintCheck},
      {"races", "buffer races: happens-before over the same interleavings as the deadlock check", raceIds,
       runRaceCheck},
      {"dataflow", "ring-buffer data flow: each write read once before the next (stale reads, lost writes)",
       dataFlowIds, runDataFlowCheck},
      {"tmem", "column-packed TMEM back-edges and accumulator-init coverage (tscope barriers sections 6-7)", tmemIds,
       runTmemCheck},
  };
  return table;
}

std::vector<CheckId> allCheckIds() {
  std::vector<CheckId> out;
  for (const Analysis &a : analyses())
    for (CheckId &c : a.ids())
      out.push_back(std::move(c));
  // Every analysis reports what it could not decide under one id.
  out.push_back({kNotVerified, "a check could not decide a kernel (or a TMA copy): clean would not mean checked; "
                               "the note says what to give (--arg, --grid) or which op is not modelled yet"});
  return out;
}

bool isCheckId(const std::string &id) {
  for (const CheckId &c : allCheckIds())
    if (c.id == id)
      return true;
  return false;
}

/// The shared exploration's results, computed on first use; null when only
/// one of the deadlock and race checks runs (then each explores on its own).
const std::vector<races::KernelModelResult> *sharedModel(const CheckContext &ctx) {
  if (!ctx.shared || ctx.disabled.count("race") || ctx.disabled.count("deadlock"))
    return nullptr;
  if (!*ctx.shared) {
    *ctx.shared = races::checkDeadlocksAndRaces(ctx.module, ctx.kernels, ctx.deadlock);
    fix::addFixes(ctx.module, ctx.kernels, ctx.deadlock, **ctx.shared);
  }
  return &**ctx.shared;
}

/// True when the data-flow check runs (one of its ids is enabled).
bool dataFlowEnabled(const CheckContext &ctx) {
  return !ctx.disabled.count("stale-read") || !ctx.disabled.count("lost-write");
}

/// The data-flow check's results, computed on first use; null when the
/// context keeps none (then the data-flow analysis explores on its own).
const std::vector<stale::KernelFlowResult> *sharedFlow(const CheckContext &ctx) {
  if (!ctx.flow)
    return nullptr;
  if (!*ctx.flow)
    *ctx.flow = stale::checkDataFlow(ctx.module, ctx.kernels, ctx.deadlock);
  return &**ctx.flow;
}

AnalysisOutcome runDeadlockCheck(const CheckContext &ctx) {
  std::vector<KernelDeadlockResult> results;
  if (const auto *shared = sharedModel(ctx))
    for (const races::KernelModelResult &r : *shared)
      results.push_back(r.deadlock);
  else {
    results = checkDeadlocks(ctx.module, ctx.kernels, ctx.deadlock);
    fix::addFixes(ctx.module, ctx.kernels, ctx.deadlock, results);
  }
  // In-order schedules that finish but read stale data: wrong results.
  if (dataFlowEnabled(ctx))
    stale::refineExpectedGpu(ctx.module, ctx.kernels, ctx.deadlock, results, sharedFlow(ctx));
  return outcomeOf(deadlockFindings(ctx.module.buffer(), results), ctx.disabled);
}

AnalysisOutcome runFenceCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  fences::FenceOptions opts;
  opts.lowering = ctx.lowering;
  for (fences::KernelFenceReport &r : fences::checkFences(ctx.kernels, opts)) {
    std::string summary = r.kernel + ": " + fences::fenceVerdictName(r.verdict) +
                          (r.checked ? " (lowering " + std::string(fences::loweringName(r.lowering.lowering)) +
                                           ": " + r.lowering.brief + ")"
                                     : " (" + r.skipped + ")");
    out.verdicts.push_back(summary);
    // A pair left undecided before TMA lowering matters to missing-fence only.
    const bool undecided = r.verdict == fences::FenceVerdict::NotVerified && !ctx.disabled.count("missing-fence");
    // A verdict per launch entry, as the model checks give (a device
    // function's accesses are its caller's).
    bool entry = std::any_of(ctx.kernels.begin(), ctx.kernels.end(),
                             [&](const kernel::Kernel &k) { return k.entry && k.name == r.kernel; });
    if (entry)
      out.kernels.push_back({r.kernel,
                             undecided                                           ? Verdict::Unknown
                             : r.verdict == fences::FenceVerdict::MissingFence ? Verdict::Findings
                                                                                 : Verdict::Clean,
                             summary,
                             {}});
    std::move(r.findings.begin(), r.findings.end(), std::back_inserter(out.findings));
    if (undecided)
      out.findings.push_back(notVerifiedFinding("fences", "kernel " + r.kernel, r.notVerifiedAt, r.notVerified,
                                                "check the IR after triton-nvidia-tma-lowering (tscope passes LOG "
                                                "--check checks every pass's output)"));
  }
  dropDisabled(out, ctx.disabled);
  return out;
}

AnalysisOutcome runTmaCheck(const CheckContext &ctx) {
  if (ctx.launches.empty()) {
    AnalysisOutcome out;
    out.ran = false;
    out.skipped = "no launch record; give --launches FILE or keep launches.jsonl beside the dump";
    return out;
  }
  AnalysisResult all;
  for (const TmaLaunch &l : ctx.launches)
    for (const TmaKernelResult &r : checkTmaBounds(ctx.module, ctx.kernels, l))
      appendResult(all, tmaFindings(ctx.module.buffer(), r));
  AnalysisOutcome out = outcomeOf(std::move(all), ctx.disabled);
  if (out.verdicts.empty())
    out.verdicts.push_back("no launch in the record names a kernel of this file");
  return out;
}

AnalysisOutcome runRaceCheck(const CheckContext &ctx) {
  std::vector<races::KernelRaceResult> results;
  if (const auto *shared = sharedModel(ctx))
    for (const races::KernelModelResult &r : *shared)
      results.push_back(r.races);
  else {
    results = races::checkRaces(ctx.module, ctx.kernels, ctx.deadlock);
    fix::addFixes(ctx.module, ctx.kernels, ctx.deadlock, results);
  }
  AnalysisResult res = races::raceFindings(ctx.module.buffer(), results);
  // The deadlock analysis reports the redundant waits of the same exploration.
  std::erase_if(res.findings, [](const Finding &f) { return f.check == "redundant-wait"; });
  return outcomeOf(std::move(res), ctx.disabled);
}

AnalysisOutcome runDataFlowCheck(const CheckContext &ctx) {
  const auto *shared = sharedFlow(ctx);
  return outcomeOf(stale::flowFindings(ctx.module.buffer(), shared ? *shared
                                                                    : stale::checkDataFlow(ctx.module, ctx.kernels,
                                                                                           ctx.deadlock)),
                   ctx.disabled);
}

AnalysisOutcome runTmemCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  size_t owners = 0, rows = 0;
  for (const KernelBarrierReport &rep : buildBarrierReport(ctx.module, ctx.kernels)) {
    owners += rep.tmemPacking.size();
    rows += rep.accumulatorInit.size();
    for (Finding &f : tmemFindings(rep, ctx.module.buffer()))
      out.findings.push_back(std::move(f));
  }
  dropDisabled(out, ctx.disabled);
  out.verdicts.push_back(std::to_string(owners) + " packed TMEM owners, " + std::to_string(rows) +
                         " accumulators; " + std::to_string(out.findings.size()) + " findings");
  return out;
}

AnalysisOutcome runLintCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  tlxlint::LintOptions opts;
  for (const std::string &id : ctx.disabled)
    if (tlxlint::isLintCheck(id))
      opts.disabled.push_back(id);
  out.findings = tlxlint::lintModule(ctx.module, ctx.kernels, opts).findings;
  dropDisabled(out, ctx.disabled);
  size_t n = out.findings.size();
  out.verdicts.push_back(n == 0 ? "no findings" : std::to_string(n) + (n == 1 ? " finding" : " findings"));
  return out;
}

} // namespace tscope::checks
