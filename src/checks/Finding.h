// Finding: one result of any check in the shape every tscope command shares
// (DESIGN.md: check, severity, primary location, related locations, message,
// notes, trace), and the helpers adapters use to point into the IR.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel/SourcePoint.h"
#include "support/Diagnostics.h"
#include "support/SourceBuffer.h"

namespace tscope::checks {

/// Where a finding points: the IR file, line and column (and byte offset, for
/// the caret), and the Python file:line the op's loc chain names.
struct FindingLocation {
  std::string file; ///< the IR file as given on the command line
  uint32_t line = 0;
  uint32_t col = 0;
  std::optional<uint32_t> offset; ///< byte offset in `file`, when known
  std::string pyFile;             ///< empty when the loc chain names no file
  uint32_t pyLine = 0;
  std::string pyText; ///< that Python line, when the file could be read (filled by the driver)
};

/// A location that explains a finding.
struct RelatedLocation {
  FindingLocation where;
  std::string message;
};

/// One step of a finding's evidence (a deadlock trace, a proxy path).
struct FindingStep {
  std::string actor; ///< partition, or "TMA"/"tcgen05" for async completions
  std::string action;
  FindingLocation where;
};

/// A single edit of the kernel that the model proved removes the finding
/// (checks/fix): what to change, where, and what it was proved for.
struct FindingFix {
  std::string kind;   ///< "flip-parity", "init-count", "expect-bytes", "add-arrive", "move-arrive", ...
  std::string edit;   ///< in words
  std::string proven; ///< what the model proved after the edit
  FindingLocation where; ///< the op to change
  std::optional<FindingLocation> other; ///< a second place the edit names
};

/// One finding of one check.
struct Finding {
  std::string check; ///< kebab-case id of the registry, e.g. "missing-fence"
  support::Severity severity = support::Severity::Error;
  std::string message;
  FindingLocation where;
  std::vector<RelatedLocation> related;
  std::vector<std::string> notes;
  std::vector<FindingStep> trace;
  std::vector<FindingFix> fixes; ///< proven fixes, best first (the first is at `where`)
  /// The weakest schedule that reaches it (model::strengthName: "every",
  /// "in-order", "reordered", "unclassified"; empty: not a model finding),
  /// its words, and what the GPU will do in words ("wrong results are
  /// likely ..."; empty when the kernel's expected outcome says it). The
  /// same words are notes for text output; renderers read these fields.
  std::string schedule, scheduleWords, onGpu;
};

/// What an analysis concluded about one kernel (or one kernel and launch).
/// Typed so that exit codes and summaries branch on a value, not on prose.
enum class Verdict {
  NoDeadlock,  ///< every interleaving of every run finishes
  Deadlock,    ///< some interleaving hangs
  Trap,        ///< none hangs, but one over-arrives on an mbarrier (the GPU faults)
  NoRace,      ///< every access is ordered in every interleaving
  Race,        ///< two conflicting accesses with no happens-before
  InBounds,    ///< every TMA tile of the launch is inside its tensor
  OutOfBounds, ///< some TMA tile leaves its tensor (the findings say how)
  Clean,       ///< the analysis ran and found nothing
  Findings,    ///< the analysis ran and reported findings
  Unknown,     ///< the bounds ran out or the IR could not be modelled
};

/// The verdict's lower-case name as the JSON and text outputs print it
/// ("no-deadlock", "deadlock", "trap", "no-race", "race", "in-bounds", ...).
const char *verdictName(Verdict v);

/// The verdict named `s` (the model checkers report theirs as text); anything
/// unrecognised is Unknown.
Verdict verdictFromName(std::string_view s);

/// One kernel's verdict and the line `tscope check` prints for it.
struct KernelVerdict {
  std::string kernel;
  Verdict verdict = Verdict::Unknown;
  std::string summary; ///< e.g. "ws_kernel: deadlock (no run finishes)"
  std::string expectedGpu; ///< the kernel's expected GPU outcome, when a model check gives one
};

/// What one analysis found in one file: its findings and a verdict per kernel.
struct AnalysisResult {
  std::vector<Finding> findings;
  std::vector<KernelVerdict> kernels;
};

/// The id of the finding that says a check did not decide a kernel or a part
/// of it (a warning: "clean" must always mean checked).
inline constexpr const char *kNotVerified = "not-verified";

/// A `not-verified` warning: `analysis` ("deadlock", "races", "tma", ...) could
/// not decide `subject` (a kernel, or a descriptor of one) because of `reason`
/// (in the user's words), anchored at the op that stopped it, with the next
/// step the user can take (`--arg N=...`, `--grid`, or "tscope does not model
/// <op> yet") as a note.
Finding notVerifiedFinding(std::string_view analysis, std::string_view subject, FindingLocation where,
                           std::string reason, std::string next);

/// Moves `from`'s findings and verdicts to the end of `into`'s.
void appendResult(AnalysisResult &into, AnalysisResult &&from);

/// A kernel's verdict from the checker's verdict name and reason:
/// summary "K: verdict (reason)".
KernelVerdict kernelVerdict(const std::string &kernel, const std::string &verdict, const std::string &reason);

/// A location from a byte offset into `buf` (line, column, offset set).
FindingLocation locationAt(const support::SourceBuffer &buf, uint32_t offset, std::string pyFile = {},
                           uint32_t pyLine = 0);

/// A location from a 1-based IR line: the column of its first non-blank
/// character (where the op starts). A line past the end keeps column 1 and
/// no offset.
FindingLocation locationOfLine(const support::SourceBuffer &buf, uint32_t line, std::string pyFile = {},
                               uint32_t pyLine = 0);

/// The location of an op: from its byte offset when known (line and the real
/// column), else from its IR line (column of the line's first non-blank).
FindingLocation locationOf(const support::SourceBuffer &buf, const kernel::SourcePoint &p);

/// Severity from its lower-case name ("error", "warning", "note", "info");
/// anything else is a note.
support::Severity severityFromName(const std::string &s);

/// Sorts by file, line, column, check id, message (deterministic output).
void sortFindings(std::vector<Finding> &findings);

} // namespace tscope::checks
