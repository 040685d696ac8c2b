// TmaFindings: the TMA bounds replay's tile groups as checks::Finding and a
// typed verdict per kernel and launch, the one shape `tscope check` and
// `tscope tma` both print.
#pragma once

#include "checks/Finding.h"
#include "checks/tma/TmaBounds.h"

namespace tscope::checks {

/// Severity of a TMA tile class: negative coordinates are errors, tiles
/// entirely past the end warnings, partial edge tiles info.
support::Severity tmaSeverity(TileClass c);

/// The one-line message of a group ("tma_load x_desc: negative TMA coordinate for ...").
std::string tmaMessage(const TmaTileGroup &g);

/// One tma-out-of-bounds finding per group of `r` (in the same order), with
/// the coordinates, the launch arithmetic and the launch record as notes;
/// the verdict is InBounds or OutOfBounds.
AnalysisResult tmaFindings(const support::SourceBuffer &buf, const TmaKernelResult &r);

} // namespace tscope::checks
