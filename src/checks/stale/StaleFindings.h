// StaleFindings: KernelFlowResult -> checks::Finding and typed per-kernel
// verdicts, the one shape `tscope check` and `tscope races --data-flow` print.
#pragma once

#include <vector>

#include "checks/Finding.h"
#include "checks/stale/StaleCheck.h"

namespace tscope::checks::stale {

/// One kernel's findings: a `stale-read` (error, at the read; the write it
/// read again and the wait that let it through as related locations) and a
/// `lost-write` (error, at the write; the overwriting write as related),
/// each with its reason, schedule strength, GPU outcome and bindings as
/// notes and the trace; a `not-verified` warning for an undecided kernel.
AnalysisResult flowFindings(const support::SourceBuffer &buf, const KernelFlowResult &r);

/// Every kernel's, in order.
AnalysisResult flowFindings(const support::SourceBuffer &buf, const std::vector<KernelFlowResult> &results);

} // namespace tscope::checks::stale
