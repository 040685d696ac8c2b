// PassCheck: `tscope passes LOG --check` — the registry's analyses (CheckRun)
// over every TTGIR snapshot of a pass log that has something to model, once
// per distinct IR (the content hash of PassEffects), on all cores; and per
// compile the verdict timeline and the passes after which a finding appears
// or disappears (docs/PassCheck.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/Finding.h"
#include "driver/CheckRun.h"
#include "dumps/PassEffects.h"
#include "dumps/PassLog.h"
#include "render/PassCheckRender.h"

namespace tscope::driver {

/// What the checks concluded on one snapshot.
enum class StepVerdict : uint8_t {
  Clean,       ///< every analysis decided it; no error or warning
  Findings,    ///< some error or warning (the model decided the rest)
  NotVerified, ///< some analysis could not decide it (a `not-verified` finding); never clean
  Unparsed,    ///< the IR did not parse: not checked
  Cut,         ///< the log ends inside this dump: not checked
};

/// Lower-case name ("clean", "findings", "not-verified", "unparsed", "cut").
const char *stepVerdictName(StepVerdict v);

/// The result of one distinct IR text (shared by every snapshot with that text).
struct SnapshotResult {
  StepVerdict verdict = StepVerdict::Clean;
  /// Every finding, lines and offsets relative to the snapshot's IR (line 1
  /// is the dump's first IR line); see findingInLog.
  std::vector<checks::Finding> findings;
  /// The identities (findingKey) of the errors and warnings, sorted, unique.
  std::vector<std::string> keys;
  std::string reason; ///< why it is not verified / did not parse (first reason)
  double ms = 0;      ///< parse and check time
};

/// One checked snapshot of a compile, in log order.
struct TimelineStep {
  uint32_t snapshot = 0;     ///< index into PassLog::snapshots
  std::optional<size_t> row; ///< the pass row (PassAnalysis::rows[compile]) whose output this IR is
  uint32_t result = 0;       ///< index into PassCheckResult::results
};

/// A finding that appears (or disappears) between two checked snapshots.
struct FindingEvent {
  bool appears = true;
  std::string key;
  size_t step = 0;          ///< the first step with (appears) / without (disappears) the finding
  size_t previous = 0;      ///< the step compared with (== step when fromStart)
  bool fromStart = false;   ///< present in the first checked snapshot: no pass to blame
  bool uncertain = false;   ///< a step between or at either side was not decided: the pass is a bound, not a proof
};

/// Which steps decided their snapshot, and the finding identities of each.
struct StepKeys {
  bool informative = true; ///< false for an unparsed or cut snapshot (nothing known)
  bool decided = true;     ///< false when not verified
  std::vector<std::string> keys; ///< sorted, unique
};

/// The appear/disappear events of a timeline: a key absent from the last
/// informative step and present in this one appears here; present there and
/// absent here disappears here; keys of the first informative step appear
/// "from the start". Steps that are not informative are skipped and make the
/// next event uncertain, as does a step that was not decided.
std::vector<FindingEvent> findingEvents(const std::vector<StepKeys> &steps);

/// The timeline of one compile.
struct CompileCheck {
  size_t compile = 0;                   ///< index into PassLog::compiles
  size_t ttgirSnapshots = 0;            ///< module-level TTGIR dumps of the compile
  size_t before = 0;                    ///< of those, dumps before the first one with something to model
  std::vector<TimelineStep> steps;      ///< the checked ones
  std::vector<FindingEvent> events;
};

/// Everything `passes --check` reports.
struct PassCheckResult {
  std::vector<SnapshotResult> results; ///< one per distinct IR checked
  std::vector<CompileCheck> compiles;  ///< one per selected compile
  size_t stepsTotal = 0;               ///< snapshots on the timelines
  double checkMs = 0;                  ///< wall time of parse + checks (all threads)
  double cpuMs = 0;                    ///< sum of the per-snapshot times
};

/// Checks the selected compiles of `log` on `threads` threads (0: all cores).
PassCheckResult checkPassLog(const dumps::PassLog &log, const dumps::PassAnalysis &a,
                             const std::vector<size_t> &compiles, const std::string &logName,
                             const CheckOptions &opts, unsigned threads);

/// The render model: steps with their pass names, each event with its
/// finding moved into the log, its Python line attached and the excerpt of
/// its pass's diff; `diffId` names the pass's diff anchor (passDiffId).
render::PassCheckView passCheckView(const dumps::PassLog &log, const dumps::PassAnalysis &a,
                                    const PassCheckResult &r, std::string_view logText, const std::string &logName);

/// The HTML anchor of compile `c`'s pass row `row` (both 0-based) in the report.
std::string passDiffId(size_t c, size_t row);

/// A finding's identity across snapshots (SSA names and IR lines change
/// from pass to pass): the check id and the Python file:line of its primary
/// location, or its message with numbers and SSA names blanked when the loc
/// chain names no Python line.
std::string findingKey(const checks::Finding &f);

/// `f` (of a SnapshotResult) moved into the log at snapshot `s`: its lines
/// and byte offsets (primary, related, trace) point into `logText`.
checks::Finding findingInLog(const checks::Finding &f, const dumps::Snapshot &s, std::string_view logText);

/// The hunks of `before` -> `after`'s unified diff (hunk lines are log
/// lines) that touch any of `lines` (log lines of `after` when `afterSide`,
/// else of `before`); when none does, the hunk nearest to them, with
/// `nearest` set. Empty when the texts are equal.
std::string diffExcerpt(const dumps::Snapshot &before, const dumps::Snapshot &after,
                        const std::vector<uint32_t> &lines, bool afterSide, bool &nearest, size_t maxHunks = 3);

/// The log lines a finding names: primary, related and trace locations.
std::vector<uint32_t> findingLines(const checks::Finding &f);

} // namespace tscope::driver
