// TmaFindings: the TMA bounds replay's tile groups and unchecked parts as
// checks::Finding and a typed verdict per kernel and launch, the one shape
// `tscope check` and `tscope tma` both print.
#pragma once

#include "checks/Finding.h"
#include "checks/tma/TmaBounds.h"

namespace tscope::checks {

/// Severity of a TMA tile class: negative coordinates are errors, tiles
/// entirely past the end warnings, partial edge tiles info.
support::Severity tmaSeverity(TileClass c);

/// The one-line message of a group ("tma_load x_desc: negative TMA coordinate for ...").
std::string tmaMessage(const TmaTileGroup &g);

/// What the replay covered: "grid 8x13x1, 104 programs, 1664 TMA tiles
/// checked in 832 loop iterations, 208 copies not issued (predicate false)".
std::string tmaCoverage(const TmaKernelResult &r);

/// "all inside", "3 findings", or either with how many parts were not verified.
std::string tmaConclusion(const TmaKernelResult &r);

/// One tma-out-of-bounds finding per group of `r` (in the same order), with
/// the coordinates, the launch arithmetic and the launch record as notes,
/// then one `not-verified` warning per part the replay could not check; the
/// verdict is OutOfBounds when a tile leaves its tensor, else Unknown when a
/// part was not verified, else InBounds.
AnalysisResult tmaFindings(const support::SourceBuffer &buf, const TmaKernelResult &r);

} // namespace tscope::checks
