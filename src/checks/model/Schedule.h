// Schedule: the weakest schedule that reaches a hang or an over-arrival, and
// what the GPU will do. The model lets asynchronous completions (TMA copies,
// commits) land in any order, which PTX allows; the hardware usually retires
// one issuer's copies in issue order. A finding reached with every issuer's
// asynchronous work completing in issue order (`in-order`), or by every
// schedule (`every`), is what the GPU shows; one that needs a completion to
// overtake a later one (`reordered`) is possible but rare, and the kernel
// usually finishes (docs/Deadlock.md, "Schedule strength").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checks/Finding.h"
#include "checks/model/Results.h"
#include "interp/Bindings.h"

namespace tscope::ir {
class Module;
}

namespace tscope::checks::model {

/// The strength's name: "every", "in-order", "reordered", "unclassified".
const char *strengthName(Strength s);

/// The strength in words, for a finding's note.
std::string strengthWords(Strength s);

/// Sets `f`'s typed strength (Finding::schedule, scheduleWords) and adds
/// the same words as its "schedule: ..." note.
void setSchedule(Finding &f, Strength s);

/// Sets what the GPU will do for `f` (Finding::onGpu) and adds the same
/// words as its "on the GPU: ..." note.
void setOnGpu(Finding &f, const std::string &words);

/// `opts` restricted to the in-order schedules (and no proof: the evidence
/// run is a bounded one).
DeadlockOptions inOrderOptions(const DeadlockOptions &opts);

/// The bindings of the planned run labelled `label`; null when none is.
const interp::Bindings *bindingsOf(const std::vector<std::pair<interp::Bindings, std::string>> &runs,
                                   const std::string &label);

/// The strength of a finding from an in-order search: in-order when it
/// reached the finding, reordered when it was complete without it.
Strength inOrderStrength(bool reached, const DeadlockRun &inOrderRun);

/// The expected GPU outcome of `res` from its verdict, strengths and
/// `inOrderWrong`: "hang", "fault: ...", "wrong results: ...", "finishes
/// ...", "usually finishes ...", or empty when undecided.
std::string expectedGpuLine(const KernelDeadlockResult &res);

/// Classifies `res`'s hang (evidenceRun) and over-arrival (trapRun) by the
/// weakest schedule that reaches them, re-running their bindings (found in
/// `runs` by label) with in-order asynchronous completions, and sets
/// `res.expectedGpu`.
void classifySchedules(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                       const std::vector<std::pair<interp::Bindings, std::string>> &runs, KernelDeadlockResult &res);

} // namespace tscope::checks::model
