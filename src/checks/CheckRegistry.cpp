// CheckRegistry: the table of analyses and the adapters from each analysis's
// results (deadlock runs, fence reports, TMA groups, lint findings) to Finding.
#include "checks/CheckRegistry.h"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>
#include <map>

#include "checks/fences/FenceCheck.h"
#include "checks/races/RaceChecker.h"
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

std::vector<CheckId> tmemIds() {
  return {{"tmem-packed-order",
           "a full-overwrite MMA clobbers column-packed TMEM before an earlier read of the overlapping columns "
           "is ordered by a back-edge barrier"},
          {"tmem-redundant-init",
           "a cross-partition zero tmem_store of an accumulator whose MMA already starts with use_acc=false"}};
}

FindingLocation at(const support::SourceBuffer &buf, const SourcePoint &p) {
  return locationOfLine(buf, p.irLine, p.pyFile, p.pyLine);
}

void dropDisabled(AnalysisOutcome &o, const std::set<std::string> &disabled) {
  std::erase_if(o.findings, [&](const Finding &f) { return disabled.count(f.check) != 0; });
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
  return out;
}

bool isCheckId(const std::string &id) {
  for (const CheckId &c : allCheckIds())
    if (c.id == id)
      return true;
  return false;
}

AnalysisOutcome runDeadlockCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  const support::SourceBuffer &buf = ctx.module.buffer();
  for (const KernelDeadlockResult &r : checkDeadlocks(ctx.module, ctx.deadlock)) {
    out.verdicts.push_back(r.kernel + ": " + r.verdict + (r.reason.empty() ? "" : " (" + r.reason + ")"));
    // A redundant wait shows up once per run that reaches it; report it once.
    std::map<uint32_t, SourcePoint> redundant;
    for (const DeadlockRun &run : r.runs)
      for (const auto &[name, where] : run.redundantWaits)
        redundant.emplace(where.irLine, where);
    for (const auto &[line, where] : redundant) {
      Finding f;
      f.check = "redundant-wait";
      f.severity = support::Severity::Note;
      f.message = "redundant wait: served by a phase this partition already waited for; harmless";
      f.where = at(buf, where);
      out.findings.push_back(std::move(f));
    }
    if (r.verdict == "unknown") {
      Finding f;
      f.check = "deadlock";
      f.severity = support::Severity::Note;
      f.message = "kernel " + r.kernel + ": deadlock check undecided: " + r.reason;
      f.where = locationOfLine(buf, 1);
      for (const DeadlockRun &run : r.runs)
        f.notes.push_back("run " + run.bindings + ": " + run.verdict + (run.reason.empty() ? "" : ": " + run.reason));
      out.findings.push_back(std::move(f));
    }
    if (r.trapRun) {
      const DeadlockRun &run = r.runs[*r.trapRun];
      const OverArrival &ov = *run.overArrival;
      Finding f;
      f.check = "mbarrier-overarrive";
      f.severity = support::Severity::Error;
      f.message = overArrivalMessage(r.kernel, ov);
      f.where = at(buf, ov.where);
      f.notes.push_back("bindings: " + run.bindings);
      f.notes.push_back(kOverArrivalOnGpu);
      for (const TraceStep &t : ov.trace)
        f.trace.push_back({t.actor, t.action, at(buf, t.where)});
      out.findings.push_back(std::move(f));
    }
    if (r.verdict != "deadlock" || !r.evidenceRun)
      continue;
    const DeadlockRun &run = r.runs[*r.evidenceRun];
    if (run.stuck.empty())
      continue;
    const StuckProcess &first = run.stuck.front();
    Finding f;
    f.check = "deadlock";
    f.severity = support::Severity::Error;
    f.message = "kernel " + r.kernel + " hangs: " + first.partition + " " + first.why;
    f.where = at(buf, first.where);
    for (size_t i = 1; i < run.stuck.size(); ++i)
      f.related.push_back({at(buf, run.stuck[i].where), run.stuck[i].partition + " " + run.stuck[i].why});
    if (!run.cause.empty())
      f.notes.push_back("cause: " + run.cause);
    f.notes.push_back("bindings: " + run.bindings + "; " + std::to_string(run.states) + " states explored");
    for (const std::string &b : run.barrierStates)
      f.notes.push_back("barrier " + b);
    for (const TraceStep &t : run.trace)
      f.trace.push_back({t.actor, t.action, at(buf, t.where)});
    out.findings.push_back(std::move(f));
  }
  dropDisabled(out, ctx.disabled);
  return out;
}

AnalysisOutcome runFenceCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  for (fences::KernelFenceReport &r : fences::checkFences(ctx.module)) {
    out.verdicts.push_back(r.kernel + ": " + fences::fenceVerdictName(r.verdict) +
                           (r.checked ? "" : " (" + r.skipped + ")"));
    std::move(r.findings.begin(), r.findings.end(), std::back_inserter(out.findings));
  }
  dropDisabled(out, ctx.disabled);
  return out;
}

support::Severity tmaSeverity(TileClass c) {
  return c == TileClass::Negative  ? support::Severity::Error
         : c == TileClass::PastEnd ? support::Severity::Warning
                                   : support::Severity::Info;
}

std::string tmaMessage(const TmaFinding &f) {
  std::string what = f.cls == TileClass::Negative  ? "negative TMA coordinate"
                     : f.cls == TileClass::PastEnd ? "TMA tile entirely past the tensor"
                                                   : "partial edge tile";
  return f.opName + " " + (f.descName.empty() ? "?" : f.descName) + ": " + what + " for " + f.programs;
}

AnalysisOutcome runTmaCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  if (ctx.launches.empty()) {
    out.ran = false;
    out.skipped = "no launch record; give --launches FILE or keep launches.jsonl beside the dump";
    return out;
  }
  const support::SourceBuffer &buf = ctx.module.buffer();
  for (const TmaLaunch &l : ctx.launches) {
    for (const TmaKernelResult &r : checkTmaBounds(ctx.module, l)) {
      out.verdicts.push_back(fmt::format("{}, launch {}: grid {}x{}x{}, {} programs, {} TMA tiles checked, {}",
                                         r.kernel, r.origin, r.grid[0], r.grid[1], r.grid[2], r.programs,
                                         r.evaluated,
                                         r.findings.empty() ? std::string("all inside")
                                                            : std::to_string(r.findings.size()) +
                                                                  (r.findings.size() == 1 ? " finding" : " findings")));
      for (const TmaFinding &tf : r.findings) {
        std::string coords, box, shape;
        for (size_t i = 0; i < tf.minCoord.size() && i < tf.maxCoord.size(); ++i)
          coords += (i ? ", " : "") + std::to_string(tf.minCoord[i]) +
                    (tf.maxCoord[i] != tf.minCoord[i] ? ".." + std::to_string(tf.maxCoord[i]) : "");
        for (size_t i = 0; i < tf.block.size(); ++i)
          box += (i ? "x" : "") + std::to_string(tf.block[i]);
        for (size_t i = 0; i < tf.shape.size(); ++i)
          shape += (i ? "x" : "") + std::to_string(tf.shape[i]);
        Finding f;
        f.check = "tma-out-of-bounds";
        f.severity = tmaSeverity(tf.cls);
        f.message = tmaMessage(tf);
        f.where = at(buf, tf.where);
        f.notes = {"coordinates [" + coords + "], box " + box + ", tensor " + shape, "launch: " + tf.explanation,
                   "launch record: " + r.origin};
        out.findings.push_back(std::move(f));
      }
    }
  }
  if (out.verdicts.empty())
    out.verdicts.push_back("no launch in the record names a kernel of this file");
  dropDisabled(out, ctx.disabled);
  return out;
}

AnalysisOutcome runRaceCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  const support::SourceBuffer &buf = ctx.module.buffer();
  for (const races::KernelRaceResult &r : races::checkRaces(ctx.module, ctx.deadlock)) {
    out.verdicts.push_back(r.kernel + ": " + r.verdict + (r.reason.empty() ? "" : " (" + r.reason + ")"));
    if (!r.race)
      continue;
    const races::Race &race = *r.race;
    Finding f;
    f.check = "race";
    f.severity = support::Severity::Error;
    f.message = "kernel " + r.kernel + ": race on " + race.slot + ": " + race.later.actor + " " + race.later.what +
                " is not ordered after " + race.earlier.actor + " " + race.earlier.what;
    f.where = at(buf, race.later.where);
    f.related.push_back({at(buf, race.earlier.where), race.earlier.actor + " " + race.earlier.what});
    f.notes.push_back("reason: " + race.reason);
    if (r.evidenceRun && *r.evidenceRun < r.runs.size())
      f.notes.push_back("bindings: " + r.runs[*r.evidenceRun].bindings);
    for (const TraceStep &t : race.trace)
      f.trace.push_back({t.actor, t.action, at(buf, t.where)});
    out.findings.push_back(std::move(f));
  }
  dropDisabled(out, ctx.disabled);
  return out;
}

AnalysisOutcome runTmemCheck(const CheckContext &ctx) {
  AnalysisOutcome out;
  const support::SourceBuffer &buf = ctx.module.buffer();
  size_t owners = 0, rows = 0;
  for (const KernelBarrierReport &rep : buildBarrierReport(ctx.module)) {
    owners += rep.tmemPacking.size();
    rows += rep.accumulatorInit.size();
    for (const ReportFinding &rf : tmemFindings(rep)) {
      Finding f;
      f.check = rf.check;
      f.severity = severityFromName(rf.severity);
      f.message = rf.message;
      f.where = at(buf, rf.where);
      for (const auto &[where, what] : rf.related)
        f.related.push_back({at(buf, where), what});
      f.notes = rf.notes;
      out.findings.push_back(std::move(f));
    }
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
  out.findings = tlxlint::lintModule(ctx.module, opts).findings;
  dropDisabled(out, ctx.disabled);
  size_t n = out.findings.size();
  out.verdicts.push_back(n == 0 ? "no findings" : std::to_string(n) + (n == 1 ? " finding" : " findings"));
  return out;
}

} // namespace tscope::checks
